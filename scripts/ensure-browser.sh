#!/usr/bin/env bash
# Installs what `npm run test:browser` needs beyond npm: Debian's Chromium at /usr/bin/chromium,
# which playwright-core drives (no browser is downloaded from anywhere else).
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "ensure-browser: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
echo "ensure-browser: installing chromium"
if ! { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null; }; then
  echo "ensure-browser: apt-get install chromium failed" >&2
  exit 1
fi
echo "ensure-browser: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
