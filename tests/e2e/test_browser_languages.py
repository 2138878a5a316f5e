"""In a real browser, each translated page in German, French, Spanish and Russian: the document declares its
language, and no English is left in the page's text, neither a message of the catalogs (a translation not
shown) nor any other English sentence (a string never marked for translation).

The pages covered so far: Start, Standings, Check published standings and the Glossary (on the Glossary only
the catalogs' messages are looked for: its table of the arbiters' words cites each term's sources in English).
Streamlit's own chrome ("View 4 more" in the sidebar) stays English; the checks read the page's main part.
"""
from __future__ import annotations

import re

import pytest

from i18n.catalog import placeholders, translator
from i18n.check import source_catalog
from tests.e2e.waiting import settle

pytestmark = pytest.mark.e2e

#: (address, its heading in each language, whether every sentence on it is translated)
PAGES = [("", None, True), ("standings", {"de": "Rangliste", "fr": "Classement", "es": "Clasificación",
                                          "ru": "Турнирная таблица"}, True),
         ("check", None, True), ("glossary", None, False)]
#: words of English sentences that no German, French, Spanish or Russian sentence of ours contains
ENGLISH_WORDS = re.compile(r"\b(the|and|with|which|players|is|are|this|your|each)\b")


def english_messages(lang: str) -> list[str]:
    """The catalogs' English messages (their text between placeholders, three words or more) whose
    translation into ``lang`` differs from them: if one of these shows, a translation was not used."""
    tr = translator(lang)
    found = []
    for message in source_catalog():
        if not message.id or isinstance(message.id, (tuple, list)) or message.context:
            continue
        if tr.t(message.id) == message.id:
            continue
        pieces = re.split(r"\{[^}]*\}|\*\*", message.id) if placeholders(message.id) else [message.id]
        found += [piece for piece in (p.strip(" .,:;—·") for p in pieces) if len(piece.split()) >= 3]
    return found


@pytest.mark.parametrize("lang", ["de", "fr", "es", "ru"])
def test_the_translated_pages_declare_their_language_and_leave_no_english(app_url, page, lang):
    leaks = english_messages(lang)
    for path, heading, whole in PAGES:
        page.goto(f"{app_url}/{path}?lang={lang}")
        settle(page)
        # the page's own script sets it once the app's frame is drawn (within a second or so of the page on an idle
        # machine; the wait is the suite's for any named state)
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
        main = page.get_by_test_id("stMain").inner_text()
        # the arbiters' own words are listed by their English concept, with each source quoted as written
        for quoted in page.locator(".st-key-arbiters_words").all_inner_texts():
            main = main.replace(quoted, "")
        if heading:
            assert heading[lang] in main
        shown = [m for m in leaks if m in main]
        assert not shown, f"/{path} in {lang} shows English messages: {shown[:5]}"
        if whole:
            # names (players, the example event) are the event's own; everything else must be translated
            text = main.replace("Example event", "")
            english = sorted({line for line in text.splitlines() if ENGLISH_WORDS.search(line)})
            assert not english, f"/{path} in {lang} shows English: {english[:5]}"


@pytest.mark.app_server(lang="de")
def test_a_browser_that_speaks_german_opens_the_app_in_german(app_url, page):
    """No ``?lang=`` in the address: on a first visit the browser's own language (its Accept-Language) chooses."""
    page.goto(f"{app_url}/standings")
    settle(page)
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert "Rangliste" in page.get_by_test_id("stMain").inner_text()
