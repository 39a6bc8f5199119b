# An instance agent (apps/agent), for drivers that run each instance in a container of its own.
# Build from the repository root:  docker build -f deploy/docker/agent.Dockerfile -t replay-agent .
# The agent's sources are TypeScript with explicit .ts imports, run by Node's own type stripping
# (Node 22.18 and later): no build step, no loader. Production dependencies only, user `node`.

# 1. What the agent serves to browsers, built with the dev toolchain of the two workspaces: the
#    tracker (packages/tracker: esbuild, rrweb, its declarations by the root's typescript, its npm
#    tarball) and the replay screen's player (apps/agent: esbuild, rrweb-player). Both import
#    packages/agent-protocol. Install scripts are not run: nothing here needs a compiled module.
FROM node:22-slim AS assets
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/agent/package.json apps/agent/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/agent-protocol/package.json packages/agent-protocol/
COPY packages/local-process/package.json packages/local-process/
COPY packages/saml-sp/package.json packages/saml-sp/
COPY packages/test-idp/package.json packages/test-idp/
COPY packages/tracker/package.json packages/tracker/
RUN npm ci --workspace packages/tracker --workspace apps/agent --include-workspace-root --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY packages/agent-protocol packages/agent-protocol
COPY packages/tracker packages/tracker
COPY apps/agent/scripts apps/agent/scripts
COPY apps/agent/src/replay-ui/browser apps/agent/src/replay-ui/browser
RUN npm run build --workspace packages/tracker && npm run build --workspace apps/agent

# 2. The agent's production dependencies (and its workspace packages), nothing else.
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/agent/package.json apps/agent/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/agent-protocol/package.json packages/agent-protocol/
COPY packages/local-process/package.json packages/local-process/
COPY packages/saml-sp/package.json packages/saml-sp/
COPY packages/test-idp/package.json packages/test-idp/
COPY packages/tracker/package.json packages/tracker/
# better-sqlite3 (the session index) is compiled here against this image's Node headers, never
# downloaded prebuilt; the compiler stays in this stage, the runtime gets only the module.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
RUN npm ci --omit=dev --workspace apps/agent --include-workspace-root=false --no-audit --no-fund --build-from-source --nodedir=/usr/local && npm cache clean --force

# 3. The runtime: sources owned by root, run by `node` (uid 1000); the data folder its only writable place.
FROM node:22-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY apps/agent apps/agent
COPY packages/agent-protocol packages/agent-protocol
# The words of the Errors screens (one type-strippable file of the contracts, js-error-messages.ts).
COPY packages/contracts packages/contracts
COPY packages/local-process packages/local-process
COPY packages/saml-sp packages/saml-sp
# What the agent serves from dist/ (the build context leaves every dist/ out): the tracker's script
# and tarball, and the replay screen's player.
COPY --from=assets /app/packages/tracker/package.json packages/tracker/package.json
COPY --from=assets /app/packages/tracker/dist packages/tracker/dist
COPY --from=assets /app/apps/agent/dist apps/agent/dist
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
# The console's driver passes the instance's settings as flags (--instance-id, --data-dir /data, ...).
ENTRYPOINT ["node", "apps/agent/src/main.ts"]
