#!/usr/bin/env bash
# Makes the peer-harness fixtures in tests/data/peers/ with the real tools of this machine
# (Debian 12: libbenchmark-dev 1.7.1, hyperfine 1.15) and, for the two harnesses Debian does not
# package, with the programs beside this script that write pyperf's and nanobench's documented
# formats from real timings. README.md (one folder up) says what each file is.
# Run from anywhere: bash tests/data/peers/src/make-fixtures.sh [google|hyperfine|pyperf|nanobench]...
set -euo pipefail
src="$(cd "$(dirname "$0")" && pwd)"
out="$(dirname "$src")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
which=("$@")
[ ${#which[@]} -eq 0 ] && which=(google hyperfine pyperf nanobench)

google() {
  g++ -O2 -std=c++17 "$src/gbench_fixtures.cpp" -lbenchmark -lpthread -o "$work/gbench_fixtures"
  local gb="$work/gbench_fixtures"
  local short=(--benchmark_min_time=0.05)
  # Every benchmark, every option left at its default.
  "$gb" --benchmark_out="$out/gb-defaults.json" >/dev/null
  # Ten repetitions: iteration rows, then mean, median, stddev and cv rows.
  "$gb" "${short[@]}" --benchmark_repetitions=10 --benchmark_out="$out/gb-repetitions.json" >/dev/null
  # The same, aggregates only.
  "$gb" "${short[@]}" --benchmark_repetitions=10 --benchmark_report_aggregates_only=true \
    --benchmark_out="$out/gb-aggregates-only.json" >/dev/null
  # Repetitions of different benchmarks interleaved in random order.
  "$gb" "${short[@]}" --benchmark_repetitions=10 --benchmark_enable_random_interleaving=true \
    --benchmark_out="$out/gb-interleaved.json" >/dev/null
  # The sort family alone, ten repetitions of each size, with its n log n fit.
  "$gb" "${short[@]}" --benchmark_filter='^BM_Sort' --benchmark_repetitions=10 \
    --benchmark_out="$out/gb-family.json" >/dev/null
  # CSV of the family: Google Benchmark's CSV, six significant digits.
  "$gb" "${short[@]}" --benchmark_filter='^BM_Sort' --benchmark_out_format=csv \
    --benchmark_out="$out/gb-family.csv" >/dev/null
  # CSV of every benchmark: the CSV reporter stops the run when a row has a user counter the
  # header does not (BM_Sum), so the file ends after the rows before it.
  "$gb" "${short[@]}" --benchmark_out_format=csv --benchmark_out="$out/gb-cut-short.csv" >/dev/null 2>&1 || true
  # A run that aborts (BM_Aborts calls abort() with --abort): its JSON ends mid-document.
  "$gb" "${short[@]}" --abort --benchmark_out="$out/gb-aborted.json" >/dev/null 2>&1 || true
  # The A/B pair: the same three benchmarks, ten repetitions, on one CPU (taskset -c 0): first
  # alone (A), then beside a shell loop that keeps that CPU busy (B), killed after.
  local ab=(--benchmark_filter='^BM_Sort/4096$|^BM_Sum$|^BM_Copy/262144$' --benchmark_repetitions=10)
  taskset -c 0 "$gb" "${short[@]}" "${ab[@]}" --benchmark_out="$out/gb-quiet.json" >/dev/null
  taskset -c 0 bash -c 'while :; do :; done' &
  local loop=$!
  taskset -c 0 "$gb" "${short[@]}" "${ab[@]}" --benchmark_out="$out/gb-loaded.json" >/dev/null
  kill "$loop"
  wait "$loop" 2>/dev/null || true
}

hyperfine_fixtures() {
  local sorts=('seq 100000 | sort -n >/dev/null' 'seq 100000 | sort -R >/dev/null')
  # Two commands compared, three warm-ups each, ten runs each; on one CPU (taskset -c 0).
  taskset -c 0 hyperfine --warmup 3 --runs 10 --export-json "$out/hf-compare.json" "${sorts[@]}" >/dev/null
  # The same again beside a shell loop that keeps that CPU busy, killed after: the B of an A/B pair.
  taskset -c 0 bash -c 'while :; do :; done' &
  local loop=$!
  taskset -c 0 hyperfine --warmup 3 --runs 10 --export-json "$out/hf-compare-loaded.json" "${sorts[@]}" >/dev/null
  kill "$loop"
  wait "$loop" 2>/dev/null || true
  # A parameter scan: the same command for each size.
  hyperfine --warmup 2 --runs 10 --parameter-scan size 20000 80000 --parameter-step-size 20000 \
    --export-json "$out/hf-scan.json" 'seq {size} | sort -R >/dev/null' >/dev/null
  # A command that fails on some runs (the nanoseconds of the clock, odd or even), kept with
  # --ignore-failure: its exit codes are recorded.
  hyperfine --runs 10 --ignore-failure --export-json "$out/hf-failing.json" \
    'test $(( $(date +%N) % 2 )) -eq 0' >/dev/null
  # One run: hyperfine writes a null standard deviation.
  hyperfine --runs 1 --export-json "$out/hf-one-run.json" 'seq 100000 | sort -R >/dev/null' >/dev/null
}

pyperf_fixtures() {
  python3 "$src/pyperf_format.py" --warmups 1 "$out/pyperf-sort.json"
  python3 "$src/pyperf_format.py" --warmups 0 "$out/pyperf-no-warmups.json"
}

nanobench_fixtures() {
  g++ -O2 -std=c++17 "$src/nanobench_format.cpp" -o "$work/nanobench_format"
  "$work/nanobench_format" > "$out/nanobench-sort.json"
}

for w in "${which[@]}"; do
  case "$w" in
    google) google ;;
    hyperfine) hyperfine_fixtures ;;
    pyperf) pyperf_fixtures ;;
    nanobench) nanobench_fixtures ;;
    *) echo "make-fixtures: unknown '$w'" >&2; exit 2 ;;
  esac
done
