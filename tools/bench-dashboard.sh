#!/usr/bin/env bash
# Dashboard reads at a fixed rate on loopback: the first dashboard page (the
# one every list screen opens with, read again and again) at RATE req/s, with
# GET /healthz at the same rate before and after as the same-run baseline.
# Latency counts from when each request was due (open loop), so a stall
# shows in p99 instead of lowering the rate.
# Usage: tools/bench-dashboard.sh [seconds] [rate]
# VS=path/to/other/pocket compares another build: the two serve the same
# library in turn, ROUNDS times each (A B A B …), each with its own baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}; rate=${2:-2000}; count=${COUNT:-10000}; workers=${WORKERS:-32}
rounds=${ROUNDS:-1}
[ -x bin/pocket ] || make build
go build -o bin/loadgen ./tools/loadgen

tmp=$(mktemp -d)
source tools/bench-lib.sh
bench_import_library

echo "loopback, $rate req/s for ${secs}s each, $workers workers, $(nproc) cores shared by server and client"
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; } # user + system time of a process, in clock ticks
run() { bin/loadgen -c "$workers" -d "${secs}s" -rate "$rate" "$@"; }
measure() { # $1: the binary, $2: its name in the output
  serve_bin=$1 bench_serve
  [ -n "${token:-}" ] || bench_sign_in # once: sign-in is rate limited; the ID token outlives a restart
  run -label "$2: baseline GET /healthz" "$base/healthz"
  local cpu_before; cpu_before=$(cpu_ticks "$pid")
  run -label "$2: dashboard first page" -token "$token" "$base/api/v1/recordings/dashboard"
  echo "$2: server CPU during the dashboard run $(( ($(cpu_ticks "$pid") - cpu_before) * 1000 / $(getconf CLK_TCK) )) ms"
  run -label "$2: baseline GET /healthz (again)" "$base/healthz"
  echo "$2: server RSS $(ps -o rss= -p "$pid") KB"
  bench_stop
}
for _ in $(seq "$rounds"); do
  measure bin/pocket "this build"
  [ -z "${VS:-}" ] || measure "$VS" "$VS"
done
