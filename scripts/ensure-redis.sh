#!/usr/bin/env bash
# The scale-out tests start a throwaway Redis on loopback (Debian's redis-server). Install it when
# missing and we are allowed to (root with apt); otherwise say exactly what to run.
set -euo pipefail
command -v "${REDIS_SERVER_PATH:-redis-server}" >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's redis-server for the scale-out tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
  exit 0
fi
echo "redis-server is missing. Install it: sudo apt-get install -y --no-install-recommends redis-server" >&2
exit 1
