# Set-up, test and benchmark entry points. `make test` works on a fresh machine of this kind.
SHELL := /bin/bash
SWIFT ?= swift
# The test peers' wheels (pyvalhalla, osrm-bindings) need Python >= 3.12: use 3.12 (the version their wheels were tested with) or 3.13
# the machine's pyenv carries, else the system python3.
PYTHON ?= $(shell for v in 3.12 3.13; do \
  p=$$(ls -d $$HOME/.pyenv/versions/$$v*/bin/python$$v 2>/dev/null | sort -V | tail -n 1); \
  if [ -n "$$p" ]; then echo "$$p"; exit 0; fi; done; echo python3)
VENV := .venv
BENCH_WORK := .build/bench-workloads

.PHONY: setup test demo bench-solver format lint clean fuzz fuzz-ci sanitize

## setup: install the Debian and PyPI packages that the build and tests need
setup:
	@pkgs=$$(grep -v '^#' scripts/apt-packages.txt | tr '\n' ' '); \
	missing=$$(for p in $$pkgs; do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@if [ -x $(VENV)/bin/python ] && [ "$$($(VENV)/bin/python -c 'import sys; print(sys.version_info >= (3, 12))')" != "$$($(PYTHON) -c 'import sys; print(sys.version_info >= (3, 12))')" ]; then rm -rf $(VENV); fi
	@[ -x $(VENV)/bin/python ] || $(PYTHON) -m venv $(VENV)
	@$(VENV)/bin/python -m pip install -q -r scripts/python-requirements.txt

## demo: set up, then drive a navigation session on the embedded map and write out/report.html
demo: setup
	$(SWIFT) run -c release navui demo

## test: set up, build and run every test: the package's own, then the example package that
## depends on it as an app's tests would (Examples/DelegateTests)
test: setup
	scripts/check-standalone.sh
	NAVUI_PYTHON=$(CURDIR)/$(VENV)/bin/python $(SWIFT) test
	cd Examples/DelegateTests && $(SWIFT) test

## bench-solver: our solver and kiwisolver on every workload in one run, with ratios
bench-solver: setup
	$(SWIFT) build -c release --product benchmarks
	NAVUI_PYTHON=$(CURDIR)/$(VENV)/bin/python scripts/bench-solver.sh scripts/solver-bench $(BENCH_WORK)

## fuzz: build the libFuzzer targets of Fuzz/ and run each for FUZZ_SECONDS (default 60);
## FUZZ_TARGETS picks some (default all). Guides/Reliability.md lists them.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: setup
	scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

## fuzz-ci: every fuzz target for a few seconds (about a minute in all), as CI runs them
fuzz-ci: setup
	scripts/fuzz.sh 5

## sanitize: the suites that touch raw memory and threads under AddressSanitizer, then under
## ThreadSanitizer (separate build folders)
SANITIZE_SUITES ?= CassowaryTests ViewKitTests RenderingTests RoutingTests
sanitize: setup
	scripts/sanitize.sh $(SANITIZE_SUITES)

## lint: swift format in strict mode
lint:
	$(SWIFT) format lint --strict -r Sources Tests

format:
	$(SWIFT) format -i -r Sources Tests

clean:
	rm -rf .build $(VENV)
