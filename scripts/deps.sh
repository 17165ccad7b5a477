#!/usr/bin/env bash
# Installs every Debian package Grognard needs to build, test and run.
# A no-op (no apt-get call at all) when everything is already present.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  libboost1.81-dev
  protobuf-compiler libprotobuf-dev
  libspdlog-dev libfmt-dev
  libsqlite3-dev sqlite3
  libssl-dev ca-certificates  # the client's wss:// and https://: OpenSSL, the system's CAs
  libsodium-dev              # server/accounts: argon2id password hashes, session tokens
  libcurl4-openssl-dev       # server/mail: the accounts' mails through an SMTP relay
  catch2
  libcli11-dev
  prometheus-cpp-dev
  clang-format
  clang libclang-rt-14-dev   # tests/fuzz: libFuzzer, ASan and UBSan (the fuzz preset)
  libedit-dev tmux
  nginx-light curl openssl   # scripts/proxy-check.sh: the reverse proxy of docs/operations.md
  systemd                    # scripts/units-check.sh: systemd-analyze verify on packaging/
  python3                    # tests/docs: the Python snippet of docs/archives.md
  python3-aiosmtpd           # tests/e2e: a real SMTP server on loopback for the accounts' mails
  chromium chromium-driver   # tests/web: the web client in a real browser
)
# tests/web drives Chromium from Node.js (playwright-core, installed by scripts/web-deps.sh).
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  PACKAGES+=(nodejs npm)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
