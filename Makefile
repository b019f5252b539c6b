# HEART Core for the web. Two commands for a new user: `make run`, `make test`.
# Every tool a target needs is installed by the target itself when missing.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
GOROOT := $(shell $(GO) env GOROOT)
WASM_EXEC_DIR := $(GOROOT)/lib/wasm
WASM_ENV := GOOS=js GOARCH=wasm
WASM_FLAGS := -trimpath -ldflags='-s -w'
FUZZTIME ?= 20s
# Packages that must build and test under GOOS=js GOARCH=wasm (pure Go).
WASM_TEST_PKGS ?= $(shell $(WASM_ENV) $(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./core/... ./index ./wasm/... ./transport/serial 2>/dev/null)
APT_UPDATED := .cache/apt-updated

.PHONY: all run test build wasm ui bench understanding lint fmt-check vet staticcheck gotest wasmtest fuzz soak tools deps chromium node gcc generate clean

all: build

## ---- tools: installed when missing -------------------------------------------
$(APT_UPDATED):
	@mkdir -p .cache
	apt-get update -qq
	@touch $@

gcc:
	@command -v gcc >/dev/null || { $(MAKE) $(APT_UPDATED) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev; }

node:
	@command -v node >/dev/null || { $(MAKE) $(APT_UPDATED) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs; }

chromium:
	@command -v chromium >/dev/null || { $(MAKE) $(APT_UPDATED) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

deps: gcc node chromium
	$(GO) mod download

tools: deps

## ---- build -----------------------------------------------------------------
build: wasm

# core.wasm: the Core in a Web Worker. wasm_exec.js comes from this Go.
wasm: web/core.wasm web/wasm_exec.js

web/wasm_exec.js: $(WASM_EXEC_DIR)/wasm_exec.js
	cp $< $@

web/core.wasm: FORCE
	$(WASM_ENV) $(GO) build $(WASM_FLAGS) -o $@ ./wasm/worker

FORCE:

generate:
	$(GO) generate ./...

## ---- run -------------------------------------------------------------------
run: deps build
	$(GO) run ./cmd/heart-dev --addr 127.0.0.1:8080

## ---- test ------------------------------------------------------------------
test: deps build lint gotest wasmtest fuzz
	@echo "make test: all checks passed"

lint: fmt-check vet staticcheck

# Generated files (first line "Code generated ... DO NOT EDIT.") are excluded.
fmt-check:
	@bad=$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go' | xargs grep -L '^// Code generated .* DO NOT EDIT\.$$' )); \
	if [ -n "$$bad" ]; then echo "gofmt needed:"; echo "$$bad"; exit 1; fi

vet:
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet ./core/... ./index ./wasm/... ./transport/serial

# staticcheck runs natively and checks the js/wasm build of the wasm packages.
staticcheck:
	@mkdir -p .cache
	$(GO) build -o .cache/staticcheck honnef.co/go/tools/cmd/staticcheck
	.cache/staticcheck ./...
	$(WASM_ENV) .cache/staticcheck ./core/... ./index ./wasm/... ./transport/serial

# The case files' floors run without the race detector: the suite's runner sends one case at a
# time, and under -race the 130 files alone take five minutes of a 2-core machine. Everything
# else, the suite's own tests and the project suite's whole file included, runs with it.
gotest: gcc chromium build
	$(GO) test -race -count=1 -skip '^TestSuite_HeldOutSets' ./...
	$(GO) test -count=1 -run '^TestSuite_HeldOutSets' ./tests/understanding/suite

wasmtest: node
	PATH="$(WASM_EXEC_DIR):$$PATH" $(WASM_ENV) $(GO) test -count=1 $(WASM_TEST_PKGS)

# Every Fuzz target in the module, each for FUZZTIME. Minimising a new input is
# bounded so a target ends near FUZZTIME on a loaded machine. A run that ends
# with Go's own "context deadline exceeded" and no failing input written is the
# fuzz engine running out of time, not a finding; anything else fails.
fuzz:
	@mkdir -p .cache
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz' || true); do \
	    echo "fuzz $$pkg $$f ($(FUZZTIME))"; \
	    if ! $(GO) test -run='^$$' -fuzz="^$$f$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=5s $$pkg > .cache/fuzz.log 2>&1; then \
	      cat .cache/fuzz.log; \
	      if grep -q 'context deadline exceeded' .cache/fuzz.log && ! grep -q 'Failing input written' .cache/fuzz.log; then \
	        echo "fuzz $$f: engine deadline, no failing input: not a finding"; \
	      else exit 1; fi; \
	    else tail -n 2 .cache/fuzz.log; fi; \
	  done; \
	done

## ---- measure ---------------------------------------------------------------
bench: deps build
	$(GO) run ./cmd/heart-bench -out bench/report.md

understanding:
	$(GO) run ./tests/understanding -cases core/understanding-cases.json
	@for f in tests/understanding/testdata/heldout-*.json tests/understanding/testdata/dev-*.json; do echo; $(GO) run ./tests/understanding -cases $$f || exit 1; done

# Long variants: longer fuzzing and the suites' soak modes.
soak: deps build
	HEART_SOAK=1 $(GO) test -count=1 -timeout 60m ./...
	$(MAKE) fuzz FUZZTIME=5m

clean:
	rm -f web/core.wasm web/wasm_exec.js
	rm -rf .cache
