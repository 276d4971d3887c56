# Shared by the loopback load runs (sourced, not run): a generated library
# imported into a temporary data directory, `pocket serve` on a free port,
# and a bearer token got the way a developer without a mail server signs in.
# The caller sets tmp (a scratch directory) and count; this sets base, pid
# and token, and stops the server on exit. serve_bin (default bin/pocket)
# chooses the binary bench_serve starts; bench_stop stops it.

pid=""
trap '[ -n "$pid" ] && { kill $pid 2>/dev/null; wait $pid 2>/dev/null; }; rm -rf "$tmp"' EXIT

bench_import_library() {
  bin/pocket fixtures gen --count "$count" --out "$tmp/gen" >/dev/null
  /usr/bin/time -f "import of $count recordings: %e s, max RSS %M KB" \
    bin/pocket import --user bench@example.com --data-dir "$tmp/data" "$tmp/gen" | tail -1
}

bench_serve() {
  # The port is kept across restarts: an ID token names the address it was issued at.
  port=${port:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
  base="http://127.0.0.1:$port"
  POCKET_ADDR="127.0.0.1:$port" POCKET_DATA_DIR="$tmp/data" POCKET_SEED=none \
    "${serve_bin:-bin/pocket}" serve 2>"$tmp/log" &
  pid=$!
  # Ready only once the change log holds the imported library.
  for _ in $(seq 1200); do curl -fsS "$base/readyz" >/dev/null 2>&1 && return; sleep 0.1; done
  echo "pocket serve did not become ready; its log:" >&2; cat "$tmp/log" >&2; return 1
}

bench_stop() {
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; pid=""
}

# The sign-in code is in the server's log when no SMTP server is set.
bench_sign_in() {
  local code ctok
  curl -fsS -X POST "$base/api/v1/auth/email/send-otp" -d '{"email":"bench@example.com"}' >/dev/null
  sleep 0.3
  code=$(grep -o 'sign-in code for bench@example.com: [0-9]*' "$tmp/log" | tail -1 | awk '{print $NF}')
  ctok=$(curl -fsS -X POST "$base/api/v1/auth/email/verify-otp" -d "{\"email\":\"bench@example.com\",\"otp\":\"$code\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  token=$(curl -fsS -X POST "$base/api/v1/auth/session" -H "Content-Type: application/json" -d "{\"token\":\"$ctok\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["idToken"])')
}
