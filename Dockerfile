# syntax=docker/dockerfile:1
# One image recipe for every Streamly app:
#   docker build --build-arg APP=catalogue-service -t streamly/catalogue-service .
# APP is one of: api-gateway auth-service catalogue-service user-data-service
#                payment-service streaming-service recommendation-service
# Node 22 LTS (Node 20 left upstream support in April 2026), pinned by digest so every build of one commit runs on
# the same bytes (issue 14, finding 9). Move tag and digest together: docker buildx imagetools inspect node:22-bookworm-slim
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c

# All dependencies (dev included): the Nx toolchain needs them to build.
# npm install, not npm ci: this registry lacks other platforms' optional packages, so the lockfile cannot list them (TOOLCHAIN.md).
# --ignore-scripts matches package.json "allowScripts" (every install script off);
# esbuild, swc and nx load their platform binaries from optional packages.
FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
COPY package.json package-lock.json tools/deploy/lockfile-check.mjs ./
# The committed lockfile is enforced: npm may add this platform's optional binaries, never move a pin.
RUN --mount=type=cache,target=/root/.npm \
    cp package-lock.json /tmp/committed-lock.json \
 && npm install --ignore-scripts --no-audit --no-fund \
 && node lockfile-check.mjs /tmp/committed-lock.json package-lock.json

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
COPY package.json package-lock.json tools/deploy/lockfile-check.mjs ./
RUN --mount=type=cache,target=/root/.npm \
    cp package-lock.json /tmp/committed-lock.json \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && node lockfile-check.mjs /tmp/committed-lock.json package-lock.json

FROM ${NODE_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production APP=${APP}
WORKDIR /app
# ffmpeg for transcoding, espeak-ng for the sample films' speech (issue 26), and a media dir owned by the app user
# so a fresh named volume inherits that owner.
RUN if [ "$APP" = "streaming-service" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends ffmpeg espeak-ng \
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
