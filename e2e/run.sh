#!/usr/bin/env bash
# Runs the Playwright suite against a real stack on loopback, on free ports:
#   - Mailpit, the SMTP sink: pocket sends sign-in codes there and the tests
#     read them back from its HTTP API;
#   - bin/oidc-issuer, the test OpenID Connect issuer standing in for Google;
#   - bin/pocket serve with a fresh data dir seeded from fixtures/recordings.
# The tests get the addresses through POCKET_E2E_* variables. Everything this
# script starts is stopped when it exits, whether the tests pass, fail or are
# interrupted. Arguments go to Playwright (e.g. e2e/run.sh tests/shell.spec.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

for bin in bin/pocket bin/mailpit bin/oidc-issuer; do
  [ -x "$bin" ] || { echo "e2e: $bin is missing; 'make test-e2e' builds it" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pocket-e2e.XXXXXX")
pids=()
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$status" -ne 0 ] && [ -d e2e/test-results ]; then
    # Keep the servers' logs beside Playwright's traces for whoever reads the failure.
    cp "$tmp"/*.log e2e/test-results/ 2>/dev/null || true
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_ports() { # n: n distinct free loopback ports, held open together so none repeats
  python3 -c '
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))' "$1"
}

# launch NAME READY_URL COMMAND...: starts COMMAND in the background (output in
# $tmp/NAME.log) with {P1} and {P2} in READY_URL and COMMAND replaced by free
# ports, and waits up to 15 s for READY_URL to answer 2xx. A port is free when
# picked but may be taken before the server binds it (other processes share this
# machine), so a start that dies on "address already in use" is retried on new
# ports. Leaves the ports in $p1 and $p2.
launch() {
  local name=$1 ready=$2 attempt pid
  shift 2
  for attempt in 1 2 3; do
    read -r p1 p2 < <(free_ports 2)
    local args=("${@//\{P1\}/$p1}")
    args=("${args[@]//\{P2\}/$p2}")
    local url=${ready//\{P1\}/$p1}
    url=${url//\{P2\}/$p2}
    "${args[@]}" >"$tmp/$name.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    for _ in $(seq 1 150); do
      curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    grep -qi 'address already in use' "$tmp/$name.log" || break
  done
  echo "e2e: $name did not start ($url):" >&2
  cat "$tmp/$name.log" >&2
  exit 1
}

launch mailpit 'http://127.0.0.1:{P2}/api/v1/messages' bin/mailpit --smtp '127.0.0.1:{P1}' --listen '127.0.0.1:{P2}' \
  --disable-version-check --database "$tmp/mailpit.db" --quiet
smtp_url="smtp://127.0.0.1:$p1" mailpit_url="http://127.0.0.1:$p2"
launch oidc-issuer 'http://127.0.0.1:{P1}/.well-known/openid-configuration' \
  bin/oidc-issuer -addr '127.0.0.1:{P1}' -client-id pocket-e2e -client-secret pocket-e2e-secret
issuer_url="http://127.0.0.1:$p1"

# The same settings serve the specs that start a pocket of their own (support/pocket.ts).
export POCKET_SMTP_URL="$smtp_url"
export POCKET_SEED=fixtures/recordings
export POCKET_GOOGLE_CLIENT_ID=pocket-e2e POCKET_GOOGLE_CLIENT_SECRET=pocket-e2e-secret POCKET_GOOGLE_ISSUER="$issuer_url"
# Push subscriptions may name a plain-HTTP loopback endpoint: tests/push.spec.ts
# plays the push service on one (a real one is https and out of reach offline).
export POCKET_PUSH_ALLOW_LOOPBACK=1
mkdir "$tmp/data"
launch pocket 'http://127.0.0.1:{P1}/readyz' env POCKET_ADDR='127.0.0.1:{P1}' POCKET_PUBLIC_URL='http://127.0.0.1:{P1}' \
  POCKET_DATA_DIR="$tmp/data" ./bin/pocket serve
pocket_url="http://127.0.0.1:$p1"

export POCKET_E2E_URL="$pocket_url" POCKET_E2E_LOG="$tmp/pocket.log"
export POCKET_E2E_MAILPIT_URL="$mailpit_url" POCKET_E2E_ISSUER_URL="$issuer_url"
CI="${CI:-true}" npm run --silent test:e2e -- "$@"
