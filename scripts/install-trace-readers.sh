#!/usr/bin/env bash
# Installs the third-party readers of Chrome Trace Event JSON that tests/tst_tracereaders loads
# every lesson's exported trace with (@tracerbench/trace-model and speedscope, from the npm
# registry) into tests/traces/readers/node_modules, exactly as package-lock.json locks them
# (npm ci). Nothing to do when they are installed at the locked versions. Without npm it says so
# and stops: the test then skips, naming what is missing.
set -euo pipefail
readers="$(cd "$(dirname "$0")/../tests/traces/readers" && pwd)"
if ! command -v npm >/dev/null 2>&1; then
  echo "install-trace-readers: npm is not installed; tst_tracereaders will be skipped" >&2
  exit 0
fi
installed="$readers/node_modules/.package-lock.json" # npm ci writes it last
if [ -f "$installed" ] && [ "$installed" -nt "$readers/package-lock.json" ]; then
  exit 0
fi
echo "install-trace-readers: npm ci in $readers" >&2
(cd "$readers" && npm ci --no-audit --no-fund --loglevel=error)
