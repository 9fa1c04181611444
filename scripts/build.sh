#!/usr/bin/env bash
# Installs what is missing, then configures and builds a preset: release (build/release) unless
# --preset names another (asan: build/asan).
# Usage: scripts/build.sh [--werror] [--preset NAME]
set -euo pipefail
cd "$(dirname "$0")/.."

werror=OFF
preset=release
while [ $# -gt 0 ]; do
  case "$1" in
    --werror) werror=ON ;;
    --preset) preset="${2:?build.sh: --preset needs a name}"; shift ;;
    *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

bash scripts/setup.sh
cmake --preset "$preset" -DLESSONSCOPE_WERROR="$werror" >/dev/null
cmake --build --preset "$preset"
