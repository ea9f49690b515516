#!/bin/sh
# Starts the server as production runs it (the image, `npm start`, the benches): the command given
# (`node dist/node/server.mjs`) on jemalloc, and Node.js with V8's heap settings for the server.
#
# Allocator: jemalloc when the system has it (Debian: `apt-get install libjemalloc2`; the Docker image
# installs it), else the system's. glibc's allocator keeps much of what the server freed (compression
# buffers on the thread pool, pages' bytes) in up to sixteen arenas; jemalloc with two arenas, giving
# back freed pages after a second, held 70 to 80 MB less after the bench's load, for up to a tenth more
# CPU per write (docs/operations.md, "Memory on a small server"). An operator's own MALLOC_CONF is kept;
# any LD_PRELOAD already set (whatever it preloads) leaves the allocator as it is; SERVER_ALLOCATOR=glibc
# (any value but jemalloc) opts out.
#
# V8's heap, when the command is `node` (docs/operations.md, "V8's heap"):
#   --max-semi-space-size=8   the young generation at 16 MB, what Node gives a machine of 2 GB by itself
#                             (it sizes it from the memory it may use: 32 MB on a larger one);
#   --heap-growing-percent=60 the old generation's limit at 1.6 times what the last full collection
#                             left; V8's own choice was about 1.25 with a large index, and it marked the
#                             whole heap every half second while articles were written.
# Flags given after the command's name come later on node's command line and win over these.
#
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
case "${1##*/}" in
  node)
    node=$1
    shift
    exec "$node" --max-semi-space-size=8 --heap-growing-percent=60 "$@"
    ;;
esac
exec "$@"
