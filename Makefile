# Every target sets up the local virtual environment by itself when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DOCS_STAMP := $(VENV)/.docs-installed

.PHONY: run test bench lint docs setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

# the docs extra (mkdocs) is installed only by the targets that build the docs
$(DOCS_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[docs]'
	touch $(DOCS_STAMP)

run: $(STAMP)
	$(BIN)/cardsim run configs/tournaments/quickstart.yaml

test: $(STAMP) $(DOCS_STAMP)
	$(BIN)/pip install --quiet -e '.[rl]'
	$(BIN)/ruff check simulator strategies tests
	$(BIN)/ruff format --check simulator strategies tests
	$(BIN)/mypy
	$(BIN)/mkdocs build --strict --site-dir $(VENV)/site
	$(BIN)/pytest

bench: $(STAMP)
	@$(BIN)/pip install --quiet -e '.[bench]' \
		|| echo "make bench: open_spiel could not be installed; the bench runs without the OpenSpiel ratio"
	$(BIN)/cardsim bench

lint: $(STAMP)
	$(BIN)/ruff check simulator strategies tests
	$(BIN)/ruff format --check simulator strategies tests
	$(BIN)/mypy

docs: $(DOCS_STAMP)
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache site
