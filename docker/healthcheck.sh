#!/usr/bin/env bash
# The container's health check: GET /healthz on the server's own port, with nothing but bash
# (its /dev/tcp), so the runtime image needs no curl. Exit 0 when the server answers 200
# ("ok"), 1 otherwise (no answer, or 503 while it shuts down). Takes well under a second.
set -euo pipefail
port="${GROGNARD_LISTEN##*:}"
exec 3<>"/dev/tcp/127.0.0.1/${port:-8080}"
printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
read -r -t 5 _ status _ <&3
[ "$status" = "200" ]
