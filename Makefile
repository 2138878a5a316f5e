# Two commands for a fresh machine with Python 3 and make:
#   make run   - set up the virtual environment with the app's packages if needed, then start the app
#                (make run PORT=8600 to use another port)
#   make test  - the same, plus the test tools, then every test (the browser tests need Debian's chromium)
#   make test-fast, make check - the quick loop while working, and the linters CI runs first
# For a class or a club's server (README, "Running it for a class"):
#   TIEBREAK_LAB_MODE=hosted make run PORT=8501   - a private workspace per browser, open to the network
#   make backup                                   - a consistent copy of the saved-events database
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8501
# laptop: this computer only; hosted: every network interface, so the class can connect
ADDRESS ?= $(if $(filter hosted,$(TIEBREAK_LAB_MODE)),0.0.0.0,127.0.0.1)

.PHONY: run test test-fast check bench backup clean

# the app's own packages for make run; the test tools (pytest, Playwright, mypy, ruff, the reference calculator)
# on top of them only for the test targets
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(PY) -m streamlit run app.py --server.headless=true --server.port=$(PORT) \
		--server.address=$(ADDRESS) --browser.gatherUsageStats=false

test: $(VENV)/.installed-test
	$(PY) -m pytest -q

# everything but the browser tests and the few heavy ones (marked slow): the loop to run while working, spread
# over every core (pytest-xdist), so that it stays at about two minutes on a two-core machine
test-fast: $(VENV)/.installed-test
	$(PY) -m pytest -q -m "not e2e and not slow" -n auto

# lint and import order (ruff), types (mypy: the engine strictly, the app too); CI runs it before the tests
check: $(VENV)/.installed-test
	$(PY) -m ruff check .
	$(PY) -m mypy

bench: $(VENV)/.installed-test
	$(PY) -m tools.bench
	$(PY) -m tools.bench_scale
	$(PY) -m tools.bench_hosted
	$(PY) -m tools.bench_pages

backup: $(VENV)/.installed
	$(PY) -c "import sys; from ui.session.store import backup_to; print(backup_to(sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else None))" "$(BACKUP)"

clean:
	rm -rf $(VENV) *.egg-info
