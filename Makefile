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

# the packages of pyproject.toml's dependencies (core), build requirements (build) or one extra,
# installed without cardsim itself: `pip install -e '.[extra]'` would build the compiled core again
define install_requirements
	@$(BIN)/python -c "import subprocess, sys, tomllib; \
	toml = tomllib.load(open('pyproject.toml', 'rb')); project = toml['project']; \
	lists = {'core': project['dependencies'], 'build': toml['build-system']['requires']}; \
	wanted = [r for name in sys.argv[1:] for r in lists.get(name) or project['optional-dependencies'][name]]; \
	subprocess.check_call([sys.executable, '-m', 'pip', 'install', '--quiet', *wanted])" $(1)
endef

$(STAMP): pyproject.toml setup.py compiled.txt $(COMPILED) $(MODE_FILE)
	@echo "setup 1/3: virtual environment in $(VENV)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	@echo "setup 2/3: dependencies and build tools (pyproject.toml)"
	$(call install_requirements,core test build)
	@if [ -n "$(CARDSIM_PURE)" ]; then echo "setup 3/3: cardsim, interpreted (CARDSIM_PURE: no compiled core)"; \
	else echo "setup 3/3: cardsim and its compiled core: mypyc turns the modules of compiled.txt into C, \
	then the C compiler runs on $$(nproc) cores (about a minute on a fresh clone; CARDSIM_PURE=1 skips it)"; fi
	@# the build tools are in the environment already: no separate build environment to make
	@start=$$(date +%s); $(BIN)/pip install --quiet --no-deps --no-build-isolation -e . \
		&& echo "setup done in $$(( $$(date +%s) - start )) s"
	touch $(STAMP)

setup: $(STAMP)

# the docs extra (mkdocs) is installed only by the targets that build the docs
$(DOCS_STAMP): $(STAMP)
	$(call install_requirements,docs)
	touch $(DOCS_STAMP)

run: $(STAMP)
	$(BIN)/cardsim run configs/tournaments/quickstart.yaml

test: $(STAMP) $(DOCS_STAMP)
	$(call install_requirements,rl play)
	$(BIN)/ruff check simulator strategies tests examples
	$(BIN)/ruff format --check simulator strategies tests examples
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/mkdocs build --strict --site-dir $(VENV)/site
	$(BIN)/pytest

# OpenSpiel (the side-by-side reference) and PettingZoo (the environments' step rates) in one install
bench: $(STAMP)
	$(call install_requirements,bench rl) \
		|| { echo "make bench: open_spiel could not be installed; the bench runs without the OpenSpiel ratio"; \
		$(call install_requirements,rl); }
	$(BIN)/cardsim bench

lint: $(STAMP)
	$(BIN)/ruff check simulator strategies tests examples
	$(BIN)/ruff format --check simulator strategies tests examples
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

docs: $(DOCS_STAMP)
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache site build simulator/_native.json
	find simulator strategies -name '*.so' -delete
