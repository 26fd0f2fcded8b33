# The production image: the built web app and the API server in one process per container, on
# PostgreSQL and an S3-compatible bucket (compose.yaml). Build: docker build -t snowgear .

# The workspaces' package files alone: installing from them is redone only when they change.
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/barcode/package.json packages/barcode/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# As npm start does (scripts/start.mjs): two malloc arenas for all the server's threads.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
# Only what the server needs at run time: its own dependencies, its bundle, its migrations and
# the built web app (the workspace packages are bundled into dist/server.js).
COPY --from=manifests /app ./
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
ENV WEB_DIST_DIR=/app/apps/web/dist \
    DATA_DIR=/data \
    PORT=3000 \
    SEED_DEMO_DATA=false
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready: the database and the file store answer (README "Faults").
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Stack traces name the TypeScript source of the server's own code (source-maps.mjs).
CMD ["node", "--import=./apps/server/dist/source-maps.mjs", "apps/server/dist/server.js"]
