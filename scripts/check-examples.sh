#!/usr/bin/env bash
# Runs every example as a user would and checks that it succeeds.
#
# Usage: bash scripts/check-examples.sh              every example with no argument: the embedded servers,
#                                                    no setup (scripts/test.sh runs this before TestServer
#                                                    starts); and WebSocketSplitExample given an endpoint
#                                                    where nothing answers, which must say so in one line
#        bash scripts/check-examples.sh BASE_URL     every example against TestServer at BASE_URL
#                                                    (e.g. "$APOLLO_TEST_SERVER_URL"), given BASE_URL/graphql
# After `swift build`. The examples are every list `let <name>Examples = [...]` of Package.swift.
# Prints `ok` or `FAIL` per run (a failure with the example's whole output) and, last, the counts.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BIN="$ROOT/.build/debug"
BASE_URL="${1:-}"
BASE_URL="${BASE_URL%/}"
examples=$(sed -n '/^let [A-Za-z]*Examples = \[/,/^\]/p' Package.swift | grep -o '"[A-Za-z]*"' | tr -d '"')
if [[ -z "$examples" ]]; then
  # A list whose shape the pattern above no longer matches would otherwise pass with nothing run.
  echo "FAIL examples: no example found in Package.swift's \`let <name>Examples = [...]\` lists"
  exit 1
fi
passed=0
failed=0

# check LABEL EXPECTED_STATUS PATTERN COMMAND...: runs COMMAND (60 s at most); it must exit with
# EXPECTED_STATUS and, when PATTERN is not empty, print a line matching it (an extended regular expression).
# A raw Foundation error ("Error Domain=") in the output fails any check: an example explains its failures.
check() {
  local label="$1" expected="$2" pattern="$3"
  shift 3
  local output status=0
  output=$(timeout 60 "$@" 2>&1) || status=$?
  if [[ $status -eq $expected ]] && { [[ -z "$pattern" ]] || grep -Eq -- "$pattern" <<<"$output"; } \
    && ! grep -q "Error Domain=" <<<"$output"; then
    passed=$((passed + 1))
    echo "ok   $label: $(tail -n 1 <<<"$output")"
  else
    failed=$((failed + 1))
    echo "FAIL $label: exit status $status (expected $expected)${pattern:+, output should match /$pattern/}:"
    sed 's/^/     /' <<<"$output"
  fi
}

if [[ -z "$BASE_URL" ]]; then
  # No server settings in the environment either: the embedded run must need nothing from outside.
  for example in $examples; do
    check "$example (embedded)" 0 "" env -u APOLLO_TEST_SERVER_URL -u APOLLO_TEST_SERVER_PORT "$BIN/$example"
  done
  # An endpoint where nothing listens (a port the system just handed out and took back): one line that says
  # what to start, instead of NSURLErrorDomain -1004.
  dead=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  check "WebSocketSplitExample, nothing listening on port $dead" 1 \
    "^No server answers at http://127\.0\.0\.1:$dead/graphql: start TestServer with scripts/test-server\.sh start" \
    "$BIN/WebSocketSplitExample" "http://127.0.0.1:$dead/graphql"
else
  for example in $examples; do
    check "$example $BASE_URL/graphql" 0 "" "$BIN/$example" "$BASE_URL/graphql"
  done
fi
echo "examples ${BASE_URL:+against $BASE_URL}${BASE_URL:-embedded}: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
