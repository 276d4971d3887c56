#!/usr/bin/env bash
# A throwaway PostgreSQL for tests and benchmarks: Debian's server (`make postgres`
# installs it), a cluster initialised in DIR, listening on a free loopback port and
# on a socket in DIR, with a database named pocket.
#
#   tools/postgres.sh start DIR   prints the database's URL (postgres://…) once it answers
#   tools/postgres.sh stop DIR    stops it (fast: open sessions are ended) and removes DIR
#   tools/postgres.sh crash DIR   stops it as a crash would (pg_ctl -m immediate: no checkpoint,
#                                 sessions cut); DIR stays
#   tools/postgres.sh resume DIR  starts it again on the same port and data (crash recovery first)
#
# The server refuses to run as root, so under root the cluster belongs to the postgres
# user. Its settings trade durability across a machine crash for speed (fsync off): a
# killed postgres process still loses nothing committed (synchronous_commit stays on),
# which is what the fault tests check. Anything else needs a real deployment
# (docs/deployment.md).
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "postgres: no server under /usr/lib/postgresql; 'make postgres' installs it" >&2; exit 1; }

as_owner() { # runs a server command as the cluster's owner
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  local dir=$1 port
  mkdir -p "$dir"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  for _ in 1 2 3; do # a free port can be taken before the server binds it
    port=$(free_port)
    if run_server "$dir" "$port"; then
      echo "$port" >"$dir/port"
      as_owner "$bin/createdb" -h "$dir" -p "$port" -U postgres pocket
      echo "postgres://postgres@127.0.0.1:$port/pocket?sslmode=disable"
      return
    fi
  done
  cat "$dir/server.log" >&2
  exit 1
}

run_server() { # DIR PORT
  as_owner "$bin/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 30 start \
    -o "-p $2 -k $1 -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300" >/dev/null
}

crash() { as_owner "$bin/pg_ctl" -D "$1/data" -m immediate -w stop >/dev/null; }

resume() { run_server "$1" "$(cat "$1/port")" || { tail -n 20 "$1/server.log" >&2; exit 1; }; }

stop() {
  local dir=$1
  [ ! -d "$dir/data" ] || as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case ${1:-} in
start | stop | crash | resume) "$1" "${2:?usage: tools/postgres.sh start|stop|crash|resume DIR}" ;;
*) echo "usage: tools/postgres.sh start|stop|crash|resume DIR" >&2; exit 2 ;;
esac
