#!/usr/bin/env bash
# What relay mode adds to a read, on loopback: GET /api/v1/recordings/dashboard
# (signed in, a generated library) asked of one embedded `pocket serve`
#   - directly (the floor),
#   - through Debian's nginx, `proxy_pass` with keep-alive (what any proxy adds),
#   - through a relay (`pocket serve` with POCKET_UPSTREAM_URL) with an empty
#     cache: a relay started afresh, each query asked once (uncached),
#   - through the same relay again, the same queries now in its cache (cached).
# Latency runs are one request at a time over the same distinct queries, after
# one unmeasured pass; the targets alternate within each round so they share the
# machine's load. Then
# req/s and p99 with concurrent workers (cached relay, nginx, direct).
# Prints markdown tables for docs/benchmarks.md.
# Usage: tools/bench-relay.sh [rounds] [seconds] [workers]   (COUNT=recordings, default 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}; secs=${2:-5}; workers=${3:-4}; count=${COUNT:-2000}
[ -x bin/pocket ] || make build
go build -o bin/loadgen ./tools/loadgen
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx_bin" ] || { echo "nginx is missing: apt-get install -y nginx-light (or nginx)" >&2; exit 1; }

tmp=$(mktemp -d)
source tools/bench-lib.sh
relay_pid="" nginx_pid=""
stop() { [ -n "$1" ] || return 0; kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
trap 'stop "$relay_pid"; stop "$nginx_pid"; stop "$pid"; rm -rf "$tmp"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_ready() { # URL PID LOG
  for _ in $(seq 300); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    kill -0 "$2" 2>/dev/null || break
    sleep 0.1
  done
  echo "not ready: $1; log:" >&2; tail -20 "$3" >&2; return 1
}

# nginx as this user, everything under $tmp, keep-alive to the upstream as a
# production proxy would have it.
start_nginx() {
  local port; port=$(free_port)
  mkdir -p "$tmp/nginx"
  cat >"$tmp/nginx/nginx.conf" <<EOF
user $(id -un) $(id -gn);
worker_processes 1;
daemon off;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  upstream pocket { server ${base#http://}; keepalive 32; }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://pocket;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
    }
  }
}
EOF
  "$nginx_bin" -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx/error.log" &
  nginx_pid=$!
  nginx_base="http://127.0.0.1:$port"
  wait_ready "$nginx_base/healthz" "$nginx_pid" "$tmp/nginx/error.log"
}

# A relay with a fresh data directory, so its cache starts empty. Returns 1
# (and the relay rows are left out) when this build has no relay mode.
start_relay() {
  stop "$relay_pid"; relay_pid=""
  local port; port=$(free_port)
  rm -rf "$tmp/relay"; mkdir "$tmp/relay"
  POCKET_ADDR="127.0.0.1:$port" POCKET_DATA_DIR="$tmp/relay" POCKET_SEED=none POCKET_UPSTREAM_URL="$base" \
    POCKET_UPSTREAM_RATE=100000 bin/pocket serve 2>"$tmp/relay.log" &
  relay_pid=$!
  relay_base="http://127.0.0.1:$port"
  wait_ready "$relay_base/readyz" "$relay_pid" "$tmp/relay.log"
}

bench_import_library
bench_serve
bench_sign_in
start_nginx

# Distinct dashboard queries (limits x sorts x orders), each a cache entry of its own.
queries=()
for limit in $(seq 11 40); do
  for sort in recording_at created_at updated_at duration title; do
    for order in desc asc; do queries+=("/api/v1/recordings/dashboard?limit=$limit&sort_by=$sort&sort_order=$order"); done
  done
done
urls() { local q; for q in "${queries[@]}"; do printf '%s%s ' "$1" "$q"; done; }

results="$tmp/results"; : >"$results"
# measure LABEL BASE: each query once, one at a time, after one warm-up request
# (connection, token check) outside the set.
measure() {
  curl -fsS -o /dev/null -H "Authorization: Bearer $token" "$2/api/v1/recordings/dashboard?limit=1" || true
  # shellcheck disable=SC2046
  bin/loadgen -c 1 -d 600s -n "${#queries[@]}" -token "$token" -label "$1" $(urls "$2") | tee -a "$results" || true
}
# throughput LABEL BASE: concurrent workers over the same queries for $secs.
throughput() {
  # shellcheck disable=SC2046
  bin/loadgen -c "$workers" -d "${secs}s" -token "$token" -label "$1" $(urls "$2") | sed 's/^/load /' | tee -a "$results" || true
}

relay=1
echo "# $(date -u +%F) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $count recordings," \
  "${#queries[@]} distinct dashboard queries, $rounds rounds, $("$nginx_bin" -v 2>&1 | sed 's/.*: //')"
# One unmeasured pass warms the upstream (its block cache) for every path alike.
# shellcheck disable=SC2046
bin/loadgen -c 1 -d 600s -n "${#queries[@]}" -token "$token" $(urls "$base") >/dev/null
for round in $(seq "$rounds"); do
  echo "## round $round"
  # Which of the two goes first alternates, so neither always follows the other.
  if (( round % 2 )); then measure direct "$base"; measure nginx "$nginx_base"
  else measure nginx "$nginx_base"; measure direct "$base"; fi
  if [ -n "$relay" ] && start_relay; then
    measure "relay uncached" "$relay_base"
    measure "relay cached" "$relay_base"
  else
    relay=""
  fi
done
for round in $(seq "$rounds"); do
  throughput direct "$base"
  throughput nginx "$nginx_base"
  if [ -n "$relay" ]; then throughput "relay cached" "$relay_base"; fi
done
[ -n "$relay" ] || echo "(no relay rows: the relay did not start; its log is above)"

# Medians over the rounds, and what each path adds to the direct one.
python3 - "$results" <<'PY'
import re, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r'(load )?(.+?)\s+req/s\s+(\d+)\s+p50 ([\d.]+) ms\s+p99 ([\d.]+) ms\s+n (\d+)\s+errors (\d+)', line)
    if m:
        rows.setdefault((bool(m[1]), m[2].strip()), []).append((float(m[3]), float(m[4]), float(m[5]), int(m[7])))
med = lambda xs: statistics.median(xs)
def table(load):
    base = rows.get((load, 'direct'))
    for (l, name), runs in rows.items():
        if l != load:
            continue
        rps, p50, p99 = (med([r[i] for r in runs]) for i in range(3))
        errs = sum(r[3] for r in runs)
        b50, b99 = (med([r[1] for r in base]), med([r[2] for r in base])) if base else (p50, p99)
        if load:
            print(f"| {name} | {rps:.0f} | {p50:.2f} | {p99:.2f} | {errs} |")
        else:
            print(f"| {name} | {p50:.2f} | {p99:.2f} | {p50-b50:+.2f} | {p99-b99:+.2f} | {errs} |")
print("\n| path | p50 ms | p99 ms | added p50 ms | added p99 ms | errors |\n|---|---:|---:|---:|---:|---:|")
table(False)
print("\n| path (concurrent) | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|")
table(True)
PY
