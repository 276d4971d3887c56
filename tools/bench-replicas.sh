#!/usr/bin/env bash
# Replicas of one PostgreSQL on loopback (`make bench-replicas`): three
# `pocket serve` replicas on a PostgreSQL of tools/postgres.sh, joined through
# a nats-server with JetStream (the broker operators run, built from the
# pinned module), and one replica on Badger as the same-run baseline. Each run,
# alternated so all share the machine's load:
#   - an edit's write-to-socket latency (tools/replicabench -mode latency):
#     renames through replica 1, a socket on replica 1 (baseline) and on
#     replica 2, on PostgreSQL; the same on the Badger server (one replica);
#   - concurrent edits (-mode edits): WORKERS workers as USERS users for SECS
#     seconds, through 1, 2 and 3 PostgreSQL replicas, and the Badger server.
# Then, unless PULL=0, tools/bench-pull.sh on Badger and on PostgreSQL.
# Usage: tools/bench-replicas.sh [runs]   (EDITS=300 SECS=10 WORKERS=16 USERS=8; LOGS=dir keeps
# the servers' logs there)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}; edits=${EDITS:-300}; secs=${SECS:-10}; workers=${WORKERS:-16}; users=${USERS:-8}
for b in pocket nats-server replicabench; do # built by make bench-replicas
  [ -x "bin/$b" ] || { echo "bin/$b is missing: run make bench-replicas" >&2; exit 1; }
done

tmp=$(mktemp -d) pgdir=$(mktemp -d) # the cluster's own: under root it belongs to the postgres user
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null || true; done
  tools/postgres.sh stop "$pgdir"
  [ -z "${LOGS:-}" ] || { mkdir -p "$LOGS" && cp "$tmp"/*.log "$LOGS"/; }
  rm -rf "$tmp"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
origin=http://pocket.bench # every replica's public URL: the ID tokens' issuer

# start NAME ENV...: a `pocket serve` with its own data directory and log; sets url[NAME] once
# it is ready (not in a subshell: this shell must know its pid to stop it).
declare -A url
start() {
  local name=$1 port
  shift
  port=$(free_port)
  env POCKET_ADDR="127.0.0.1:$port" POCKET_DATA_DIR="$tmp/$name" POCKET_SEED=none POCKET_PUBLIC_URL=$origin "$@" \
    bin/pocket serve 2>"$tmp/$name.log" &
  pids+=($!)
  for _ in $(seq 300); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && { url[$name]="http://127.0.0.1:$port"; return; }; sleep 0.1; done
  echo "$name did not become ready:" >&2; cat "$tmp/$name.log" >&2; return 1
}

db=$(tools/postgres.sh start "$pgdir")
nats_port=$(free_port)
bin/nats-server -a 127.0.0.1 -p "$nats_port" -js -sd "$tmp/nats" 2>"$tmp/nats.log" &
pids+=($!)
shared=(POCKET_DATABASE_URL="$db" POCKET_NATS_URL="nats://127.0.0.1:$nats_port")
start r1 "${shared[@]}"
start r2 "${shared[@]}"
start r3 "${shared[@]}"
start badger
r1=${url[r1]} r2=${url[r2]} r3=${url[r3]} badger=${url[badger]}
pg() { bin/replicabench -log "$tmp/r1.log" -tokens "$tmp/pg.tokens" -origin $origin "$@"; }
bg() { bin/replicabench -log "$tmp/badger.log" -tokens "$tmp/badger.tokens" -origin $origin "$@"; }

echo "# $(date -u +%F) $(nproc) cores shared by every process, load average $(cut -d' ' -f1-3 /proc/loadavg), $runs runs"
echo
echo "| store | path | edits | p50 ms | p99 ms | max ms |"
echo "|---|---|---:|---:|---:|---:|"
for _ in $(seq "$runs"); do
  pg -mode latency -edits "$edits" -urls "$r1,$r2" -label "PostgreSQL, 2 replicas"
  bg -mode latency -edits "$edits" -urls "$badger" -label "Badger, 1 server"
done
echo
echo "| store | replicas | workers | users | edits/s | p50 ms | p99 ms | max ms | errors |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for _ in $(seq "$runs"); do
  bg -mode edits -d "${secs}s" -workers "$workers" -users "$users" -urls "$badger" -label Badger
  pg -mode edits -d "${secs}s" -workers "$workers" -users "$users" -urls "$r1" -label PostgreSQL
  pg -mode edits -d "${secs}s" -workers "$workers" -users "$users" -urls "$r1,$r2" -label PostgreSQL
  pg -mode edits -d "${secs}s" -workers "$workers" -users "$users" -urls "$r1,$r2,$r3" -label PostgreSQL
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

[ "${PULL:-1}" = 0 ] && exit
echo
echo "## Pull of the whole library, Badger"
tools/bench-pull.sh "$runs"
echo
echo "## Pull of the whole library, PostgreSQL"
POCKET_DATABASE_URL=$db tools/bench-pull.sh "$runs"
