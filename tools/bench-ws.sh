#!/usr/bin/env bash
# WebSocket fan-out on loopback: server/live's endpoint ("pocket") against a
# bare gorilla/websocket echo server ("baseline"), alternated A B A B at each
# size so the baseline shares the machine's load. Each run is one server
# process measuring its own memory and a child process holding the clients
# (see tools/wsbench). Sizes ramp up to what the open-file limit allows.
# Usage: tools/bench-ws.sh [rounds]   (RAMP="1000 5000" to choose the sizes)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
go build -o bin/wsbench ./tools/wsbench

# Every socket is a file in both processes: take the hard limit (raise it first
# where allowed).
ulimit -Hn 65536 2>/dev/null || true
ulimit -n "$(ulimit -Hn)"
limit=$(ulimit -n); cap=$(( limit - 300 ))
ramp=${RAMP:-"1000 5000 10000 15000 20000 30000 40000"}
sizes=""
for n in $ramp; do
  if (( n <= cap )); then sizes="$sizes $n"; else sizes="$sizes $cap"; break; fi
done

echo "# $(date -u +%F) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), open-file limit $limit," \
  "ephemeral ports $(sysctl -n net.ipv4.ip_local_port_range | tr '\t' '-'), $rounds rounds per run"
echo
echo "| server | sockets | users | connected | failed | connect s | Go heap+stack KB/socket (stack) | RSS KB/socket | goroutines/socket | publish ms | p50 ms | p99 ms | max ms | own p50 ms | own p99 ms | received |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
out=$(mktemp); trap 'rm -f "$out"' EXIT
run() { timeout 300 bin/wsbench -rounds "$rounds" "$@" | tee -a "$out" || echo "| $* | run failed |"; }
for n in $sizes; do
  for _ in 1 2; do
    run -mode pocket -n "$n"
    if (( n == 10000 )); then run -mode pocket -n "$n" -users 100; fi
    run -mode baseline -n "$n"
  done
done

# Largest size every socket connected and received every event, per server.
echo
awk -F' *\\| *' '$6 == 0 { split($17, r, "/"); if (r[1] == r[2] && $3 > best[$2]) best[$2] = $3 }
  END { for (m in best) printf "largest clean run: %s %d sockets\n", m, best[m] }' "$out"
