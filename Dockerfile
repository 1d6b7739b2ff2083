# Site image (docs/decisions/0025-production-process-and-image.md). Targets:
#   production (default, last stage): the compiled server (build/node/server.js),
#     the Remix build and production dependencies only; no firebase-tools, tsx
#     or Vite. Needs FIREBASE_PROJECT_ID (+ credentials) and, in real use,
#     VISTA_URL/VISTA_KEY, DATABASE_URL, SMTP_URL.
#   demo: the same plus firebase-tools, so the embedded defaults (Auth
#     emulator, Vista sandbox, PGlite in /data) run with no configuration:
#       docker build --target demo -t imobiliaria:demo .
#       docker run -p 3000:3000 -v imobiliaria-data:/data imobiliaria:demo
#
# Base image: Node 26 LTS on Debian trixie slim. Pin it by digest for
# reproducible builds; the ARG accepts a tag or tag@sha256:
#   docker buildx imagetools inspect node:26.13.0-trixie-slim   # prints "Digest: sha256:…"
#   docker build --build-arg NODE_IMAGE=node:26.13.0-trixie-slim@sha256:<digest> .
#
# Runtime: tini is PID 1 and hands SIGTERM to node, which drains requests and
# closes the jobs and the database within SHUTDOWN_TIMEOUT_SECONDS (default 8),
# below `docker stop`'s 10 s grace; raise both together (`docker stop -t`,
# compose `stop_grace_period`). The root filesystem may be read-only
# (`--read-only --tmpfs /tmp`): the process writes only under DATA_DIR (/data).
#
# The runtime stages start from plain Debian trixie slim (the node image's own
# base) with only the node binary copied in: no npm, yarn or corepack (ADR
# 0025 has the size they add). Pin it by digest too:
#   docker build --build-arg DEBIAN_IMAGE=debian:trixie-slim@sha256:<digest> .
ARG NODE_IMAGE=node:26.13.0-trixie-slim
ARG DEBIAN_IMAGE=debian:trixie-slim

# The node binary of the pinned Node image, for the runtime stages.
FROM ${NODE_IMAGE} AS node

# All dependencies, installed once from the lock file (plain Dockerfile syntax:
# the classic builder and BuildKit both build it, with no frontend image to pull).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund && npm cache clean --force

# The Remix build and the compiled server (npm run build → build/).
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies: only the files the compiled server can load, traced
# from its imports (scripts/trace-runtime.mjs, @vercel/nft): a fraction of a
# pruned production tree (ADR 0025 has the sizes).
FROM build AS prod-deps
RUN node scripts/trace-runtime.mjs /out

# The demo's dependencies: production ones plus firebase-tools (the embedded Auth emulator),
# declared as a dependency here only, then pruned from the full tree. TypeScript is only a
# peer of @remix-run/* for type checking: never loaded at run time.
FROM deps AS demo-deps
RUN npm pkg delete devDependencies.firebase-tools \
 && npm pkg set "dependencies.firebase-tools=$(node -p 'require("./node_modules/firebase-tools/package.json").version')" \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/typescript

# Common runtime: tini, the unprivileged user, the data volume, the health check.
FROM ${DEBIAN_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt /var/log/dpkg.log \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/sh --create-home node
COPY --from=node /usr/local/bin/node /usr/local/bin/node
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    SHUTDOWN_TIMEOUT_SECONDS=8
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/server').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
ENTRYPOINT ["tini", "--"]
CMD ["node", "build/node/server.js"]

FROM runtime AS demo
COPY --from=demo-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
USER node

# Default target: keep it last.
FROM runtime AS production
COPY --from=prod-deps /out/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
USER node
