"""Shared test fixtures: an isolated saved-events database, a clean cache, the example as Fixture A.

* Every test gets its own SQLite file (``TIEBREAK_LAB_DB``), so no test reads or writes the user's
  saved events and no test sees another's.
* ``st.cache_data`` and ``st.cache_resource`` outlive one AppTest inside a pytest process (their caches are
  process-wide): clear them per test.
* The browser tests' servers and Chromium: ``tests/e2e/conftest.py``.
"""
from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path, monkeypatch):
    """Point the saved-events store at a fresh file for this test."""
    monkeypatch.setenv("TIEBREAK_LAB_DB", str(tmp_path / "events.sqlite3"))


@pytest.fixture(autouse=True)
def _restore_main_module():
    """AppTest runs a page as ``__main__`` and leaves it there.  A later test in the same process that starts
    worker processes (``spawn``) would then make every worker run that page again, fail, and be replaced
    for ever.  Put the real ``__main__`` back after each test."""
    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main


@pytest.fixture(autouse=True)
def _clear_streamlit_cache():
    """Cached results must not leak from one AppTest to the next."""
    yield
    try:
        import streamlit as st
        st.cache_data.clear()
        st.cache_resource.clear()
    except Exception:  # streamlit missing or no runtime: nothing cached
        pass


@pytest.fixture
def fixture_a_example(monkeypatch):
    """A fresh session (the test database is empty) opens the example: make it Fixture A (tests/fixtures.py)."""
    from tests.fixtures import fixture_a
    monkeypatch.setattr("ui.session.state.example_event", fixture_a)
