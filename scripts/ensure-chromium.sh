#!/usr/bin/env bash
# Browser tests use Debian's Chromium, never a browser Playwright downloads (the network reaches only
# the npm registry and Debian): the headless shell for the journeys (decision 210), the full browser
# for Lighthouse, the screenshots and the benches. Installs what is missing with apt-get.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]}…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium --version
/usr/bin/chromium-headless-shell --version
