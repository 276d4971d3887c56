#!/usr/bin/env bash
# Pull of a whole library by a device with nothing yet: generates and imports
# 10,000 recordings (as tools/bench-api.sh does), starts `pocket serve` on
# loopback, signs in from the log, then runs tools/pullbench: SyncService.Pull
# from an empty cursor in protobuf and JSON, with and without gzip, at the
# default and the largest page size, against the REST dashboard paged by
# cursor as the same-run baseline. Usage: tools/bench-pull.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}; count=${COUNT:-10000}
go build -o bin/pocket ./server/cmd/pocket
go build -o bin/pullbench ./tools/pullbench

tmp=$(mktemp -d)
source tools/bench-lib.sh
bench_import_library
bench_serve
bench_sign_in

echo "# $(date -u +%F) $(nproc) cores shared by server and client, load average $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
timeout 600 bin/pullbench -url "$base" -token "$token" -rounds "$rounds"
echo "server max RSS: $(grep VmHWM /proc/$pid/status | awk '{print $2, $3}')"
