#!/usr/bin/env bash
# Mixed load on loopback: dashboard, detail, search, uploads, PUT edits and
# sync Pull at a fixed total rate (tools/loadmix), against `pocket serve`
# over an imported library. Prints the achieved rate, p50/p99 and errors per
# kind, and the server's goroutines and RSS before and after.
#   tools/bench-load.sh [seconds] [rate]        one run (default 60 s at 1000 req/s)
#   tools/bench-load.sh soak [minutes] [rate]   minute after minute (default 30), the
#                                               same mix, goroutines and RSS each minute
set -euo pipefail
cd "$(dirname "$0")/.."
mode=run
if [ "${1:-}" = soak ]; then mode=soak; shift; fi
span=${1:-$([ $mode = soak ] && echo 30 || echo 60)}; rate=${2:-1000}; count=${COUNT:-2000}
[ -x bin/pocket ] || make build
go build -o bin/loadmix ./tools/loadmix

tmp=$(mktemp -d)
source tools/bench-lib.sh
bench_import_library
bench_serve
bench_sign_in

echo "loopback, $rate req/s, $(nproc) cores shared by server and client, library of $count"
# The server's own account of failures, if there were any.
server_errors() { grep '"level":"ERROR"' "$tmp/log" | sort | uniq -c | sort -rn | head -5 | cut -c1-400 || true; }
if [ $mode = run ]; then
  bin/loadmix -c "${WORKERS:-64}" -base "$base" -token "$token" -rate "$rate" -d "${span}s" || { server_errors; exit 1; }
  exit
fi
failed=0
for minute in $(seq "$span"); do
  # ID tokens last an hour: a fresh one every 30 minutes, as the app refreshes.
  if [ $((minute % 30)) = 0 ]; then bench_sign_in; fi
  out=$(bin/loadmix -base "$base" -token "$token" -rate "$rate" -d 60s) || failed=1
  echo "minute $minute: $(grep -o 'achieved.*' <<<"$out" | head -1); $(grep -o 'after: .*' <<<"$out" | sed 's/after: *//')"
done
[ $failed = 0 ] || server_errors
exit $failed
