#!/usr/bin/env bash
# Runs a command with Node >= 22.12 first on PATH (fetching Node 24 into .tools/ if the system
# node is older). Every npm script goes through here, so `npm start` works on a Node 20 machine.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/ensure-node.sh"
exec "$@"
