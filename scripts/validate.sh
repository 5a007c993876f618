#!/usr/bin/env bash
# `npm run validate`, the README's test command after `npm install`: lint and typecheck side by
# side (each is mostly one thread and the machine has two cores: 235 s together here, where
# earlier runs took about 2.5–4 min and 3 min one after the other), then the Vitest projects,
# then the Chromium journeys. Any failure fails it.
set -euo pipefail
# Each phase's wall time goes into the log (CI's total is the sum of these, plus install).
phase_started=$SECONDS
took() {
  echo "==== $1 took $((SECONDS - phase_started)) s ====" >&2
  phase_started=$SECONDS
}
lint_log=$(mktemp)
types_log=$(mktemp)
trap 'rm -f "$lint_log" "$types_log"' EXIT
npm run lint >"$lint_log" 2>&1 &
lint=$!
npm run typecheck >"$types_log" 2>&1 &
types=$!
failed=0
wait "$lint" || failed=1
echo "==== npm run lint ====" && cat "$lint_log"
wait "$types" || failed=1
echo "==== npm run typecheck ====" && cat "$types_log"
if [ "$failed" -ne 0 ]; then
  echo "lint or typecheck failed (output above)" >&2
  exit 1
fi
took "lint and typecheck"
npm test
took "npm test"
pg_pass=""
if [ -n "${VALIDATE_PG_URL:-}" ]; then
  pg_log=$(mktemp)
  trap 'rm -f "$lint_log" "$types_log" "$pg_log"' EXIT
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
trap 'rm -f "$lint_log" "$types_log" "${pg_log:-}" "$e2e_log"' EXIT
# tee: the journeys print as they run; the failures are printed again at the very end, after the
# PostgreSQL pass's output, so the tail of a CI log names what failed.
npm run test:e2e 2>&1 | tee "$e2e_log" || e2e_failed=1
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
