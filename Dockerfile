# syntax=docker/dockerfile:1
# Pocket Companion: one image for every role (embedded provider, relay).
#   docker build -t pocket .
#   docker run -p 8080:8080 -v pocket-data:/data -e POCKET_PUBLIC_URL=https://pocket.example pocket
# Base images are pinned by version; pin them by digest too where builds must be
# reproducible byte for byte (docs/deployment.md).

# 1. The PWA, built as `make build` builds it: `npm install` from the committed
#    lock file, then `npm run build` (type checks, import layering check, Vite
#    build into server/web/dist/app). Not `npm ci`: the lock file lists only the
#    platform packages (rollup, esbuild, buf) of the machines it was made on, and
#    npm ci refuses a lock file that lacks the others.
FROM node:20.20.2-bookworm-slim AS web
# Browsers come from Debian on test machines; a build never downloads one.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# The lock file was written by npm 11; Vite 8's optional native packages do not
# install reliably with the npm 10 that Node 20 ships.
RUN npm install -g npm@11.19.1
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
# What the build reads: the app, its service worker, the browser tests (type
# checked with the rest) and the sample recordings (the app's mocks import them).
COPY pwa pwa
COPY sw sw
COPY e2e e2e
COPY fixtures fixtures
RUN npm run build

# 2. The server, with the PWA embedded (server/web embeds dist/), static so it
#    runs on an image without libc.
FROM golang:1.26.8-bookworm AS server
ENV CGO_ENABLED=0 GOFLAGS=-buildvcs=false
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY pkg pkg
COPY server server
COPY --from=web /src/server/web/dist/app server/web/dist/app
RUN go build -trimpath -ldflags='-s -w' -o /out/pocket ./server/cmd/pocket \
 && mkdir -p /out/data

# 3. The runtime: no shell, no package manager, user nonroot (65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=server /out/pocket /pocket
# A named volume mounted here starts with this directory's owner, so the
# non-root server can write to it.
COPY --from=server --chown=65532:65532 /out/data /data
ENV POCKET_ADDR=0.0.0.0:8080 \
    POCKET_DATA_DIR=/data \
    POCKET_SEED=none
VOLUME /data
EXPOSE 8080
USER 65532:65532
# /readyz answers once the store does (in relay mode, once the relay is up).
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 CMD ["/pocket", "healthcheck"]
# SIGTERM drains in-flight requests (up to 25 s) before the store closes.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/pocket"]
CMD ["serve"]
