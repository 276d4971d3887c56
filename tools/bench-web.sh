#!/usr/bin/env bash
# First sync in the browser (make bench-web): generates and imports a library
# of $COUNT recordings, builds this tree and the baseline ($BASE_REF, a commit
# or branch: the app as it was, built the same way in a scratch copy), then
# runs pwa/scripts/bench-first-sync.mjs, which alternates the two builds on
# one data dir: a fresh Chromium context signs in, opens the list and waits
# until the device holds every recording, at each CPU slowdown in $CPU.
# Prints the table docs/benchmarks.md keeps (the first sync's section).
#   COUNT=10000 RUNS=5 CPU=1,4 LIMIT=300 BASE_REF=6ff0df0 tools/bench-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-10000}; runs=${RUNS:-5}; cpu=${CPU:-1,4}; limit=${LIMIT:-300}
# The last commit whose pull landed a page in parts of four changes.
base_ref=${BASE_REF:-6ff0df0}
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
node pwa/scripts/bench-first-sync.mjs --data "$tmp/data" --count "$count" --runs "$runs" --cpu "$cpu" \
  --limit "$limit" --bins "now=bin/pocket,base=$tmp/pocket-base" --log "$tmp/pocket.log"
