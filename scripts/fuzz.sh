#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/ApolloFuzz, with the address sanitizer) into .build-fuzz and runs one
# target or all of them, each for SECONDS (default 60). Fuzz/README.md describes the targets and how to run
# them longer.
#
# Each target starts from its seed corpus, Fuzz/Corpus/<target> (never written), and keeps what it learns in
# .build-fuzz/corpus/<target>, so a later run goes on from there. A crash, a hang (10 s per input), a single
# allocation over 64 MB or resident memory over 2 GB stops the target; its input is saved under
# .build-fuzz/artifacts/ and the script fails. One line per target on success:
#   fuzz json: 1234567 inputs in 60 s (corpus 412 inputs)
#
# Usage: bash scripts/fuzz.sh [TARGET|all] [SECONDS]
# Environment:
#   FUZZ_SKIP_BUILD=1  use the binary already in .build-fuzz
#   FUZZ_SCRATCH=DIR   build and keep corpora, logs and artifacts there instead of .build-fuzz
#   FUZZ_NICE=N        run the fuzzer under `nice -n N` (default 0); 19 leaves the CPU to everything else
#   FUZZ_ARGS          more libFuzzer flags, e.g. "-jobs=2 -workers=2" or "-max_len=65536"
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGETS=(json multipart defer defer-reading async-parser callback-parsers delegate-response websocket-message
         callback-websocket-message websocket-frames request-encoders)
which="${1:-all}"
seconds="${2:-60}"
SCRATCH="${FUZZ_SCRATCH:-$ROOT/.build-fuzz}"

if [[ "$which" == "all" ]]; then
  selected=("${TARGETS[@]}")
elif [[ " ${TARGETS[*]} " == *" $which "* ]]; then
  selected=("$which")
else
  echo "fuzz: unknown target '$which'; one of: ${TARGETS[*]} (or all)" >&2
  exit 2
fi

# Xcode's toolchain ships no libFuzzer runtime (swift.org toolchains on Linux do): say so instead of failing.
if [[ "$(uname -s)" == Darwin ]]; then
  resource_dir="$(dirname "$(dirname "$(xcrun --find swiftc 2>/dev/null || command -v swiftc)")")/lib/clang"
  if ! ls "$resource_dir"/*/lib/darwin/libclang_rt.fuzzer_osx.a >/dev/null 2>&1; then
    echo "fuzz: skipped: this toolchain has no libFuzzer runtime; use a swift.org toolchain (or Linux) to fuzz"
    exit 0
  fi
fi

if [[ "${FUZZ_SKIP_BUILD:-0}" != 1 ]]; then
  build_started=$SECONDS
  # `--sanitize fuzzer` makes SwiftPM link libFuzzer's main; the -Xswiftc flag, which comes last, instruments
  # every module for both libFuzzer and ASan (with two separate -sanitize flags swiftc keeps only the last).
  if ! build_output=$(APOLLO_FUZZ=1 swift build --scratch-path "$SCRATCH" --product ApolloFuzz --sanitize fuzzer \
                        -Xswiftc -sanitize=fuzzer,address 2>&1); then
    grep -v 'ld.gold: warning: Cannot export local symbol' <<<"$build_output" | grep -E 'error' | head -n 40 >&2
    echo "fuzz: the fuzz build failed" >&2
    exit 1
  fi
  echo "fuzz build: $((SECONDS - build_started)) s"
fi
BINARY="$SCRATCH/debug/ApolloFuzz"

mkdir -p "$SCRATCH/artifacts" "$SCRATCH/logs"
# The Swift runtime's own backtracer runs into ASan after a trap; libFuzzer's report says what is needed.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"
status=0
total_runs=0
fuzz_started=$SECONDS
for target in "${selected[@]}"; do
  corpus="$SCRATCH/corpus/$target"
  log="$SCRATCH/logs/$target.log"
  mkdir -p "$corpus"
  started=$SECONDS
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
  if APOLLO_FUZZ_TARGET="$target" nice -n "${FUZZ_NICE:-0}" "$BINARY" "$corpus" "$ROOT/Fuzz/Corpus/$target" \
      -max_total_time="$seconds" -timeout=10 -malloc_limit_mb=64 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$SCRATCH/artifacts/$target-" ${FUZZ_ARGS:-} >"$log" 2>&1; then
    runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1)
    echo "fuzz $target: ${runs:-?} inputs in $((SECONDS - started)) s (corpus $(ls "$corpus" | wc -l) inputs)"
    total_runs=$((total_runs + ${runs:-0}))
  else
    status=1
    echo "FAIL fuzz $target: the input is in $(grep -oE "$SCRATCH/artifacts/[^ ]+" "$log" | tail -n 1); its report:"
    grep -vE '^#[0-9]+|^INFO:|^\s*$' "$log" | tail -n 40 | sed 's/^/     /'
  fi
done
[[ $status -ne 0 ]] || echo "fuzz: ${#selected[@]} targets, $total_runs inputs in $((SECONDS - fuzz_started)) s, no crash, hang or oversized allocation"
exit $status
