# Two commands for a fresh machine with Python 3 and make:
#   make run   - set up the virtual environment if needed, then start the app on the example event
#   make test  - the same set-up, then every test (the browser tests need Debian's chromium)
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8501

.PHONY: run test test-fast bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(PY) -m streamlit run app.py --server.headless=true --server.port=$(PORT) \
		--server.address=127.0.0.1 --browser.gatherUsageStats=false

test: $(VENV)/.installed
	$(PY) -m pytest -q

test-fast: $(VENV)/.installed
	$(PY) -m pytest -q -m "not e2e"

bench: $(VENV)/.installed
	$(PY) -m tests.bench

clean:
	rm -rf $(VENV) *.egg-info
