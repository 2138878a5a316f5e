"""The Why page in a real browser: the plain answer first, the ladder drawn, the points-keeping changes, and both
cards downloaded; screenshots at laptop (1280x800) and phone (390x844) width.

The page is opened through a shared link of Fixture A under the US Chess preset for #16 and #4, so it must
show the US Chess order's answer (Solkoff 12 against 10½ after equal Modified Medians of 10½).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, encode
from tests.fixtures import fixture_a

# a server of its own: a shared link opened saves its event, which the next visit to the server would open
pytestmark = [pytest.mark.e2e, pytest.mark.app_server("why")]

SHOTS = Path("/tmp/shots_i14")
ANSWER = ("Stephan is above David: both scored 3½ and were not separated by the first tie-break; the second, the "
          "Solkoff (the total score of the opponents each played), gives Stephan 12 against David's 10½, mostly "
          "because David's half-point bye counts as an opponent on 0.")


def link() -> str:
    return encode(Shared(fixture_a(), ordering_of(preset="uscf", options=Options(seed=1)), "why", (16, 4)))


def open_why(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/why?s={link()}")
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED",
                                                           timeout=60_000)
    expect(page.get_by_test_id("stAlert").first).to_contain_text(ANSWER, timeout=60_000)


@pytest.mark.parametrize("width, height, name", [(1280, 800, "laptop"), (390, 844, "phone")])
def test_the_why_page_answers_first_and_hands_over_the_card(app_url: str, page: Page, width: int, height: int,
                                                           name: str) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_why(page, app_url)
    SHOTS.mkdir(exist_ok=True)
    chart = page.get_by_test_id("stVegaLiteChart").first
    expect(chart.locator("canvas, svg").first).to_be_visible(timeout=60_000)
    expect(page.get_by_role("combobox", name="Player A")).to_have_value("#16 Stephan", timeout=60_000)
    page.screenshot(path=str(SHOTS / f"why_{name}_top.png"))
    keep = page.get_by_test_id("stMarkdownContainer").filter(
        has_text="Round 3: Nick's forfeit win over Paul recorded as a game Nick won over the board")
    expect(keep.first).to_be_visible(timeout=60_000)
    # the two cards
    buttons = page.get_by_test_id("stDownloadButton")
    expect(buttons).to_have_count(2, timeout=60_000)
    with page.expect_download() as pdf:
        buttons.nth(0).locator("button").click()
    assert pdf.value.suggested_filename == "why-stephan-above-david.pdf"
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")
    with page.expect_download() as png:
        buttons.nth(1).locator("button").click()
    assert png.value.suggested_filename == "why-stephan-above-david.png"
    data = Path(png.value.path()).read_bytes()
    assert data.startswith(b"\x89PNG")
    (SHOTS / f"why_card_{name}.png").write_bytes(data)
    (SHOTS / f"why_card_{name}.pdf").write_bytes(Path(pdf.value.path()).read_bytes())
    # the rest of the page, one viewport at a time (Streamlit scrolls inside its own container)
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"why_{name}_chart.png"))
    keep.first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"why_{name}_changes.png"))
    detail = page.get_by_test_id("stExpander").filter(has_text="Technical detail")
    detail.scroll_into_view_if_needed()
    detail.locator("summary").click()
    expect(detail).to_contain_text("BH · Solkoff", timeout=60_000)
    page.screenshot(path=str(SHOTS / f"why_{name}_detail.png"))
