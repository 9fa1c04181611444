#!/usr/bin/env bash
# Installs what lessonscope needs to build, test and run on Debian 12.
# Idempotent: when every package is already present it installs nothing.
set -euo pipefail

packages=(
  # toolchain
  g++ cmake ninja-build pkg-config git ccache
  # the house format (.clang-format), which scripts/check-structure.py checks
  clang-format
  # libraries
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev libxkbcommon-dev libvulkan-dev
  libeigen3-dev nlohmann-json3-dev libssl-dev libbenchmark-dev
  # the OpenCL device backend: headers, the ICD loader, PoCL (OpenCL on any CPU, so every test of
  # the device path runs here and in CI) and clinfo (what the loader finds; docs/opencl.md)
  opencl-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo
  # running the GUI and its tests with no display
  xvfb xauth libxkbcommon-x11-0 libxcb-cursor0 fonts-dejavu-core
  # other harnesses, for their results files' tests: Google Benchmark's compare.py and the SciPy
  # it imports (tst_peercompare checks lessonscope's p-values against it), hyperfine (the
  # fixtures' maker), node for the third-party trace readers (tst_tracereaders)
  libbenchmark-tools python3-scipy python3-numpy hyperfine nodejs
)
# npm comes with nodejs where node is not Debian's (NodeSource's package has it); Debian's is apart.
if ! command -v npm >/dev/null 2>&1; then
  packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

install_trace_readers() {
  # The trace readers from the npm registry, as package-lock.json locks them (a no-op once there).
  bash "$(dirname "$0")/install-trace-readers.sh"
}

if [ ${#missing[@]} -eq 0 ]; then
  install_trace_readers
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi

echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
install_trace_readers
