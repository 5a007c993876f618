#!/usr/bin/env bash
# The e2e journeys drive Debian's Chromium. Install it when missing and we are allowed to
# (root with apt); otherwise say exactly what to run.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $chromium_path. Install it: sudo apt-get install -y --no-install-recommends chromium" >&2
exit 1
