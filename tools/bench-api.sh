#!/usr/bin/env bash
# Load run of the provider API on loopback: dashboard and detail reads over a
# library of 10,000 recordings, each next to baselines served by the same server
# in the same run (a trivial JSON handler and a static file), so the figures can
# be compared on a noisy machine. Usage: tools/bench-api.sh [seconds] [workers]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}; workers=${2:-8}; count=${COUNT:-10000}
[ -x bin/pocket ] || make build
go build -o bin/loadgen ./tools/loadgen

tmp=$(mktemp -d); trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$tmp"' EXIT
bin/pocket fixtures gen --count "$count" --out "$tmp/gen" >/dev/null
/usr/bin/time -f "import of $count recordings: %e s, max RSS %M KB" \
  bin/pocket import --user bench@example.com --data-dir "$tmp/data" "$tmp/gen" | tail -1

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
POCKET_ADDR="127.0.0.1:$port" POCKET_DATA_DIR="$tmp/data" POCKET_SEED=none \
  bin/pocket serve 2>"$tmp/log" &
pid=$!
until curl -fsS "$base/readyz" >/dev/null 2>&1; do sleep 0.1; done

# Sign in the way a developer without a mail server does: the code is in the log.
curl -fsS -X POST "$base/api/v1/auth/email/send-otp" -d '{"email":"bench@example.com"}' >/dev/null
sleep 0.3
code=$(grep -o 'sign-in code for bench@example.com: [0-9]*' "$tmp/log" | tail -1 | awk '{print $NF}')
ctok=$(curl -fsS -X POST "$base/api/v1/auth/email/verify-otp" -d "{\"email\":\"bench@example.com\",\"otp\":\"$code\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
token=$(curl -fsS -X POST "$base/api/v1/auth/session" -d "{\"token\":\"$ctok\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["idToken"])')

# Dashboard URLs at several depths (first page and pages reached by cursor), and detail URLs.
python3 - "$base" "$token" > "$tmp/urls" <<'PY'
import json, sys, urllib.request, urllib.parse
base, token = sys.argv[1], sys.argv[2]
def get(path):
    req = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token})
    return json.load(urllib.request.urlopen(req))
dash, detail, cursor = [base + "/api/v1/recordings/dashboard"], [], None
for page in range(40):
    q = "/api/v1/recordings/dashboard?limit=20" + ("&cursor=" + urllib.parse.quote(cursor) if cursor else "")
    body = get(q)
    detail += [base + "/api/v1/recordings/" + r["id"] + "?include=all" for r in body["data"][:5]]
    if page % 4 == 0:
        dash.append(base + q)
    cursor = body.get("nextCursor")
    if not cursor:
        break
print(" ".join(dash)); print(" ".join(detail))
PY
dash_urls=$(sed -n 1p "$tmp/urls"); detail_urls=$(sed -n 2p "$tmp/urls")
static="$base/manifest.webmanifest"
curl -fsS "$static" >/dev/null 2>&1 || static="$base/"

echo "loopback load, $workers workers, ${secs}s each, $(nproc) cores shared by server and client"
run() { bin/loadgen -c "$workers" -d "${secs}s" "$@"; }
run -label "baseline GET /healthz" "$base/healthz"
run -label "baseline static file" "$static"
run -label "dashboard (10k library)" -token "$token" $dash_urls
run -label "detail include=all" -token "$token" $detail_urls
run -label "baseline GET /healthz (again)" "$base/healthz"
