#!/usr/bin/env bash
# Runs every test: builds all targets (libraries, examples, tests), runs the examples on their embedded
# servers (before any server is up), starts TestServer, runs the unit, integration and parity tests, then
# the unit and parity tests again under the thread sanitizer, the examples against TestServer, the
# generated-code packages, the checks of the docs' snippets, of apollo-parity, of the MigrationDeprecations
# trait and of the public API docs, a short fault soak of every stack, and every libFuzzer target for a few
# seconds (scripts/fuzz.sh).
#
# The terminal gets one line per step and a closing count; a failing step prints its failures in full
# (every failing test case with its output, every failing example or check). Everything else goes to
# .build/test-logs/: test.log (the whole run, step by step) and swift-test.log (the test runner's output).
#
# Usage: bash scripts/test.sh
# Environment:
#   APOLLO_TEST_SERVER_PORT  TestServer's port; default: a free port the system picks, so that two checkouts
#                            (or a TestServer you started yourself on 4010) never meet. Every port the tests
#                            open follows it or is picked by the system (Tests/IntegrationTests/TestPorts.swift).
#   SWIFT_TEST_TIMEOUT       seconds for `swift test`, default 1500.
#   FUZZ_CI_SECONDS          seconds each fuzz target runs, default 4 (about a minute for the step, build included).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
LOG_DIR="$ROOT/.build/test-logs"
LOG="$LOG_DIR/test.log"
TEST_LOG="$LOG_DIR/swift-test.log"
mkdir -p "$LOG_DIR"
: >"$LOG"
SERVER="$ROOT/scripts/test-server.sh"
PORT="${APOLLO_TEST_SERVER_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')}"
export APOLLO_TEST_SERVER_PORT="$PORT"
export APOLLO_TEST_SERVER_URL="http://127.0.0.1:$PORT"

passed=0  # test cases, example runs and checks that passed
failed=0
started=$SECONDS

# say TEXT: a line for the terminal, kept in the log too.
say() { echo "$*" | tee -a "$LOG"; }
# section TITLE: a heading in the log only.
section() { printf '\n==> %s\n' "$*" >>"$LOG"; }
finish() {
  say "total: $passed passed, $failed failed ($((SECONDS - started)) s); full log: ${LOG#"$ROOT/"}"
  [[ $failed -eq 0 ]]
  exit
}

cleanup() { "$SERVER" stop >>"$LOG" 2>&1 || true; }
trap cleanup EXIT

# A script's output goes to the log; the terminal gets its last line, or all of it when it fails.
# Every check has a time limit (STEP_LIMIT seconds, 1800 unless the caller sets it): a check that hangs fails with
# its output so far instead of holding the run until CI gives up on it.
run_check() {
  local name="$1"
  shift
  local output status=0 limit="${STEP_LIMIT:-1800}"
  output=$(timeout -k 30 "$limit" "$@" 2>&1) || status=$?
  if [[ $status -eq 124 || $status -eq 137 ]]; then output+=$'\n'"(stopped after ${limit} s: the time limit of this check)"; fi
  echo "$output" >>"$LOG"
  if [[ $status -eq 0 ]]; then
    passed=$((passed + 1))
    # The script's last line, less the name it starts with ("doc snippets: …").
    say "ok   $name: $(tail -n 1 <<<"$output" | sed -E 's/^[A-Za-z -]+: //')"
  else
    failed=$((failed + 1))
    say "FAIL $name (exit status $status):"
    sed 's/^/     /' <<<"$output"
  fi
}

# Examples: their ok lines go to the log; the terminal gets the counts and every failure in full.
run_examples() {
  local name="$1"
  shift
  local output status=0
  output=$(bash "$ROOT/scripts/check-examples.sh" "$@" 2>&1) || status=$?
  echo "$output" >>"$LOG"
  local ok bad
  ok=$(grep -c '^ok ' <<<"$output")
  bad=$(grep -c '^FAIL ' <<<"$output")
  passed=$((passed + ok))
  failed=$((failed + bad))
  if [[ $status -eq 0 ]]; then
    say "ok   $name: $ok runs passed"
  else
    [[ $bad -gt 0 ]] || failed=$((failed + 1))
    say "FAIL $name: $ok passed, $bad failed:"
    # Each FAIL line with the example's output under it (indented), up to the next result line.
    awk '/^FAIL /{show=1} /^ok /{show=0} show' <<<"$output"
  fi
}

section "Building every target (libraries, examples, tests)"
build_output=$(swift build --build-tests 2>&1)
build_status=$?
echo "$build_output" >>"$LOG"
if [[ $build_status -ne 0 ]]; then
  failed=$((failed + 1))
  say "FAIL build (exit status $build_status):"
  grep -E ': error: ' <<<"$build_output" | sort -u | head -n 60
  grep -qE ': error: ' <<<"$build_output" || tail -n 30 <<<"$build_output"
  finish
fi
say "ok   build: every target"

section "Examples on their embedded servers (no TestServer yet)"
run_examples "examples, embedded (before TestServer starts)"

section "Starting TestServer on $APOLLO_TEST_SERVER_URL"
if ! "$SERVER" start >>"$LOG" 2>&1; then
  failed=$((failed + 1))
  say "FAIL TestServer did not start on $APOLLO_TEST_SERVER_URL:"
  tail -n 20 "$LOG"
  finish
fi

section "swift test (output in ${TEST_LOG#"$ROOT/"})"
test_status=0
timeout -k 30 "${SWIFT_TEST_TIMEOUT:-1500}" swift test --skip-build >"$TEST_LOG" 2>&1 || test_status=$?
cat "$TEST_LOG" >>"$LOG"
# XCTest's count: the last "Executed N tests, with F failures" is the whole run's.
xctest=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$TEST_LOG" | tail -n 1)
xc_total=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$xctest")
xc_failed=$(sed -E 's/.*with ([0-9]+) failures?.*/\1/' <<<"$xctest")
# Swift Testing's count: "Test run with N tests in M suites passed/failed ...", when it ran any.
st_line=$(grep -E 'Test run with [0-9]+ tests?' "$TEST_LOG" | tail -n 1)
st_total=$(sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p' <<<"$st_line")
st_failed=$(grep -E '^✘ Test .* failed after ' "$TEST_LOG" | grep -vc 'Test run with')
xc_total=${xc_total:-0} xc_failed=${xc_failed:-0} st_total=${st_total:-0}
passed=$((passed + xc_total - xc_failed + st_total - st_failed))
failed=$((failed + xc_failed + st_failed))
counts="$xc_total XCTest tests, $xc_failed failed"
[[ $st_total -eq 0 ]] || counts="$counts; $st_total Swift Testing tests, $st_failed failed"
if [[ $test_status -eq 0 ]]; then
  say "ok   swift test: $counts"
else
  [[ $xc_failed -gt 0 || $st_failed -gt 0 ]] || failed=$((failed + 1))
  say "FAIL swift test (exit status $test_status${xctest:+; }${xctest:+$counts}):"
  # Every failing test case, with everything it printed between its start and its failure.
  awk '
    /^Test Case .* started/ { buffer = $0 "\n"; next }
    /^Test Case .* failed/ { printf "%s%s\n\n", buffer, $0; buffer = ""; next }
    /^Test Case .* passed/ { buffer = ""; next }
    { if (buffer != "") buffer = buffer $0 "\n" }
  ' "$TEST_LOG" | sed 's/^/     /'
  grep -E '^✘|^  ↳' "$TEST_LOG" | sed 's/^/     /'
  [[ -n "$xctest" ]] || { echo "     (no test count: the runner stopped early; the end of its output:)"; tail -n 30 "$TEST_LOG" | sed 's/^/     /'; }
fi
if ! "$SERVER" status >>"$LOG" 2>&1; then
  failed=$((failed + 1))
  say "FAIL TestServer stopped answering on $APOLLO_TEST_SERVER_URL during the run (it crashed); its log's end:"
  tail -n 40 "$ROOT/TestServer/.run/server-$PORT.log" 2>/dev/null || tail -n 40 "$ROOT/TestServer/.run/server.log" 2>/dev/null || true
fi

section "Unit and parity tests under the thread sanitizer (log in .build/test-logs/tsan.log)"
run_check "thread sanitizer" bash "$ROOT/scripts/check-thread-sanitizer.sh"

section "Examples against TestServer"
run_examples "examples, against TestServer" "$APOLLO_TEST_SERVER_URL"

section "Generated schema packages of both shapes, built from outside (Examples/GeneratedCode)"
run_check "generated code" bash "$ROOT/scripts/check-generated-code.sh"

section "Swift blocks of README.md and MIGRATION.md, scripts/doc-snippets, the Swift 5 examples"
run_check "doc snippets" bash "$ROOT/scripts/check-doc-snippets.sh"

section "apollo-parity as a user runs it (matrix, formats, filters, record/replay, exit codes, bad input)"
run_check "apollo-parity" bash "$ROOT/scripts/check-apollo-parity.sh"

section "The MigrationDeprecations trait (0.x and 1.x examples warn with it, build without warnings by default)"
run_check "MigrationDeprecations trait" bash "$ROOT/scripts/check-deprecations.sh"

section "The fault soak, short (ApolloBenchmarks soak: every stack, seeded faults, the delivery rules)"
# A soak that loses requests waits 10 s on each: ten minutes is many times a passing run.
STEP_LIMIT=600 run_check "fault soak" env SOAK_REQUESTS="${SOAK_REQUESTS:-300}" "$ROOT/.build/debug/ApolloBenchmarks" soak
STEP_LIMIT=600 run_check "fault soak, 8 in flight" env SOAK_REQUESTS="${SOAK_REQUESTS:-300}" SOAK_CONCURRENCY=8 \
  "$ROOT/.build/debug/ApolloBenchmarks" soak

section "Public API docs: every public declaration of the library modules documented (symbol graphs)"
run_check "public API docs" bash "$ROOT/scripts/check-docs.sh"

section "Every libFuzzer target for ${FUZZ_CI_SECONDS:-4} s (scripts/fuzz.sh; a crash fails the run)"
run_check "fuzz" bash "$ROOT/scripts/fuzz.sh" all "${FUZZ_CI_SECONDS:-4}"

finish
