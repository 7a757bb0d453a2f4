#!/usr/bin/env bash
# Debian packages the tests need: a real redis-server (the Redis store tests start their own
# on a free loopback port). Installs only what is missing; needs root or sudo for apt.
set -euo pipefail
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
if [ ${#need[@]} -eq 0 ]; then
  echo "test dependencies present: $(redis-server --version | cut -d' ' -f1-3)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing ${need[*]} (Debian packages)"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
