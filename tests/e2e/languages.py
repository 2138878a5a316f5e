"""The browser tests that run in every language: one set of servers per language, shared by every module.

The fit, reflow, accessibility, whole-word and no-English checks each run once per language.  Their tests are
parametrized with :func:`in_every_language` (or :func:`in_languages`), which marks each language's tests with an
xdist group of its own (``lang-de``): under ``pytest -n 2 --dist loadgroup`` one worker takes all of a language's
tests, so the languages run side by side, each on its own server and browser; run serially (no ``-n``), the same
tests run one after another and are just as correct.

A language's servers are started on first use by the session fixture :func:`language_server` (offered to every
browser test by ``tests/e2e/conftest.py``), shared by every module, and stopped at the end of the session.  Each
language has three, because what a test does to a laptop-mode server (its one workspace reopens the event saved
last) would change what the next test sees:

* ``example``: only ever shows the built-in example; nothing is uploaded or opened from a link on it;
* ``big``: the 52-player event (after round 4 of 9) is uploaded on it once, before the first test uses it;
* ``links``: the whole-word checks open events from share links on it (each link's event is saved there).

Every address a test opens carries ``?lang=``: the document's language then follows (the tests check it).
"""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from i18n.catalog import translator
from i18n.languages import SUPPORTED, TRANSLATED
from tests.e2e.fit import opened
from tests.e2e.waiting import settle

ROOT = Path(__file__).resolve().parents[2]
BIG = ROOT / "tests" / "data" / "trf" / "gros_2010_after_round4.trf"
KINDS = ("example", "big", "links")


def in_languages(langs: tuple[str, ...]) -> list:
    """Parameters for ``lang``, one per language, each in the xdist group of its language."""
    return [pytest.param(lang, id=lang, marks=pytest.mark.xdist_group(f"lang-{lang}")) for lang in langs]


def in_every_language() -> list:
    """English and every translated language (:data:`i18n.languages.SUPPORTED`)."""
    return in_languages(SUPPORTED)


def in_translated_languages() -> list:
    return in_languages(TRANSLATED)


def say(lang: str, message: str, /, **fields: object) -> str:
    """``message`` as the app shows it in ``lang`` (the catalog's sentence, its fields filled)."""
    return translator(lang).t(message, **fields)


def address(url: str, path: str, lang: str, query: str = "") -> str:
    """The page ``path`` ("" for Start) in ``lang``, with any other ``query`` ("s=...")."""
    return f"{url}/{path}?lang={lang}" + (f"&{query}" if query else "")


def upload_big_event(page: Page, url: str, lang: str = "en") -> None:
    """Upload the 52-player file on Build event's Upload tab (found by its key, whatever its label says)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(address(url, "build", lang))
    settle(page)
    tabs = page.get_by_test_id("stMain").get_by_role("tab")
    tabs.nth(4).click()                                     # Upload / download, the fifth of Build event's tabs
    settle(page)
    page.locator(".st-key-upload").get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": BIG.name, "mimeType": "text/plain", "buffer": BIG.read_bytes()}])
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(BIG.name, timeout=30_000)
    if lang == "en":
        expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(opened(BIG.name))


class _Servers:
    """The running servers, by language and kind, for the whole session (of this process: an xdist worker)."""

    def __init__(self) -> None:
        self.urls: dict[tuple[str, str], str] = {}
        self.stack = contextlib.ExitStack()

    def url(self, lang: str, kind: str, work: Callable[[str], Path], browser: Browser) -> str:
        if kind not in KINDS:
            raise KeyError(f"no server kind {kind!r}; there are {', '.join(KINDS)}")
        if (lang, kind) not in self.urls:
            from tests.conftest import _server
            url = self.stack.enter_context(_server(work(f"{kind}-{lang}")))
            if kind == "big":
                page = browser.new_page()
                try:
                    upload_big_event(page, url, lang)
                    page.goto(address(url, "standings", lang))
                    settle(page)
                    expect(page.get_by_test_id("stDataFrame").first).to_contain_text("Mirzoev", timeout=30_000)
                finally:
                    page.close()
            self.urls[(lang, kind)] = url
        return self.urls[(lang, kind)]


_SERVERS = _Servers()


@pytest.fixture(scope="session")
def language_server(tmp_path_factory, browser: Browser) -> Callable[[str, str], str]:
    """``language_server(lang, kind)``: the address of that language's server of that kind (started on first use)."""
    yield lambda lang, kind="example": _SERVERS.url(lang, kind, tmp_path_factory.mktemp, browser)
    _SERVERS.stack.close()
    _SERVERS.urls.clear()
