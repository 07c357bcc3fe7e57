#!/usr/bin/env bash
# Runs every test: builds all targets (library, examples, tests), starts TestServer, runs the unit,
# integration and parity tests, then runs each example against the embedded server and TestServer.
#
# Usage: bash scripts/test.sh
# Environment: APOLLO_TEST_SERVER_PORT (default 4010), SWIFT_TEST_TIMEOUT (seconds, default 1500).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PORT="${APOLLO_TEST_SERVER_PORT:-4010}"
export APOLLO_TEST_SERVER_URL="http://127.0.0.1:$PORT"
SERVER="$ROOT/scripts/test-server.sh"

step() { printf '\n==> %s\n' "$*"; }

cleanup() { "$SERVER" stop >/dev/null 2>&1 || true; }
trap cleanup EXIT

step "Building every target (libraries, examples, tests)"
swift build --build-tests

step "Starting TestServer on $APOLLO_TEST_SERVER_URL"
"$SERVER" start

step "Running the tests"
status=0
timeout "${SWIFT_TEST_TIMEOUT:-1500}" swift test --skip-build 2>&1 | tee "$ROOT/.build/test-output.log" || status=$?
if ! "$SERVER" status; then
  echo "TestServer is no longer answering on $APOLLO_TEST_SERVER_URL: it crashed during the run (log: TestServer/.run/server.log)." >&2
  tail -n 40 "$ROOT/TestServer/.run/server.log" >&2 || true
  status=1
fi
if [[ $status -ne 0 ]]; then
  # CI keeps only the end of the output: repeat every failing assertion and test here.
  echo "failing assertions and tests:" >&2
  grep -E ': error: |^Test Case .* failed|✘' "$ROOT/.build/test-output.log" | head -n 60 >&2 || true
  echo "swift test failed (exit $status)" >&2
  exit "$status"
fi

step "Running the examples against the embedded scripted server and against TestServer"
# Every list of examples in Package.swift: asyncChainExamples (2.x), callbackChainExamples (1.x), delegateTransportExamples (0.x),
# migrationExamples (old hooks on the 2.x engine), ...
examples=$(sed -n '/^let [A-Za-z]*Examples = \[/,/^\]/p' Package.swift | grep -o '"[A-Za-z]*"' | tr -d '"')
failed=0
passed=0
for example in $examples; do
  for endpoint in "" "$APOLLO_TEST_SERVER_URL/graphql"; do
    label="$example ${endpoint:-(embedded)}"
    if output=$(timeout 60 ".build/debug/$example" $endpoint 2>&1); then
      passed=$((passed + 1))
      echo "ok   $label: $(echo "$output" | tail -n 1)"
    else
      failed=$((failed + 1))
      echo "FAIL $label"
      echo "$output" | sed 's/^/     /'
    fi
  done
done
# WebSocket examples need a live WebSocket server: TestServer only.
for example in WebSocketSplitExample; do
  label="$example $APOLLO_TEST_SERVER_URL/graphql"
  if output=$(timeout 60 ".build/debug/$example" "$APOLLO_TEST_SERVER_URL/graphql" 2>&1); then
    passed=$((passed + 1))
    echo "ok   $label: $(echo "$output" | tail -n 1)"
  else
    failed=$((failed + 1))
    echo "FAIL $label"
    echo "$output" | sed 's/^/     /'
  fi
done
echo "examples: $passed passed, $failed failed"

step "Compiling every Swift block of README.md and MIGRATION.md against the package"
if bash "$ROOT/scripts/check-doc-snippets.sh"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL doc snippets: a Swift block in README.md or MIGRATION.md does not compile cleanly; the blocks and their errors are listed above (scripts/check-doc-snippets.sh; log in .build/doc-snippets/build.log)" >&2
fi

step "Running apollo-parity as a user would (matrix, formats, filters, record/replay, exit codes, bad input)"
if bash "$ROOT/scripts/check-apollo-parity.sh"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

step "Checking the MigrationDeprecations trait (0.x and 1.x examples warn with it, build without warnings by default)"
if bash "$ROOT/scripts/check-deprecations.sh"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL MigrationDeprecations trait check: see the message above (scripts/check-deprecations.sh; logs in .build/check-deprecations)" >&2
fi
# One closing line for the whole run: XCTest's count plus the example runs.
summary=$(grep -E 'Executed [0-9]+ tests, with [0-9]+ failures' "$ROOT/.build/test-output.log" | tail -n 1 || true)
tests=$(echo "$summary" | sed -E 's/.*Executed ([0-9]+) tests.*/\1/')
test_failures=$(echo "$summary" | sed -E 's/.*with ([0-9]+) failures.*/\1/')
echo "total: $((${tests:-0} - ${test_failures:-0} + passed)) passed, $((${test_failures:-0} + failed)) failed"
[[ $failed -eq 0 ]]
