#!/usr/bin/env bash
# `npm run validate`, the README's test command after `npm install`: lint and typecheck, then the
# Vitest projects, then the Chromium journeys. Any failure fails it.
set -euo pipefail
# Each phase's wall time goes into the log (CI's total is the sum of these, plus install).
phase_started=$SECONDS
took() {
  echo "==== $1 took $((SECONDS - phase_started)) s ====" >&2
  phase_started=$SECONDS
}
# Lint and typecheck: what `npm run typecheck` and `npm run lint` check, on fewer CPU seconds
# (docs/decisions/210). tsc and typed ESLint each built and type-checked their own program over
# the same files; scripts/typecheck-and-lint.ts builds one program per tsconfig, takes tsc's
# diagnostics from it and lints that tsconfig's files on it. The three tsconfigs below are the
# three of `npm run typecheck`, and their lint targets together are `eslint .` (a linted file
# outside its tsconfig fails, as with projectService). Three jobs share the two cores.
# The tsconfigs must be those of package.json's typecheck script: checked here, so a tsconfig added
# there and not here fails CI instead of going unchecked.
checked_tsconfigs="tsconfig.json apps/web/tsconfig.json apps/extension/tsconfig.json"
typecheck_tsconfigs=$(sed -n 's/.*"typecheck": "\(.*\)",$/\1/p' package.json | grep -o -- '-p [^ ]*' | cut -c4- | xargs)
if [ "$typecheck_tsconfigs" != "$checked_tsconfigs" ]; then
  echo "validate.sh checks [$checked_tsconfigs], npm run typecheck [$typecheck_tsconfigs]" >&2
  exit 1
fi
# Temporary files and folders of this run, removed on exit (and a job still running, stopped).
cleanup_paths=()
prepare_pid=""
cleanup() {
  # The journeys' preparation runs in a process group of its own (setsid): stop all of it (the
  # web build, the seeding server) when validation ends early, e.g. on a lint failure.
  [ -z "$prepare_pid" ] || kill -TERM -- "-$prepare_pid" 2>/dev/null || true
  rm -rf "${cleanup_paths[@]}"
}
trap cleanup EXIT
# The journeys' SPA build and seeding start (~30 s, then a minute or more of server and sharp
# work) run beside the lint phase, whose longest job (the root tsconfig: one tsc program and
# ESLint on it, single-threaded) leaves the second core partly idle; the journeys then start on
# the prepared seed instead of building and seeding first (docs/decisions/214). Same build of
# the same sources, same seed.
journeys_seed=$(mktemp -d /tmp/corkboard-validate-seed.XXXXXX)
prepare_log=$(mktemp)
cleanup_paths+=("$journeys_seed" "$prepare_log")
setsid bash scripts/run.sh node e2e/support/prepare-journeys.ts "$journeys_seed" >"$prepare_log" 2>&1 &
prepare_pid=$!
check_logs=()
check_pids=()
check_names=()
check() {
  local name=$1 log
  shift
  log=$(mktemp)
  check_logs+=("$log")
  check_names+=("$name")
  cleanup_paths+=("$log")
  "$@" >"$log" 2>&1 &
  check_pids+=($!)
}
check "typecheck and lint: tsconfig.json (packages, api, e2e, scripts)" \
  bash scripts/run.sh node scripts/typecheck-and-lint.ts tsconfig.json . \
  --ignore 'apps/web/**' --ignore 'apps/extension/**'
check "typecheck and lint: apps/web/tsconfig.json" \
  bash scripts/run.sh node scripts/typecheck-and-lint.ts apps/web/tsconfig.json apps/web
check "typecheck and lint: apps/extension/tsconfig.json; lint:format; lint:deps" bash -c '
  bash scripts/run.sh node scripts/typecheck-and-lint.ts apps/extension/tsconfig.json apps/extension &&
  npm run lint:format &&
  npm run lint:deps'
failed=0
for i in "${!check_pids[@]}"; do
  wait "${check_pids[$i]}" || failed=1
  echo "==== ${check_names[$i]} ====" && cat "${check_logs[$i]}"
done
if [ "$failed" -ne 0 ]; then
  echo "lint or typecheck failed (output above)" >&2
  exit 1
fi
took "lint and typecheck"
npm test
took "npm test"
# The journeys' build and seed (started before the lint phase) are done by now, normally.
prepared=0
wait "$prepare_pid" && prepared=1
prepare_pid=""
if [ "$prepared" -ne 1 ]; then
  cat "$prepare_log" >&2
  echo "building the SPA or seeding the journeys' data dir failed (output above)" >&2
  exit 1
fi
tail -n 1 "$prepare_log"
took "waiting for the journeys' build and seed"
pg_pass=""
if [ -n "${VALIDATE_PG_URL:-}" ]; then
  pg_log=$(mktemp)
  cleanup_paths+=("$pg_log")
  (
    pg_started=$SECONDS
    DATABASE_URL="$VALIDATE_PG_URL" npx vitest run --project integration && rc=0 || rc=$?
    echo "==== the PostgreSQL pass took $((SECONDS - pg_started)) s ===="
    exit "$rc"
  ) >"$pg_log" 2>&1 &
  pg_pass=$!
fi
e2e_failed=0
e2e_log=$(mktemp)
cleanup_paths+=("$e2e_log")
# tee: the journeys print as they run; the failures are printed again at the very end, after the
# PostgreSQL pass's output, so the tail of a CI log names what failed.
E2E_SEED_DIR="$journeys_seed" E2E_SKIP_BUILD=1 npm run test:e2e 2>&1 | tee "$e2e_log" || e2e_failed=1
took "journeys"
# CI deletes its clone: under CI the whole journey log stays on the machine for a post-mortem.
[ -z "${CI:-}" ] || sed -e 's/\x1b\[[0-9;]*m//g' "$e2e_log" >/tmp/corkboard-ci-journeys.log || true
# A journey that passed on CI's retry still says why its first attempt failed (attempt-errors.ts):
# printed again at the end, where the tail of a CI log shows it.
print_failed_attempts() {
  if grep -q '\[journey attempt' "$e2e_log"; then
    echo "==== failed journey attempts ====" >&2
    sed -e 's/\x1b\[[0-9;]*m//g' "$e2e_log" | grep -A12 '\[journey attempt' | head -80 >&2 || true
  fi
}
if [ -n "$pg_pass" ]; then
  pg_failed=0
  wait "$pg_pass" || pg_failed=1
  took "waiting for the PostgreSQL pass after the journeys"
  echo "==== integration project on PostgreSQL ($VALIDATE_PG_URL) ====" && cat "$pg_log"
  [ "$pg_failed" -eq 0 ] || {
    print_failed_attempts
    echo "the PostgreSQL pass failed (output above)" >&2
    exit 1
  }
fi
print_failed_attempts
if [ "$e2e_failed" -ne 0 ]; then
  echo "==== journeys that failed (full output above) ====" >&2
  # With each error, the locator it waited for and the journey line it stopped on: a timeout
  # alone does not say which step of a long journey failed.
  sed -e 's/\x1b\[[0-9;]*m//g' "$e2e_log" |
    grep -E '^ *(FAIL|×|✗)|AssertionError|Error:|^ *- waiting for|❯ .*\.e2e\.test\.ts:|Test Files|Tests ' |
    head -120 >&2 || true
  [ -z "${CI:-}" ] || echo "(the whole journey log: /tmp/corkboard-ci-journeys.log)" >&2
  exit 1
fi
