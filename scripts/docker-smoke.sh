#!/usr/bin/env bash
# Smoke test of the Docker image, run by hand (CI has no Docker engine;
# docs/decisions/0025-production-process-and-image.md):
#   1. builds the `demo` target (embedded Auth emulator, Vista sandbox, PGlite:
#      no outside service) and the `production` target; prints sizes and build time;
#   2. runs the demo with a named volume, times the first 200 on /health/server;
#   3. STOPS=10 times: starts it, waits until the sync runs, `docker stop`s it,
#      expects exit code 0 and the shutdown line in the logs;
#   4. restarts on the same volume and finds the data (the seeded admin's
#      password file, the database answering /health/server);
#   5. runs once with `--read-only --tmpfs /tmp`;
#   6. runs the production target (no emulator inside) read-only in the demo
#      container's network, signed in against the demo's Auth emulator: first
#      200, pages answer, `docker stop` exits 0.
# Usage: bash scripts/docker-smoke.sh   (env: IMAGE, STOPS, HOST_PORT)
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-imobiliaria-smoke}
STOPS=${STOPS:-10}
HOST_PORT=${HOST_PORT:-38080}
VOLUME="${IMAGE}-data"
NAME="${IMAGE}-run"

# Debian's docker.io client builds without the buildx plugin (the engine that
# ../shared/tools/docker-local.sh starts); any other client works too.
DOCKER=${DOCKER:-$(command -v /usr/bin/docker || command -v docker)}
docker() { command "$DOCKER" "$@"; }

now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc | xargs printf '%.1f'; }
cleanup() { docker rm -f "$NAME" >/dev/null 2>&1 || true; }
trap cleanup EXIT

# The full report only answers requests made inside the container (a loopback socket; from the
# host, Docker's gateway is the peer and gets only {"status":…}; ADR 0066), so ask from there.
health() {
  docker exec "$NAME" node -e \
    "fetch('http://127.0.0.1:3000/health/server').then(r=>r.text()).then(t=>console.log(t)).catch(()=>process.exit(1))" \
    2>/dev/null
}
wait_for() { # wait_for <jq-like grep pattern> <timeout s>
  local deadline=$(( $(date +%s) + $2 ))
  until health | grep -q "$1"; do
    [ "$(date +%s)" -lt "$deadline" ] || { docker logs "$NAME" | tail -20; return 1; }
    sleep 0.2
  done
}
run() { docker run -d --name "$NAME" -p "${HOST_PORT}:3000" -v "${VOLUME}:/data" "$@" "${IMAGE}:demo" >/dev/null; }

t=$(now)
docker build --target demo -t "${IMAGE}:demo" . >/tmp/docker-smoke-build-demo.log 2>&1
echo "build demo: $(since "$t") s"
t=$(now)
docker build --target production -t "${IMAGE}:production" . >/tmp/docker-smoke-build-prod.log 2>&1
echo "build production (cache warm): $(since "$t") s"
docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep "^${IMAGE}:"

docker volume rm -f "$VOLUME" >/dev/null
t=$(now)
run
wait_for '"database":{"ok":true' 180
echo "first 200 on /health/server after docker run: $(since "$t") s"

ok=0
for i in $(seq 1 "$STOPS"); do
  [ "$i" -eq 1 ] || { cleanup; run; }
  wait_for '"running":true' 120
  docker stop "$NAME" >/dev/null
  code=$(docker inspect -f '{{.State.ExitCode}}' "$NAME")
  if [ "$code" = 0 ] && docker logs "$NAME" 2>&1 | grep -q 'encerrado em .* (exit 0)'; then ok=$((ok + 1)); fi
  echo "stop $i during the sync: exit $code, $(docker logs "$NAME" 2>&1 | grep -o 'encerrado em [0-9.]* s' | tail -1)"
done
echo "stops during a sync with exit 0 and the shutdown line: ${ok}/${STOPS}"

cleanup
t=$(now)
run
wait_for '"database":{"ok":true' 120
echo "restart on the volume: first 200 after $(since "$t") s"
docker exec "$NAME" test -s /data/auth-admin-password && echo "data kept: /data/auth-admin-password present"
health | head -c 300; echo
cleanup

run --read-only --tmpfs /tmp
wait_for '"running":true' 120
docker stop "$NAME" >/dev/null
echo "read-only root filesystem: exit $(docker inspect -f '{{.State.ExitCode}}' "$NAME")"
docker logs "$NAME" 2>&1 | grep -iE 'EROFS|read-only' && echo "WARNING: writes outside /data" || echo "no write outside /data"

# 6. The production target: it has no emulator, so it shares the demo container's
# network and uses the demo's Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, with its access key).
PROD="${NAME}-production"
cleanup_prod() { docker rm -f "$PROD" >/dev/null 2>&1 || true; }
trap 'cleanup; cleanup_prod' EXIT
cleanup
run -e FIREBASE_AUTH_EMULATOR_PORT=9099
wait_for '"database":{"ok":true' 120
docker volume rm -f "${VOLUME}-production" >/dev/null
# The embedded emulator answers only under /<access key>/ (server/auth-emulator-access.ts), a key
# made at each start and kept in the demo's data folder; it goes after host:port. A secret: it is
# never printed, and reaches `docker run` through the environment, not its arguments.
EMULATOR_KEY=$(docker exec "$NAME" cat /data/auth-emulator/access-key) && [ -n "$EMULATOR_KEY" ] ||
  { echo "no Auth emulator access key in the demo container" >&2; exit 1; }
t=$(now)
FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:9099/${EMULATOR_KEY}" \
  docker run -d --name "$PROD" --network "container:${NAME}" --read-only --tmpfs /tmp \
  -v "${VOLUME}-production:/data" -e PORT=3001 -e VISTA_SANDBOX_PORT=0 -e FIREBASE_AUTH_EMULATOR_HOST \
  "${IMAGE}:production" >/dev/null
prod_get() { docker exec "$PROD" node -e "fetch('http://127.0.0.1:3001$1').then(r=>{console.log(r.status);process.exit(r.ok?0:1)}).catch(()=>process.exit(1))"; }
until prod_get /health/server >/dev/null 2>&1; do
  [ "$(docker inspect -f "{{.State.Running}}" "$PROD")" = true ] || { docker logs "$PROD" | tail -20; exit 1; }
  sleep 0.2
done
echo "production target: first 200 after $(since "$t") s"
for page in / /mapa /login-corretores; do echo "production target: GET $page $(prod_get "$page")"; done
docker stop "$PROD" >/dev/null
echo "production target stopped: exit $(docker inspect -f '{{.State.ExitCode}}' "$PROD"), $(docker logs "$PROD" 2>&1 | grep -o 'encerrado em [0-9.]* s' | tail -1)"
docker logs "$PROD" 2>&1 | grep -iE 'EROFS|read-only' && echo "WARNING: writes outside /data" || echo "no write outside /data"
