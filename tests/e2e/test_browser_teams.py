"""A team event in a real browser: Build event's team panel opens the example team event, its TRF-2026 download
reads back as the same five teams, and Standings (reached through the sidebar, the same session) shows the teams
under FIDE's sample order, Ashford above Brookside on their own match (worked by hand in
tests/app/test_app_teams.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.teams.trf_teams import read_team_trf

pytestmark = pytest.mark.e2e


def test_the_example_team_event_from_build_event_to_standings(fresh_app_url: str, page: Page) -> None:
    """On a server of its own: the team event it opens would stay the last event opened on a shared one."""
    app_url = fresh_app_url
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(f"{app_url}/build")
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=60_000)
    opener = page.get_by_role("button", name="Open the example team event")
    panel = page.get_by_text("Team events: the example, a team file, a random team event")
    expect(panel).to_be_visible(timeout=60_000)
    if not opener.is_visible():
        panel.click()
    opener.click()
    expect(page.get_by_test_id("stAlert").filter(has_text="Opened the example team event").first).to_be_visible(
        timeout=60_000)
    with page.expect_download() as trf:
        page.get_by_test_id("stDownloadButton").filter(has_text="Download TRF-2026").locator("button").click()
    back = read_team_trf(Path(trf.value.path()).read_bytes(), "download")
    assert [t.name for t in back.teams] == ["Ashford", "Brookside", "Castleton", "Dunmore", "Elmwood"]
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Standings", exact=True).click()
    expect(page.get_by_role("heading", name="Team standings")).to_be_visible(timeout=60_000)
    grid = page.get_by_test_id("stDataFrame").first
    expect(grid).to_contain_text("Ashford", timeout=60_000)
    expect(grid).to_contain_text("27½")
