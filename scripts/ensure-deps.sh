#!/usr/bin/env bash
# Installs the Debian 12 packages sqlroute needs, if any is missing. Run as root (or with sudo).
set -euo pipefail

PACKAGES=(
  cmake g++ make ccache pkg-config
  antlr4 libantlr4-runtime-dev uuid-dev
  pybind11-dev libyaml-cpp-dev libcrypto++-dev
  libgtest-dev libbenchmark-dev
  python3-dev python3-pytest python3-yaml python3-hypothesis python3-matplotlib
  mariadb-server python3-pymysql sysbench
  libmariadb-dev libasio-dev mariadb-client
  groovy default-jre-headless
  libzookeeper-mt-dev zookeeper python3-kazoo
  chromium
)

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "sqlroute: installing missing packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
