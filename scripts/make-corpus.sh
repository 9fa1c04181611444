#!/usr/bin/env bash
# Makes a folder of COUNT artifacts of the seed's size for the scale figures of docs/performance.md
# ("validate over a course folder"): copies of tests/data/seed-performance-01.json, each with its
# own generatedAt, 1,000 to a subfolder like a course's lessons.
# Usage: scripts/make-corpus.sh DIR [COUNT]        (default COUNT: 10000; DIR must not exist)
# Pure bash (no process per file), so 10,000 files take a second or two.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/make-corpus.sh DIR [COUNT]" >&2
  exit 2
fi
dir="$1"
count="${2:-10000}"
case "$count" in
  ''|*[!0-9]*) echo "make-corpus.sh: COUNT must be a whole number, not '$count'" >&2; exit 2 ;;
esac
if [ -e "$dir" ]; then
  echo "make-corpus.sh: $dir exists; name a new folder" >&2
  exit 2
fi

seed="$(<tests/data/seed-performance-01.json)"
stamp="2026-10-20T10:45:58.968076+00:00"
case "$seed" in
  *"$stamp"*) ;;
  *) echo "make-corpus.sh: the seed's generatedAt changed; update this script" >&2; exit 1 ;;
esac

for ((i = 0; i < count; ++i)); do
  if ((i % 1000 == 0)); then
    printf -v sub '%s/lessons-%02d' "$dir" $((i / 1000))
    mkdir -p "$sub"
  fi
  printf -v micro '%06d' "$i"
  printf -v name '%s/artifact-%05d.json' "$sub" "$i"
  printf '%s' "${seed/"$stamp"/"2026-10-20T10:45:58.${micro}+00:00"}" >"$name"
done
echo "make-corpus.sh: $count artifacts in $dir" >&2
