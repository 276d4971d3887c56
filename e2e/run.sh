#!/usr/bin/env bash
# Runs the Playwright suite against a real stack on loopback, on free ports:
#   - Mailpit, the SMTP sink: pocket sends sign-in codes there and the tests
#     read them back from its HTTP API;
#   - bin/oidc-issuer, the test OpenID Connect issuer standing in for Google;
#   - bin/pocket serve with a fresh data dir seeded from fixtures/recordings.
# The tests get the addresses through POCKET_E2E_* variables. Everything this
# script starts is stopped when it exits, whether the tests pass, fail or are
# interrupted. Arguments go to Playwright (e.g. e2e/run.sh tests/shell.spec.ts).
#
# --relay (first argument; `make test-e2e-relay`): the same suite with the PWA
# served by a relay. The pocket above becomes the relay's upstream (embedded
# provider, same data dir and seed), and a second `pocket serve` with
# POCKET_UPSTREAM_URL pointing at it takes the address the tests use. The
# upstream's public URL is the relay's origin, as behind a real relay: OIDC
# redirects, share links and the cookie's Origin checks all name the address
# the browser sees. With no other arguments it runs the tests tagged @relay, on
# the desktop project: those that exercise what a relay changes (sign-in, the
# list and a recording, edits, offline replay, live updates, share links, push,
# audio and asking); the rest are the same PWA on the same API. Naming specs or
# Playwright options runs what they name instead (e.g. `e2e/run.sh --relay
# --project desktop` for the whole suite through a relay).
#
# --replicas (first argument; `make test-e2e-replicas`): the embedded provider
# as it runs past one machine (docs/deployment.md "Several replicas"). A
# throwaway PostgreSQL (tools/postgres.sh) holds the store, bin/nats-server
# (JetStream on) joins two `pocket serve` replicas on that one database, and
# bin/balancer (tools/balancer) in front of them takes the address the tests
# use: it sends each request to the next replica in turn, WebSocket upgrades
# included, and both replicas name it as their public URL. A browser context
# with the cookie pocket_replica=N goes to replica N alone (support/replicas.ts);
# every answer names its replica in X-Pocket-Replica. With no other arguments
# it runs the tests tagged @replicas, on the desktop project: sign-in, the list,
# edits made live across replicas, offline replay, share links, push and
# sign-out (tests/replicas.spec.ts, which runs only on this stack).
#
# POCKET_E2E_OUTPUT names the folder for Playwright's traces and, when the run
# fails, the servers' logs (default e2e/test-results): runs side by side, such
# as make test's shards, each keep their own.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${POCKET_E2E_OUTPUT:-e2e/test-results}
case $out in /*) ;; *) out=$PWD/$out ;; esac

relay="" replicas=""
case ${1:-} in
--relay)
  relay=1
  shift
  [ $# -gt 0 ] || set -- --project desktop --grep @relay
  ;;
--replicas)
  replicas=1
  shift
  [ $# -gt 0 ] || set -- --project desktop --grep @replicas
  ;;
esac

needed=(bin/pocket bin/mailpit bin/oidc-issuer)
[ -z "$replicas" ] || needed+=(bin/nats-server bin/balancer)
for bin in "${needed[@]}"; do
  [ -x "$bin" ] || { echo "e2e: $bin is missing; 'make test-e2e' builds it" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pocket-e2e.XXXXXX")
pids=() postgres_dir=""
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$postgres_dir" ]; then
    cp "$postgres_dir/server.log" "$tmp/postgres.log" 2>/dev/null || true
    tools/postgres.sh stop "$postgres_dir"
  fi
  if [ "$status" -ne 0 ]; then
    # Keep the servers' logs beside Playwright's traces for whoever reads the failure.
    mkdir -p "$out" && cp "$tmp"/*.log "$out"/ 2>/dev/null || true
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_ports() { # n: n distinct free loopback ports, held open together so none repeats
  # Closed before they are printed: the caller binds them as soon as it reads
  # the line, which it could do while this process still held them.
  python3 -c '
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks: s.bind(("127.0.0.1", 0))
ports = [s.getsockname()[1] for s in socks]
for s in socks: s.close()
print(*ports, flush=True)' "$1"
}

# launch NAME READY_URL COMMAND...: starts COMMAND in the background (output in
# $tmp/NAME.log) with {P1} and {P2} in READY_URL and COMMAND replaced by free
# ports, and waits up to 15 s for READY_URL to answer 2xx. A port is free when
# picked but may be taken before the server binds it (other processes share this
# machine), so a start that dies on "address already in use" is retried on new
# ports. Leaves the ports in $p1 and $p2.
launch() {
  local name=$1 ready=$2
  shift 2
  for _ in 1 2 3; do
    read -r p1 p2 < <(free_ports 2)
    start_once "$name" "$ready" "$@" && return 0
    port_taken "$name" || break
  done
  start_failed "$name"
}

# start_once NAME READY_URL COMMAND...: one start on the ports in $p1 and $p2;
# fails when the process exits or READY_URL does not answer within 15 s (the
# process is then stopped). Sets last_pid and url.
start_once() {
  local name=$1 ready=$2 pid
  shift 2
  local args=("${@//\{P1\}/$p1}")
  args=("${args[@]//\{P2\}/$p2}")
  url=${ready//\{P1\}/$p1}
  url=${url//\{P2\}/$p2}
  "${args[@]}" >"$tmp/$name.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  last_pid=$pid
  for _ in $(seq 1 150); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  stop_pid "$pid"
  return 1
}

stop_pid() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
port_taken() { grep -qi 'address already in use' "$tmp/$1.log"; }
start_failed() {
  echo "e2e: $1 did not start ($url):" >&2
  cat "$tmp/$1.log" >&2
  exit 1
}

# start_replicas: PostgreSQL, NATS, two replicas on the one database and the
# balancer in front; sets pocket_url to the balancer's address. The replicas
# start one after the other, so the first one alone migrates the schema, makes
# the server's keys and seeds the demo user (the second finds them there). They
# name the balancer's port as their public origin before it is bound; should
# another process take it in between, the replicas start again on new ports.
start_replicas() {
  postgres_dir=$(mktemp -d "${TMPDIR:-/tmp}/pocket-e2e-pg.XXXXXX")
  local database_url attempt i lb_port
  database_url=$(tools/postgres.sh start "$postgres_dir")
  launch nats 'http://127.0.0.1:{P2}/healthz?js-enabled-only=true' bin/nats-server -a 127.0.0.1 -p '{P1}' -m '{P2}' \
    -js -sd "$tmp/nats"
  local nats_url="nats://127.0.0.1:$p1"
  for attempt in 1 2 3; do
    read -r lb_port < <(free_ports 1)
    local urls=() replica_pids=()
    for i in 0 1; do
      mkdir -p "$tmp/data-$i"
      launch "replica-$i" 'http://127.0.0.1:{P1}/readyz' env POCKET_ADDR='127.0.0.1:{P1}' POCKET_PUBLIC_URL="http://127.0.0.1:$lb_port" \
        POCKET_DATA_DIR="$tmp/data-$i" POCKET_DATABASE_URL="$database_url" POCKET_NATS_URL="$nats_url" ./bin/pocket serve
      urls+=("http://127.0.0.1:$p1") replica_pids+=("$last_pid")
    done
    p1=$lb_port
    start_once balancer 'http://127.0.0.1:{P1}/readyz' bin/balancer -addr '127.0.0.1:{P1}' -replicas "${urls[0]},${urls[1]}" && break
    port_taken balancer && [ "$attempt" -lt 3 ] || start_failed balancer
    for i in "${replica_pids[@]}"; do stop_pid "$i"; done
  done
  pocket_url="http://127.0.0.1:$lb_port"
}

launch mailpit 'http://127.0.0.1:{P2}/api/v1/messages' bin/mailpit --smtp '127.0.0.1:{P1}' --listen '127.0.0.1:{P2}' \
  --disable-version-check --database "$tmp/mailpit.db" --quiet
smtp_url="smtp://127.0.0.1:$p1" mailpit_url="http://127.0.0.1:$p2"
launch oidc-issuer 'http://127.0.0.1:{P1}/.well-known/openid-configuration' \
  bin/oidc-issuer -addr '127.0.0.1:{P1}' -client-id pocket-e2e -client-secret pocket-e2e-secret
issuer_url="http://127.0.0.1:$p1"

# The same settings serve the specs that start a pocket of their own (support/pocket.ts).
export POCKET_SMTP_URL="$smtp_url"
export POCKET_SEED=fixtures/recordings
export POCKET_GOOGLE_CLIENT_ID=pocket-e2e POCKET_GOOGLE_CLIENT_SECRET=pocket-e2e-secret POCKET_GOOGLE_ISSUER="$issuer_url"
# Push subscriptions may name a plain-HTTP loopback endpoint: tests/push.spec.ts
# plays the push service on one (a real one is https and out of reach offline).
export POCKET_PUSH_ALLOW_LOOPBACK=1
# Webhook deliveries may reach loopback: tests/webhooks.spec.ts receives them on one.
export POCKET_WEBHOOK_ALLOW_PRIVATE=1
mkdir "$tmp/data"
if [ -n "$replicas" ]; then
  start_replicas
elif [ -z "$relay" ]; then
  launch pocket 'http://127.0.0.1:{P1}/readyz' env POCKET_ADDR='127.0.0.1:{P1}' POCKET_PUBLIC_URL='http://127.0.0.1:{P1}' \
    POCKET_DATA_DIR="$tmp/data" ./bin/pocket serve
  pocket_url="http://127.0.0.1:$p1"
else
  # The upstream takes {P1} and names the relay's port {P2} as its public
  # origin; the relay then binds {P2}. Should another process take {P2} in
  # between, both start again on new ports.
  for attempt in 1 2 3; do
    launch upstream 'http://127.0.0.1:{P1}/readyz' env POCKET_ADDR='127.0.0.1:{P1}' POCKET_PUBLIC_URL='http://127.0.0.1:{P2}' \
      POCKET_DATA_DIR="$tmp/data" ./bin/pocket serve
    upstream_pid=$last_pid upstream_url="http://127.0.0.1:$p1" p1=$p2
    mkdir -p "$tmp/relay-data"
    # The relay polls each open socket's user every second (the tests wait for
    # live updates) and may call the upstream as often as the suite needs.
    start_once pocket 'http://127.0.0.1:{P1}/readyz' env POCKET_ADDR='127.0.0.1:{P1}' POCKET_PUBLIC_URL='http://127.0.0.1:{P1}' \
      POCKET_DATA_DIR="$tmp/relay-data" POCKET_SEED=none POCKET_UPSTREAM_URL="$upstream_url" \
      POCKET_UPSTREAM_POLL=1s POCKET_UPSTREAM_RATE=100000 ./bin/pocket serve && break
    port_taken pocket && [ "$attempt" -lt 3 ] || start_failed pocket
    stop_pid "$upstream_pid"
    rm -rf "$tmp/data" "$tmp/relay-data" && mkdir "$tmp/data"
  done
  pocket_url="http://127.0.0.1:$p1"
fi

export POCKET_E2E_URL="$pocket_url" POCKET_E2E_LOG="$tmp/pocket.log"
export POCKET_E2E_MAILPIT_URL="$mailpit_url" POCKET_E2E_ISSUER_URL="$issuer_url"
export POCKET_E2E_RELAY="$relay" POCKET_E2E_REPLICAS="$replicas"
CI="${CI:-true}" npm run --silent test:e2e -- --output "$out" "$@"
