#!/usr/bin/env bash
# Runs the Playwright suite against a real `pocket serve` (bin/pocket) with a
# fresh data directory seeded from fixtures/, on a free loopback port.
set -euo pipefail
cd "$(dirname "$0")/.."

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
log="$data/pocket.log"
POCKET_ADDR="127.0.0.1:$port" POCKET_DATA_DIR="$data" POCKET_SEED=fixtures/recordings \
  ./bin/pocket serve >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "pocket serve did not start:"; cat "$log"; exit 1; }

POCKET_E2E_URL="http://127.0.0.1:$port" POCKET_E2E_LOG="$log" CI="${CI:-true}" npm run test:e2e -- "$@"
