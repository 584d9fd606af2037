#!/usr/bin/env bash
# Browser tests use Debian's Chromium, never a browser Playwright downloads (the network reaches only
# the npm registry and Debian). Installs it with apt-get when /usr/bin/chromium is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
