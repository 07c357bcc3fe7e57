#!/usr/bin/env bash
# Builds the benchmarks of an older commit and of the current tree (release), runs the two binaries
# alternately on the same machine, and prints each figure with both values and their ratio (new ÷ old).
# This VM's speed drifts by up to 1.7× between hours, so only a back-to-back run like this one compares builds.
#
# Usage: bash scripts/bench-compare.sh OLD_REV [SECTION ...]
#   SECTION: any section ApolloBenchmarks takes (requests, store, executor, adapters, json, multipart);
#            default: requests store executor.
# Environment: ROUNDS (default 3) alternations; the figure kept for each side is the median over rounds.
#   Every variable reaches both binaries: BENCH_ONLY="0.x transport/network-only, small" with the chains
#   section (or BENCH_ONLY=c with adapters) runs that one case alone on each side, many rounds of which
#   (ROUNDS=6 or more) compare one path more closely than whole sections do under this VM's drift.
#
# The older commit is checked out (detached) in .build-compare/old and built there, in its own .build. Both
# builds take /tmp/swift-build.lock, so this may share the machine with other builds (the runs themselves
# do not take it: run this on a quiet machine).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OLD_REV="${1:?usage: scripts/bench-compare.sh OLD_REV [SECTION ...]}"
shift
SECTIONS=("$@")
[[ ${#SECTIONS[@]} -gt 0 ]] || SECTIONS=(requests store executor)
ROUNDS="${ROUNDS:-3}"
OLD_TREE="$ROOT/.build-compare/old"
LOCK=/tmp/swift-build.lock

OLD_COMMIT="$(git rev-parse --verify "$OLD_REV^{commit}")"
if [[ -d "$OLD_TREE" ]]; then
  git -C "$OLD_TREE" checkout -q --detach "$OLD_COMMIT"
else
  mkdir -p "$ROOT/.build-compare"
  git worktree add -q --detach "$OLD_TREE" "$OLD_COMMIT"
fi

build() {
  local tree="$1" log
  log="$(mktemp)"
  if ! (cd "$tree" && flock "$LOCK" swift build -c release --product ApolloBenchmarks >"$log" 2>&1); then
    grep -E 'error:' "$log" | sort -u | head -n 20 >&2
    echo "bench-compare: FAILED: release build in $tree" >&2
    exit 1
  fi
  rm -f "$log"
}
echo "bench-compare: building $OLD_COMMIT (old) and the current tree (new), release" >&2
build "$OLD_TREE"
build "$ROOT"
OLD_BIN="$OLD_TREE/.build/release/ApolloBenchmarks"
NEW_BIN="$ROOT/.build/release/ApolloBenchmarks"

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
for round in $(seq 1 "$ROUNDS"); do
  for section in "${SECTIONS[@]}"; do
    # Alternate which side goes first, so drift within a round lands on both.
    if (( round % 2 )); then order=(old new); else order=(new old); fi
    for side in "${order[@]}"; do
      bin="$OLD_BIN"; [[ "$side" == new ]] && bin="$NEW_BIN"
      echo "bench-compare: round $round/$ROUNDS, $section, $side" >&2
      "$bin" "$section" >>"$OUT/$side.$round.txt" 2>/dev/null || echo "  (section $section failed on $side)" >>"$OUT/$side.$round.txt"
    done
  done
done

python3 "$ROOT/scripts/bench-compare.py" "$OUT" "$ROUNDS" "$OLD_COMMIT" "$(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes')"
