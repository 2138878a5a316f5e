"""Every page with a team event on screen, at a laptop (1280x800) and a phone (390x844) width: axe-core finds no
serious or critical violation (:mod:`tests.e2e.axe`), and nothing is cut or scrolls the page sideways
(:mod:`tests.e2e.fit`); each page opened once and measured at both sizes (:func:`tests.e2e.pages.check_pages`).
The Glossary and the Simulation lab show the same with any event open, so they are left to the individual sweep
(``test_browser_pages``).

Three team events, each on a server of its own (an opened team event stays the one every later visit shows):

* the built-in example team event (five teams of four boards), opened with Build event's button;
* a real team event in Greek letters: the Heraklion Friendship Cup 2024 (15 teams, 7 rounds, six boards;
  tests/data/teams/README.md), uploaded in the team panel, on Standings and Why only;
* a real event of Olympiad size, on every page: the open section of the 44th Chess Olympiad, Chennai 2022 (187 teams, 11
  rounds, four boards, 920 players; tests/data/teams/README.md), uploaded as TRF-16 with team lines: more than
  the 40 teams of a large team championship.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.fit import opened
from tests.e2e.pages import EVENT_PAGES, Checks, check_pages, report
from tests.e2e.servers import serve_app
from tests.e2e.waiting import settle

pytestmark = pytest.mark.e2e
TEAMS = Path(__file__).resolve().parents[1] / "data" / "teams"
HERAKLION = TEAMS / "heraklion_2024_team_swiss.trf"
CHENNAI = TEAMS / "chennai_2022_olympiad_open.trf"


def team_panel(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(f"{url}/build")
    settle(page)
    panel = page.get_by_text("Team events: the example, a team file, a random team event")
    expect(panel).to_be_visible(timeout=60_000)
    if not page.get_by_role("button", name="Open the example team event").is_visible():
        panel.click()


def open_example(page: Page, url: str) -> None:
    team_panel(page, url)
    page.get_by_role("button", name="Open the example team event").click()
    expect(page.get_by_test_id("stAlert").filter(has_text="Opened the example team event").first).to_be_visible(
        timeout=60_000)


def upload_team(page: Page, url: str, path: Path) -> None:
    team_panel(page, url)
    page.get_by_test_id("stFileUploader").filter(has_text="Open a team event file").get_by_test_id(
        "stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": path.name, "mimeType": "text/plain", "buffer": path.read_bytes()}])
    expect(page.get_by_test_id("stAlert").filter(has_text=opened(path.name)).first).to_be_visible(timeout=60_000)


def test_the_example_team_event_on_every_page(tmp_path_factory, page: Page) -> None:
    with serve_app(tmp_path_factory.mktemp("team-example")) as url:
        open_example(page, url)
        page.goto(f"{url}/standings")
        expect(page.get_by_role("heading", name="Team standings")).to_be_visible(timeout=60_000)
        found = check_pages(page, url, "team-example", Checks(), EVENT_PAGES)
    assert found == {}, report(found)


def test_a_real_team_event_in_greek_letters(tmp_path_factory, page: Page) -> None:
    """Heraklion's Greek team names on the two pages that show the most of them (the standings and their
    players, the Why answer beside both teams' names): the Olympiad above has longer names on every page."""
    with serve_app(tmp_path_factory.mktemp("team-real")) as url:
        upload_team(page, url, HERAKLION)
        page.goto(f"{url}/standings")
        expect(page.get_by_role("heading", name="Team standings")).to_be_visible(timeout=60_000)
        found = check_pages(page, url, "heraklion", Checks(),
                            tuple(p for p in EVENT_PAGES if p.url_path in ("standings", "why")))
    assert found == {}, report(found)


def test_an_olympiad_size_real_team_event_on_every_page(tmp_path_factory, page: Page) -> None:
    with serve_app(tmp_path_factory.mktemp("team-olympiad")) as url:
        upload_team(page, url, CHENNAI)
        page.goto(f"{url}/standings")
        expect(page.get_by_role("heading", name="Team standings")).to_be_visible(timeout=60_000)
        found = check_pages(page, url, "chennai-2022", Checks(), EVENT_PAGES)
    assert found == {}, report(found)
