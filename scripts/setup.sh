#!/usr/bin/env bash
# Installs the Debian packages BlueLibrary needs to build and test, if any are missing.
# Usage: scripts/setup.sh [extra-package ...]
# (libstdc++-12-dev: the release build links GCC's static libstdc++.a, see link/static-libstdc++.)
set -euo pipefail

packages=(pkg-config libstdc++-12-dev libsqlite3-dev libpng-dev libjpeg-dev libmicrohttpd-dev libcurl4-openssl-dev libtag1-dev libssl-dev libasound2-dev libpq-dev libsndfile1-dev libavformat-dev libavcodec-dev libswresample-dev libavutil-dev "$@")

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
