# Two commands on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PORT ?= 8866

.PHONY: play test lint unit notebooks bench games clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## Serve the table in Voilà on the local folder of game files.
play: $(STAMP)
	$(BIN)/voila notebooks --port=$(PORT) --no-browser=False \
		--Voila.ip=127.0.0.1 --VoilaConfiguration.file_allowlist="['.*\.(png|svg|ipynb|json)']"

## Every test: lint, unit, property, widget, nbval, browser.
test: $(STAMP) lint
	$(BIN)/pytest tests
	$(BIN)/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check kit tests bench

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) build *.egg-info
