# pelit: `make test` runs the whole suite, `make play` starts a terminal game.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
GAME   ?= tuppi
WORKERS ?= 2

.PHONY: setup test play bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest -q -n $(WORKERS) -m "not load"

play: $(STAMP)
	$(BIN)/pelit play $(GAME)

bench: $(STAMP)
	$(BIN)/pelit bench

clean:
	rm -rf $(VENV) .pytest_cache build src/*.egg-info
