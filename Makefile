# Two commands on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PORT ?= 8866
## The games folder `make play` serves: KIT_GAMES_DIR when it is set (README), else play/games.
PLAY_GAMES := $(if $(KIT_GAMES_DIR),$(KIT_GAMES_DIR),$(CURDIR)/play/games)

.PHONY: play test lint unit notebooks bench pages site clean bytecode

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## Compile the kit's modules to bytecode. The kit is installed editable, so pip compiles none of it,
## and where PYTHONDONTWRITEBYTECODE is set no kernel ever writes the cache: each table Voila starts
## would compile the whole kit from source again (about a quarter of a second before its first draw).
## Cheap when nothing changed: only modules newer than their cache are compiled again.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q kit

## Serve the welcome page and the tables in Voilà, on a local folder of game files
## (play/games, filled with the sample games the first time).
play: $(STAMP) bytecode
	mkdir -p $(PLAY_GAMES)
	for game in notebooks/games/*.ipynb; do \
		[ -e "$(PLAY_GAMES)/$$(basename $$game)" ] || cp "$$game" $(PLAY_GAMES)/; done
	@echo "Open http://127.0.0.1:$(PORT)/voila/render/welcome.ipynb (game files in $(PLAY_GAMES)/)"
	KIT_GAMES_DIR="$(abspath $(PLAY_GAMES))" KIT_TABLE_KEY_STORE=1 JUPYTER_PATH="$(CURDIR)/share/jupyter" \
		$(BIN)/voila notebooks --port=$(PORT)

SITE_VENV := build/site-venv
SITE_STAMP := $(SITE_VENV)/.installed-stamp

$(SITE_STAMP): scripts/site/build-requirements.txt
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python -m pip install --quiet -r scripts/site/build-requirements.txt
	touch $(SITE_STAMP)

## Build site/: the welcome page, the tables and the tours as a static Voici site that runs the kit in
## the browser (Pyodide), with everything it loads in its own folder. Serve it with any web server.
site: $(STAMP) $(SITE_STAMP)
	$(BIN)/python scripts/build_site.py --tools $(SITE_VENV)/bin --out site

## Every test: lint (ruff, ESLint), unit, property, widget, browser (the tables in Voilà and on the static
## site, built first), then nbval over every notebook.
test: lint unit notebooks

## ESLint (pinned in tools/lint-js/package-lock.json), installed with npm ci when the lock changes.
LINT_JS := tools/lint-js
LINT_JS_STAMP := $(LINT_JS)/node_modules/.installed-stamp

$(LINT_JS_STAMP): $(LINT_JS)/package.json $(LINT_JS)/package-lock.json
	npm ci --prefix $(LINT_JS) --ignore-scripts --no-audit --no-fund
	touch $(LINT_JS_STAMP)

## ruff over the Python; ESLint (eslint:recommended, browser globals) over the page-side JavaScript of the
## anywidget views (kit/**/*.js).
lint: $(STAMP) $(LINT_JS_STAMP)
	$(BIN)/ruff check kit tests bench scripts
	$(LINT_JS)/node_modules/.bin/eslint --config $(LINT_JS)/eslint.config.mjs --max-warnings 0 kit

unit: $(STAMP) bytecode site
	$(BIN)/pytest tests

notebooks: $(STAMP) bytecode
	$(BIN)/pytest --nbval notebooks

## Re-run the generated notebooks: the sample games, the rules tours (each notebooks/tours/<system>.md,
## converted with jupytext and executed; edit the .md, not the .ipynb), the welcome page and the tables.
pages: $(STAMP)
	$(BIN)/python scripts/make_sample_games.py
	$(BIN)/python scripts/build_tours.py
	$(BIN)/python scripts/build_pages.py

bench: $(STAMP) bytecode
	for script in bench/*_bench.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) build site *.egg-info $(LINT_JS)/node_modules
