#!/usr/bin/env bash
# Audio on loopback: time to first byte of a recording's audio, and of a seek
# (a range request in the middle of the file, as a player sends on seeking),
# against /healthz in the same run. Each figure is N sequential curl requests
# on a fresh connection each, as a player's first request and a seek after a
# pause are. Usage: tools/bench-audio.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-300}
[ -x bin/pocket ] || make build

tmp=$(mktemp -d)
source tools/bench-lib.sh
bin/pocket import --user bench@example.com --data-dir "$tmp/data" fixtures/recordings/18-empty-title-standup.json | tail -1
bench_serve
bench_sign_in
audio="$base/api/v1/recordings/rec_18_empty_title_standup/audio"
link=$(curl -fsS -H "Authorization: Bearer $token" "$audio/link" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["url"])')

measure() { # label, curl arguments…
  local label=$1; shift
  for _ in $(seq "$n"); do curl -s -o /dev/null -w '%{time_starttransfer} %{http_code}\n' "$@"; done > "$tmp/times"
  python3 - "$label" "$tmp/times" <<'PY'
import sys, statistics
label, path = sys.argv[1], sys.argv[2]
rows = [l.split() for l in open(path)]
codes = sorted({c for _, c in rows})
ms = sorted(float(t) * 1000 for t, _ in rows)
p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]
print(f"| {label} | {len(ms)} | {p(0.5):.2f} | {p(0.95):.2f} | {p(0.99):.2f} | {', '.join(codes)} |")
PY
}

echo "| request | n | TTFB p50 ms | p95 ms | p99 ms | status |"
echo "|---|---|---|---|---|---|"
measure "GET /healthz (baseline)" "$base/healthz"
measure "first audio byte, bearer token (whole file)" -H "Authorization: Bearer $token" "$audio"
measure "first audio byte, signed link (player)" "$base$link"
measure "seek: Range bytes=40000-59999, signed link" -H "Range: bytes=40000-59999" "$base$link"
measure "seek: suffix Range bytes=-8192, bearer token" -H "Range: bytes=-8192" -H "Authorization: Bearer $token" "$audio"
