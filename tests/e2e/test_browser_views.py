"""What only a browser shows on the Explain and Compare pages: the strike-through and the chart.

Uses the session server (``app_url``) and pytest-playwright's ``page`` from tests/e2e/conftest.py.  The
server opens the example event (or whatever the session's autosave holds); Modified Median drops at
least one value for every player in a 5-round event (plus, even or minus: US Chess rule 34E), so a struck-through
value must be on screen whatever the event's results.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

#: text of every element drawn struck through inside a table: a <del>/<s>, or anything whose computed
#: text-decoration says line-through
STRUCK_CELLS = """() => Array.from(document.querySelectorAll('[data-testid="stTable"] td *, [data-testid="stTable"] td'))
    .filter(el => ['DEL', 'S'].includes(el.tagName) ||
                  (getComputedStyle(el).textDecorationLine.includes('line-through') && el.children.length === 0))
    .map(el => el.textContent.trim())"""
DEL_CELLS = """() => Array.from(document.querySelectorAll('[data-testid="stTable"] td del, [data-testid="stTable"] td s'))
    .map(el => el.textContent.trim())"""


def wait_for_app(page: Page) -> None:
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=90_000)


def test_explain_strikes_through_the_dropped_value(app_url: str, page: Page) -> None:
    page.goto(f"{app_url}/explain")
    wait_for_app(page)
    expect(page.get_by_test_id("stHeading").filter(has_text="Explain a tie-break value")).to_be_visible(timeout=90_000)
    table = page.get_by_test_id("stTable").first
    expect(table).to_contain_text("Dropped because", timeout=90_000)
    # the US Chess preset is the default: player #4, Modified Median, rule set uscf
    expect(page.get_by_role("combobox", name="Player", exact=True)).to_have_value(re.compile(r"^#4\b"))
    expect(page.get_by_role("combobox", name="Criterion", exact=True)).to_have_value(re.compile(r"^MM\b"))
    expect(page.get_by_role("combobox", name="Rule set (unplayed rounds)")).to_have_value(re.compile(r"^uscf\b"))
    page.wait_for_function(f"({DEL_CELLS})().length > 0", timeout=90_000)
    struck = page.evaluate(DEL_CELLS)
    assert len(struck) >= 1
    assert all(re.fullmatch(r"[0-9½¼¾.]+", text) for text in struck), struck      # a number, struck
    assert set(struck) <= set(page.evaluate(STRUCK_CELLS))


def test_compare_chart_renders(app_url: str, page: Page) -> None:
    page.goto(f"{app_url}/compare")
    wait_for_app(page)
    chart = page.get_by_test_id("stVegaLiteChart").first
    expect(chart).to_be_visible(timeout=90_000)
    expect(chart.locator("canvas, svg").first).to_be_visible(timeout=90_000)
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
