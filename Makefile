# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make test   creates/updates .venv, installs parlour with its dev extras, runs every test
#   make sim    the same set-up, then starts the device simulator
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test sim screenshots bench lint typecheck firmware clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "parlour needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m ruff check host firmware tests bench
	$(MAKE) --no-print-directory typecheck
	$(PY) -m pytest

# mypy --strict on the firmware against circuitpython-stubs, once per board's pins.
typecheck: $(STAMP)
	$(PY) -m mypy --config-file mypy-firmware.ini
	$(PY) -m mypy --config-file mypy-firmware-tft.ini

# The simulator: the window when pygame installs and a display exists, else the
# terminal. Pass options with SIM_ARGS, e.g. make sim SIM_ARGS="--board tft".
sim: $(STAMP)
	@$(PY) -c 'import pygame' 2>/dev/null || $(PY) -m pip install --quiet -e '.[window]' \
		|| echo "parlour: no pygame here; the simulator runs in the terminal"
	$(PY) -m parlour sim $(SIM_ARGS)

# README screenshots: every `shot NAME` of the key scripts, rendered headless.
SCREEN_SCRIPTS := $(wildcard docs/screens/*.txt sim-scripts/*.txt)
screenshots: $(STAMP)
	@for s in $(SCREEN_SCRIPTS); do \
		state=$$(mktemp -d); \
		echo "== $$s"; \
		$(PY) -m parlour sim --script $$s --screenshots docs/screens --named-only \
			--scale 2 --state $$state || exit 1; \
		rm -rf $$state; \
	done

# The CIRCUITPY drive image of each RP2040 board, as it goes onto the board:
# build/CIRCUITPY (the MacroPad) and build/CIRCUITPY-tft (the colour board).
firmware: $(STAMP)
	$(PY) -m parlour.image build/CIRCUITPY macropad
	$(PY) -m parlour.image build/CIRCUITPY-tft tft

lint: $(STAMP)
	$(PY) -m ruff check host firmware tests bench

# Every benchmark runs and prints its figures; the target fails at the end if any
# of them reported a figure over its budget.
bench: $(STAMP)
	@status=0; for b in bench/*.py; do echo "== $$b"; $(PY) $$b || status=1; done; exit $$status

clean:
	rm -rf $(VENV) build *.egg-info host/*.egg-info
