"""Our app served for a browser: where Chromium is, which addresses a test may reach, and one Tiebreak Lab server
with a saved-events database of its own.

The browser tests get their servers from the fixtures in ``tests/e2e/conftest.py``; the hosted-mode benchmark
(``tools/bench_hosted.py``) starts one the same way.
"""
from __future__ import annotations

import contextlib
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import pytest

from tests.streamlit_server import serve

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
#: the only addresses a page may ask for: this machine's loopback interface
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/")


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing at /usr/bin/chromium: install Debian's chromium: "
                    "apt-get install -y chromium", pytrace=False)


@contextlib.contextmanager
def serve_app(work: Path, mode: str = "laptop") -> Iterator[str]:
    """A Tiebreak Lab server on a free loopback port, with its own saved-events database in ``work``.

    ``mode`` is ``TIEBREAK_LAB_MODE``: ``laptop`` (one workspace) or ``hosted`` (one per browser).
    """
    require_chromium()
    env = {"TIEBREAK_LAB_DB": str(work / "e2e.sqlite3"), "TIEBREAK_LAB_MODE": mode}
    with serve(ROOT / "app.py", ROOT, work / "streamlit.log", env) as url:
        yield url


#: the servers kept for the whole run (most tests use them, scattered over the run), not stopped between tests
KEPT = ("shared", "hosted")


@dataclass(frozen=True)
class Wanted:
    """Which server a browser test asks for (``@pytest.mark.app_server``): its ``name`` (the tests asking for the
    same name share it), its mode, and the language its browser speaks (``None``: the browser's default,
    English)."""
    name: str = "shared"
    mode: str = "laptop"
    lang: str | None = None

    @classmethod
    def of(cls, item: pytest.Item) -> Wanted:
        """What ``item``'s ``app_server`` marker asks for; the worker's shared server when it has none."""
        marker = item.get_closest_marker("app_server")
        if marker is None:
            return cls()
        lang = marker.kwargs.get("lang")
        name = marker.args[0] if marker.args else lang
        if not name:
            raise pytest.UsageError(f"{item.nodeid}: app_server needs a name or a language (lang=...)")
        return cls(name, marker.kwargs.get("mode", "laptop"), lang)


@dataclass
class RunningServer:
    """A server started for the tests that asked for its name; ``done`` notes what was done to it once (a file
    uploaded before the first case), so that later cases on the same server skip it."""
    url: str
    stop: contextlib.ExitStack
    done: set[str] = field(default_factory=set)


class AppServers:
    """This worker's servers, by name: each started at the first test asking for it, and stopped when the next
    test does not ask for it (started again if a later test asks for it once more) or at the end of the run.
    Under ``pytest -n`` every worker has its own, on ports of their own."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.running: dict[str, RunningServer] = {}

    def get(self, wanted: Wanted) -> RunningServer:
        if wanted.name not in self.running:
            stack = contextlib.ExitStack()
            work = Path(tempfile.mkdtemp(prefix=f"{wanted.name}-", dir=self.work))     # a new database each start
            url = stack.enter_context(serve_app(work, wanted.mode))
            self.running[wanted.name] = RunningServer(url, stack)
        return self.running[wanted.name]

    def stop(self, name: str) -> None:
        server = self.running.pop(name, None)
        if server is not None:
            server.stop.close()

    def stop_all(self) -> None:
        for name in list(self.running):
            self.stop(name)
