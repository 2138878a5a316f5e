"""The "Check published standings" page in a real browser: paste a chess-results table, read the summary,
open one difference, load the event and open it on the Explain page."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.waiting import wait_idle
from tests.paths import DATA

pytestmark = pytest.mark.e2e

TABLE = DATA / "published" / "stockholm_seniors_2026_r4.csv"


# a server of its own: the table loaded as the current event would become the event every later visit to a shared server opens
def test_paste_check_and_load(fresh_app_url, page):
    page.goto(f"{fresh_app_url}/check")
    box = page.get_by_label("Copy the whole table from the page (with its legend) and paste it here")
    expect(box).to_be_visible(timeout=60_000)
    box.fill(TABLE.read_text(encoding="utf-8"))
    box.press("Control+Enter")
    page.get_by_role("button", name="Check the table").click()
    expect(page.get_by_text("TB3: 39 of 40 reproduced as Number of wins (played or not); 1 differs")) \
        .to_be_visible(timeout=60_000)
    page.get_by_text("Row 7, Evertsson Rune, TB3: published 1").click()
    expect(page.get_by_text("does not count the forfeit win in round 3 as a win", exact=False)).to_be_visible()
    page.get_by_role("button", name="Load this event for every page").click()
    expect(page.get_by_text("Seniorschack Stockholm KM Klassiskt 2026 is now the current event")) \
        .to_be_visible(timeout=60_000)
    page.get_by_role("link", name="Explain: one player's working").click()
    expect(page.get_by_text("Event: Seniorschack Stockholm KM Klassiskt 2026")).to_be_visible(timeout=60_000)


def test_upload_a_swiss_chess_ranking_with_its_pairing_lists(app_url, page, tmp_path):
    """Six files at once, at phone width: the constructed Fixture A lists, whose ranking prints BuSumm (the sum
    of the opponents' Buchholz scores), which none of the real Swiss-Chess rankings we hold prints."""
    from tests.reference.test_second_opinion import swiss_chess_lists
    paths = []
    for name, text in swiss_chess_lists(split=True):
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / name))
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{app_url}/check")
    page.get_by_text("Upload files").click()
    expect(page.get_by_text("for Swiss-Chess: its ranking and its pairing lists", exact=False)) \
        .to_be_visible(timeout=60_000)
    page.locator("[data-testid=stFileUploader]").first.locator("input[type=file]").set_input_files(paths)
    wait_idle(page)                  # all six files sent and the page run with them, before the button is pressed
    page.get_by_role("button", name="Check the table").click()
    expect(page.get_by_text("Fixture A: 16 players, read as a Swiss-Chess table.")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("BuSumm: 16 of 16 reproduced as Sum of opponents' Buchholz", exact=False)) \
        .to_be_visible()


def _upload(page, paths):
    page.get_by_text("Upload files").click()
    expect(page.get_by_text("for Swiss-Chess: its ranking and its pairing lists", exact=False)) \
        .to_be_visible(timeout=60_000)
    wait_idle(page)                  # the uploader of the published table drawn, before the files are given
    page.locator("[data-testid=stFileUploader]").first.locator("input[type=file]").set_input_files(paths)
    wait_idle(page)
    page.get_by_role("button", name="Check the table").click()


def test_a_real_papi_grid_saved_from_the_ffe_site(app_url, page):
    """The saved FFE page at laptop width: the same answers as ``python -m engine check`` gives for it."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(f"{app_url}/check")
    _upload(page, [str(DATA / "published" / "papi_departemental_2025_u10_after_round_6.html")])
    expect(page.get_by_text("Departemental 2025 - U10: 107 players, read as a Papi table.")) \
        .to_be_visible(timeout=90_000)
    for line in ("Tr.: 107 of 107 reproduced as Buchholz (Solkoff), with the 2 lowest scores cut, under FIDE's "
                 "2009 rules for unplayed games",
                 "Bu.: 107 of 107 reproduced as Buchholz (Solkoff), under FIDE's 2009 rules for unplayed games",
                 "Perf: 107 of 107 reproduced as Papi performance"):
        expect(page.get_by_text(line, exact=True)).to_be_visible()


@pytest.mark.parametrize("width", [1280, 390])
def test_a_real_swiss_chess_progress_table_pasted(app_url, page, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{app_url}/check")
    box = page.get_by_label("Copy the whole table from the page (with its legend) and paste it here")
    expect(box).to_be_visible(timeout=60_000)
    box.fill((DATA / "published" / "swisschess_waldbronn_club_championship_2010_progress_table.txt")
             .read_text(encoding="utf-8"))
    box.press("Control+Enter")
    page.get_by_role("button", name="Check the table").click()
    expect(page.get_by_text("Vereinsmeisterschaft 2010/2011: 9 players, read as a Swiss-Chess table.")) \
        .to_be_visible(timeout=60_000)
    expect(page.get_by_text("SoBerg: 9 of 9 reproduced as Sonneborn-Berger (Neustadtl), under FIDE's 2009 rules "
                            "for unplayed games", exact=True)).to_be_visible()


def test_a_real_papi_grid_copied_in_a_browser_and_pasted_at_phone_width(app_url, page):
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{app_url}/check")
    box = page.get_by_label("Copy the whole table from the page (with its legend) and paste it here")
    expect(box).to_be_visible(timeout=60_000)
    box.fill((DATA / "published" / "papi_departemental_2025_u10_after_round_6_copied.txt").read_text(encoding="utf-8"))
    box.press("Control+Enter")
    page.get_by_role("button", name="Check the table").click()
    expect(page.get_by_text("Departemental 2025 - U10: 107 players, read as a Papi table.")) \
        .to_be_visible(timeout=90_000)
    expect(page.get_by_text("Perf: 107 of 107 reproduced as Papi performance", exact=True)).to_be_visible()


@pytest.mark.parametrize("width", [1280, 390])
def test_real_swiss_chess_markdown_lists_uploaded(app_url, page, width):
    """The ten real Markdown pages of the Gerd Fornahl Turnier 2024 (a ranking and nine pairing lists, as a
    club's website keeps them) uploaded at once: the same answers as ``python -m engine check`` gives."""
    folder = DATA / "published" / "swisschess_gerd_fornahl_2024"
    names = ["rangliste_runde9.md", *(f"paarungen_runde{r}.md" for r in range(1, 10))]
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{app_url}/check")
    _upload(page, [str(folder / n) for n in names])
    expect(page.get_by_text("Gerd Fornahl Turnier 2024: 19 players, read as a Swiss-Chess table.")) \
        .to_be_visible(timeout=90_000)
    for line in ("Buchh.: 19 of 19 reproduced as Buchholz (Solkoff), under FIDE's 2009 rules for unplayed games",
                 "SoBerg: 19 of 19 reproduced as Sonneborn-Berger (Neustadtl), under FIDE's 2009 rules for unplayed "
                 "games"):
        expect(page.get_by_text(line, exact=True)).to_be_visible()
