#!/usr/bin/env bash
# Checks the reverse-proxy setup of docs/operations.md for real: nginx with TLS (a certificate
# for localhost from a private CA made here) in front of grognard-server on loopback, with the
# nginx example's location block and --trusted-proxy 127.0.0.1. It checks /healthz over https,
# the WebSocket upgrade through the proxy (101), and that bans apply to the address nginx saw:
# a client on 127.0.0.2 banned, one on 127.0.0.1 not, and an X-Forwarded-For header a client
# sets itself changes nothing. The terminal client goes through it with wss:// and the CA
# (--ca-file, $GROGNARD_CA_FILE): creates a room, lists it, plays a line, and runs `grognard
# admin` over https; without the CA, for another host name, or with an unreadable CA file it
# refuses at once, saying why.
# About 10 s after a build; installs nginx-light, curl and openssl when missing (Debian).
# Usage: bash scripts/proxy-check.sh [BUILD_DIR]   (default build/default)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/default}"
server_bin="$build/server/grognard-server"
client_bin="$build/client-cli/grognard"
for bin in "$server_bin" "$client_bin"; do
  [ -x "$bin" ] || { echo "proxy-check: build first ($bin missing)" >&2; exit 2; }
done

need=()
for p in nginx-light curl openssl; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ] && ! command -v nginx >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
fi

dir="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  [ -f "$dir/nginx.pid" ] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
app_port="$(free_port)"
tls_port="$(free_port)"
token="proxy-check-$(openssl rand -hex 16)"

# A private CA, and nginx's certificate from it for localhost (not for 127.0.0.1).
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=proxy-check CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" \
  -keyout "$dir/ca-key.pem" -out "$dir/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
  -keyout "$dir/key.pem" -out "$dir/cert.csr" 2>/dev/null
printf 'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$dir/cert.ext"
openssl x509 -req -in "$dir/cert.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca-key.pem" \
  -CAcreateserial -days 1 -extfile "$dir/cert.ext" -out "$dir/cert.pem" 2>/dev/null

"$server_bin" --listen "127.0.0.1:$app_port" --db "$dir/grognard.db" --trusted-proxy 127.0.0.1 \
  --admin-token "$token" >"$dir/server.out" 2>"$dir/server.log" &
server_pid=$!
for _ in $(seq 50); do grep -q "listening on" "$dir/server.out" && break; sleep 0.1; done

# The location block is the one docs/operations.md shows, on a local port.
cat >"$dir/nginx.conf" <<EOF
pid $dir/nginx.pid;
error_log $dir/nginx-error.log;
events {}
http {
  access_log off;
  client_body_temp_path $dir; proxy_temp_path $dir; fastcgi_temp_path $dir;
  uwsgi_temp_path $dir; scgi_temp_path $dir;
  map \$http_upgrade \$connection_upgrade {
    default upgrade;
    ''      close;
  }
  server {
    listen 127.0.0.1:$tls_port ssl;
    ssl_certificate     $dir/cert.pem;
    ssl_certificate_key $dir/key.pem;
    location / {
      proxy_pass http://127.0.0.1:$app_port;
      proxy_http_version 1.1;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_read_timeout 600s;
      proxy_send_timeout 600s;
    }
  }
}
EOF
nginx -c "$dir/nginx.conf" -p "$dir"
sleep 0.3

fails=0
check() {  # check NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "PASS $1 ($3)"; else echo "FAIL $1: expected $2, got $3"; fails=$((fails + 1)); fi
}
status() { curl -sk -o /dev/null -w '%{http_code}' "$@"; }
upgrade() {  # the WebSocket handshake through nginx; prints the HTTP status
  curl -sk -o /dev/null -w '%{http_code}' --http1.1 --max-time 2 "$@" \
    -H "Connection: Upgrade" -H "Upgrade: websocket" -H "Sec-WebSocket-Version: 13" \
    -H "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==" "https://127.0.0.1:$tls_port/" || true
}
admin() { curl -sk -H "Authorization: Bearer $token" "$@"; }

check "healthz over https" 200 "$(status "https://127.0.0.1:$tls_port/healthz")"
check "WebSocket upgrade through nginx" 101 "$(upgrade)"
admin -d '{"address":"127.0.0.2","minutes":5,"reason":"proxy check"}' \
  "https://127.0.0.1:$tls_port/admin/bans" >/dev/null
check "banned client (127.0.0.2) through nginx" 403 \
  "$(status --interface 127.0.0.2 "https://127.0.0.1:$tls_port/healthz")"
check "banned client's upgrade" 403 "$(upgrade --interface 127.0.0.2)"
check "another client (127.0.0.1)" 200 "$(status "https://127.0.0.1:$tls_port/healthz")"
check "X-Forwarded-For set by a client changes nothing" 200 \
  "$(status -H 'X-Forwarded-For: 127.0.0.2' "https://127.0.0.1:$tls_port/healthz")"
check "banned client spoofing another address" 403 \
  "$(status --interface 127.0.0.2 -H 'X-Forwarded-For: 127.0.0.1' "https://127.0.0.1:$tls_port/healthz")"
if grep -q "127.0.0.1#" "$dir/server.log" && grep -q "connected on /" "$dir/server.log"; then
  echo "PASS the server logs the client's address, not the proxy's port"
else
  echo "FAIL the server log does not name the connection by the client's address"; fails=$((fails + 1))
fi

# The terminal client through the proxy: wss:// and https:// with the CA, its own state.
client() {  # client ARGS...: runs grognard (at most 30 s); its output in $out, its status in $rc
  rc=0
  out="$(XDG_STATE_HOME="$dir/state" NO_COLOR=1 timeout 30 "$client_bin" "$@" 2>&1)" || rc=$?
}
has() {  # has NAME TEXT: $out holds TEXT
  case "$out" in
    *"$2"*) echo "PASS $1" ;;
    *) echo "FAIL $1: no \"$2\" in: $out"; fails=$((fails + 1)) ;;
  esac
}
wss="wss://localhost:$tls_port/"
client --server "$wss" --ca-file "$dir/ca.pem" create itchy intro --as general/British --name Alice
check "grognard create over wss:// with --ca-file" 0 "$rc"
code="$(printf '%s\n' "$out" | sed -n 's/^Invite code: *\([A-Z0-9]*\).*/\1/p' | head -n1)"
GROGNARD_SERVER="$wss" GROGNARD_CA_FILE="$dir/ca.pem" client rooms
check "grognard rooms over wss:// with \$GROGNARD_CA_FILE" 0 "$rc"
has "the room created is listed" "${code:-no invite code}"
client --server "$wss" --ca-file "$dir/ca.pem" play "$code" --script - <<<'panel'
check "grognard play over wss:// (the saved seat resumed)" 0 "$rc"
has "the seat's screen" "British"
client --server "https://localhost:$tls_port" --ca-file "$dir/ca.pem" admin --token "$token" rooms
check "grognard admin over https:// with --ca-file" 0 "$rc"
has "the admin API lists the room" "${code:-no invite code}"

started=$SECONDS
client --server "$wss" rooms
check "without the CA: grognard rooms refused" 2 "$rc"
has "without the CA: why" "certificate verify failed: unable to get local issuer certificate"
has "without the CA: what to do" "(use --ca-file for a private CA)"
check "without the CA: no retry" yes "$([ $((SECONDS - started)) -lt 5 ] && echo yes || echo no)"
client --server "$wss" play "$code" --script - <<<'panel'
check "without the CA: grognard play refused" 2 "$rc"
has "without the CA: grognard play says why" "certificate verify failed"
client --server "wss://localhost:$tls_port" admin --token "$token" rooms
check "without the CA: grognard admin refused" 2 "$rc"
has "without the CA: grognard admin says why" "certificate verify failed"
client --server "wss://127.0.0.1:$tls_port/" --ca-file "$dir/ca.pem" rooms
check "a certificate for another host: refused" 2 "$rc"
has "a certificate for another host: why" "hostname mismatch (the certificate is not for 127.0.0.1)"
client --server "$wss" --ca-file "$dir/missing.pem" rooms
check "an unreadable CA file: refused" 2 "$rc"
has "an unreadable CA file: why" "cannot read the CA file $dir/missing.pem"

# An account's log-in through the TLS proxy: its cookie is Secure, HttpOnly, SameSite=Strict.
cookie="$(curl -sk -D - -o /dev/null -H 'Content-Type: application/json' \
  -d '{"name":"ProxyCheck","password":"correct horse battery"}' \
  "https://127.0.0.1:$tls_port/account/register" | tr -d '\r' | grep -i '^set-cookie:' || true)"
check "the session cookie over TLS is Secure" yes \
  "$(case "$cookie" in *"; Secure"*"HttpOnly"*|*"HttpOnly"*"; Secure"*) echo yes ;; *) echo "no: $cookie" ;; esac)"
check "the session cookie is SameSite=Strict" yes \
  "$(case "$cookie" in *"SameSite=Strict"*) echo yes ;; *) echo "no: $cookie" ;; esac)"

# The cookie's upgrade: from this server's own page (its origin as the browser sees it through
# the proxy: https, the host and port), and from a page on another port of the same host.
session="$(printf '%s' "$cookie" | sed -E 's/^[Ss]et-[Cc]ookie: *([^;]*).*/\1/')"
check "the cookie's upgrade from this server's own page" 101 \
  "$(upgrade -H "Cookie: $session" -H "Origin: https://127.0.0.1:$tls_port")"
check "the cookie's upgrade from a page on another port" 403 \
  "$(upgrade -H "Cookie: $session" -H "Origin: https://127.0.0.1:1")"

[ "$fails" -eq 0 ] && echo "proxy-check: all passed" || echo "proxy-check: $fails failed"
exit "$((fails > 0))"
