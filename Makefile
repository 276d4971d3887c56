# Pocket Companion. `make run` and `make test` set up everything they need on a
# fresh Debian machine with Go and Node: npm packages, Go modules, the Mailpit
# SMTP sink for tests, and Debian's Chromium for browser tests.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build

export GOFLAGS := -buildvcs=false
# Browsers come from Debian, never from a test tool's download.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

HAVE_WEB := $(wildcard package.json)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build web test postgres test-go test-go-pg fault fault-replicas chaos soak load fuzz test-web test-size test-e2e test-e2e-relay test-e2e-phone test-e2e-relay-all test-e2e-replicas test-gen deps tools chromium fixtures-audio clean fmt lint lint-go lint-web lint-api bench bench-sync bench-replicas bench-relay bench-web bench-keep-offline proto

## run: build everything and start `pocket serve` on http://127.0.0.1:8080 with the sample data
run: build
	./bin/pocket serve

## build: bin/pocket, one binary with the built PWA embedded
build: web
	go build -o bin/pocket ./server/cmd/pocket

## web: build the PWA into server/web/dist/app (embedded by the Go build)
web: deps
ifneq ($(HAVE_WEB),)
	npm run build
endif

## deps: npm packages (from the committed lock file) and Go modules
deps: node_modules/.installed
	go mod download

node_modules/.installed: $(wildcard package.json package-lock.json)
ifneq ($(HAVE_WEB),)
	npm install --no-audit --no-fund
	touch $@
else
	mkdir -p node_modules && touch $@
endif

## tools: test-only binaries (the Mailpit SMTP sink, Toxiproxy, NATS and the balancer of the replica
## stack); make lint-go builds golangci-lint on its own, so make test builds it beside the Go and web
## tests rather than before them
tools: bin/mailpit bin/toxiproxy-server bin/nats-server bin/balancer

bin/mailpit: tools/mailpit/go.mod tools/mailpit/go.sum
	cd tools/mailpit && go build -o ../../bin/mailpit github.com/axllent/mailpit

## bin/toxiproxy-server: the fault-injecting TCP proxy the chaos trials put between the browser and
## pocket (e2e/tests/chaos.spec.ts), pinned in tools/toxiproxy/go.mod
bin/toxiproxy-server: tools/toxiproxy/go.mod tools/toxiproxy/go.sum
	cd tools/toxiproxy && go build -o ../../bin/toxiproxy-server github.com/Shopify/toxiproxy/v2/cmd/server

## bin/nats-server: the broker joining the replicas of e2e/run.sh --replicas, the version go.mod pins
## (the one the Go tests run in process, tests/natstest)
bin/nats-server: go.mod go.sum
	go build -o $@ github.com/nats-io/nats-server/v2

## bin/balancer: the round-robin load balancer in front of those replicas (tools/balancer)
bin/balancer: go.mod $(wildcard tools/balancer/*.go)
	go build -o $@ ./tools/balancer

## bin/golangci-lint: the Go linter `make lint-go` runs, pinned in tools/golangci-lint/go.mod
bin/golangci-lint: tools/golangci-lint/go.mod tools/golangci-lint/go.sum
	cd tools/golangci-lint && go build -o ../../bin/golangci-lint github.com/golangci/golangci-lint/v2/cmd/golangci-lint

## fixtures-audio: synthesise the sample recordings' audio (a voice per speaker,
## segments at their transcript times) with Debian's espeak-ng, sox and opusenc.
## The .opus files are checked in; CI does not run this.
AUDIO_FIXTURES := 18-empty-title-standup 26-voice-note-release-todos
fixtures-audio:
	@for t in espeak-ng sox opusenc; do command -v $$t >/dev/null || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q espeak-ng sox opus-tools; break; }; done
	for f in $(AUDIO_FIXTURES); do go run ./tools/fixtureaudio fixtures/recordings/$$f.json; done

## chromium: Debian's Chromium (benchmarks, Lighthouse) and its headless shell (the browser suite), root or sudo
CHROMIUM_PACKAGES := chromium chromium-headless-shell
chromium:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then \
		$(SUDO) apt-get update -q && ($(SUDO) apt-get install -y -q $(CHROMIUM_PACKAGES) || $(SUDO) apt-get install -y -q -f $(CHROMIUM_PACKAGES)); \
	fi

## postgres: Debian's PostgreSQL server, which tests start clusters of their own from
## (tools/postgres.sh; the Go tests' second pass, `tools/test.sh go-pg`), root or sudo
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		$(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q postgresql; \
	fi

## test: every test: Go, PWA unit/component, browser end-to-end (and the relay's share of it), generated
## code up to date; in stages (tools/test.sh), each stage's log under test-results/make-test/, a time table at the end
test:
	tools/test.sh

## proto: regenerate the Connect/protobuf code (Go under pkg/gen, TypeScript under pwa/src/gen)
proto: deps
	npx buf lint
	npx buf generate

## test-gen: the committed generated code is what the .proto files generate
test-gen: deps
	npx buf lint
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && npx buf generate -o "$$tmp" && \
	  diff -r "$$tmp/pkg/gen" pkg/gen && diff -r "$$tmp/pwa/src/gen" pwa/src/gen || \
	  { echo "generated code is stale: run 'make proto' and commit the result" >&2; exit 1; }

test-go: tools deps
	go vet ./...
	go test -count=1 ./...
	tools/fuzz.sh

## test-go-pg: the store-facing Go tests on PostgreSQL with nothing left out (make test leaves out the two
## tests that grade the library's answer ranking there; they run on Badger)
test-go-pg:
	POCKET_PG_SKIP= tools/test.sh go-pg

## fault: the fault suite at full strength: 100 rounds of SIGKILL during write bursts, and a full disk
## (make test runs 50 rounds; the disk test mounts a small tmpfs and is skipped without root)
fault:
	POCKET_FAULT_ROUNDS=$${POCKET_FAULT_ROUNDS:-100} go test -count=1 -timeout 30m -run '^TestFault_' -v ./server/cmd/pocket

## fault-replicas: the fault runs against two replicas of one PostgreSQL (-tags postgres, each test starting
## its own with tools/postgres.sh): 50 rounds of SIGKILL of one replica during write bursts, summary jobs of a
## killed replica finished by the other, 5 crashes of PostgreSQL mid-run (make test runs 4 rounds)
fault-replicas: postgres
	POCKET_FAULT_ROUNDS=$${POCKET_FAULT_ROUNDS:-50} go test -tags postgres -count=1 -timeout 30m -run '^TestReplicas_' -v ./server/cmd/pocket

## chaos: 200 seeded sync trials under faults (Toxiproxy toxics, kill -9 of pocket, a browser offline) with
## two tabs and a second browser editing through the UI; prints lost/duplicated/stuck/diverged and the
## failing seeds, non-zero if any (make test runs 10). CHAOS_SEED=N replays one trial; CHAOS_TRIALS=N
chaos: build tools chromium bin/oidc-issuer
	CHAOS_TRIALS=$${CHAOS_TRIALS:-200} e2e/run.sh tests/chaos.spec.ts --project desktop --retries 0

## load: 60 s of mixed reads and writes at 1,000 req/s on loopback (figures go to docs/benchmarks.md)
load: build
	tools/bench-load.sh 60 1000

## soak: the same mix for 30 minutes, goroutines and memory recorded each minute (not run in CI)
soak: build
	tools/bench-load.sh soak $${SOAK_MINUTES:-30} 1000

## fuzz: every Go fuzz target for 2,000,000 inputs each, minutes here (make test runs their seeds and corpus)
fuzz:
	FUZZTIME=$${FUZZTIME:-2000000x} tools/fuzz.sh

test-web: deps
ifneq ($(HAVE_WEB),)
	npm run typecheck
	npm run test:unit
endif

## test-size: build the PWA and fail when a route's initial JavaScript grows past its budget (pwa/size-budgets.json)
test-size: web
ifneq ($(HAVE_WEB),)
	npm run -s size
endif

test-e2e: build tools chromium
ifneq ($(HAVE_WEB),)
	$(MAKE) --no-print-directory bin/oidc-issuer
	e2e/run.sh
endif

## test-e2e-relay: the browser tests tagged @relay with the PWA served by a relay (pocket serve with POCKET_UPSTREAM_URL) in front of an embedded pocket (part of make test)
test-e2e-relay: build tools chromium
ifneq ($(HAVE_WEB),)
	$(MAKE) --no-print-directory bin/oidc-issuer
	e2e/run.sh --relay
endif

## test-e2e-replicas: the browser tests tagged @replicas against two pocket serve replicas on one PostgreSQL,
## joined through NATS, behind a round-robin balancer (part of make test)
test-e2e-replicas: build tools chromium postgres
ifneq ($(HAVE_WEB),)
	$(MAKE) --no-print-directory bin/oidc-issuer
	e2e/run.sh --replicas
endif

## test-e2e-phone: every browser test tagged for the phone (@phone, @phone-only and the @phone-full flows make test leaves to the desktop) at 390 px
test-e2e-phone: build tools chromium
ifneq ($(HAVE_WEB),)
	$(MAKE) --no-print-directory bin/oidc-issuer
	POCKET_E2E_PHONE_FULL=1 e2e/run.sh --project phone
endif

## test-e2e-relay-all: the whole browser suite (both projects) through a relay
test-e2e-relay-all: build tools chromium
ifneq ($(HAVE_WEB),)
	$(MAKE) --no-print-directory bin/oidc-issuer
	POCKET_E2E_PHONE_FULL=1 e2e/run.sh --relay --project desktop --project phone
endif

# The local OIDC issuer the browser tests sign in with as "Google" (test-only).
bin/oidc-issuer: go.mod go.sum $(wildcard tests/oidctest/*.go tests/oidctest/cmd/oidc-issuer/*.go)
	go build -o $@ ./tests/oidctest/cmd/oidc-issuer

## bench: Go benchmarks (figures go to docs/benchmarks.md)
bench:
	go test -run '^$$' -bench . -benchmem ./pkg/... ./server/...

## bench-sync: live-events fan-out and whole-library Pull on loopback (several minutes; figures go to docs/benchmarks.md)
bench-sync:
	tools/bench-ws.sh
	tools/bench-pull.sh

## bench-replicas: replicas of one PostgreSQL joined by NATS against one Badger server: an edit's write-to-socket
## latency across replicas, concurrent edits through 1, 2 and 3 replicas, Pull of 10,000 on both stores (about
## 10 minutes; figures go to docs/benchmarks.md)
bench-replicas: postgres build bin/nats-server bin/replicabench
	tools/bench-replicas.sh

# The load tool of bench-replicas (test-only).
bin/replicabench: go.mod go.sum $(wildcard tools/replicabench/*.go)
	go build -o $@ ./tools/replicabench

## bench-web: a new device's first sync of 10,000 recordings in Chromium, this tree against BASE_REF, at full and 4x slowed CPU, then local edits and search on that library (COUNT=100000 for the big one; about an hour; figures go to docs/benchmarks.md)
bench-web:
	tools/bench-web.sh

## bench-keep-offline: "Keep all recordings offline" on a new device, 500 recordings in Chromium, this tree against BASE_REF (about 10 minutes; figures go to docs/benchmarks.md)
bench-keep-offline:
	tools/bench-keep-offline.sh

## bench-relay: what a relay adds to a dashboard read, against nginx proxy_pass to the same upstream (figures go to docs/benchmarks.md)
bench-relay: build
	tools/bench-relay.sh

fmt:
	gofmt -w pkg server tests tools

## lint: every linter, finding nothing
lint: lint-go lint-web lint-api

## lint-go: golangci-lint over the Go module (.golangci.yml; tools/mailpit and tools/toxiproxy only pin others' code)
lint-go: bin/golangci-lint
	bin/golangci-lint run ./...

## lint-web: ESLint (type-aware, React hooks, accessibility) with no warning allowed, and Prettier's check
lint-web: node_modules/.installed
	npm run -s lint
	npm run -s format:check

## lint-api: Redocly CLI over the API's OpenAPI document (server/apidoc/openapi.yaml; rules in redocly.yaml)
lint-api: node_modules/.installed
	npm run -s lint:api

clean:
	rm -rf bin server/web/dist/app server/apidoc/dist/redoc.standalone.js
