#!/usr/bin/env bash
# "Keep all recordings offline" in the browser (make bench-keep-offline):
# generates and imports a library of $COUNT recordings, builds this tree and
# the baseline ($BASE_REF, a commit or branch: the app as it was, built the
# same way in a scratch copy), then runs pwa/scripts/bench-keep-offline.mjs,
# which alternates the two builds on one data dir: a fresh Chromium context
# with the budget at all signs in, opens the list and waits until the device
# holds every recording's detail and chat.
# Prints the table docs/benchmarks.md keeps ("Available offline").
#   COUNT=500 RUNS=5 CPU=1 LIMIT=300 BASE_REF=003dd8b tools/bench-keep-offline.sh
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-500}; runs=${RUNS:-5}; cpu=${CPU:-1}; limit=${LIMIT:-300}
# The last commit that fetched and stored the offline library one recording at a time.
base_ref=${BASE_REF:-003dd8b}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

make build >/dev/null
mkdir -p "$tmp/base"
git archive "$base_ref" | tar -x -C "$tmp/base"
ln -s "$PWD/node_modules" "$tmp/base/node_modules"
(cd "$tmp/base" && npm run -s build >/dev/null && go build -o "$tmp/pocket-base" ./server/cmd/pocket)

bin/pocket fixtures gen --count "$count" --out "$tmp/gen" >/dev/null
bin/pocket import --user demo@example.com --data-dir "$tmp/data" "$tmp/gen" | tail -1
echo "# $(date -u +%F) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); baseline $base_ref ($(git rev-parse --short "$base_ref"))"
node pwa/scripts/bench-keep-offline.mjs --data "$tmp/data" --count "$count" --runs "$runs" --cpu "$cpu" \
  --limit "$limit" --bins "now=bin/pocket,base=$tmp/pocket-base" --log "$tmp/pocket.log"
