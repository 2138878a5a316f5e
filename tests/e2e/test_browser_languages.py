"""In a real browser, in German, French, Spanish and Russian: the downloads declare their language, a choice
survives a switch of language, the browser's own language chooses on a first visit, and the search for English
left untranslated (run on every page in every language by ``test_browser_pages``) is not blind.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.languages import address, english_in, english_messages, in_translated_languages, say
from tests.e2e.waiting import settle

pytestmark = pytest.mark.e2e


def test_the_english_search_finds_an_english_sentence(page: Page, app_url: str) -> None:
    """The search for English is not blind: on the German Glossary, a line a programmer forgot to mark for
    translation, and a message of the catalogs shown untranslated, are both found, and the page as it is has
    neither."""
    page.goto(address(app_url, "glossary", "de"))
    settle(page)
    assert english_in(page, "de") == []
    assert "Standings before round 1 of" in english_messages("de")      # a catalog message with none of the words
    page.evaluate("""() => { const main = document.querySelector('[data-testid="stMain"]');
        for (const text of ['Each round the players meet once', 'Standings before round 1 of 9']) {
          const p = document.createElement('p'); p.textContent = text; main.prepend(p); } }""")
    found = english_in(page, "de")
    assert "line: Each round the players meet once" in found, found
    assert "Standings before round 1 of" in found, found


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
