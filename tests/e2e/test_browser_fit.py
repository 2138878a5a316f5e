"""The fit detector (:data:`tests.e2e.fit.FIT_PROBLEMS`) is not blind: what it must report, made by hand in a
real page, is reported.  Every page is measured with it in every language by ``test_browser_pages``.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.fit import FIT_PROBLEMS
from tests.e2e.languages import address
from tests.e2e.waiting import settle

pytestmark = pytest.mark.e2e


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


def test_the_detector_sees_a_heading_broken_inside_a_word(app_url: str, page: Page) -> None:
    """A heading whose long word is wider than its line is broken inside the word (as "Mannschaftsturniers" was
    on a phone): reported; the same heading with the word split at a soft hyphen, or after a hyphen, is not."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(address(app_url, "glossary", "en"))
    expect(page.locator("h1").first).to_be_visible(timeout=60_000)
    settle(page)
    assert not any(p.startswith("a heading breaks") for p in page.evaluate(FIT_PROBLEMS, False))
    page.evaluate("""() => { const h = document.querySelector('[data-testid="stMain"] h1');
        h.style.width = '300px'; h.textContent = 'Mannschaftsturniersieger'; }""")
    problems = page.evaluate(FIT_PROBLEMS, False)
    assert any(p.startswith('a heading breaks inside a word: "Mannschaftsturniersieger"') for p in problems), problems
    for whole in ("Mannschafts\u00adturnier\u00adsieger", "Mannschafts-Turnier-Sieger"):
        page.evaluate("(text) => { document.querySelector('[data-testid=\"stMain\"] h1').textContent = text; }", whole)
        problems = page.evaluate(FIT_PROBLEMS, False)
        assert not any(p.startswith("a heading breaks") for p in problems), (whole, problems)
