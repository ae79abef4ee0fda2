# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make test   creates/updates .venv, installs parlour with its dev extras, runs every test
#   make sim    the same set-up, then starts the device simulator
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test sim bench lint clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "parlour needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m ruff check host firmware tests bench
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check host firmware tests bench

bench: $(STAMP)
	for b in bench/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info host/*.egg-info
