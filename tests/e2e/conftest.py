"""The browser tests' fixtures: our app's servers, and Debian's Chromium driven by pytest-playwright.

* The e2e tests share one ``streamlit run`` server per session; every request off the loopback interface is
  refused (the tests must not reach the network).
* A browser test waits for named states of the page (``tests/e2e/waiting.py``), never for a fixed time.
"""
from __future__ import annotations

import pytest

from tests.e2e.servers import CHROMIUM, LOCAL, app_server, require_chromium


@pytest.fixture(scope="session")
def app_url(tmp_path_factory):
    """A server shared by the browser tests of one run."""
    with app_server(tmp_path_factory.mktemp("streamlit")) as url:
        yield url


@pytest.fixture
def fresh_app_url(tmp_path):
    """A server nobody has visited yet (for what only a first request shows, such as deep links)."""
    with app_server(tmp_path) as url:
        yield url


@pytest.fixture(scope="session")
def hosted_app_url(tmp_path_factory):
    """A server in hosted mode (a private workspace per browser), shared by the tests of one run."""
    with app_server(tmp_path_factory.mktemp("hosted"), mode="hosted") as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright hook: launch Debian's Chromium (never `playwright install`), quietly."""
    require_chromium()
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test gets one more try when it fails.  They wait for named states, not fixed times, yet on a
    loaded two-core machine a whole run still met two that failed once and passed alone (the Swiss-Chess upload,
    the TD's round by keyboard); a test that fails twice fails the run."""
    for item in items:
        if item.get_closest_marker("e2e") is not None:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))
