#!/bin/sh
# Runs the command given (the server: `node dist/node/server.mjs`) with the server's memory settings:
# - jemalloc as its memory allocator when the system has it (Debian: `apt-get install libjemalloc2`;
#   the Docker image installs it). glibc's allocator keeps much of what the server freed (compression
#   buffers on the thread pool, pages' bytes) in up to sixteen arenas; jemalloc with two arenas, giving
#   back freed pages after a second, held 70 to 80 MB less after the bench's load, for up to a tenth more
#   CPU per write. An operator's own MALLOC_CONF is kept; any LD_PRELOAD already set (whatever it
#   preloads) leaves the allocator as it is; SERVER_ALLOCATOR=glibc (any value but jemalloc) opts out.
# - V8's young generation at most 8 MB a half (NODE_OPTIONS --max-semi-space-size=8; Node's default on
#   64-bit is 16): about 25 MB less held, at start and after the bench's load, for about 1% more CPU per
#   rendered page. Half of that again (4) cost 7%. An operator's own NODE_OPTIONS come after it, so their
#   own --max-semi-space-size wins.
# (docs/operations.md, "Memory on a small server".)
# `exec`: the command replaces this shell, so it receives the signals (SIGTERM) itself.
if [ -z "${LD_PRELOAD:-}" ] && [ "${SERVER_ALLOCATOR:-jemalloc}" = jemalloc ]; then
  for lib in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -f "$lib" ]; then
      LD_PRELOAD="$lib"
      MALLOC_CONF="${MALLOC_CONF:-narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0}"
      export LD_PRELOAD MALLOC_CONF
      break
    fi
  done
fi
NODE_OPTIONS="--max-semi-space-size=8${NODE_OPTIONS:+ $NODE_OPTIONS}"
export NODE_OPTIONS
exec "$@"
