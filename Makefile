# Every target sets up the local virtual environment by itself when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench lint setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/cardsim run configs/tournaments/quickstart.yaml

test: $(STAMP)
	$(BIN)/ruff check simulator strategies tests
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/cardsim bench

lint: $(STAMP)
	$(BIN)/ruff check simulator strategies tests
	$(BIN)/ruff format --check simulator strategies tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
