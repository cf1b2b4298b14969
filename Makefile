# Every target sets up the local virtual environment by itself when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DOCS_STAMP := $(VENV)/.docs-installed
# the compiled core (setup.py, compiled.txt): the install rebuilds it whenever one of its sources,
# the list or the build mode changes; CARDSIM_PURE=1 builds no extension (interpreted modules only)
COMPILED := $(shell sed -e 's/\#.*//' compiled.txt)
BUILD_MODE := $(if $(CARDSIM_PURE),pure,compiled)
MODE_FILE := $(VENV)/.build-mode
$(shell mkdir -p $(VENV) && [ "$$(cat $(MODE_FILE) 2>/dev/null)" = "$(BUILD_MODE)" ] || echo $(BUILD_MODE) > $(MODE_FILE))

.PHONY: run test bench lint docs setup clean

$(STAMP): pyproject.toml setup.py compiled.txt $(COMPILED) $(MODE_FILE)
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
	$(BIN)/pip install --quiet -e '.[rl,play]'
	$(BIN)/ruff check simulator strategies tests
	$(BIN)/ruff format --check simulator strategies tests
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/mkdocs build --strict --site-dir $(VENV)/site
	$(BIN)/pytest

# OpenSpiel (the side-by-side reference) and PettingZoo (the environments' step rates) in one install
bench: $(STAMP)
	@$(BIN)/pip install --quiet -e '.[bench,rl]' \
		|| { echo "make bench: open_spiel could not be installed; the bench runs without the OpenSpiel ratio"; \
		$(BIN)/pip install --quiet -e '.[rl]'; }
	$(BIN)/cardsim bench

lint: $(STAMP)
	$(BIN)/ruff check simulator strategies tests
	$(BIN)/ruff format --check simulator strategies tests
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

docs: $(DOCS_STAMP)
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache site build simulator/_native.json
	find simulator strategies -name '*.so' -delete
