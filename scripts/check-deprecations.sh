#!/usr/bin/env bash
# Checks the opt-in MigrationDeprecations trait (Package.swift): with it on, a 0.x and a 1.x example
# still build and get deprecation warnings that name the 2.x counterpart and the ApolloMigration
# adapter; with it off (the default), the same examples get none of them.
#
# The trait build goes to its own scratch path (.build/deprecations), so the normal .build is not
# rebuilt with other flags; the default-build check reuses the normal .build, where scripts/test.sh has
# already built everything. Only the two examples and what they import are built. Each example's
# object files are removed first: an up-to-date target would be skipped, and its warnings with it.
#
# Usage: bash scripts/check-deprecations.sh   (scripts/test.sh runs it after the examples)
# Does not take /tmp/swift-build.lock itself: wrap the call when sharing a checkout.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SCRATCH=".build/deprecations"
TRAIT="MigrationDeprecations"
LOG_DIR="$ROOT/.build/check-deprecations"
mkdir -p "$LOG_DIR"

fail() {
  echo "check-deprecations: FAILED: $*" >&2
  exit 1
}

# build <scratch path> <log> <example> [swift build options]
build() {
  local scratch="$1" log="$2" example="$3"
  shift 3
  # Outputs only: output-file-map.json and sources belong to the cached build plan.
  find "$scratch" -path "*/debug/$example.build/*" \( -name '*.o' -o -name '*.swiftdeps' -o -name '*.priors' \) -delete 2>/dev/null || true
  if ! swift build --scratch-path "$scratch" --product "$example" "$@" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    fail "swift build --product $example $* failed (log: $log)"
  fi
  # Warnings come only from files compiled in this run.
  grep -qE "Compiling $example " "$log" || fail "$example was not recompiled, so its warnings are not in $log"
}

# Our deprecation warnings in a log, once each (the compiler repeats each one inside its source excerpt).
warnings() { grep -E "^/.*: warning: '[A-Za-z]+' is deprecated: [01]\.x API: " "$1" | sort -u || true; }

# expect <log> <generation> <excerpt>: a warning containing <excerpt> must be in <log>.
expect() {
  grep -qF -- "$3" <(warnings "$1") || fail "$2: no warning containing: $3 (log: $1)"
}

# 0.x and 1.x examples; `swift build` builds one --product per call (the last one given wins).
examples=(NetworkDelegateExample CallbackNetworkExample)

echo "==> with --traits $TRAIT (scratch path $SCRATCH)"
for example in "${examples[@]}"; do
  build "$SCRATCH" "$LOG_DIR/$example.on.log" "$example" --traits "$TRAIT"
done
on0="$LOG_DIR/NetworkDelegateExample.on.log"
on1="$LOG_DIR/CallbackNetworkExample.on.log"

# (b) Specific warnings, each with its whole message: type, 2.x counterpart, adapter.
expect "$on0" 0.x "NetworkDelegateExample/main.swift"
expect "$on0" 0.x "'HTTPNetworkTransport' is deprecated: 0.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.HTTPNetworkTransportOnAsyncChain runs these call sites on the 2.x engine"
expect "$on0" 0.x "'HTTPNetworkTransportPreflightDelegate' is deprecated: 0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this delegate on the 2.x chain with ApolloMigration.DelegateTransportInterceptorProvider"
expect "$on0" 0.x "'HTTPNetworkTransportRetryDelegate' is deprecated: 0.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain"
expect "$on0" 0.x "'ApolloClient' is deprecated: 0.x API: use ApolloAsyncChain.ApolloClient; until then give this client an ApolloMigration.HTTPNetworkTransportOnAsyncChain to run on the 2.x engine"
expect "$on1" 1.x "CallbackNetworkExample/"
expect "$on1" 1.x "'ApolloInterceptor' is deprecated: 1.x API: adopt GraphQLInterceptor/HTTPInterceptor in ApolloAsyncChain; until then run this interceptor on the 2.x chain with ApolloMigration.CallbackProviderOnAsyncChain"
expect "$on1" 1.x "'DefaultInterceptorProvider' is deprecated: 1.x API: adopt ApolloAsyncChain.InterceptorProvider; until then run this provider on the 2.x chain with ApolloMigration.CallbackProviderOnAsyncChain"
expect "$on1" 1.x "'RequestChainNetworkTransport' is deprecated: 1.x API: use ApolloAsyncChain.RequestChainNetworkTransport; until then ApolloMigration.RequestChainNetworkTransportOnAsyncChain runs these call sites on the 2.x engine"
expect "$on1" 1.x "'RequestChain' is deprecated: 1.x API: use ApolloAsyncChain.RequestChain"
# Every message names a 2.x counterpart (ApolloAsyncChain) and the adapter module (ApolloMigration).
unnamed=$(cat <(warnings "$on0") <(warnings "$on1") | grep -vE "ApolloAsyncChain.*ApolloMigration\." || true)
[[ -z "$unnamed" ]] || fail "warnings without a 2.x counterpart and an ApolloMigration adapter:"$'\n'"$unnamed"

for example in "${examples[@]}"; do
  log="$LOG_DIR/$example.on.log"
  echo "ok   $example builds with the trait: $(warnings "$log" | wc -l | tr -d ' ') deprecation warnings, for" \
    "$(warnings "$log" | sed -E "s/.*warning: '([A-Za-z]+)' is deprecated.*/\1/" | sort -u | paste -sd, - | sed 's/,/, /g')"
done

# (c) The default build: the same examples, no trait, none of these warnings.
echo "==> without the trait (default scratch path)"
for example in "${examples[@]}"; do
  log="$LOG_DIR/$example.off.log"
  build ".build" "$log" "$example"
  leaked=$(warnings "$log")
  [[ -z "$leaked" ]] || fail "$example: deprecation warnings without the trait (is it enabled by default?):"$'\n'"$leaked"
  echo "ok   $example builds without the trait: no deprecation warnings"
done
echo "check-deprecations: ok"
