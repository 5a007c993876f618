#!/usr/bin/env bash
# The e2e journeys drive Debian's Chromium: the headless shell (chromium-headless-shell, about
# half the CPU per journey, docs/decisions/214) and the full browser (the extension journey, and
# the fallback when the shell is missing). Install what is missing when we are allowed to (root
# with apt); otherwise say exactly what to run.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
# The path e2e/support/browser.ts uses; E2E_HEADLESS_SHELL= (empty) means the full browser only.
shell_path="${E2E_HEADLESS_SHELL-/usr/lib/chromium/chromium-headless-shell}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
[ -z "$shell_path" ] || [ -x "$shell_path" ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the end-to-end tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
if [ -x "$chromium_path" ]; then
  echo "chromium-headless-shell is missing at $shell_path: the journeys run in the full browser (slower). Install it: sudo apt-get install -y --no-install-recommends chromium-headless-shell" >&2
  exit 0
fi
echo "Chromium is missing at $chromium_path. Install it: sudo apt-get install -y --no-install-recommends chromium chromium-headless-shell" >&2
exit 1
