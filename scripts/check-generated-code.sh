#!/usr/bin/env bash
# Builds Examples/GeneratedCode as an app would: two schema packages in the generated shapes (1.x in the
# Swift 5 language mode, 2.x in Swift 6), their files unchanged, each depending on this repository's
# ApolloAPI product, and an app package over both that runs one query of each through the executor and
# the store; a 0.19–0.33 app whose API.swift (the same file as Tests/Fixtures/GeneratedV0) imports `Apollo`, a
# one-line module re-exporting ApolloLegacyAPI; and, in a package of its own (Examples/GeneratedCode/RequestChainApp,
# whose `Apollo` is another module), a 0.34–0.53 app with the same API.swift on the request chain, its `Apollo`
# re-exporting ApolloLegacyAPIOnCallbackChain. Fails when a generated file no longer compiles against the products
# or an app's checks fail.
#
# Usage: bash scripts/check-generated-code.sh   (build folders: Examples/GeneratedCode/{App,RequestChainApp}/.build)
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP="$ROOT/Examples/GeneratedCode/App"
LOG="$ROOT/.build/test-logs/generated-code.log"
mkdir -p "$(dirname "$LOG")"
started=$SECONDS

# Each entry: a package folder, then the executables it must run.
PACKAGES=("$APP:ReadGeneratedCode ReadLegacyAPI" "$ROOT/Examples/GeneratedCode/RequestChainApp:ReadLegacyAPIOnRequestChain")
for entry in "${PACKAGES[@]}"; do
  package="${entry%%:*}"
  if ! swift build --package-path "$package" >"$LOG" 2>&1; then
    grep -E ': error: ' "$LOG" | sort -u | head -n 40
    grep -qE ': error: ' "$LOG" || tail -n 30 "$LOG"
    echo "generated code: ${package#"$ROOT/"} did not build (log: ${LOG#"$ROOT/"})"
    exit 1
  fi
  for app in ${entry#*:}; do
    output=$("$package/.build/debug/$app" 2>&1)
    status=$?
    echo "$output"
    if [[ $status -ne 0 ]]; then
      echo "generated code: $app failed (exit status $status)"
      exit 1
    fi
  done
done
echo "generated code: 1.x and 2.x schema packages built unchanged against ApolloAPI, and a 0.x API.swift against ApolloLegacyAPI (0.x networking) and ApolloLegacyAPIOnCallbackChain (the request chain); each read, cached and read back ($((SECONDS - started)) s)"
