#!/usr/bin/env bash
# Installs what is missing, builds the server and the terminal client (grognard), and starts
# the server with its embedded SQLite database (./grognard.db by default). Extra arguments go to
# grognard-server (--help lists them).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
preset="${GROGNARD_PRESET:-default}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)" --target grognard-server grognard
echo "client: build/$preset/client-cli/grognard (docs/client.md); in a browser: the server's" \
  "address, http://127.0.0.1:8080/ unless --listen says otherwise (docs/web.md)" >&2
exec "build/$preset/server/grognard-server" "$@"
