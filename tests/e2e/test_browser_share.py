"""A shared link opened in a real browser shows the same explanation; a damaged one shows an error.

The link is built from Fixture A under the US Chess preset for #16 and #4, so the page must say the
US Chess sentence worked by hand (Solkoff 12 against 10½ after equal Modified Medians of 10½).  Opening a link makes its
event the session's current one (saved as a new event), which is why the damaged link is opened last.
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
pytestmark = [pytest.mark.e2e, pytest.mark.app_server("share")]

SHOTS = Path("/tmp/shots")


def link() -> str:
    return encode(Shared(fixture_a(), ordering_of(preset="uscf", options=Options(seed=1)), "why", (16, 4)))


def wait_for_app(page: Page) -> None:
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED",
                                                           timeout=20_000)


def test_a_shared_link_shows_the_same_explanation(app_url: str, page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}/why?s={link()}")
    wait_for_app(page)
    alert = page.get_by_test_id("stAlert").filter(has_text="Stephan is above David")
    expect(alert).to_contain_text("both scored 3½ and were not separated by the first tie-break; the second, the "
                                  "Solkoff (the total score of the opponents each played), gives Stephan 12 against "
                                  "David's 10½, mostly because David's half-point bye counts as an opponent on 0.",
                                  timeout=60_000)
    expect(page.get_by_role("combobox", name="Player A")).to_have_value("#16 Stephan", timeout=60_000)
    expect(page.get_by_role("combobox", name="Player B")).to_have_value("#4 David", timeout=60_000)
    # the page's own share box gives a link back to the same page on this server
    expect(page.get_by_test_id("stCode")).to_contain_text(f"{app_url}/why?s=1", timeout=20_000)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "why_shared_link.png"))


def test_a_damaged_link_shows_an_error(app_url: str, page: Page) -> None:
    page.goto(f"{app_url}/why?s={link()[:-15]}")
    wait_for_app(page)
    expect(page.get_by_test_id("stAlert").filter(has_text="damaged or incomplete")).to_be_visible(timeout=60_000)


def test_a_team_link_opens_the_same_team_event_and_page(app_url: str, page: Page) -> None:
    """A team event's link (the example team event, the ECU order, Brookside against Ashford) opens Why with the
    team event, the order and the two teams, and the page's own box gives a team link back."""
    from engine.teams.sharelink import SharedTeam, encode_team_link
    from ui.teams.state import example_team_event
    link = encode_team_link(SharedTeam(example_team_event(), "Club cup", "why", "ecu", "fide", teams=(2, 1)))
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}/why?s={link}")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Why is team A above team B?")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Team event: Club cup")).to_be_visible(timeout=60_000)
    expect(page.get_by_role("combobox", name="Team A")).to_have_value("Brookside", timeout=60_000)
    expect(page.get_by_role("combobox", name="Team B")).to_have_value("Ashford", timeout=60_000)
    expect(page.get_by_role("combobox", name="Tie-break order")).to_have_value("European Team Championship (ECU)")
    expect(page.get_by_test_id("stCode")).to_contain_text(f"{app_url}/why?s=1", timeout=20_000)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "team_why_shared_link.png"))
