#!/usr/bin/env bash
# Builds the package with the thread sanitizer (in .build-tsan, beside the normal build) and runs every test
# but the integration tests under it, so a data race introduced later fails CI. The parity tests over real
# HTTP need TestServer: scripts/test.sh runs this while TestServer is up (APOLLO_TEST_SERVER_URL).
#
# Fails on a failing test or on any ThreadSanitizer report (a race does not always fail a test: the
# sanitizer prints a warning and the process carries on).
#
# Usage: bash scripts/check-thread-sanitizer.sh
# Environment: SWIFT_TSAN_TIMEOUT  seconds for the test run, default 900.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SCRATCH="$ROOT/.build-tsan"
LOG="$ROOT/.build/test-logs/tsan.log"
mkdir -p "$(dirname "$LOG")"
started=$SECONDS

if ! swift build --build-tests --sanitize=thread --scratch-path "$SCRATCH" >"$LOG" 2>&1; then
  grep -E ': error: ' "$LOG" | sort -u | head -n 40
  grep -qE ': error: ' "$LOG" || tail -n 30 "$LOG"
  echo "thread sanitizer: the build failed (log: ${LOG#"$ROOT/"})"
  exit 1
fi

status=0
# `swift test --skip IntegrationTests` hands the test binary every remaining test name as one argument, which
# outgrew the system's limit for a single argument (posix_spawn: E2BIG). The binary is given the test classes
# instead (XCTest takes `Module.Class` specifiers, comma-separated), a list a tenth of that size; the Swift
# Testing tests run in a second invocation.
BIN="$(swift build --sanitize=thread --scratch-path "$SCRATCH" --show-bin-path)"
CLASSES="$(swift test --skip-build --sanitize=thread --scratch-path "$SCRATCH" list 2>>"$LOG" \
  | grep -E '^[A-Za-z0-9_]+\.[A-Za-z0-9_]+/' | grep -v '^IntegrationTests\.' | sed 's#/.*##' | sort -u | paste -sd, -)"
if [[ -z "$CLASSES" ]]; then
  echo "thread sanitizer: no test classes listed (log: ${LOG#"$ROOT/"})"
  exit 1
fi
# halt_on_error=0: report every race of the run, not just the first.
TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0}" timeout "${SWIFT_TSAN_TIMEOUT:-900}" \
  "$BIN/ApolloMigrationKitPackageTests.xctest" "$CLASSES" >>"$LOG" 2>&1 || status=$?
TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0}" timeout 300 \
  swift test --skip-build --sanitize=thread --scratch-path "$SCRATCH" --disable-xctest >>"$LOG" 2>&1 || status=$?

races=$(grep -c 'WARNING: ThreadSanitizer' "$LOG")
summary=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$LOG" | tail -n 1 | sed -E 's/^[[:space:]]+//')
if [[ $races -gt 0 ]]; then
  # Each report: its first line and the frames that name this package's code.
  grep -A 12 'WARNING: ThreadSanitizer' "$LOG" | grep -E 'WARNING|#[0-9]+ .*(Apollo|StarWars|Tests)' | head -n 60
fi
if [[ $status -ne 0 ]]; then
  grep -E '^Test Case .* failed|error: ' "$LOG" | head -n 40
  [[ -n "$summary" ]] || tail -n 30 "$LOG"
fi
elapsed=$((SECONDS - started))
if [[ $status -eq 0 && $races -eq 0 ]]; then
  echo "thread sanitizer: ${summary:-no test count}; no data race reported (${elapsed} s)"
else
  echo "thread sanitizer: exit status $status, $races ThreadSanitizer report(s); ${summary:-no test count} (${elapsed} s; log: ${LOG#"$ROOT/"})"
  exit 1
fi
