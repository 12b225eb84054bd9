# The two commands: `make run` (the app) and `make test` (the whole suite).
# Both install what this machine lacks on first use: system packages through
# scripts/install-system (apt-get as root, sudo otherwise; it stops with the exact line
# when it cannot), then .venv with the app (`make run`) or the app and its test tools
# (`make test`), each remembered by its own stamp; `companion prepare` then compiles what
# a game would otherwise compile at its first use (the Lost in the Woods advice; should it
# fail, the app still runs and compiles it then).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
NODE_STAMP := node_modules/.installed
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 800x480x24")
PYTEST_ARGS ?= -n auto
PIP_QUIET := --quiet --disable-pip-version-check

.PHONY: run test bench lint check-system install-kiosk flash clean

run: $(RUN_STAMP)
	$(PY) -m companion $(ARGS)

test: $(TEST_STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check companion examples tests benchmarks
	$(VENV)/bin/mypy
	SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock KIVY_NO_ARGS=1 $(XVFB) $(PY) -m pytest $(PYTEST_ARGS)

bench: $(RUN_STAMP)
	$(XVFB) $(PY) -m benchmarks $(ONLY)

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check companion examples tests benchmarks
	$(VENV)/bin/mypy

check-system:
	@scripts/check-system test

$(PY):
	@scripts/install-system run
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install $(PIP_QUIET) --upgrade pip

$(RUN_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install $(PIP_QUIET) -e .
	-$(PY) -m companion prepare
	touch $@

$(TEST_STAMP): pyproject.toml | $(PY)
	@scripts/install-system test
	$(PY) -m pip install $(PIP_QUIET) -e '.[test]'
	-$(PY) -m companion prepare
	touch $@ $(RUN_STAMP)

# MicroPython's WebAssembly build, for the firmware's tests (package.json pins it).
$(NODE_STAMP): package.json package-lock.json | $(TEST_STAMP)
	npm ci --silent --no-audit --no-fund
	touch $@

# Deployment (hw/README.md): DRY_RUN=1 prints every step and checks every file, changing nothing.
install-kiosk:
	DRY_RUN=$(DRY_RUN) scripts/install-kiosk

flash: $(RUN_STAMP)
	DRY_RUN=$(DRY_RUN) UF2=$(UF2) PORT=$(PORT) scripts/flash-pico

clean:
	rm -rf $(VENV) node_modules build *.egg-info .pytest_cache .mypy_cache .ruff_cache
