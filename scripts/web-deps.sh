#!/usr/bin/env bash
# Installs the browser tests' one npm package (tests/web/package-lock.json: playwright-core,
# which drives Debian's Chromium; it downloads no browser). A no-op when it is installed.
set -euo pipefail
cd "$(dirname "$0")/../tests/web"
if [ -d node_modules/playwright-core ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  exit 0
fi
echo "web-deps: npm ci in tests/web"
npm ci --no-audit --no-fund --loglevel=error
