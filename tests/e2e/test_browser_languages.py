"""In a real browser, every page in German, French, Spanish and Russian, with the example event: the document
declares its language, and no English is left in what the page shows, neither a message of the catalogs (a
translation not used) nor any other English sentence (a string never marked for translation).

Every page of the navigation is checked (the list is :data:`ui.session.navigation.PAGES` itself, so a new page is
checked too), with every closed box opened and, on a page with tabs, each tab in turn: what a reader can reach
without typing.  Every visible text must be translated, a name (the players', the example event's), a number
or a code.  Left out, because they are not ours to translate: Streamlit's own chrome (the file box's "Drag and
drop file here" and "Browse files", documented as staying English), and on the Glossary the arbiters' words, which quote each
term's source as it is written.

Each language's tests run on that language's server (:mod:`tests.e2e.languages`), one xdist group per server.
"""
from __future__ import annotations

import re
from functools import cache

import pytest
from playwright.sync_api import Page, expect

from i18n.catalog import placeholders, translator
from i18n.check import source_catalog
from tests.e2e.languages import address, in_translated_languages, say
from tests.e2e.waiting import settle
from ui.session.navigation import PAGES

pytestmark = pytest.mark.e2e

#: words of English sentences that no German, French, Spanish or Russian sentence of ours contains
ENGLISH_WORDS = re.compile(r"\b(the|and|with|which|players|is|are|this|your|each)\b")
#: what is not ours to translate: Streamlit's own chrome, and the sources the arbiters' words quote as written
NOT_OURS = ('[data-testid="stFileUploaderDropzone"]', ".st-key-arbiters_words")
#: headings that prove the page is the one asked for, in each language
STANDINGS = {"de": "Rangliste", "fr": "Classement", "es": "Clasificación", "ru": "Турнирная таблица"}


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


def open_everything(page: Page) -> None:
    """Open every closed box of the page, and wait until what they hold is drawn."""
    page.evaluate("() => document.querySelectorAll('[data-testid=stMain] details:not([open])')"
                  ".forEach(d => { d.open = true; })")
    settle(page)


def shown_text(page: Page) -> str:
    """The main part's text as a reader sees it, less what is not ours to translate."""
    main = page.get_by_test_id("stMain").inner_text()
    for selector in NOT_OURS:
        for quoted in page.locator(f'[data-testid="stMain"] {selector}').all_inner_texts():
            main = main.replace(quoted, "")
    return main.replace("Example event", "")          # the example event's name is the event's own


def english_in(page: Page, lang: str) -> list[str]:
    """Every English message or English-looking line the page shows now."""
    main = shown_text(page)
    leaks = [m for m in english_messages(lang) if m in main]
    lines = sorted({line.strip() for line in main.splitlines() if ENGLISH_WORDS.search(line)})
    return sorted(set(leaks)) + [f"line: {line[:120]}" for line in lines]


@pytest.mark.parametrize("info", PAGES, ids=[p.url_path or "start" for p in PAGES])
@pytest.mark.parametrize("lang", in_translated_languages())
def test_every_page_declares_its_language_and_shows_no_english(app_url: str, page: Page, lang: str, info) -> None:
    url = app_url
    page.goto(address(url, info.url_path, lang))
    settle(page)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    # the page's own script sets it once the app's frame is drawn (a second or so after the page; far more on a
    # loaded machine)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang, timeout=60_000)
    if info.url_path == "standings":
        expect(page.get_by_test_id("stMain").locator("h1")).to_have_text(STANDINGS[lang])
    found: dict[str, list[str]] = {}
    open_everything(page)
    tabs = page.get_by_test_id("stMain").get_by_role("tab")
    for n in range(max(1, tabs.count())):              # each tab shown in turn (Build draws only the open one)
        if n:
            tabs.nth(n).click()
            expect(tabs.nth(n)).to_have_attribute("aria-selected", "true")
            settle(page)
            open_everything(page)
        english = english_in(page, lang)
        if english:
            found[f"tab {n + 1}" if tabs.count() else "page"] = english[:8]
    assert found == {}, f"/{info.url_path} in {lang} shows English: {found}"


@pytest.mark.parametrize("lang", in_translated_languages())
def test_the_announcement_download_declares_the_language_of_the_page(app_url: str, page: Page, lang: str) -> None:
    """The printable sheet is read by screen readers too: its ``lang`` is the language it is written in."""
    url = app_url
    page.goto(address(url, "announcement", lang))
    settle(page)
    with page.expect_download() as download:
        page.get_by_role("button", name=say(lang, "Download HTML")).click()
    html = open(download.value.path(), encoding="utf-8").read()
    declared = re.search(r'<html[^>]*\blang="([^"]+)"', html)
    assert declared and declared.group(1) == lang, html[:200]


@pytest.mark.parametrize("lang", in_translated_languages())
def test_switching_language_in_the_sidebar_keeps_a_choice_among_options(app_url: str, page: Page,
                                                                        lang: str) -> None:
    """Such a choice reaches the server as its label: after the switch no option has that label any more, and
    it used to fall back to the first option."""
    url = app_url
    page.goto(address(url, "check", "en"))
    settle(page)
    page.get_by_role("radio", name="Upload files").check(force=True)
    settle(page)
    page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name={"de": "Deutsch", "fr": "Français", "es": "Español", "ru": "Русский"}[lang],
                     exact=True).click()
    settle(page)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang, timeout=60_000)
    expect(page.get_by_role("radio", name=say(lang, "Upload files"))).to_be_checked()
    expect(page.get_by_role("radio", name=say(lang, "Paste the text"))).not_to_be_checked()


@pytest.mark.app_server(lang="de")
def test_a_browser_that_speaks_german_opens_the_app_in_german(app_url, page):
    """No ``?lang=`` in the address: on a first visit the browser's own language (its Accept-Language) chooses."""
    page.goto(f"{app_url}/standings")
    settle(page)
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert "Rangliste" in page.get_by_test_id("stMain").inner_text()
