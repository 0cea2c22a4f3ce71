#!/bin/sh
# Builds every image, starts the composed stack in one podman pod (PostgreSQL, Redis, an S3-compatible store, the
# Firebase Auth emulator, the API, the worker; no disk shared between API and worker), runs docker/smoke-test.mjs
# against it (sign in, upload a generated video, wait for the report, read report.json and the PDF), prints the
# timings and removes the stack again.
# Usage, as root from anywhere: docker/smoke.sh        Needs podman and runc (apt-get install -y podman runc), and
# debootstrap and npm the first time (docker/build-base.sh builds the base image when it is missing).
# Environment: SMOKE_KEEP=1 leaves the stack running (then `podman pod rm -f preflight-smoke`); SMOKE_PUBLISH=8080
# also publishes the API on that host port; BASE_IMAGE another base (e.g. node:24-bookworm-slim).
# Not part of `npm test`: building the images from scratch takes many minutes.
set -eu

REPO=$(cd "$(dirname "$0")/.." && pwd)
export CONTAINERS_CONF=${CONTAINERS_CONF:-$REPO/docker/containers.conf}
BASE_IMAGE=${BASE_IMAGE:-localhost/preflight-base:bookworm}
POD=preflight-smoke
STARTED=$(date +%s)

elapsed() { echo $(($(date +%s) - $1)); }
say() { echo "smoke: $*"; }

teardown() {
  status=$?
  if [ "${SMOKE_KEEP:-}" = 1 ] && [ "$status" = 0 ]; then
    say "the stack keeps running: podman pod rm -f $POD && podman volume rm $POD-pgdata"
  else
    if [ "$status" != 0 ]; then
      for container in api worker; do
        say "last lines of the $container's log:"
        podman logs --tail 30 "$POD-$container" 2>&1 | sed 's/^/    /' || true
      done
    fi
    podman pod rm -f "$POD" >/dev/null 2>&1 || true
    podman volume rm -f "$POD-pgdata" >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
WORK=$(mktemp -d /var/tmp/preflight-smoke.XXXXXX)
trap teardown EXIT
trap 'exit 130' INT TERM

# 1. Images.
at=$(date +%s)
if [ "$BASE_IMAGE" = localhost/preflight-base:bookworm ] && ! podman image exists "$BASE_IMAGE"; then
  "$REPO/docker/build-base.sh" "$BASE_IMAGE"
fi
# npm in the builds trusts what this machine trusts (behind a TLS-inspecting proxy, its certificate is in this file).
BUILD_CA_FILE=${BUILD_CA_FILE:-/etc/ssl/certs/ca-certificates.crt}
CA_ARGS=
[ -f "$BUILD_CA_FILE" ] && CA_ARGS="--volume $BUILD_CA_FILE:/run/build-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt"
build() { # tag, then podman build arguments
  tag=$1; shift
  # docker format: the OCI format has no HEALTHCHECK.
  # shellcheck disable=SC2086 # CA_ARGS is split into its arguments on purpose
  podman build --quiet --format docker --build-arg BASE_IMAGE="$BASE_IMAGE" $CA_ARGS -t "$tag" "$@" >/dev/null
}
build localhost/preflight-api -f "$REPO/docker/Dockerfile" --target api "$REPO"
build localhost/preflight-worker -f "$REPO/docker/Dockerfile" --target worker "$REPO"
build localhost/preflight-auth-emulator -f "$REPO/docker/Dockerfile" --target auth-emulator "$REPO"
build localhost/preflight-s3-standin -f "$REPO/docker/Dockerfile" --target s3-standin "$REPO"
build localhost/preflight-postgres "$REPO/docker/postgres"
build localhost/preflight-redis "$REPO/docker/redis"
say "images built in $(elapsed "$at") s:"
podman image ls --format '    {{.Repository}}  {{.Size}}' | grep 'localhost/preflight-' | sort

# 2. The stack: one pod, so every container reaches the others on 127.0.0.1 (as in a Kubernetes pod).
at=$(date +%s)
podman pod rm -f "$POD" >/dev/null 2>&1 || true
podman volume rm -f "$POD-pgdata" >/dev/null 2>&1 || true
podman pod create --name "$POD" ${SMOKE_PUBLISH:+--publish "127.0.0.1:$SMOKE_PUBLISH:3000"} >/dev/null
run() { # name, then podman run arguments
  name=$1; shift
  # Podman complains on stderr that it cannot reach systemd to schedule health checks; healthy() runs them instead.
  podman run --detach --pod "$POD" --name "$POD-$name" "$@" >/dev/null 2>"$WORK/run.err" || { cat "$WORK/run.err"; exit 1; }
}
# Waits for a container's own health check (podman runs it on demand here: no systemd timer in this VM).
healthy() {
  deadline=$(($(date +%s) + ${2:-300}))
  until podman healthcheck run "$POD-$1" >/dev/null 2>&1; do
    if [ "$(podman inspect --format '{{.State.Running}}' "$POD-$1")" != true ] || [ "$(date +%s)" -gt "$deadline" ]; then
      say "the $1 did not become healthy"; podman logs --tail 30 "$POD-$1" 2>&1 | sed 's/^/    /'; exit 1
    fi
    sleep 1
  done
}
run postgres -e POSTGRES_USER=preflight -e POSTGRES_PASSWORD=preflight -e POSTGRES_DB=preflight \
  -v "$POD-pgdata:/var/lib/postgresql/data" localhost/preflight-postgres
run redis localhost/preflight-redis
run auth-emulator localhost/preflight-auth-emulator
healthy postgres
healthy redis
healthy auth-emulator
# The store: the tests' S3-compatible server; API and worker share no disk.
run s3 localhost/preflight-s3-standin
deadline=$(($(date +%s) + 120))
until S3_ENDPOINT=$(podman logs "$POD-s3" 2>/dev/null | sed -n 's/^S3 endpoint //p') && [ -n "$S3_ENDPOINT" ]; do
  [ "$(date +%s)" -gt "$deadline" ] && { say "the S3 server did not start"; podman logs "$POD-s3"; exit 1; }
  sleep 1
done
# The product's images run with NODE_ENV=production by default, which refuses the emulator's unsigned tokens; the
# smoke stack runs them with NODE_ENV=development and a signing secret of its own instead.
SECRET=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
for process in api worker; do
  run "$process" -e NODE_ENV=development -e LOG_FORMAT=json \
    -e DATABASE_URL=postgres://preflight:preflight@127.0.0.1:5432/preflight -e REDIS_URL=redis://127.0.0.1:6379 \
    -e FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 -e URL_SIGNING_SECRET="$SECRET" \
    -e STORAGE_DRIVER=s3 -e S3_ENDPOINT="$S3_ENDPOINT" -e S3_BUCKET=preflight -e S3_FORCE_PATH_STYLE=true \
    -e AWS_ACCESS_KEY_ID=smoke -e AWS_SECRET_ACCESS_KEY=smoke-secret "localhost/preflight-$process"
  # The API applies the migrations before it answers: the worker starts on a complete schema.
  healthy "$process"
done
say "stack started in $(elapsed "$at") s (containers: $(podman ps --filter pod=$POD --format '{{.Names}}' | grep -v -- -infra | sed "s/$POD-//" | tr '\n' ' '))"

# 3. A short video made by the worker image's ffmpeg: 8 s of 720x1280 test pattern with a tone.
podman run --rm --no-healthcheck --user root -v "$WORK:/out" localhost/preflight-worker \
  ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=720x1280:rate=30 -f lavfi -i sine=frequency=440 \
  -t 8 -c:v libx264 -pix_fmt yuv420p -c:a aac -shortest /out/smoke.mp4
cp "$REPO/docker/smoke-test.mjs" "$WORK/"

# 4. The checks, from inside the pod; then the containers' own health checks.
at=$(date +%s)
chmod 755 "$WORK"  # the test runs as the image's user
podman run --rm --no-healthcheck --pod "$POD" -v "$WORK:/smoke:ro" --entrypoint node localhost/preflight-api /smoke/smoke-test.mjs /smoke/smoke.mp4
for container in api worker postgres redis; do
  podman healthcheck run "$POD-$container" >/dev/null || { say "the $container's health check fails"; exit 1; }
done
say "health checks of api, worker, postgres, redis pass"
say "smoke test took $(elapsed "$at") s; everything $(elapsed "$STARTED") s"
