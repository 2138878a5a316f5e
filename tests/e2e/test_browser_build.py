"""Build event in a real headless Chromium: a grid edit moves the standings, survives a reload, and an
uploaded TRF replaces the event.  Screenshots of the Start and Build pages go to /tmp/shots/."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.waiting import script_runs, wait_idle

ROOT = Path(__file__).resolve().parents[2]
SWISS16 = ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf"
SHOTS = Path("/tmp/shots")

pytestmark = pytest.mark.e2e

R5 = 7        # results grid columns: No., Name, Pts, R1 .. R5 -> R5 is the 8th visible column (index 7)
PTS = 2


def opened(filename: str) -> re.Pattern[str]:
    """The notice after an upload.  A file name is shown through the Markdown escaper, which puts an
    invisible word joiner before each dot so that no name becomes a web address."""
    return re.compile("Opened " + re.escape(filename).replace(r"\.", "\u2060?\\."))


def grid(page: Page, index: int) -> Locator:
    """The n-th table on the page (players grid 0, results grid 1, standings preview 2)."""
    return page.get_by_test_id("stDataFrame").nth(index)


def cell(table: Locator, row: int, col: int) -> Locator:
    """A cell of a grid without a row-marker column (glide counts those columns from 0)."""
    return table.locator(f'td[data-testid="glide-cell-{col}-{row}"]')


def edit_cell(page: Page, table: Locator, row: int, col: int, text: str, first_col_x: int = 20) -> None:
    """Select a canvas cell with the keyboard, open its editor, type, commit (the grid is drawn on a canvas:
    the keyboard is the reliable way in).

    The edit is committed by a click outside the grid, as a person reaching for Apply changes does.  Streamlit
    hands an edit committed with Enter to the form only 150 ms later (it waits for more keystrokes), so an Apply
    pressed sooner submitted the grid unchanged: that happened once in CI.  A click outside hands it over at
    once."""
    canvas = table.get_by_test_id("data-grid-canvas")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + first_col_x, box["y"] + 36 + 17)
    selected = table.locator("td[aria-selected=true]").first
    expect(selected).to_have_id("glide-cell-0-0")
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    for _ in range(col):
        page.keyboard.press("ArrowRight")
    expect(selected).to_have_id(f"glide-cell-{col}-{row}")
    page.keyboard.press("Enter")
    overlay = page.get_by_test_id("portal").locator(".gdg-clip-region")
    expect(overlay).to_be_visible()
    overlay.locator("input, textarea").first.fill(text)
    page.get_by_role("heading", level=1).first.click()
    expect(overlay).to_be_hidden()


def open_build(page: Page) -> None:
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Build event").click()
    expect(page).to_have_url(re.compile(r".*/build$"))
    wait_idle(page)
    expect(cell(grid(page, 1), 0, R5)).not_to_be_empty(timeout=20_000)


def points_in_preview(page: Page, name: str) -> Locator:
    """The points cell of ``name``'s row in the standings preview."""
    preview = grid(page, 2)
    expect(preview.locator("td", has_text=name).first).to_be_attached(timeout=20_000)
    # the preview pins Rank and Name (so a phone keeps them in view): Rank, Name, No., Points, ...
    for row in range(40):
        if cell(preview, row, 1).count() == 0:
            break
        if cell(preview, row, 1).inner_text().strip() == name:
            return cell(preview, row, 3)
    raise AssertionError(f"{name} is not in the standings preview")


# a server of its own: the edit, the upload and the paired round would become the event every later visit to a shared server opens
def test_edit_reload_and_upload(page: Page, fresh_app_url: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(fresh_app_url)
    wait_idle(page)
    expect(page.get_by_test_id("stText").filter(has_text="Leader:")).to_be_visible(timeout=20_000)
    expect(cell(grid(page, 0), 0, 2)).not_to_be_empty(timeout=20_000)
    expect(page.get_by_test_id("stPageLink").first).to_be_visible()
    page.screenshot(path=str(SHOTS / "start.png"))

    # (1) edit a result: the first player's last round becomes a win (or a draw if it was one)
    open_build(page)
    results = grid(page, 1)
    name = cell(results, 0, 1).inner_text().strip()
    token = cell(results, 0, R5).inner_text().strip()
    before = cell(results, 0, PTS).inner_text().strip()
    preview_before = points_in_preview(page, name).inner_text().strip()
    assert preview_before == before
    new_token = ("=" if token.startswith("+") else "+") + token[1:]
    edit_cell(page, results, 0, R5, new_token)
    expect(cell(results, 0, R5)).to_have_text(new_token)     # the grid holds the edit before we submit
    page.get_by_role("button", name="Apply changes").click()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Changes applied", timeout=20_000)
    wait_idle(page)
    expect(cell(grid(page, 1), 0, R5)).to_have_text(new_token)
    expect(cell(grid(page, 1), 0, PTS)).not_to_have_text(before)
    after = cell(grid(page, 1), 0, PTS).inner_text().strip()
    expect(points_in_preview(page, name)).to_have_text(after)
    page.screenshot(path=str(SHOTS / "build.png"))

    # (2) a browser reload keeps the edited event (autosave)
    page.reload()
    wait_idle(page)
    expect(cell(grid(page, 1), 0, R5)).to_have_text(new_token, timeout=20_000)
    expect(cell(grid(page, 1), 0, PTS)).to_have_text(after)

    # (3) upload the FIDE TEC Swiss: its players appear in the grid and the preview
    page.get_by_role("tab", name="Upload / download").click()
    page.locator(".st-key-upload").get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": SWISS16.name, "mimeType": "text/plain", "buffer": SWISS16.read_bytes()}])
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(opened("fide_tec_swiss16.trf"),
                                                                         timeout=20_000)
    page.get_by_role("tab", name="Players and results").click()
    wait_idle(page)
    expect(grid(page, 0)).to_contain_text("Charline", timeout=20_000)
    expect(grid(page, 2)).to_contain_text("Charline")

    # pairing the next round shows its boards, results still to be entered
    page.get_by_role("tab", name="Pair next round").click()
    page.get_by_role("button", name="Add round 6 to the event").click()      # its 5 rounds are played
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Round 6 added", timeout=60_000)
    wait_idle(page)
    page.get_by_role("tab", name="Pair next round").click()
    page.get_by_role("button", name="Pair round 6").click()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Round 6 paired", timeout=60_000)
    wait_idle(page)
    page.get_by_role("tab", name="Pair next round").click()
    expect(cell(page.get_by_test_id("stDataFrame").last, 0, 1)).not_to_be_empty(timeout=20_000)
    page.screenshot(path=str(SHOTS / "build_pairing.png"))


def test_a_download_keeps_the_page_where_it_is(page: Page, app_url: str) -> None:
    """Downloading the event does not rerun the page (nothing moves, the Upload / download tab stays open)."""
    page.goto(app_url + "/build")
    wait_idle(page)
    tab = page.get_by_role("tab", name="Upload / download")
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    wait_idle(page)
    runs = script_runs(page)                     # note any rerun of the script from now on
    with page.expect_download() as download:
        page.get_by_test_id("stDownloadButton").filter(has_text="Download JSON").locator("button").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert '"version": 2' in text and '"settings":' in text           # the event's settings travel with it
    # that nothing happens can only be seen by waiting: a rerun the click had started would have begun by now
    page.wait_for_timeout(1500)
    assert script_runs(page) == runs
    expect(tab).to_have_attribute("aria-selected", "true")
