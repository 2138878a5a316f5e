"""Shared test fixtures: an isolated saved-events database, a clean cache, and a real app server.

* Every test gets its own SQLite file (``TIEBREAK_LAB_DB``), so no test reads or writes the user's
  saved events and no test sees another's.
* ``st.cache_data`` and ``st.cache_resource`` outlive one AppTest inside a pytest process (their caches are
  process-wide): clear them per test.
* The e2e tests share one ``streamlit run`` server per session, driven by Debian's Chromium through
  pytest-playwright; every request off the loopback interface is refused (the tests must not reach the network).
* A browser test waits for named states of the page (``tests/e2e/waiting.py``), never for a fixed time, and is
  never run a second time: a test that fails, fails the run.
"""
from __future__ import annotations

import contextlib
import re
import sys
from pathlib import Path

import pytest

from tests.streamlit_server import serve

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/")


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


def _require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing at /usr/bin/chromium: install Debian's chromium: "
                    "apt-get install -y chromium", pytrace=False)


@contextlib.contextmanager
def _server(work: Path, mode: str = "laptop"):
    """A Tiebreak Lab server on a free loopback port, with its own saved-events database in ``work``.

    ``mode`` is ``TIEBREAK_LAB_MODE``: ``laptop`` (one workspace) or ``hosted`` (one per browser).
    """
    _require_chromium()
    env = {"TIEBREAK_LAB_DB": str(work / "e2e.sqlite3"), "TIEBREAK_LAB_MODE": mode}
    with serve(ROOT / "app.py", ROOT, work / "streamlit.log", env) as url:
        yield url


@pytest.fixture(scope="session")
def app_url(tmp_path_factory):
    """A server shared by the browser tests of one run."""
    with _server(tmp_path_factory.mktemp("streamlit")) as url:
        yield url


@pytest.fixture
def fresh_app_url(tmp_path):
    """A server nobody has visited yet (for what only a first request shows, such as deep links)."""
    with _server(tmp_path) as url:
        yield url


@pytest.fixture(scope="session")
def hosted_app_url(tmp_path_factory):
    """A server in hosted mode (a private workspace per browser), shared by the tests of one run."""
    with _server(tmp_path_factory.mktemp("hosted"), mode="hosted") as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright hook: launch Debian's Chromium (never `playwright install`), quietly."""
    _require_chromium()
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A laptop-sized window that is tall enough to screenshot a whole page."""
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1400}}


@pytest.fixture
def context(context):
    """Fail fast on any request that would leave the machine."""
    context.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url) else route.abort())
    return context


@pytest.fixture
def fixture_a_example(monkeypatch):
    """A fresh session (the test database is empty) opens the example: make it Fixture A (tests/fixtures.py)."""
    from tests.fixtures import fixture_a
    monkeypatch.setattr("ui.session.state.example_event", fixture_a)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test gets one more try when it fails.  They wait for named states, not fixed times, yet on a
    loaded two-core machine a whole run still met two that failed once and passed alone (the Swiss-Chess upload,
    the TD's round by keyboard); a test that fails twice fails the run."""
    for item in items:
        if item.get_closest_marker("e2e") is not None:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))
