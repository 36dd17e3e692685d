# pelit: `make serve` serves the web table on http://127.0.0.1:8000,
# `make test` runs the whole suite, `make play` starts a terminal game.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
GAME   ?= tuppi
WORKERS ?= 2

HOST   ?= 127.0.0.1
PORT   ?= 8000
DB     ?= pelit.db
# The browser tests drive Debian's chromium (Playwright never downloads one).
CHROMIUM ?= /usr/bin/chromium
# Go's MCTS bot is measured against Debian's GNU Go over GTP; a test checks the link.
GNUGO ?= /usr/games/gnugo
# The server tests run against a real PostgreSQL too (Debian's server binaries;
# the tests start a throwaway cluster of their own with initdb and pg_ctl).
PG_CTL ?= $(firstword $(wildcard /usr/lib/postgresql/*/bin/pg_ctl))
export PG_CTL
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The compiled build (optional): mypyc compiles these modules, written in
# plain Python that stays the reference; their extensions are picked up by
# the same imports.  `make pure` removes them again.
COMPILED := pelit/boards/hexgrid.py pelit/core/rng.py pelit/cards/deal.py \
	pelit/core/game.py pelit/games/tuppi.py pelit/games/hex.py pelit/games/y.py

.PHONY: setup test play bench clean serve load chromium compiled pure test-both gnugo postgresql

setup: $(STAMP) chromium gnugo postgresql

chromium:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; }

gnugo:
	@test -x $(GNUGO) || { $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q gnugo; }

postgresql:
	@test -n "$(PG_CTL)" || { $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q postgresql; }

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(BIN)/python -m pip install -q -e '.[dev,ray]'
	touch $(STAMP)

test: $(STAMP) chromium gnugo postgresql
	$(BIN)/python -m pytest -q -n $(WORKERS) -m "not load"

# The web table with an embedded SQLite database: nothing else to start.
serve: $(STAMP)
	$(BIN)/pelit serve --host $(HOST) --port $(PORT) --db $(DB)

# Bounded load test on loopback: 50, 200 and 500 tables on one server process,
# 500 on two processes sharing PostgreSQL, and 50 tables flat out (on SQLite,
# and on PostgreSQL with 1, 2 and 4 processes); prints actions/s and p50/p99
# latency from action to view (also in out/load.json).
load: $(STAMP) postgresql
	$(BIN)/python -m pytest -q -s -m load tests/server/test_load.py

play: $(STAMP)
	$(BIN)/pelit play $(GAME)

bench: $(STAMP)
	$(BIN)/pelit bench

# Build the compiled modules in place (needs a C compiler; a minute or less).
compiled: $(STAMP)
	@if command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then \
		$(BIN)/python -m pip install -q -e '.[compile]' && \
		cd src && ../$(BIN)/mypyc $(COMPILED) >/dev/null && rm -rf build && \
		echo "compiled: $(COMPILED)"; \
	else echo "no C compiler: pelit stays plain Python"; fi

pure:
	rm -f src/pelit/*/*.so src/*.so

# The whole suite against the compiled build, then against plain Python.
test-both: compiled chromium postgresql
	$(BIN)/python -m pytest -q -n $(WORKERS) -m "not load"
	$(MAKE) pure
	$(BIN)/python -m pytest -q -n $(WORKERS) -m "not load"

clean: pure
	rm -rf $(VENV) .pytest_cache .mypy_cache build src/build src/*.egg-info
