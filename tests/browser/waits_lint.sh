#!/usr/bin/env bash
# waits_lint.sh BROWSER_TESTS_DIR - the browser tests wait on conditions, with
# the suite's limit (harness.mjs LIMIT, issue 25):
#  - a wait with a number of its own ({ timeout: 30_000 }) fails a loaded run
#    that is only slow. A number is allowed where the timeout is caught on
#    purpose (`.catch`) and for a child process (cwd:).
#  - a fixed sleep (page.waitForTimeout(300), setTimeout(r, 100)) is too short
#    on a loaded machine and too long on a quiet one: wait for what it stood
#    for instead (harness.mjs: settle, frames, until; waitForFunction). A line
#    that must wait on the page's own clock says why with `// lint-wait: ...`.
#  - an evaluate whose arrow returns what deckscope.on/off return (the API
#    object, with the module and its memory): Playwright serializes all of it
#    back, 57 s of one harden test at a load of 15. Use a block body.
set -euo pipefail
dir=$1
bad=$(grep -nE 'timeout: [0-9][0-9_]*' "$dir"/*.mjs | grep -vE '\.catch\(|cwd:' || true)
if [ -n "$bad" ]; then
  echo "waits with a limit of their own (use LIMIT from harness.mjs):" >&2
  echo "$bad" >&2
  exit 1
fi
sleeps=$(grep -nE 'waitForTimeout\(|setTimeout\(\s*[A-Za-z_$][A-Za-z0-9_$]*\s*,\s*[0-9]' "$dir"/*.mjs | grep -v 'lint-wait:' || true)
if [ -n "$sleeps" ]; then
  echo "fixed sleeps (wait for a condition: harness.mjs settle, frames, until, or waitForFunction):" >&2
  echo "$sleeps" >&2
  exit 1
fi
heavy=$(grep -nE 'evaluate\(\s*(\([^)]*\)|[A-Za-z_$]+)\s*=>\s*window\.deckscope\.(on|off)\(' "$dir"/*.mjs || true)
if [ -n "$heavy" ]; then
  echo "evaluates that return the deckscope object (serialized back in full; use a block body):" >&2
  echo "$heavy" >&2
  exit 1
fi
echo "waits_lint: every wait and test in $dir uses the suite's limit, and none sleeps"
