"""The browser tests that run in every language: which server each language's case runs on, and the helpers
that open a page in a language.

The fit, reflow, accessibility, whole-word and no-English checks each run once per language.  Their cases are
parametrized with :func:`cases` (or :func:`in_languages`), which gives each case the server of its language and
kind through ``@pytest.mark.app_server`` (``tests/e2e/conftest.py``): the cases naming one server share it, form
one xdist group, and run one after the other on the worker that started it, its browser speaking that language.
Under ``pytest -n 2 --dist loadgroup`` two languages' servers are worked through side by side; run serially (no
``-n``) the same cases run one after another, each language's cases together, and are just as correct.

A language has up to three servers, because what a test does to a laptop-mode server (its one workspace reopens
the event saved last) would change what the next test sees:

* ``example``: only ever shows the built-in example; nothing is uploaded or opened from a link on it (in English,
  the worker's shared server);
* ``big``: the 52-player event (after round 4 of 9) is uploaded on it once, before the first case that asks for
  it (:func:`big_event_on`);
* ``links``: the whole-word checks open events from share links on it (each link's event is saved there).

Every address a test opens carries ``?lang=`` (:func:`address`): the document's language then follows (the tests
check it), whatever the server's browser was told to prefer.
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any, Iterable

import pytest
from playwright.sync_api import Browser, Page, expect

from i18n.catalog import placeholders, translator
from i18n.check import source_catalog
from i18n.languages import DEFAULT, SUPPORTED, TRANSLATED
from tests.e2e.servers import RunningServer
from tests.e2e.waiting import settle

ROOT = Path(__file__).resolve().parents[2]
BIG = ROOT / "tests" / "data" / "trf" / "gros_2010_after_round4.trf"
KINDS = ("example", "big", "links")


def server_marks(lang: str, kind: str = "example") -> list[pytest.MarkDecorator]:
    """The marks that put a case on ``lang``'s server of ``kind`` (none: the worker's shared server, English)."""
    if kind not in KINDS:
        raise KeyError(f"no server kind {kind!r}; there are {', '.join(KINDS)}")
    if kind == "example" and lang == DEFAULT:
        return []
    return [pytest.mark.app_server(lang if kind == "example" else f"{kind}-{lang}", lang=lang)]


def in_languages(langs: Iterable[str], kind: str = "example") -> list[Any]:
    """Parameters for ``lang``, one per language, each on its language's server of ``kind``."""
    return [pytest.param(lang, id=lang, marks=server_marks(lang, kind)) for lang in langs]


def in_every_language(kind: str = "example") -> list[Any]:
    """English and every translated language (:data:`i18n.languages.SUPPORTED`)."""
    return in_languages(SUPPORTED, kind)


def in_translated_languages(kind: str = "example") -> list[Any]:
    return in_languages(TRANSLATED, kind)


#: the languages whose pages are also measured with the 52-player event: English.  The other languages' texts
#: are the same on both events (headings, labels, buttons, the grids' headings; the names and numbers come from
#: the file and are the same in every language), so their pages are measured on the example alone, which keeps
#: the whole run within its time on two cores
BIG_EVENT_LANGUAGES: tuple[str, ...] = (DEFAULT,)


def cases(kinds: Iterable[str], rest: Iterable[Any] = ((),), ids: Iterable[str] = ("",),
          big_languages: tuple[str, ...] = BIG_EVENT_LANGUAGES) -> list[Any]:
    """Parameters ``(lang, kind, *one of rest)`` for every language and kind (the ``big`` kind in
    ``big_languages`` only), each on its server: a language's cases of one kind next to each other (their
    server is started once and stopped after them).  Without ``rest``, ``(lang, kind)`` alone."""
    rest, ids = list(rest), list(ids)
    return [pytest.param(lang, kind, *(r if isinstance(r, tuple) else (r,)),
                         id="-".join(x for x in (lang, kind, i) if x), marks=server_marks(lang, kind))
            for lang in SUPPORTED for kind in kinds if kind != "big" or lang in big_languages
            for r, i in zip(rest, ids)]


def say(lang: str, message: str, /, **fields: object) -> str:
    """``message`` as the app shows it in ``lang`` (the catalog's sentence, its fields filled)."""
    return translator(lang).t(message, **fields)


def address(url: str, path: str, lang: str, query: str = "") -> str:
    """The page ``path`` ("" for Start) in ``lang``, with any other ``query`` ("s=...")."""
    return f"{url}/{path}?lang={lang}" + (f"&{query}" if query else "")


def upload_big_event(page: Page, url: str, lang: str = DEFAULT) -> None:
    """Upload the 52-player file on Build event's Upload tab (found by its place, whatever its label says)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(address(url, "build", lang))
    settle(page)
    page.get_by_test_id("stMain").get_by_role("tab").nth(4).click()     # Upload / download, Build's fifth tab
    settle(page)
    page.locator(".st-key-upload").get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": BIG.name, "mimeType": "text/plain", "buffer": BIG.read_bytes()}])
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(BIG.name, timeout=60_000)


def big_event_on(server: RunningServer, browser: Browser, lang: str = DEFAULT) -> str:
    """``server``'s address, the 52-player event uploaded on it once (before the first case that asks): every
    later visit opens it."""
    if BIG.name not in server.done:
        page = browser.new_page()
        try:
            upload_big_event(page, server.url, lang)
            page.goto(address(server.url, "standings", lang))
            settle(page)
            expect(page.get_by_test_id("stDataFrame").first).to_contain_text("Mirzoev", timeout=60_000)
        finally:
            page.close()
        server.done.add(BIG.name)
    return server.url


#: words of English sentences that no German, French, Spanish or Russian sentence of ours contains
ENGLISH_WORDS = re.compile(r"\b(the|and|with|which|players|is|are|this|your|each)\b")
#: what is not ours to translate: Streamlit's own chrome (the file box's "Drag and drop file here" and "Browse
#: files", documented as staying English), and on the Glossary the sources the arbiters' words quote as written
NOT_OURS = ('[data-testid="stFileUploaderDropzone"]', ".st-key-arbiters_words")


@cache
def english_messages(lang: str) -> tuple[str, ...]:
    """The catalogs' English messages (their text between placeholders, three words or more) whose
    translation into ``lang`` differs from them: if one of these shows, a translation was not used."""
    tr = translator(lang)
    found: list[str] = []
    for message in source_catalog():
        if not message.id or isinstance(message.id, (tuple, list)) or message.context:
            continue
        if tr.t(message.id) == message.id:
            continue
        pieces = re.split(r"\{[^}]*\}|\*\*", message.id) if placeholders(message.id) else [message.id]
        found += [piece for piece in (p.strip(" .,:;—·") for p in pieces) if len(piece.split()) >= 3]
    return tuple(found)


def shown_text(page: Page) -> str:
    """The main part's text as a reader sees it, less what is not ours to translate."""
    main = page.get_by_test_id("stMain").inner_text()
    for selector in NOT_OURS:
        for quoted in page.locator(f'[data-testid="stMain"] {selector}').all_inner_texts():
            main = main.replace(quoted, "")
    return main.replace("Example event", "")          # the example event's name is the event's own


def english_in(page: Page, lang: str) -> list[str]:
    """Every English message or English-looking line the page shows now: a translation not used (a message of
    the catalogs) or a string never marked for translation (a line with English words)."""
    main = shown_text(page)
    leaks = [m for m in english_messages(lang) if m in main]
    lines = sorted({line.strip() for line in main.splitlines() if ENGLISH_WORDS.search(line)})
    return sorted(set(leaks)) + [f"line: {line[:120]}" for line in lines]
