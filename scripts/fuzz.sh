#!/usr/bin/env bash
# Fuzzes what lessonscope does with the bytes of an artifact (read, validate, the typed views, the
# timeline model, the canonical form, the save round trip) for a bounded time with libFuzzer.
# Usage: scripts/fuzz.sh [SECONDS] [extra libFuzzer options...]      (default: 60 seconds)
#
# Optional, not part of the normal build: needs clang-14 and libclang-rt-14-dev (and llvm-14 for
# symbolized stacks), which scripts/setup.sh does not install. See docs/security.md ("Fuzzing").
# The corpus grows in build/fuzz/corpus (kept between runs); seeds are read from tests/fuzz/corpus,
# tests/data and tests/data/fuzz-regressions. A crashing input is written to build/fuzz/crashes/
# and the script exits non-zero: copy it to tests/data/fuzz-regressions/ (tst_fuzzregressions
# replays every file there), fix core, and run again.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
case "$seconds" in
  ''|*[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac

missing=()
for p in clang-14 libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuzz.sh: missing ${missing[*]}; install with: sudo apt-get install ${missing[*]} llvm-14" >&2
  exit 2
fi

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

mkdir -p build/fuzz/corpus build/fuzz/crashes
# llvm-symbolizer turns addresses into file:line in reports.
if [ -x /usr/lib/llvm-14/bin/llvm-symbolizer ]; then
  export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
fi
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# The first folder is where libFuzzer adds inputs that reach new code; the others are only read.
exec build/fuzz/tests/fuzz/fuzz_artifact \
  build/fuzz/corpus tests/fuzz/corpus tests/data tests/data/fuzz-regressions \
  -dict=tests/fuzz/artifact.dict \
  -max_total_time="$seconds" \
  -max_len=16384 \
  -timeout=10 \
  -rss_limit_mb=2048 \
  -artifact_prefix=build/fuzz/crashes/ \
  -print_final_stats=1 \
  "$@"
