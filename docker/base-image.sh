#!/usr/bin/env bash
# Makes the local image debian:bookworm (a debootstrap minbase root, with the same apt
# sources as Docker Hub's debian:bookworm: bookworm, bookworm-updates, bookworm-security) for
# machines that cannot pull images. Does nothing when podman already has that image.
# Installs debootstrap and podman when missing. Takes 1-3 minutes (downloads ~40 MB).
set -euo pipefail

image="${BASE_IMAGE:-debian:bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
source "$(dirname "$0")/container-lib.sh"

install_missing debootstrap podman buildah

if podman image exists "$image"; then
  exit 0
fi

root="$(mktemp -d /tmp/grognard-rootfs.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "base-image: debootstrap --variant=minbase bookworm (a few minutes)"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 || {
  tail -20 "$root.log" >&2
  exit 1
}
rm -f "$root.log" "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: ${mirror}
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror}-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | podman import --change 'CMD ["bash"]' - "$image" >/dev/null
echo "base-image: made $image ($(podman image inspect --format '{{.Size}}' "$image") bytes)"
