#!/usr/bin/env bash
# Installs what is missing, then configures and builds the release preset (build/release).
# Usage: scripts/build.sh [--werror]
set -euo pipefail
cd "$(dirname "$0")/.."

werror=OFF
for argument in "$@"; do
  case "$argument" in
    --werror) werror=ON ;;
    *) echo "build.sh: unknown option $argument" >&2; exit 2 ;;
  esac
done

bash scripts/setup.sh
cmake --preset release -DLESSONSCOPE_WERROR="$werror" >/dev/null
cmake --build --preset release
