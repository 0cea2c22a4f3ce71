#!/bin/sh
# Brings the production stack up from docker/compose.yml itself with podman-compose (PostgreSQL, Redis, the API and the
# worker sharing the storage volume, as a Compose deployment runs them), with docker/compose.smoke.yml's one change:
# sign-in through the Firebase Auth emulator. Then runs docker/smoke-test.mjs against it from a container on the
# stack's network (sign up, upload a generated video, wait for the report, read report.json and the PDF), checks the
# published port and every container's health check, prints the timings and takes the stack down again.
# Usage, as root from anywhere: docker/smoke.sh   (installs podman, podman-compose, runc and debootstrap from Debian's
# packages when missing; docker/build-base.sh builds the base image the first time).
# Environment: SMOKE_KEEP=1 leaves the stack running (then the `down` command it prints); BASE_IMAGE another base
# (e.g. node:24-bookworm-slim) and DEBIAN_IMAGE (debian:bookworm-slim); API_PORT the host port the API is published on (a free one by default).
# Not part of `npm test`: building the images from scratch takes many minutes.
set -eu

REPO=$(cd "$(dirname "$0")/.." && pwd)
export CONTAINERS_CONF=${CONTAINERS_CONF:-$REPO/docker/containers.conf}
# docker format: the OCI format has no HEALTHCHECK (podman-compose builds with podman's default otherwise).
export BUILDAH_FORMAT=docker
export BASE_IMAGE=${BASE_IMAGE:-localhost/preflight-base:bookworm}
PROJECT=preflight-smoke
STARTED=$(date +%s)

elapsed() { echo $(($(date +%s) - $1)); }
say() { echo "smoke: $*"; }

# dnsname: podman 4.3's CNI plugin that lets the stack's containers find each other by service name (api → postgres);
# Debian's podman only recommends it, and without it the API fails with getaddrinfo ENOTFOUND postgres.
node --input-type=module -e "
  const { ensureDebianPackages } = await import('$REPO/scripts/lib/bootstrap.mjs');
  ensureDebianPackages({ podman: 'podman', 'podman-compose': 'podman-compose', runc: 'runc', debootstrap: 'debootstrap',
    '/usr/lib/cni/dnsname': 'golang-github-containernetworking-plugin-dnsname' });"

# The deployment's settings (see README, Configuration): a project id and key of its own, fresh secrets.
export FIREBASE_PROJECT_ID=preflight-smoke FIREBASE_API_KEY=smoke-web-api-key
URL_SIGNING_SECRET=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
POSTGRES_PASSWORD=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
API_PORT=${API_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
# The origin the stack is reached at from this host (the published port).
PUBLIC_URL=http://127.0.0.1:$API_PORT
export URL_SIGNING_SECRET POSTGRES_PASSWORD API_PORT PUBLIC_URL
compose() { podman-compose -p "$PROJECT" -f "$REPO/docker/compose.yml" -f "$REPO/docker/compose.smoke.yml" "$@"; }
container() { echo "${PROJECT}_$1_1"; }

teardown() {
  status=$?
  if [ "${SMOKE_KEEP:-}" = 1 ] && [ "$status" = 0 ]; then
    say "the stack keeps running: podman-compose -p $PROJECT -f docker/compose.yml -f docker/compose.smoke.yml down -v"
  else
    if [ "$status" != 0 ]; then
      for service in api worker; do
        say "last lines of the $service's log:"
        podman logs --tail 30 "$(container "$service")" 2>&1 | sed 's/^/    /' || true
      done
    fi
    compose down -v >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
WORK=$(mktemp -d /var/tmp/preflight-smoke.XXXXXX)
trap teardown EXIT
trap 'exit 130' INT TERM

# 1. Images, built by podman-compose from the compose files.
at=$(date +%s)
export DEBIAN_IMAGE=${DEBIAN_IMAGE:-localhost/preflight-debian:bookworm}
if [ "$BASE_IMAGE" = localhost/preflight-base:bookworm ] && { ! podman image exists "$BASE_IMAGE" || ! podman image exists "$DEBIAN_IMAGE"; }; then
  "$REPO/docker/build-base.sh" "$BASE_IMAGE" "$DEBIAN_IMAGE"
fi
# npm in the builds trusts what this machine trusts (behind a TLS-inspecting proxy, its certificate is in this file).
BUILD_CA_FILE=${BUILD_CA_FILE:-/etc/ssl/certs/ca-certificates.crt}
if [ -f "$BUILD_CA_FILE" ]; then
  compose --podman-build-args "--volume $BUILD_CA_FILE:/run/build-ca.crt:ro" build --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt >"$WORK/build.log" 2>&1
else
  compose build >"$WORK/build.log" 2>&1
fi || { tail -40 "$WORK/build.log"; exit 1; }
say "images built in $(elapsed "$at") s:"
podman image ls --format '    {{.Repository}}  {{.Size}}' | grep 'localhost/preflight-' | sort

# 2. The stack.
at=$(date +%s)
compose down -v >/dev/null 2>&1 || true
# A network made before dnsname was installed has no name resolution: make it again.
podman network rm "${PROJECT}_default" >/dev/null 2>&1 || true
compose up -d >"$WORK/up.log" 2>&1 || { cat "$WORK/up.log"; exit 1; }
# Waits for a container's own health check (run on demand here: podman has no systemd timer for it in this VM).
healthy() {
  deadline=$(($(date +%s) + ${2:-300}))
  until podman healthcheck run "$(container "$1")" >/dev/null 2>&1; do
    if [ "$(podman inspect --format '{{.State.Status}}' "$(container "$1")" 2>/dev/null)" = exited ] || [ "$(date +%s)" -gt "$deadline" ]; then
      say "the $1 did not become healthy"; podman logs --tail 30 "$(container "$1")" 2>&1 | sed 's/^/    /'; exit 1
    fi
    sleep 1
  done
}
for service in postgres redis auth-emulator api worker; do healthy "$service"; done
say "stack started in $(elapsed "$at") s (containers: $(podman ps --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}' | tr '\n' ' '))"
NETWORK=$(podman inspect --format '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}}{{end}}' "$(container api)")

# 3. A short video made by the worker image's ffmpeg: 8 s of 720x1280 test pattern with a tone.
podman run --rm --no-healthcheck --user root --entrypoint ffmpeg -v "$WORK:/out" localhost/preflight-worker \
  -hide_banner -loglevel error -f lavfi -i testsrc2=size=720x1280:rate=30 -f lavfi -i sine=frequency=440 \
  -t 8 -c:v mpeg4 -q:v 4 -pix_fmt yuv420p -c:a aac -shortest /out/smoke.mp4
cp "$REPO/docker/smoke-test.mjs" "$WORK/"
chmod 755 "$WORK"  # the test runs as the image's user

# 4. The checks: the published port from this host, the smoke test from the stack's network, the health checks.
at=$(date +%s)
node -e "fetch('http://127.0.0.1:$API_PORT/api/health/ready').then(async r=>{if(!r.ok)throw new Error('ready answered '+r.status+' '+await r.text())})" \
  || { say "the API does not answer on its published port $API_PORT"; exit 1; }
say "the API answers ready on its published port $API_PORT"
podman run --rm --no-healthcheck --network "$NETWORK" -e API_URL=http://api:3000 -e AUTH_EMULATOR_HOST=auth-emulator:9099 \
  -v "$WORK:/smoke:ro" --entrypoint node localhost/preflight-api /smoke/smoke-test.mjs /smoke/smoke.mp4
for service in api worker postgres redis; do
  podman healthcheck run "$(container "$service")" >/dev/null || { say "the $service's health check fails"; exit 1; }
done
say "health checks of api, worker, postgres, redis pass"
say "smoke test took $(elapsed "$at") s; everything $(elapsed "$STARTED") s"
