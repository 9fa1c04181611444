#!/usr/bin/env bash
# Set-up, build, and run the whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer
# (the asan preset, build/asan). Any sanitizer report fails the test that caused it: UBSan is
# built with -fno-sanitize-recover, and ASAN_OPTIONS/LSAN_OPTIONS come from tests/CMakeLists.txt
# (see tests/sanitizers/README.md for the one suppression and why).
# Usage: scripts/test-sanitized.sh [--werror]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh --preset asan "$@"
ctest --preset asan
