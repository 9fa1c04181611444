#!/usr/bin/env bash
# Set-up, build, and run the whole test suite through CTest.
# Usage: scripts/test.sh [--werror]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh "$@"
ctest --preset release
