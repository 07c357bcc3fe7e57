#!/usr/bin/env bash
# Builds Examples/GeneratedCode as an app would: two schema packages in the generated shapes (1.x in the
# Swift 5 language mode, 2.x in Swift 6), their files unchanged, each depending on this repository's
# ApolloAPI product, and an app package over both that runs one query of each through the executor and
# the store. Fails when a generated file no longer compiles against the products or the app's checks fail.
#
# Usage: bash scripts/check-generated-code.sh   (its own build folder: Examples/GeneratedCode/App/.build)
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP="$ROOT/Examples/GeneratedCode/App"
LOG="$ROOT/.build/test-logs/generated-code.log"
mkdir -p "$(dirname "$LOG")"
started=$SECONDS

if ! swift build --package-path "$APP" >"$LOG" 2>&1; then
  grep -E ': error: ' "$LOG" | sort -u | head -n 40
  grep -qE ': error: ' "$LOG" || tail -n 30 "$LOG"
  echo "generated code: the packages did not build (log: ${LOG#"$ROOT/"})"
  exit 1
fi
output=$("$APP/.build/debug/ReadGeneratedCode" 2>&1)
status=$?
echo "$output"
if [[ $status -ne 0 ]]; then
  echo "generated code: ReadGeneratedCode failed (exit status $status)"
  exit 1
fi
echo "generated code: 1.x and 2.x schema packages built unchanged against ApolloAPI; both queries read, cached and read back ($((SECONDS - started)) s)"
