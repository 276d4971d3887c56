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

pid=""
tmp=$(mktemp -d); trap '[ -n "$pid" ] && { kill $pid 2>/dev/null; wait $pid 2>/dev/null; }; rm -rf "$tmp"' EXIT
bin/pocket fixtures gen --count "$count" --out "$tmp/gen" >/dev/null
/usr/bin/time -f "import of $count recordings: %e s, max RSS %M KB" \
  bin/pocket import --user bench@example.com --data-dir "$tmp/data" "$tmp/gen" | tail -1

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
POCKET_ADDR="127.0.0.1:$port" POCKET_DATA_DIR="$tmp/data" POCKET_SEED=none \
  bin/pocket serve 2>"$tmp/log" &
pid=$!
# Ready only once the change log holds the imported library.
for _ in $(seq 1200); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

# Sign in the way a developer without a mail server does: the code is in the log.
curl -fsS -X POST "$base/api/v1/auth/email/send-otp" -d '{"email":"bench@example.com"}' >/dev/null
sleep 0.3
code=$(grep -o 'sign-in code for bench@example.com: [0-9]*' "$tmp/log" | tail -1 | awk '{print $NF}')
ctok=$(curl -fsS -X POST "$base/api/v1/auth/email/verify-otp" -d "{\"email\":\"bench@example.com\",\"otp\":\"$code\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
token=$(curl -fsS -X POST "$base/api/v1/auth/session" -d "{\"token\":\"$ctok\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["idToken"])')

echo "# $(date -u +%F) $(nproc) cores shared by server and client, load average $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
timeout 600 bin/pullbench -url "$base" -token "$token" -rounds "$rounds"
echo "server max RSS: $(grep VmHWM /proc/$pid/status | awk '{print $2, $3}')"
