#!/usr/bin/env bash
# Seconds from `pocket serve` starting until /readyz answers 200, on a copy of
# a data directory (the original stays as it was, so a one-time backfill runs
# again on each copy). Builds are compared by naming several.
# Usage: tools/bench-ready.sh <data dir> <pocket binary>...
set -euo pipefail
src=$1; shift
for bin in "$@"; do
  dir=$(mktemp -d)
  cp -a "$src/." "$dir/"
  port=$((20000 + RANDOM % 20000))
  start=$(date +%s.%N)
  POCKET_ADDR=127.0.0.1:$port POCKET_PUBLIC_URL=http://127.0.0.1:$port POCKET_DATA_DIR=$dir POCKET_SEED=none \
    "$bin" serve >"$dir.log" 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do
    kill -0 "$pid" 2>/dev/null || { echo "$bin exited; see $dir.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "$bin: ready after $(echo "$(date +%s.%N) - $start" | bc) s"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$dir" "$dir.log"
done
