# The console (apps/server, with the web app it serves and the agent it starts for local instances).
# Build from the repository root:  docker build -f deploy/docker/console.Dockerfile -t replay-console .
# Three stages: the web app is built with every dev dependency; the runtime gets production
# dependencies only (npm ci --omit=dev), the sources it runs, and the built web app; it runs as
# the image's unprivileged `node` user. The console runs its TypeScript through tsx (a production
# dependency of apps/server), as `npm start` does, without the start script's rebuild check.

# 1. Build the web app (Vite), the tracker and the replay screen's player (which the local
#    instances' agents serve) with the full dev toolchain: `npm run build` builds all three.
FROM node:22-slim AS build
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
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY apps/web apps/web
COPY apps/agent apps/agent
COPY packages packages
RUN npm run build

# 2. Production dependencies of the server and the workspace packages it uses (the agent among
#    them), nothing else: no compiler, bundler, test runner, browser driver or web-app library.
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
RUN npm ci --omit=dev --workspace apps/server --include-workspace-root=false --no-audit --no-fund && npm cache clean --force

# 3. The runtime: owned by root, run by `node` (uid 1000), so the process cannot change its own code.
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json ./
COPY apps/server apps/server
COPY apps/agent apps/agent
COPY packages/contracts packages/contracts
COPY packages/agent-protocol packages/agent-protocol
COPY packages/local-process packages/local-process
COPY packages/saml-sp packages/saml-sp
COPY --from=build /app/apps/web/dist apps/web/dist
# The tracker the local instances' agents serve (built with the web app by `npm run build`).
COPY --from=build /app/packages/tracker/package.json packages/tracker/package.json
COPY --from=build /app/packages/tracker/dist packages/tracker/dist
COPY --from=build /app/apps/agent/dist apps/agent/dist
COPY --from=build /app/apps/web/package.json apps/web/package.json
# The data folder (the embedded database, local instances): the only place the process writes.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# The orchestrator's probes are /livez and /readyz (Kubernetes manifests in deploy/kubernetes).
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
