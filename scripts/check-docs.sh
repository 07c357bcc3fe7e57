#!/usr/bin/env bash
# Checks the public API docs: every public or open declaration of every library module has a doc comment that
# says more than its name. The DocC plugin is not available here (the package has no dependencies, and gets
# none), so this reads the toolchain's symbol graphs — the input DocC builds its catalog from — and lists every
# declaration without a comment, with per-module coverage. scripts/check-docs.py says what counts.
#
# Builds the library modules (a no-op after scripts/test.sh's build), extracts their symbol graphs into
# .build/docs-check/ with `swift symbolgraph-extract` (about a second for all of them), and checks them.
#
# Usage: bash scripts/check-docs.sh [--report]   (--report: print the findings, exit 0 anyway)
# Does not take /tmp/swift-build.lock itself: wrap the call when sharing a checkout.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
MODULES=(ApolloAPI ApolloCore ApolloAsyncChain ApolloDelegateTransport ApolloCallbackChain ApolloWebSocketCore ApolloWebSocket
         ApolloDelegateWebSocket ApolloCallbackWebSocket ApolloLegacyRuntime ApolloLegacyAPI ApolloLegacyAPIOnCallbackChain
         ApolloMigration ApolloParityCatalog ApolloParityTesting)
GRAPHS=".build/docs-check/symbol-graphs"

# ApolloParityTesting and ApolloParityCatalog import every library module but the socket ones and the two
# `API.swift` fronts (which import ApolloLegacyRuntime), so seven builds cover all.
for target in ApolloParityTesting ApolloParityCatalog ApolloWebSocket ApolloDelegateWebSocket ApolloCallbackWebSocket ApolloLegacyAPI \
              ApolloLegacyAPIOnCallbackChain; do
  if ! output=$(swift build --target "$target" 2>&1); then
    echo "$output" | grep -E ': error: ' | sort -u | head -n 40
    echo "check-docs: FAILED: swift build --target $target" >&2
    exit 1
  fi
done
BIN="$(swift build --show-bin-path)"
TRIPLE="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
SDK=()
if command -v xcrun >/dev/null 2>&1; then SDK=(-sdk "$(xcrun --show-sdk-path)"); fi

rm -rf "$GRAPHS"
mkdir -p "$GRAPHS"
for module in "${MODULES[@]}"; do
  # Synthesized members (protocol-extension defaults shown on each conformer) are left out: they are
  # documented where they are written.
  swift symbolgraph-extract -module-name "$module" -I "$BIN/Modules" -I "$BIN" -target "$TRIPLE" "${SDK[@]}" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$GRAPHS"
done

python3 "$ROOT/scripts/check-docs.py" "$GRAPHS" Sources "${MODULES[@]}" "$@"
