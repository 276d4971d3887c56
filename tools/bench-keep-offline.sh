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
# shellcheck source=tools/bench-web-lib.sh
. tools/bench-web-lib.sh
bench_web_builds
bench_web_library
node pwa/scripts/bench-keep-offline.mjs --data "$tmp/data" --count "$count" --runs "$runs" --cpu "$cpu" \
  --limit "$limit" --bins "now=bin/pocket,base=$tmp/pocket-base" --log "$tmp/pocket.log"
