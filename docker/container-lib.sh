# Shared by docker/test.sh, docker/base-image.sh and scripts/fresh-machine.sh (source it; it
# defines functions only).
#
# Running a container on these machines: `podman run` is refused (crun cannot set
# RLIMIT_NOFILE / RLIMIT_NPROC here: "setrlimit `RLIMIT_NOFILE`: Operation not permitted",
# also with --ulimit host or explicit --ulimit values), so a container is a buildah working
# container (`buildah from IMAGE`) and its command runs with
#   buildah run --isolation chroot [--user U] [-v HOST:CTR] [-e K=V] CONTAINER CMD...
# Chroot isolation sets no rlimits and makes no network or PID namespace: the command uses
# the host's network (listening on 0.0.0.0:PORT is reachable as 127.0.0.1:PORT) and its
# processes are host processes. It runs as the image's USER unless --user says otherwise, with
# the image's ENV plus -e; the image's ENTRYPOINT is not applied (name the binary).
#
# Signals: `buildah run` does not forward them. A SIGTERM to the buildah process kills the
# command at once ("subprocess exited on killed", exit 1), with no graceful shutdown. So a
# graceful stop signals the command itself, a host process under
# buildah run -> buildah-chroot-runtime -> buildah-chroot-exec -> CMD; buildah run then exits
# with the command's own exit status.

# The pids of every descendant of PID, depth first.
descendants() {
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}

# The pid of the first descendant of PID whose command name (comm, 15 characters) is NAME.
descendant_named() {
  local pid
  for pid in $(descendants "$1"); do
    if [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$2" ]; then
      echo "$pid"
      return 0
    fi
  done
  return 1
}

# Waits up to SECONDS for FILE to contain PATTERN (grep -E); 1 if it did not.
wait_for_line() {
  local file="$1" pattern="$2" seconds="$3" i
  for ((i = 0; i < seconds * 5; i++)); do
    if grep -qE "$pattern" "$file" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  return 1
}

# Installs the Debian packages named that are missing (nothing when all are there).
install_missing() {
  local p missing=()
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${missing[@]}"
}
