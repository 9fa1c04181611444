#!/usr/bin/env bash
# Set-up, build, and start the explorer on the bundled recorded lesson (or on the paths given).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec build/release/app/lessonscope "$@"
