#!/usr/bin/env bash
# Set-up, build and run under ThreadSanitizer (the tsan preset, build/tsan) the suites whose code
# runs on several threads: the device stream (tst_devicestream), the ordered-parallel loader
# (tst_orderedparallel, tst_artifactloader) and the lesson runner (tst_lessonrunner). Any race
# report fails the test that caused it (exitcode=86, halt_on_error; the options and suppressions
# are in tests/CMakeLists.txt and tests/sanitizers/README.md).
# Usage: scripts/test-tsan.sh [--werror]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh --preset tsan "$@"
ctest --preset tsan
