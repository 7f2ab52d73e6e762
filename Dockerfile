# syntax=docker/dockerfile:1
# One image recipe for every Streamly app:
#   docker build --build-arg APP=catalogue-service -t streamly/catalogue-service .
# APP is one of: api-gateway auth-service catalogue-service user-data-service
#                payment-service streaming-service recommendation-service
ARG NODE_IMAGE=node:20-bookworm-slim

# All dependencies (dev included): the Nx toolchain needs them to build.
# npm install, not npm ci: this registry lacks other platforms' optional packages, so the lockfile cannot list them (TOOLCHAIN.md).
# --ignore-scripts matches package.json "allowScripts" (every install script off);
# esbuild, swc and nx load their platform binaries from optional packages.
FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --ignore-scripts --no-audit --no-fund

FROM deps AS build
ENV NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
# Declared after COPY so the layers above are shared by all seven images.
ARG APP
RUN test -n "$APP" || { echo "build with --build-arg APP=<app>" >&2; exit 1; }
# /out holds exactly what the runtime stage copies: the app bundle, plus the web app for the gateway.
RUN npx nx build "$APP" \
 && mkdir -p /out/dist/apps \
 && cp -R "dist/apps/$APP" /out/dist/apps/ \
 && if [ "$APP" = "api-gateway" ]; then \
      npx nx build web && cp -R dist/apps/web /out/dist/apps/; \
    fi

# Production dependencies only: the bundles leave npm packages external.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /repo
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production APP=${APP}
WORKDIR /app
# ffmpeg for transcoding, and a media dir owned by the app user so a fresh named volume inherits that owner.
RUN if [ "$APP" = "streaming-service" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends ffmpeg \
      && rm -rf /var/lib/apt/lists/* \
      && mkdir -p /data/media && chown 1000:1000 /data/media; \
    fi
# Files stay root-owned: the app user can read its code but not change it.
COPY --from=prod-deps /repo/node_modules ./node_modules
COPY --from=build /out/ ./
COPY tools/deploy/healthcheck.mjs ./healthcheck.mjs
# Numeric uid ("node" in this image) so Kubernetes can verify runAsNonRoot.
USER 1000:1000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "/app/healthcheck.mjs"]
# exec: node replaces the shell and receives SIGTERM itself.
CMD ["/bin/sh", "-c", "exec node \"dist/apps/$APP/main.js\""]
