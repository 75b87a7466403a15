#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is not there yet.
# Never downloads a browser of its own: the tests use /usr/bin/chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "install-chromium: /usr/bin/chromium is missing and this user cannot install packages; run 'apt-get install -y chromium' as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
