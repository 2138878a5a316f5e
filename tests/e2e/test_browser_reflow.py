"""Zoom and reflow (WCAG 1.4.4 and 1.4.10): every page at 320 CSS pixels wide, and at 640 x 400, which is what a
1280 x 800 window shows zoomed to 200 %, loses no content and no function.

Measured with the same script as the fitting test (:data:`tests.e2e.fit.FIT_PROBLEMS`, in its phone mode: a
wide results grid may scroll sideways inside its own frame, with the rank and name pinned; a data table is
the one kind of content WCAG lets scroll in two directions).  The page itself never scrolls sideways and no
text is cut, with one allowance: a selectbox draws its chosen value in a one-line box that cannot wrap, so
a long value may be cut there, but only when the page shows the same text in full elsewhere (the chosen
lesson's title is also the lesson's heading).  In every language, each on that language's example server
(:mod:`tests.e2e.languages`).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.fit import FIT_PROBLEMS
from tests.e2e.languages import address, in_every_language
from tests.e2e.waiting import painted, settle
from ui.session.navigation import PAGES

pytestmark = pytest.mark.e2e

SIZES = ((320, 800), (640, 400))
SELECT_CUT = re.compile(r'^clipped text in stSelectbox: "(.*)" \d+ > \d+$')


def lost(page: Page) -> list[str]:
    """What the page loses at this size: FIT_PROBLEMS, less a selectbox value the page shows in full elsewhere."""
    shown = page.get_by_test_id("stMain").inner_text()
    out = []
    for problem in page.evaluate(FIT_PROBLEMS, True):
        cut = SELECT_CUT.match(problem)
        if cut and len(cut.group(1)) < 60 and cut.group(1) in shown:
            continue
        out.append(problem)
    return out


@pytest.mark.parametrize("lang", in_every_language())
def test_every_page_reflows_at_320_pixels_and_at_200_percent_zoom(app_url: str, page: Page, lang: str) -> None:
    url = app_url
    found: dict[str, list[str]] = {}
    page.goto(address(url, "", lang))
    settle(page)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for p in PAGES:
            page.goto(address(url, p.url_path, lang))
            settle(page)
            expect(page.get_by_test_id("stException")).to_have_count(0)
            problems = lost(page)
            for _ in range(180):            # a widget may still be settling its layout: look again each frame
                if not problems:
                    break
                painted(page)
                problems = lost(page)
            if problems:
                found[f"{lang} {p.url_path or 'start'} {width}"] = problems
    assert found == {}
