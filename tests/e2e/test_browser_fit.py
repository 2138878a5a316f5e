"""Every page fits a laptop (1280x800) and a phone (390x844) in every language (German and Russian words are
long), with the example event, and in English with a 52-player one too; and, with the example event in
every language, reflows (WCAG 1.4.10 and 1.4.4): at 320 CSS pixels wide, and at 640 x 400, which is what a
1280 x 800 window shows zoomed to 200 %, it loses no content and no function.

One test per language, event and page.  Each language has its servers (:mod:`tests.e2e.languages`): one only
ever shows the built-in example; on another the 52-player file (after round 4 of 9) is uploaded once before its
first case (the server reopens the last saved event for each later visit), so the cases may run in any order;
the cases sharing a server are one xdist group.  A page is opened once, at the laptop's size, and then the
window is narrowed to each other size, as a phone turned or a window dragged narrower: Streamlit lays the page
out again in the browser (its layout is CSS; nothing in the app asks for the window's width), so each size is
measured as a fresh visit at that size would be, without paying for the visit again.
At each size the page is measured by :data:`tests.e2e.fit.FIT_PROBLEMS` (the page never scrolls sideways,
no label, chip, link, button or table text is cut, every grid column is wide enough for its texts, no grid
runs past its box; see that module for what is allowed on a phone, which the reflow sizes are measured as:
a wide results grid may scroll sideways inside its own frame with the rank and name pinned, a data table
being the one kind of content WCAG lets scroll in two directions).  At the reflow sizes one more allowance:
a selectbox draws its chosen value in a one-line box that cannot wrap, so a long value may be cut there, but
only when the page shows the same text in full elsewhere (the chosen lesson's title is also its heading).
A page with a problem is photographed whole into /tmp/shots/fit/ to be looked at; so is every page when
``TIEBREAK_LAB_SHOTS`` is set (photographing them all takes a third of the run's time, which the whole suite
cannot spend in every language).
"""
from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.fit import FIT_PROBLEMS
from tests.e2e.languages import address, big_event_on, cases
from tests.e2e.servers import RunningServer
from tests.e2e.waiting import relaid, settle
from ui.session.navigation import PAGES, PageInfo

SHOTS = Path("/tmp/shots/fit")
#: the sizes every page must fit: a laptop, a phone
SIZES = ((1280, 800), (390, 844))
#: WCAG's reflow sizes (320 CSS pixels wide; a 1280 x 800 window zoomed to 200 %), measured with the example
REFLOW = ((320, 800), (640, 400))
SELECT_CUT = re.compile(r'^clipped text in stSelectbox: "(.*)" \d+ > \d+$')

pytestmark = pytest.mark.e2e


def lost(page: Page) -> list[str]:
    """What the page loses at a reflow size: the phone's problems, less a selectbox value the page shows in
    full elsewhere."""
    shown = page.get_by_test_id("stMain").inner_text()
    out = []
    for problem in page.evaluate(FIT_PROBLEMS, True):
        cut = SELECT_CUT.match(problem)
        if cut and len(cut.group(1)) < 60 and cut.group(1) in shown:
            continue
        out.append(problem)
    return out


def page_problems(page: Page, url: str, info: PageInfo, tag: str, lang: str = "en",
                  reflow: bool = False) -> dict[str, list[str]]:
    """One page at each size in ``lang`` (and the reflow sizes with ``reflow``): its problems (none expected);
    a page with problems photographed."""
    found: dict[str, list[str]] = {}
    for n, (width, height) in enumerate(SIZES + (REFLOW if reflow else ())):
        page.set_viewport_size({"width": width, "height": height})
        if n == 0:
            page.goto(address(url, info.url_path, lang))
            settle(page)
        else:
            page.evaluate("() => window.scrollTo(0, 0)")
            relaid(page)
        expect(page.get_by_test_id("stException")).to_have_count(0)
        # a widget may still be settling its layout (tabs and grids measure themselves, a grid its columns once
        # its fonts are in): wait until the page fits, up to a bound, then read what is still wrong
        phone = width < 1280
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"(phone) => ({FIT_PROBLEMS})(phone).length === 0", arg=phone, timeout=6_000)
        problems = lost(page) if (width, height) in REFLOW else page.evaluate(FIT_PROBLEMS, phone)
        if problems:
            found[f"{tag} {lang} {info.url_path or 'start'} {width}x{height}"] = problems
        if problems or os.environ.get("TIEBREAK_LAB_SHOTS"):
            photograph(page, SHOTS / f"{tag}_{lang}_{info.url_path or 'start'}_{width}x{height}.png", width)
    return found


def photograph(page: Page, path: Path, width: int) -> None:
    """The whole page, in a window as tall as the page (the taller window lays it out again first)."""
    tall = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": width, "height": min(tall + 20, 8000)})
    relaid(page)
    page.screenshot(path=str(path))


#: every language's example cases (fit and reflow), then (English) the 52-player event's, each page
CASES = cases(("example", "big"), PAGES, [p.url_path or "start" for p in PAGES])


@pytest.mark.slow
@pytest.mark.parametrize("lang, event, info", CASES)
def test_every_page_fits_a_laptop_and_a_phone_and_reflows(lang: str, event: str, info: PageInfo, page: Page,
                                              app_server: RunningServer, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = big_event_on(app_server, browser, lang) if event == "big" else app_server.url
    assert page_problems(page, url, info, event, lang, reflow=event == "example") == {}


def test_the_detector_sees_a_cut_label_and_a_hidden_column(app_url: str, page: Page) -> None:
    """The measuring script is not blind: a selectbox narrowed by hand cuts its value, and a grid squeezed
    into a narrow frame hides columns; both are reported (and a phone forgives only the grid)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(address(app_url, "standings", "en"))
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible(timeout=60_000)
    settle(page)
    page.evaluate("""() => {
        document.querySelector('[data-testid="stMain"] [data-testid="stSelectbox"]').style.width = '90px';
        document.querySelector('[data-testid="stDataFrame"]').parentElement.style.width = '260px'; }""")
    # the grid lays its columns out again for its new width: wait until the detector sees it
    page.wait_for_function(f"() => ({FIT_PROBLEMS})(false).some(p => p.startsWith('grid hides columns'))",
                           timeout=10_000)
    laptop = page.evaluate(FIT_PROBLEMS, False)
    assert any(re.match(r"clipped text in stSelectbox", p) for p in laptop), laptop
    assert any(p.startswith("grid hides columns") for p in laptop), laptop
    phone = page.evaluate(FIT_PROBLEMS, True)
    assert not any(p.startswith("grid hides columns") for p in phone), phone
    assert any(p.startswith("clipped text in stSelectbox") for p in phone), phone


def test_the_detector_sees_a_grid_run_past_its_box(app_url: str, page: Page) -> None:
    """A grid's box given a fixed height with room taken out of it above the grid (what a phone's toolbar room
    did to Build's grids) leaves the grid drawn past the box's bottom: reported."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(address(app_url, "standings", "en"))
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible(timeout=60_000)
    settle(page)
    assert not any(p.startswith("grid runs past its box") for p in page.evaluate(FIT_PROBLEMS, False))
    page.evaluate("""() => {
        const box = document.querySelector('[data-testid="stDataFrame"]').closest('[data-testid="stElementContainer"]');
        box.style.setProperty('height', box.getBoundingClientRect().height + 'px', 'important');
        box.style.setProperty('box-sizing', 'border-box', 'important');
        box.style.setProperty('padding-top', '60px', 'important'); }""")
    page.wait_for_function(f"() => ({FIT_PROBLEMS})(false).some(p => p.startsWith('grid runs past its box'))",
                           timeout=10_000)
