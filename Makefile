# Set-up, test and benchmark entry points. `make test` works on a fresh machine of this kind.
SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
VENV := .venv
BENCH_WORK := .build/bench-workloads
SHARED := ../shared

.PHONY: setup test demo bench-solver format lint clean

## setup: install the Debian and PyPI packages that the build and tests need
setup:
	@pkgs=$$(grep -v '^#' scripts/apt-packages.txt | tr '\n' ' '); \
	missing=$$(for p in $$pkgs; do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@[ -x $(VENV)/bin/python ] || $(PYTHON) -m venv $(VENV)
	@$(VENV)/bin/python -m pip install -q -r scripts/python-requirements.txt

## demo: set up, then drive a navigation session on the embedded map and write out/report.html
demo: setup
	$(SWIFT) run -c release navui demo

## test: set up, build and run every test
test: setup
	NAVUI_PYTHON=$(CURDIR)/$(VENV)/bin/python $(SWIFT) test

## bench-solver: our solver and kiwisolver on every workload in one run, with ratios
bench-solver: setup
	$(SWIFT) build -c release --product benchmarks
	NAVUI_PYTHON=$(CURDIR)/$(VENV)/bin/python scripts/bench-solver.sh $(SHARED)/bench/solver $(BENCH_WORK)

## lint: swift format in strict mode
lint:
	$(SWIFT) format lint --strict -r Sources Tests

format:
	$(SWIFT) format -i -r Sources Tests

clean:
	rm -rf .build $(VENV)
