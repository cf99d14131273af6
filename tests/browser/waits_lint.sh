#!/usr/bin/env bash
# waits_lint.sh BROWSER_TESTS_DIR - the browser tests' waits are the suite's
# (harness.mjs LIMIT, issue 25): a test or a wait on the page with a number of
# its own ({ timeout: 30_000 }) fails a loaded run that is only slow. A
# number is allowed where the timeout is caught on purpose (`.catch`: wait a
# little for something that may not come) and for a child process (cwd:).
set -euo pipefail
dir=$1
bad=$(grep -nE 'timeout: [0-9][0-9_]*' "$dir"/*.mjs | grep -vE '\.catch\(|cwd:' || true)
if [ -n "$bad" ]; then
  echo "waits with a limit of their own (use LIMIT from harness.mjs):" >&2
  echo "$bad" >&2
  exit 1
fi
echo "waits_lint: every wait and test in $dir uses the suite's limit"
