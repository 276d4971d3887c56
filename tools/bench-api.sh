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

tmp=$(mktemp -d)
source tools/bench-lib.sh
bench_import_library
bench_serve
bench_sign_in

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
