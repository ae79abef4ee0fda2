# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make test   creates/updates .venv, installs parlour with its dev extras, runs every test
#   make sim    the same set-up, then starts the device simulator
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test check test-slow sim screenshots bench lint typecheck firmware hardware emulator browser clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "parlour needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The runs that take over a minute each (every sector cut of every game, the
# maintenance key held on the emulated MacroPad) are marked slow: `make test-slow`.
test: $(STAMP) emulator browser
	$(PY) -m ruff check host firmware tests bench
	$(MAKE) --no-print-directory typecheck
	$(PY) -m pytest -m 'not slow'

# The quick loop while working: lint, then every test but the heavy ones (another
# interpreter, a long randomised run), the emulated board and the slow runs; stops
# at the first failure.
check: $(STAMP)
	$(PY) -m ruff check host firmware tests bench
	$(PY) -m pytest -x -m 'not slow and not board and not heavy'

test-slow: $(STAMP) emulator
	$(PY) -m pytest -m slow

# mypy --strict on the firmware against circuitpython-stubs, once per board's pins.
typecheck: $(STAMP)
	$(PY) -m mypy --config-file mypy-firmware.ini
	$(PY) -m mypy --config-file mypy-firmware-tft.ini
	$(PY) -m mypy --config-file mypy-firmware-pico.ini
	$(PY) -m mypy --config-file mypy-firmware-rp2350.ini

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

# The CIRCUITPY drive image of each board, as it goes onto the board:
# build/CIRCUITPY (the MacroPad), build/CIRCUITPY-tft (the colour board),
# build/CIRCUITPY-pico (the DIY Pico build), build/CIRCUITPY-rp2350 (the Feather RP2350).
firmware: $(STAMP)
	$(PY) -m parlour image build/CIRCUITPY --board macropad
	$(PY) -m parlour image build/CIRCUITPY-tft --board tft
	$(PY) -m parlour image build/CIRCUITPY-pico --board pico
	$(PY) -m parlour image build/CIRCUITPY-rp2350 --board rp2350

# The key layouts and printable overlays in hardware/keys/, drawn from the firmware's
# own key maps (tests/host/test_hardware_keys.py fails when they differ from it).
hardware: $(STAMP)
	$(PY) -m parlour.hardware_svg hardware

lint: $(STAMP)
	$(PY) -m ruff check host firmware tests bench

# The emulated MacroPad (bench/macropad.py, tests/device/test_macropad_board.py): CircuitPython
# 10.3 for the board in rp2040js, from the tool beside the checkout. It needs node 20+
# and npm, dosfstools and mtools (installed here when missing, as root), and rp2040js
# from npm in its cache.
EMULATOR ?= $(or $(PARLOUR_MACROPAD_EMULATOR),../shared/tools/macropad-emulator)
EMU_CACHE ?= $(or $(PARLOUR_EMU_CACHE),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/parlour-macropad-emulator)
emulator: $(STAMP)
	@test -x $(EMULATOR)/play || { echo "parlour: no MacroPad emulator at $(EMULATOR) (set PARLOUR_MACROPAD_EMULATOR)"; exit 1; }
	@command -v node >/dev/null && command -v npm >/dev/null || { echo "parlour: the emulator needs node 20+ and npm"; exit 1; }
	@PATH="$$PATH:/usr/sbin:/sbin"; command -v mkfs.fat >/dev/null && command -v mcopy >/dev/null || \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq dosfstools mtools >/dev/null; \
		else echo "parlour: the emulator needs dosfstools and mtools (sudo apt-get install dosfstools mtools)"; exit 1; fi
	@test -d $(EMU_CACHE)/node_modules/rp2040js || { mkdir -p $(EMU_CACHE) && cp $(EMULATOR)/package.json $(EMU_CACHE)/ \
		&& cd $(EMU_CACHE) && npm install --silent --no-audit --no-fund; }
	@echo "parlour: the emulated MacroPad is set up ($(EMULATOR), rp2040js in $(EMU_CACHE))"

# Debian's Chromium, headless, for the report's test (tests/host/test_history.py reads the
# page's DOM and takes its screenshot): installed here when missing, as root. Without
# it that test says why it skipped.
browser:
	@command -v chromium >/dev/null || test -x /usr/bin/chromium || \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
		else echo "parlour: the report's test needs chromium (sudo apt-get install chromium)"; fi

# Every benchmark runs and prints its figures; the target fails at the end if any
# of them reported a figure over its budget.
bench: $(STAMP) emulator
	@status=0; for b in bench/*.py; do echo "== $$b"; $(PY) $$b || status=1; done; exit $$status

clean:
	rm -rf $(VENV) build *.egg-info host/*.egg-info
