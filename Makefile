# The two commands: `make run` (the app) and `make test` (the whole suite).
# Both create .venv and install the project on first use; scripts/check-system
# names any Debian / Raspberry Pi OS package that is missing and how to install it.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 800x480x24")
PYTEST_ARGS ?= -n auto

.PHONY: run test bench lint check-system clean

run: $(STAMP)
	$(PY) -m companion $(ARGS)

test: $(STAMP)
	@scripts/check-system test
	$(VENV)/bin/ruff check companion examples tests benchmarks
	$(VENV)/bin/mypy
	SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock KIVY_NO_ARGS=1 $(XVFB) $(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(XVFB) $(PY) -m benchmarks $(ONLY)

lint: $(STAMP)
	$(VENV)/bin/ruff check companion examples tests benchmarks
	$(VENV)/bin/mypy

check-system:
	@scripts/check-system

$(STAMP): pyproject.toml
	@scripts/check-system
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
