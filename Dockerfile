# The site as one image: built assets, production dependencies only, a non-root user.
#   docker build -t contraespionaje-cr .
#   docker run -e NODE_ENV=production -e TRUST_PROXY=1 -e SESSION_SECRET=... -e DATABASE_URL=... -p 3000:3000 contraespionaje-cr
# It serves plain HTTP on PORT and expects an HTTPS proxy in front (docker-compose.yml has one).

# 1. Every dependency, to build the web app, exactly as the committed lockfile says.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (sharp brings its Linux build; tsx stays for the operator scripts).
FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image that runs: sources of the server layers, the built PWA, no compiler, no dev tools.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
# jemalloc: scripts/launch-server.sh runs the server on it (less memory held after a load than glibc's allocator).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY api ./api
COPY domain ./domain
COPY events ./events
COPY projections ./projections
COPY scripts ./scripts
COPY public ./public
# The server reads only its own files; DATA_DIR (uploads, or the embedded database) is the one writable place.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The launcher execs node, so node itself is PID 1 and handles SIGTERM: `docker stop` lets requests in
# flight finish.
CMD ["sh", "scripts/launch-server.sh", "node", "dist/node/server.mjs"]
