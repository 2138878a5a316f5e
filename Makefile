# Two commands for a fresh machine with Python 3 and make:
#   make run   - set up the virtual environment with the app's packages if needed, then start the app
#                (make run PORT=8600 to use another port)
#   make test  - the same, plus the test tools, then every test (the browser tests need Debian's chromium)
#   make test-fast, make check - the quick loop while working, and the linters CI runs first
# For a class or a club's server (docs/hosting.md):
#   TIEBREAK_LAB_MODE=hosted make run PORT=8501   - a private workspace per browser, open to the network
#   make backup                                   - a consistent copy of the saved-events database
# Languages (README, "Languages"): make locales-update after marking new messages, then translate each
# i18n/locales/<code>/LC_MESSAGES/messages.po; make locales compiles them (make run does it first)
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8501
# laptop: this computer only; hosted: every network interface, so the class can connect
ADDRESS ?= $(if $(filter hosted,$(TIEBREAK_LAB_MODE)),0.0.0.0,127.0.0.1)

.PHONY: run run-dev test test-fast check bench backup clean locales locales-extract locales-update locales-init

PYBABEL := $(VENV)/bin/pybabel
LOCALES := i18n/locales
# the messages' keywords (never `_`, which Streamlit code often uses as a throw-away name): a message, one with
# a context, a count, a count with a context, and a mark where a table of names is defined
KEYWORDS := --no-default-keywords -k t -k tp:1c,2 -k tn:1,2 -k tnp:1c,2,3 -k N_ -k NP_:1c,2 -k said -k said_n:1,2
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALES)/*/LC_MESSAGES/messages.po))

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

run: $(VENV)/.installed locales
	$(PY) -m streamlit run app.py --server.headless=true --server.port=$(PORT) \
		--server.address=$(ADDRESS) --browser.gatherUsageStats=false

# the same, reloading the page when a source file is saved (the watcher is off for visitors: it costs every run)
run-dev: $(VENV)/.installed locales
	$(PY) -m streamlit run app.py --server.headless=true --server.port=$(PORT) \
		--server.address=$(ADDRESS) --browser.gatherUsageStats=false --server.fileWatcherType=auto \
		--server.runOnSave=true

# every test, spread over one worker per core and one more (pytest-xdist): each worker starts its own app servers
# and its own Chromium, and the browser tests sharing a named server run one after the other on one worker (they
# are one xdist group: --dist loadgroup; tests/e2e/conftest.py).  A browser test spends part of its time waiting
# for the page to stay unchanged, when its worker leaves the core idle: the extra worker fills that time
WORKERS ?= $(shell python3 -c "import os; print(len(os.sched_getaffinity(0)) + 1)")
test: $(VENV)/.installed-test
	$(PY) -m pytest -q -n $(WORKERS) --dist loadgroup

# everything but the browser tests and the few heavy ones (marked slow): the loop to run while working, spread
# over every core (pytest-xdist), so that it stays at about two minutes on a two-core machine
test-fast: $(VENV)/.installed-test
	$(PY) -m pytest -q -m "not e2e and not slow" -n auto

# lint and import order (ruff), types (mypy: the engine strictly, the app too); CI runs it before the tests
check: $(VENV)/.installed-test
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m i18n.check

bench: $(VENV)/.installed-test
	$(PY) -m tools.bench
	$(PY) -m tools.bench_scale
	$(PY) -m tools.bench_hosted
	$(PY) -m tools.bench_pages
	$(PY) -m tools.bench_language
	$(PY) -m tools.bench_check
	$(PY) -m tools.bench_team_pages

backup: $(VENV)/.installed
	$(PY) -c "import sys; from ui.session.store import backup_to; print(backup_to(sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else None))" "$(BACKUP)"

# the compiled catalogs (.mo) are build products, not committed: each is made from its .po when older than it
# (the app compiles a missing or stale one in memory too, so a run without make never shows a stale text)
locales: $(VENV)/.installed $(MO)

$(LOCALES)/%/LC_MESSAGES/messages.mo: $(LOCALES)/%/LC_MESSAGES/messages.po
	$(PY) -m i18n.compile $* $< $@

# every marked message into the template messages.pot (not committed either: it is made from the source)
locales-extract: $(VENV)/.installed
	$(PYBABEL) extract -F i18n/babel.cfg $(KEYWORDS) --sort-by-file -w 100 --project "Tiebreak Lab" \
		-o $(LOCALES)/messages.pot .

# new and changed messages into every catalog; a changed one comes in marked fuzzy, which make check refuses
# until a translator has reviewed it and removed the mark
locales-update: locales-extract
	$(PYBABEL) update -i $(LOCALES)/messages.pot -d $(LOCALES) --previous -w 100

# a new language: make locales-init LANG_CODE=it (then add it to i18n/languages.py and a glossary file)
locales-init: locales-extract
	$(PYBABEL) init -i $(LOCALES)/messages.pot -d $(LOCALES) -l $(LANG_CODE)

clean:
	rm -rf $(VENV) *.egg-info $(MO)
