#!/usr/bin/env bash
# Debian packages the tests need: a real redis-server and a real PostgreSQL server (the store
# tests start their own on free loopback ports, in temporary directories). Installs only what is
# missing; needs root or sudo for apt.
set -euo pipefail
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# Debian keeps the PostgreSQL server binaries (initdb, postgres) off PATH.
pg_initdb="$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)"
[ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ] && pg_initdb="$PG_BIN/initdb"
[ -n "$pg_initdb" ] || need+=(postgresql)
if [ ${#need[@]} -eq 0 ]; then
  echo "test dependencies present: $(redis-server --version | cut -d' ' -f1-3), $("$pg_initdb" --version)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing ${need[*]} (Debian packages)"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
