#!/usr/bin/env bash
# Builds the page and tests it in Debian's headless Chromium against the command line
# (the debug build at the root, or $HACKENBUSH). Needs /usr/bin/chromium (or $CHROMIUM)
# and `npm ci` run in web/.
set -euo pipefail
cd "$(dirname "$0")"

bash build.sh
if [ -z "${HACKENBUSH:-}" ]; then
  (cd .. && cargo build --locked --quiet -p hackenbush-cli)
fi
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund
node test.mjs
