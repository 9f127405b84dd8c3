# Junction as a container image: built with the development dependencies, run with the production ones only.
#   docker build -t junction --build-arg JUNCTION_REVISION=$(git rev-parse HEAD) .
#   docker run -p 8080:8080 junction           (offline defaults; settings as environment variables, see README)
# Two instances with PostgreSQL, Redis and one port in front: compose.yaml and docs/deployment.md.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source where no prebuilt binary can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Dependencies first (a layer that changes only with the lock file); no `prepare` build yet: the sources come next.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ARG JUNCTION_REVISION=unknown
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/junction \
    LOG_FORMAT=json \
    JUNCTION_REVISION=${JUNCTION_REVISION}
WORKDIR /app
# Only what runs: the compiled server, its data files, the launcher and the production dependencies.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/scripts/launch.mjs ./scripts/launch.mjs
COPY --from=build /app/data ./data
COPY --from=build /app/dist ./dist
COPY --from=build /app/node_modules ./node_modules
RUN mkdir -p /var/lib/junction && chown node:node /var/lib/junction
USER node
VOLUME ["/var/lib/junction"]
EXPOSE 8080
# Readiness: 503 from the moment the instance drains on SIGTERM (docs/operations.md, "Health").
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
