#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: a throwaway data directory in a temp dir, on a free port of
# 127.0.0.1, trust authentication for the user `marks`, tuned for speed (no fsync: the data is thrown away).
#
#   scripts/test-postgres.sh start        starts it (or finds it running); prints `export MARKS_TEST_DATABASE_URL=…`
#   scripts/test-postgres.sh url          prints the URL of the running cluster
#   scripts/test-postgres.sh stop         stops it and removes its directory (does nothing when none runs)
#   scripts/test-postgres.sh run CMD…     starts it, runs CMD with MARKS_TEST_DATABASE_URL and
#                                         MARKS_REQUIRE_POSTGRES=1 exported, stops it whatever CMD did; exits as CMD
#
# `eval "$(scripts/test-postgres.sh start)"` sets the variable in a shell. The server binaries come from
# /usr/lib/postgresql/*/bin (Debian's `postgresql`, installed by `scripts/install-deps.sh --test`). initdb refuses
# to run as root: as root the cluster belongs to the `postgres` user (runuser). The running cluster is remembered
# in .build/test-postgres.state, one per checkout, so two checkouts each run their own.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
state="$here/../.build/test-postgres.state"

say() { echo "[test-postgres] $*" >&2; }
die() { say "$*"; exit 1; }

bin_dir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "no PostgreSQL server in /usr/lib/postgresql/*/bin: run scripts/install-deps.sh --test"
  echo "$dir"
}

# Runs a command as the cluster's owner: the `postgres` user when we are root, ourselves otherwise.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

url_for() { echo "postgres://marks@127.0.0.1:$1/postgres"; }

# Loads DIR and PORT from the state file; fails when there is none.
load_state() {
  [ -f "$state" ] || return 1
  DIR="$(sed -n 's/^DIR=//p' "$state")"
  PORT="$(sed -n 's/^PORT=//p' "$state")"
  [ -n "$DIR" ] && [ -n "$PORT" ]
}

is_running() {
  load_state && [ -f "$DIR/data/postmaster.pid" ] && as_owner "$(bin_dir)/pg_ctl" status -D "$DIR/data" >/dev/null 2>&1
}

start() {
  if is_running; then
    say "already running on port $PORT ($DIR)"
    echo "export MARKS_TEST_DATABASE_URL=$(url_for "$PORT")"
    return 0
  fi
  stop # a stale state file from a cluster that died
  local bin dir port attempt
  bin="$(bin_dir)"
  dir="$(mktemp -d "${TMPDIR:-/tmp}/marks-test-postgres.XXXXXX")"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "running as root needs the postgres user (from Debian's postgresql package)"
    chown postgres: "$dir"
  fi
  mkdir -p "$(dirname "$state")"
  printf 'DIR=%s\nPORT=\n' "$dir" >"$state"
  as_owner mkdir -p "$dir/socket"
  if ! as_owner "$bin/initdb" -D "$dir/data" -A trust -U marks -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    stop
    die "initdb failed"
  fi
  for attempt in 1 2 3; do
    port="$(free_port)"
    printf 'DIR=%s\nPORT=%s\n' "$dir" "$port" >"$state"
    if as_owner "$bin/pg_ctl" start -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir/socket -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        >/dev/null 2>&1; then
      say "started on port $port ($dir)"
      echo "export MARKS_TEST_DATABASE_URL=$(url_for "$port")"
      return 0
    fi
    say "could not start on port $port (attempt $attempt); the server log says:"
    tail -n 5 "$dir/server.log" >&2 || true
  done
  stop
  die "the server did not start"
}

stop() {
  load_state || { rm -f "$state"; return 0; }
  if [ -d "$DIR/data" ]; then
    local bin
    bin="$(bin_dir)"
    if [ -f "$DIR/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" stop -D "$DIR/data" -m fast -w -t 30 >/dev/null 2>&1 \
        || as_owner "$bin/pg_ctl" stop -D "$DIR/data" -m immediate -w -t 30 >/dev/null 2>&1 \
        || say "pg_ctl could not stop the server in $DIR"
    fi
  fi
  case "$DIR" in
    */marks-test-postgres.*) rm -rf "$DIR" ;;
  esac
  rm -f "$state"
  say "stopped"
}

url() {
  is_running || die "no test cluster is running: scripts/test-postgres.sh start"
  url_for "$PORT"
}

run() {
  [ $# -gt 0 ] || die "usage: $0 run COMMAND [ARGUMENTS…]"
  local exports code=0
  exports="$(start)"
  trap stop EXIT
  eval "$exports"
  export MARKS_REQUIRE_POSTGRES=1
  # In the background so a signal to this script is handled at once (bash runs traps only between commands):
  # it is passed on as SIGTERM (a background child ignores SIGINT), then the EXIT trap stops the cluster.
  "$@" &
  child=$!
  trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; exit 130' INT
  trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; exit 143' TERM
  wait "$child" || code=$?
  return "$code"
}

command="${1:-}"
shift || true
case "$command" in
  start) start ;;
  stop) stop ;;
  url) url ;;
  run) run "$@" ;;
  *) die "usage: $0 start | stop | url | run COMMAND [ARGUMENTS…]" ;;
esac
