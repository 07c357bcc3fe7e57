#!/usr/bin/env bash
# Runs the built apollo-parity binary the way a user would and checks its output and exit codes:
# the default matrix, each format, the filters, record → replay against TestServer, a difference
# (exit 1) and bad inputs (exit 2, with a clear message).
#
# Usage: bash scripts/check-apollo-parity.sh   (after `swift build`; TestServer at $APOLLO_TEST_SERVER_URL)
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/.build/debug/apollo-parity"
# TestServer as scripts/test.sh started it, else at APOLLO_TEST_SERVER_PORT, else at the script default 4010.
SERVER="${APOLLO_TEST_SERVER_URL:-http://127.0.0.1:${APOLLO_TEST_SERVER_PORT:-4010}}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failures=0
checks=0

# check NAME EXPECTED_STATUS PATTERN -- ARGS...: runs the binary, checks the exit status and that the
# combined output matches PATTERN (an extended regular expression).
check() {
  local name="$1" expected="$2" pattern="$3"
  shift 4
  checks=$((checks + 1))
  local output status
  output=$("$BIN" "$@" 2>&1)
  status=$?
  if [[ $status -ne $expected ]] || ! grep -Eq -- "$pattern" <<<"$output"; then
    failures=$((failures + 1))
    echo "FAIL apollo-parity $name: exit $status (expected $expected), output should match /$pattern/:"
    echo "$output" | tail -n 25 | sed 's/^/     /'
  else
    echo "ok   apollo-parity $name"
  fi
}

[[ -x "$BIN" ]] || { echo "FAIL apollo-parity: $BIN is not built"; exit 1; }

# The whole catalog once: the report on stdout, progress on stderr.
checks=$((checks + 1))
"$BIN" >"$WORK/out" 2>"$WORK/err"
status=$?
if [[ $status -eq 0 ]] && grep -q "^52 scenarios × 8 stacks = 416 cells: 260 matched their reference, all match$" "$WORK/out" \
  && grep -q "^success " "$WORK/out" && grep -q "^\[1/52\] success$" "$WORK/err" && ! grep -q "^\[1/52\]" "$WORK/out"; then
  echo "ok   apollo-parity default run: the matrix on stdout, all match; progress on stderr"
else
  failures=$((failures + 1))
  echo "FAIL apollo-parity default run (exit $status):"
  tail -n 20 "$WORK/out" "$WORK/err" | sed 's/^/     /'
fi
check "json format" 0 '"schemaVersion":1' -- --format json --scenario success
check "markdown format" 0 '^\| scenario \| 0\.x \|' -- --format markdown --scenario success
check "scenario and stack filters" 0 "2 scenarios × 2 stacks = 4 cells: 4 matched their reference, all match" \
  -- --scenario success,veto --stacks delegatesOn2x,facade1xOn2x
check "help" 0 "usage: apollo-parity" -- --help
check "list" 0 "^cancel-mid-body: " -- --list
# A recorded empty 500 for a scenario that declares no difference: 2.x ends with noResults, 0.x with the 500.
mkdir -p "$WORK/diff"
cat >"$WORK/diff/success.json" <<'JSON'
{"cassetteVersion": 1, "scenario": "success", "recordedFrom": "http://example.invalid/graphql",
 "exchanges": [{"request": {"method": "POST", "url": "http://example.invalid/graphql", "headers": {}, "body": ""},
                "response": {"status": 500, "headers": {"content-type": "application/json"}, "body": ""}}]}
JSON
check "a difference exits 1 and is named" 1 "success \| 2\.x · deliveries, step 1 · delivery 1: 2\.x has 'failure noResults', 0\.x has 'failure http\(500\)'" \
  -- --replay "$WORK/diff" --scenario success --stacks native2x --reference native0x
check "unknown flag" 2 "unknown option '--frobnicate'" -- --frobnicate
check "bad format" 2 "--format must be one of text, json, markdown, got 'yaml'" -- --format yaml
check "unknown scenario" 2 "unknown scenario 'nope'" -- --scenario nope
check "unknown stack" 2 "unknown stack 'native3x'" -- --stacks native3x
check "missing value" 2 "--endpoint needs a value" -- --endpoint
check "record without endpoint" 2 "--record needs --endpoint" -- --record "$WORK/x"
check "unreachable endpoint" 2 "cannot reach http://127.0.0.1:9/graphql" -- --endpoint http://127.0.0.1:9/graphql
check "unreadable cassette" 2 "cassette .*/missing/success.json: cannot be read" -- --replay "$WORK/missing" --scenario success
mkdir -p "$WORK/bad" && echo "{not json" >"$WORK/bad/success.json"
check "malformed cassette" 2 "cassette .*/bad/success.json: not JSON" -- --replay "$WORK/bad" --scenario success
check "live endpoint" 0 "2 scenarios × 8 stacks = 16 cells: 10 matched their reference, all match" \
  -- --endpoint "$SERVER/graphql" --scenario success,token-header
check "record from TestServer" 0 "all match" -- --endpoint "$SERVER/graphql" --record "$WORK/cassettes" --scenario success,token-header
checks=$((checks + 1))
if [[ -f "$WORK/cassettes/success.json" ]] && grep -q '"authorization": "<redacted>"' "$WORK/cassettes/token-header.json" \
  && ! grep -q "Bearer" "$WORK/cassettes/token-header.json"; then
  echo "ok   apollo-parity cassettes written, Authorization redacted"
else
  failures=$((failures + 1)); echo "FAIL apollo-parity cassettes written, Authorization redacted"
fi
check "replay offline" 0 "2 scenarios × 8 stacks = 16 cells: 10 matched their reference, all match" \
  -- --replay "$WORK/cassettes" --scenario success,token-header

echo "apollo-parity: $((checks - failures)) of $checks checks passed"
[[ $failures -eq 0 ]]
