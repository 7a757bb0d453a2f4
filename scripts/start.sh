#!/bin/sh
# `npm start`. `ask` runs from the start-up snapshot of the console path (dist/snapshot-*.blob, built
# with dist/ by scripts/build.mjs): Node.js deserializes a heap whose modules are already evaluated
# instead of compiling them. The snapshot first checks that no source changed since it was built and
# otherwise hands over to scripts/start.mjs, which rebuilds. Every other mode, and a Node.js with no
# snapshot of its own (found by npm's user agent: "npm/… node/v20.20.2 linux x64 …"), runs
# scripts/start.mjs: compile dist/ if stale, then dist/main.js. Without a POSIX shell (Windows):
# `npm run start:plain`, the same answers without the snapshot.
# Node.js refuses a snapshot built under other V8 flags (exit 14, before any JavaScript runs), so the
# snapshot is skipped when NODE_OPTIONS is set, and when this file (NODE_FLAGS) changed since it was built.
# The Node.js flags of every start (README "Memory"); a snapshot loads only under the flags it was built with.
NODE_FLAGS='--max-semi-space-size=4 --v8-pool-size=1 --no-wasm-tier-up'
# glibc's malloc raises its mmap threshold each time a large block is freed, after which large blocks come
# from the heap and a start-up burst can stay there (about 9 MB of a gateway process, in half the starts).
# A fixed threshold keeps blocks of 128 KiB and more in mmap, returned on free (README "Memory").
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
case "$0" in */*) root=${0%/*}/.. ;; *) root=.. ;; esac
node=${npm_node_execpath:-node}
if [ "$1" = ask ] && [ -n "${npm_config_user_agent:-}" ] && [ -z "${NODE_OPTIONS:-}" ]; then
  # "npm/10.8.2 node/v20.20.2 linux x64 workspaces/false" -> dist/snapshot-v20.20.2-linux-x64.blob
  version=${npm_config_user_agent#*node/}
  version=${version%% *}
  platform=${npm_config_user_agent#*node/"$version" }
  arch=${platform#* }
  blob="$root/dist/snapshot-$version-${platform%% *}-${arch%% *}.blob"
  # shellcheck disable=SC2086 # NODE_FLAGS is a list
  [ "$blob" -nt "$0" ] && exec "$node" $NODE_FLAGS --snapshot-blob "$blob" "$root" "$@"
fi
# shellcheck disable=SC2086
exec "$node" $NODE_FLAGS "$root/scripts/start.mjs" "$@"
