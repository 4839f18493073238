# The image of `toolscope serve` (docs/hosting.md, "Container"). Built from a checkout:
#   docker build -t toolscope .
# The build stage builds the page and the bridge; the image keeps only what runs: the built app and
# the production dependencies the lockfile names, run by an unprivileged user, with a health check.
# NODE_IMAGE names the Node base image (any Debian-based image with Node 20.19 or newer).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE}
# Add here the runtimes your catalog's servers need (python3, uv, git, …), as root, before USER.
ENV NODE_ENV=production \
    TOOLSCOPE_DATA_DIR=/data
WORKDIR /opt/toolscope
COPY package.json package-lock.json ./
# Production dependencies only, exactly as locked, and no install script runs.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/bin ./bin
COPY --from=build /src/lib ./lib
COPY --from=build /src/dist ./dist
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin toolscope \
 && mkdir -p /data /etc/toolscope \
 && chown toolscope:toolscope /data \
 && chmod 700 /data \
 && ln -s /opt/toolscope/bin/toolscope.js /usr/local/bin/toolscope
USER toolscope
VOLUME /data
EXPOSE 6277
# /healthz answers while the process runs (the config's server.port must stay 6277 for this check).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:6277/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops it gracefully (pages told, servers ended, recordings written): give it 30 s.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/opt/toolscope/bin/toolscope.js"]
CMD ["serve", "--config", "/etc/toolscope/team.json"]
