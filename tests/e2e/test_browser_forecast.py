"""The "Before the last round" page in a real browser: open the example, ask about Charline, read what
each of her results leads to (worked by hand in tests/engine/test_forecast.py under the US Chess preset too:
a win is not always enough there, a draw depends on Alyx–David)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def wait_for_app(page: Page) -> None:
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=90_000)


def test_forecast_page_open_example_and_ask_about_one_player(fresh_app_url: str, page: Page) -> None:
    """On a server of its own: opening the example saves it as the newest event, which the other browser
    tests sharing the session server would then open."""
    app_url = fresh_app_url
    page.goto(f"{app_url}/forecast")
    wait_for_app(page)
    expect(page.get_by_test_id("stHeading").filter(has_text="Before the last round")).to_be_visible(timeout=90_000)
    page.get_by_role("button", name="Open the example (FIDE's exercise after round 4)").click()
    expect(page.get_by_text("7 games still to be played")).to_be_visible(timeout=90_000)
    page.get_by_text("One player", exact=True).click()
    page.get_by_role("combobox", name="Player").click()
    page.get_by_role("option", name="Charline (#3)").click()
    page.get_by_text("Every result equally likely", exact=True).click()
    page.get_by_role("button", name="Work out the chances").click()
    needs = page.get_by_test_id("stMarkdownContainer").filter(has_text=re.compile(r"^If Charline draws \("))
    expect(needs).to_contain_text("Alyx–David", timeout=90_000)
    expect(page.get_by_test_id("stMarkdownContainer").filter(has_text=re.compile(r"^If Charline wins \("))).to_be_visible()
    chart = page.get_by_test_id("stVegaLiteChart").first
    expect(chart.locator("canvas, svg").first).to_be_visible(timeout=90_000)
    expect(page.get_by_test_id("stCaptionContainer").filter(has_text="Exact: every result of the")).to_be_visible()
