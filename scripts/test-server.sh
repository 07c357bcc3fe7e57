#!/usr/bin/env bash
# Manages the Python GraphQL test server used by the Swift integration tests.
#
# Usage: scripts/test-server.sh install|start|stop|kill|restart|status|url
#
#   install  create TestServer/.venv and install TestServer/requirements.txt
#            (skipped when the venv already matches the requirements' hash)
#   start    install if needed, start the server in the background and wait
#            until GET /health answers; prints the base URL
#   stop     stop the server (SIGTERM, SIGKILL after a few seconds)
#   kill     stop the server abruptly (SIGKILL, no WebSocket close frames)
#   restart  stop, then start
#   status   exit 0 when the server answers GET /health, 1 otherwise
#   url      print the base URL
#
# Environment:
#   APOLLO_TEST_SERVER_PORT  port on 127.0.0.1 (default 4010); pid and log are in
#                            TestServer/.run/server.pid and server.log (for another
#                            port: server-PORT.pid and server-PORT.log)
#   APOLLO_TEST_SERVER_PYTHON  interpreter used to create the venv (default python3)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SERVER_DIR="$ROOT/TestServer"
VENV="$SERVER_DIR/.venv"
RUN_DIR="$SERVER_DIR/.run"
REQUIREMENTS="$SERVER_DIR/requirements.txt"
HASH_FILE="$VENV/.requirements.sha256"
HOST="127.0.0.1"
DEFAULT_PORT=4010
PORT="${APOLLO_TEST_SERVER_PORT:-$DEFAULT_PORT}"
if ! [[ "$PORT" =~ ^[0-9]+$ ]]; then
  echo "test-server: APOLLO_TEST_SERVER_PORT must be a number, got '$PORT'" >&2
  exit 2
fi
# The default port uses server.pid/server.log; another port gets its own
# files (server-PORT.pid/.log) so that servers on different ports coexist.
if [[ "$PORT" == "$DEFAULT_PORT" ]]; then
  PID_FILE="$RUN_DIR/server.pid"
  LOG_FILE="$RUN_DIR/server.log"
else
  PID_FILE="$RUN_DIR/server-$PORT.pid"
  LOG_FILE="$RUN_DIR/server-$PORT.log"
fi
BASE_URL="http://$HOST:$PORT"
PYTHON="${APOLLO_TEST_SERVER_PYTHON:-python3}"
START_TIMEOUT_SECONDS=30
STOP_TIMEOUT_SECONDS=5

log() { echo "test-server: $*" >&2; }

requirements_hash() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$REQUIREMENTS" | cut -d' ' -f1
  else
    shasum -a 256 "$REQUIREMENTS" | cut -d' ' -f1  # macOS
  fi
}

venv_is_current() {
  [[ -x "$VENV/bin/python" && -f "$HASH_FILE" ]] && [[ "$(cat "$HASH_FILE")" == "$(requirements_hash)" ]]
}

cmd_install() {
  if venv_is_current; then
    return 0
  fi
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating virtual environment in $VENV"
    if ! "$PYTHON" -m venv "$VENV"; then
      log "error: '$PYTHON -m venv' failed (on Debian: apt-get install python3-venv)"
      rm -rf "$VENV"
      exit 1
    fi
  fi
  log "installing $REQUIREMENTS"
  rm -f "$HASH_FILE"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQUIREMENTS"
  requirements_hash >"$HASH_FILE"
}

# Prints nothing; exit status 0 when GET /health answers 200 "ok".
healthy() {
  local python="python3"
  [[ -x "$VENV/bin/python" ]] && python="$VENV/bin/python"
  "$python" - "$BASE_URL/health" <<'EOF' >/dev/null 2>&1
import sys, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1], timeout=2) as response:
        ok = response.status == 200 and response.read().strip() == b"ok"
except Exception:
    ok = False
sys.exit(0 if ok else 1)
EOF
}

# True while the process exists and is not a zombie (an exited child that its
# new parent has not reaped yet still answers kill -0).
process_alive() {
  local pid="$1" state=""
  kill -0 "$pid" 2>/dev/null || return 1
  if [[ -r "/proc/$pid/stat" ]]; then
    state="$(sed -E 's/^.*\) ([A-Za-z]).*$/\1/' "/proc/$pid/stat" 2>/dev/null || true)"
  elif command -v ps >/dev/null 2>&1; then
    state="$(ps -o stat= -p "$pid" 2>/dev/null || true)"
  fi
  [[ "$state" != Z* ]]
}

process_command() {
  local pid="$1"
  if [[ -r "/proc/$pid/cmdline" ]]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true
  else
    ps -o args= -p "$pid" 2>/dev/null || true
  fi
}

server_pid() {
  if [[ -f "$PID_FILE" ]]; then
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    # The pid must still be our server (a stale pid file may name a pid that
    # the system has given to an unrelated process since).
    if [[ "$pid" =~ ^[0-9]+$ ]] && process_alive "$pid" && [[ "$(process_command "$pid")" == *server.py* ]]; then
      echo "$pid"
      return 0
    fi
  fi
  return 1
}

cmd_start() {
  local pid
  if pid="$(server_pid)" && healthy; then
    log "already running (pid $pid)"
    echo "$BASE_URL"
    return 0
  fi
  if [[ -z "${pid:-}" ]] && healthy; then
    log "a server already answers on $BASE_URL (not started by this script); using it"
    echo "$BASE_URL"
    return 0
  fi
  if [[ -n "${pid:-}" ]]; then
    log "pid $pid is running but not healthy; stopping it"
    cmd_stop
  fi

  cmd_install
  mkdir -p "$RUN_DIR"
  if [[ -f "$LOG_FILE" ]]; then
    mv -f "$LOG_FILE" "$LOG_FILE.1"
  fi
  # server.py --detach puts itself in a new session, so that signals sent to
  # the caller's process group (e.g. Ctrl-C on the test run) do not reach it.
  (
    cd "$SERVER_DIR"
    exec "$VENV/bin/python" -u server.py --host "$HOST" --port "$PORT" --detach \
      </dev/null >>"$LOG_FILE" 2>&1
  ) &
  pid=$!
  echo "$pid" >"$PID_FILE"

  local deadline=$((SECONDS + START_TIMEOUT_SECONDS))
  while ((SECONDS < deadline)); do
    if healthy; then
      log "started (pid $pid), log: $LOG_FILE"
      echo "$BASE_URL"
      return 0
    fi
    if ! process_alive "$pid"; then
      break
    fi
    sleep 0.1
  done

  if process_alive "$pid"; then
    log "error: server (pid $pid) did not answer $BASE_URL/health within ${START_TIMEOUT_SECONDS}s"
    kill -KILL "$pid" 2>/dev/null || true
  else
    log "error: server process exited during startup"
  fi
  rm -f "$PID_FILE"
  log "last lines of $LOG_FILE:"
  tail -n 40 "$LOG_FILE" >&2 || true
  exit 1
}

wait_for_exit() {
  local pid="$1" limit="$2"
  local deadline=$((SECONDS + limit))
  while process_alive "$pid"; do
    ((SECONDS >= deadline)) && return 1
    sleep 0.05
  done
  return 0
}

cmd_stop() {
  local signal="${1:-TERM}" pid
  if pid="$(server_pid)"; then
    kill "-$signal" "$pid" 2>/dev/null || true
    if ! wait_for_exit "$pid" "$STOP_TIMEOUT_SECONDS"; then
      log "pid $pid did not stop after SIG$signal; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      wait_for_exit "$pid" "$STOP_TIMEOUT_SECONDS" || log "warning: pid $pid is still alive"
    fi
    log "stopped (pid $pid)"
  fi
  rm -f "$PID_FILE"
}

cmd_status() {
  if healthy; then
    echo "running: $BASE_URL"
    return 0
  fi
  echo "not running: $BASE_URL"
  return 1
}

main() {
  local command="${1:-}"
  case "$command" in
    install) cmd_install ;;
    start) cmd_start ;;
    stop) cmd_stop TERM ;;
    kill) cmd_stop KILL ;;
    restart)
      cmd_stop TERM
      cmd_start
      ;;
    status) cmd_status ;;
    url) echo "$BASE_URL" ;;
    *)
      echo "usage: $0 install|start|stop|kill|restart|status|url" >&2
      exit 2
      ;;
  esac
}

main "$@"
