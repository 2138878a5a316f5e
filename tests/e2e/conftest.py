"""The browser tests' fixtures: our app's servers, and Debian's Chromium driven by pytest-playwright.

Servers (``tests/e2e/servers.py``; CONTRIBUTING.md, "Browser tests", says how to choose one):

* ``app_url``: the worker's shared server, showing the built-in example to every new session.  A test that
  uploads, saves or pairs on it would change what the next test opens: such a test asks for a server of its
  own with ``@pytest.mark.app_server("name")`` (the tests naming the same server share it, one after the
  other, on one worker), and ``app_url`` is then that server.  ``app_server(lang="de")`` also opens the
  browser in that language.
* ``hosted_app_url``: the worker's server in hosted mode (a private workspace per browser).
* ``fresh_app_url``: a server nobody has visited yet, for this one test (what only a first request shows).

Under ``pytest -n`` each worker starts its own servers on free ports and its own Chromium; a named server is
stopped as soon as the tests that share it are done.  Every request off the loopback interface is refused (the
tests must not reach the network).  A browser test waits for named states of the page
(``tests/e2e/waiting.py``), never for a fixed time, and runs once: a test that fails, fails the run.
"""
from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import expect

from tests.e2e.servers import CHROMIUM, KEPT, LOCAL, AppServers, RunningServer, Wanted, require_chromium, serve_app

SERVERS = pytest.StashKey[AppServers]()
#: how long a wait for a named state (``expect(...)``, an action waiting for its element) may last before the test
#: fails: Playwright's own five seconds for ``expect`` are too short on a loaded two-core machine running the
#: tests side by side; a state reached sooner ends the wait at once, so an idle machine loses nothing
STATE_TIMEOUT_MS = 60_000
expect.set_options(timeout=STATE_TIMEOUT_MS)


@pytest.fixture(scope="session")
def app_servers(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[AppServers]:
    """This worker's servers (stopped at the end of its run)."""
    servers = AppServers(tmp_path_factory.mktemp("servers"))
    pytestconfig.stash[SERVERS] = servers
    yield servers
    servers.stop_all()


@pytest.fixture
def app_server(app_servers: AppServers, request: pytest.FixtureRequest) -> RunningServer:
    """The server this test asks for with ``@pytest.mark.app_server``, else the worker's shared one."""
    return app_servers.get(Wanted.of(request.node))


@pytest.fixture
def app_url(app_server: RunningServer) -> str:
    """The address of the server this test asks for (see :func:`app_server`)."""
    return app_server.url


@pytest.fixture
def hosted_app_url(app_servers: AppServers) -> str:
    """The worker's server in hosted mode (a private workspace per browser)."""
    return app_servers.get(Wanted("hosted", mode="hosted")).url


@pytest.fixture
def fresh_app_url(tmp_path):
    """A server nobody has visited yet (for what only a first request shows, such as deep links)."""
    with serve_app(tmp_path) as url:
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
    """A laptop-sized window that is tall enough to screenshot a whole page, and a browser that asks for reduced
    motion (as many readers do): the page's transitions are not drawn frame by frame, which saves the machine
    the frames while nothing a test reads changes."""
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1400}, "reduced_motion": "reduce"}


@pytest.fixture
def context(context):
    """Fail fast on any request that would leave the machine."""
    context.set_default_timeout(STATE_TIMEOUT_MS)
    context.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url) else route.abort())
    return context


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A server in a language opens the browser in that language.

    The tests sharing a named server are not an xdist group: each worker starts the servers its tests ask for.
    Groups were given here in a hook that ran after pytest-xdist had written the groups into the
    ids, so they never took; made to take (this hook first), they sent each language's tests to one worker, and
    a whole run from a fresh clone took 1,023 s instead of 904 s."""
    for item in items:
        if item.get_closest_marker("app_server") is None:
            continue
        wanted = Wanted.of(item)
        if wanted.lang:
            item.add_marker(pytest.mark.browser_context_args(locale=wanted.lang))


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Stop a named server once the next test does not ask for it: its run of tests is done on this worker."""
    servers = item.config.stash.get(SERVERS, None)
    if servers is None:
        return
    name = Wanted.of(item).name
    if name not in KEPT and (nextitem is None or Wanted.of(nextitem).name != name):
        servers.stop(name)
