#!/usr/bin/env bash
# Installs what lessonscope needs to build, test and run on Debian 12.
# Idempotent: when every package is already present it installs nothing.
set -euo pipefail

packages=(
  # toolchain
  g++ cmake ninja-build pkg-config git ccache
  # libraries
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev libxkbcommon-dev libvulkan-dev
  libeigen3-dev nlohmann-json3-dev libssl-dev libbenchmark-dev
  # the OpenCL device backend: headers, the ICD loader, PoCL (OpenCL on any CPU, so every test of
  # the device path runs here and in CI) and clinfo (what the loader finds; docs/opencl.md)
  opencl-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo
  # running the GUI and its tests with no display
  xvfb xauth libxkbcommon-x11-0 libxcb-cursor0 fonts-dejavu-core
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
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
