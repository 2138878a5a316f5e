"""Our app served for a browser: where Chromium is, which addresses a test may reach, and one Tiebreak Lab server
with a saved-events database of its own.

The browser tests get their servers from the fixtures in ``tests/e2e/conftest.py``; the hosted-mode benchmark
(``tools/bench_hosted.py``) starts one the same way.
"""
from __future__ import annotations

import contextlib
import re
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
def app_server(work: Path, mode: str = "laptop") -> Iterator[str]:
    """A Tiebreak Lab server on a free loopback port, with its own saved-events database in ``work``.

    ``mode`` is ``TIEBREAK_LAB_MODE``: ``laptop`` (one workspace) or ``hosted`` (one per browser).
    """
    require_chromium()
    env = {"TIEBREAK_LAB_DB": str(work / "e2e.sqlite3"), "TIEBREAK_LAB_MODE": mode}
    with serve(ROOT / "app.py", ROOT, work / "streamlit.log", env) as url:
        yield url
