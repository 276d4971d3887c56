#!/usr/bin/env bash
# First sync in the browser (make bench-web): generates and imports a library
# of $COUNT recordings, builds this tree and the baseline ($BASE_REF, a commit
# or branch: the app as it was, built the same way in a scratch copy), then
# runs pwa/scripts/bench-first-sync.mjs, which alternates the two builds on
# one data dir: a fresh Chromium context signs in, opens the list and waits
# until the device holds every recording, at each DevTools CPU slowdown in $CPU
# (the page's main thread only: DevTools cannot slow a worker) and, with
# SLOW_CORE=N (root), in a browser held to one core at 1/N of it, workers too.
# Then, on the same library and builds: local edits (bench-local-edit.mjs: a
# star in the list and a rename, input to the DOM showing it), the search
# request of each build (bench-search.mjs) and the device's own search
# (bench-offline-search.mjs, Node). Prints the tables docs/benchmarks.md keeps
# ("First sync in the browser", "Local edits", the search sections). COUNT=100000
# runs the big library (about 30 s a first sync).
#   COUNT=10000 RUNS=5 CPU=1,4 SLOW_CORE=4 LIMIT=300 BASE_REF=ac87b7f tools/bench-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-10000}; runs=${RUNS:-5}; cpu=${CPU:-1,4}; limit=${LIMIT:-300}; slow_core=${SLOW_CORE:-}
# The last commit whose pull landed a page in parts of four changes.
base_ref=${BASE_REF:-ac87b7f}
tmp=$(mktemp -d)
# shellcheck source=tools/bench-web-lib.sh
. tools/bench-web-lib.sh
bench_web_builds
bench_web_library
node pwa/scripts/bench-first-sync.mjs --data "$tmp/data" --count "$count" --runs "$runs" --cpu "$cpu" \
  --limit "$limit" ${slow_core:+--slow-core "$slow_core"} --bins "now=bin/pocket,base=$tmp/pocket-base" --log "$tmp/pocket.log"
node pwa/scripts/bench-local-edit.mjs --data "$tmp/data" --count "$count" --runs "$runs" --limit "$limit" \
  --bins "now=bin/pocket,base=$tmp/pocket-base" --log "$tmp/pocket.log"
for bin in bin/pocket "$tmp/pocket-base"; do
  echo "# $bin"
  node pwa/scripts/bench-search.mjs --data "$tmp/data" --lib "$tmp/gen" --bin "$bin" --log "$tmp/pocket.log"
done
node pwa/scripts/bench-offline-search.mjs --lib "$tmp/gen" --queries 300
