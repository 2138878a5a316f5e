"""Every page in every language, in a real browser, with the example event (and in English with a 52-player real
event too): it fits a laptop (1280 x 800) and a phone (390 x 844), reflows (WCAG 1.4.10 and 1.4.4: at 320 CSS
pixels wide, and at 640 x 400, which is what a 1280 x 800 window shows zoomed to 200 %, it loses no content and
no function), passes the accessibility audit at both sizes, declares its language, and shows no English left
untranslated.

One test per language and event, each on its language's servers (:mod:`tests.e2e.languages`), going through
every page once (:func:`tests.e2e.pages.check_pages` says what is checked on each page and in which order):

* **Fit** (:mod:`tests.e2e.fit`): the page never scrolls sideways, no label, chip, link, button or table text is
  cut, every grid column is wide enough for its texts, no grid runs past its box; on a phone and at the reflow
  sizes a wide results grid may scroll sideways inside its own frame with its rank and name pinned (a data
  table being the one kind of content WCAG lets scroll in two directions).
* **Accessibility** (:mod:`tests.e2e.axe`): no serious or critical axe-core violation, headings in order, table
  headers with text, a declared language; with every closed box opened.  In English each tab of a page is
  audited in turn; a translation changes the words, not the structure the other tabs share with the first one
  (their labels, headings and roles are the same messages, and an empty translation fails ``make check``).
* **Language** (German, French, Spanish, Russian): the document declares the page's language, and no English is
  left in what the page shows on any tab, neither a message of the catalogs (a translation not used) nor any
  other English sentence (a string never marked for translation).  Every visible text must be translated, a
  name (the players', the example event's), a number or a code; Streamlit's own chrome and the Glossary's quoted
  sources are not ours to translate (:data:`tests.e2e.languages.NOT_OURS`).

The other languages' texts are the same on both events (headings, labels, buttons, the grids' headings; the
names and numbers come from the file), so the 52-player event is measured in English alone, on the pages that
show it (the Glossary and the Simulation lab show the same whatever event is open).  A page with a
problem is photographed whole into /tmp/shots/pages/ to be looked at; so is every page when ``TIEBREAK_LAB_SHOTS``
is set.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from i18n.languages import DEFAULT
from tests.e2e.languages import big_event_on, cases
from tests.e2e.pages import EVENT_PAGES, Checks, check_pages, report
from tests.e2e.servers import RunningServer
from ui.session.navigation import PAGES

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def checks_for(lang: str, event: str) -> Checks:
    """English: the audit on every tab; a translated language: its texts on every tab; the example's pages also
    at the reflow sizes."""
    return Checks(lang=lang, reflow=event == "example", axe_tabs=lang == DEFAULT, english=lang != DEFAULT)


@pytest.mark.parametrize("lang, event", cases(("example", "big")))
def test_every_page_fits_reflows_passes_the_audit_and_speaks_its_language(
        app_server: RunningServer, browser: Browser, page: Page, lang: str, event: str) -> None:
    url = big_event_on(app_server, browser, lang) if event == "big" else app_server.url
    found = check_pages(page, url, event, checks_for(lang, event), EVENT_PAGES if event == "big" else tuple(PAGES))
    assert found == {}, report(found)
