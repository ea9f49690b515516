#!/bin/sh
# Runs the command given (the server: `node dist/node/server.mjs`) with jemalloc as its memory allocator
# when the system has it (Debian: `apt-get install libjemalloc2`; the Docker image installs it), else
# as it is. glibc's allocator keeps much of what the server freed (compression buffers on the thread
# pool, pages' bytes) in up to sixteen arenas; jemalloc with two arenas, giving back freed pages after
# a second, held 70 to 80 MB less after the bench's load, for up to a tenth more CPU per write
# (docs/operations.md, "Memory on a small server"). An operator's own MALLOC_CONF is kept; any
# LD_PRELOAD already set (whatever it preloads) leaves the allocator as it is; SERVER_ALLOCATOR=glibc
# (any value but jemalloc) opts out.
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
exec "$@"
