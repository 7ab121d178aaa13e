# Echo Challenge — every target documents itself: `make help`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
UV := python3 -m uv
PY := .venv/bin/python
PYTEST := $(PY) -m pytest

.PHONY: help
help: ## List every target
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z_-]+:.*## / {printf "  \033[36m%-18s\033[0m %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.venv/.synced: pyproject.toml uv.lock $(wildcard libs/*/pyproject.toml libs/games/*/pyproject.toml examples/*/pyproject.toml services/*/pyproject.toml)
	@python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet uv
	$(UV) sync --frozen --all-packages --python 3.11
	@touch $@

.PHONY: install
install: .venv/.synced ## Create .venv with every package of the workspace (uv, from uv.lock)

.PHONY: run
run: install ## Start everything (embedded NATS + PostgreSQL unless NATS_URL/DATABASE_URL are set); Ctrl-C stops
	$(PY) -m echo_runtime.devrun

.PHONY: test
.PHONY: browser
browser: ## Make sure Debian's chromium is there for the e2e tests (installs it with apt-get when run as root)
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; \
	  else echo "the browser tests need chromium: sudo apt-get install -y chromium"; exit 1; fi; }

.PHONY: node
node: ## Make sure Node.js is there for the web client's tests and lint (installs Debian's nodejs when run as root)
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's nodejs for the web client's tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; \
	  else echo "the web client's tests need Node.js: sudo apt-get install -y nodejs npm"; exit 1; fi; }

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

.PHONY: test-js
test-js: node node_modules/.installed ## The web client's pure modules (node --test tests/js) and its lint (ESLint)
	node --test tests/js/
	npx --no-install eslint services/gateway/src/echo_gateway/web tests/js

test: install browser test-js ## The whole suite: web client (node), unit, integration (real NATS + PostgreSQL), e2e (chromium)
	@$(PYTEST) -p no:cacheprovider $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: that is a failure here"; exit 1; fi; exit $$rc

.PHONY: test-unit
test-unit: install ## Pure tests only (no servers)
	$(PYTEST) -m unit $(PYTEST_ARGS)

.PHONY: test-integration
test-integration: install ## Tests against real NATS and PostgreSQL
	$(PYTEST) -m integration $(PYTEST_ARGS)

.PHONY: test-e2e
test-e2e: install browser ## Browser tests: Playwright drives Debian's chromium (apt-get install chromium) against the real system
	$(PYTEST) -m e2e $(PYTEST_ARGS)

.PHONY: test-cluster
test-cluster: install ## The platform on the deployed nats.conf as a 3-node TLS cluster: servers killed and restarted under load (part of make test too)
	$(PYTEST) -m cluster -s $(PYTEST_ARGS)

.PHONY: bench
bench: install ## Run every benchmark; prints figures and ratios, writes .bench/*.json, ends with one summary table
	@mkdir -p .bench
	@rc=0; for b in tests/load/bench_*.py; do echo "== $$b"; $(PY) $$b || { rc=1; echo "$$b FAILED"; }; done; \
	echo "== summary (.bench/*.json)"; $(PY) tests/load/summary.py; exit $$rc

.PHONY: lint
lint: install ## ruff, and the layering's import-linter contracts (.importlinter)
	$(PY) -m ruff check libs services tests
	.venv/bin/lint-imports --no-cache
	$(MAKE) --no-print-directory test-js

.PHONY: catalogue
catalogue: install ## Regenerate docs/asyncapi.json and docs/event-reference.md (FastStream, services' messaging.py, libs/events)
	$(PY) -m echo_runtime.asyncapi --services services > docs/asyncapi.json
	$(PY) -m echo_runtime.asyncapi --services services --markdown > docs/event-reference.md

.PHONY: migrate
migrate: install ## Apply database migrations to DATABASE_URL
	$(PY) -m echo_runtime.migrate

.PHONY: clean
clean: ## Remove the venv, local server data (.run) and caches
	rm -rf .venv .run .bench .pytest_cache .hypothesis
