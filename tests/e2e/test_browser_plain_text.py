"""What a user copies is what they read, and the prize editor's headers are whole
(item 16), at 1280x800 and 390x844.

The escaping of user text puts an invisible word joiner only where a web or e-mail address would otherwise
become a link; file names, amounts of money and rule names must reach the clipboard without it.  Each page
is checked through its rendered text (what a selection copies), after a real file is opened.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.fit import FIT_PROBLEMS, opened
from tests.e2e.pages import SIZES, open_everything, resize, visit
from tests.e2e.waiting import settle
from ui.session.navigation import page_info

ROOT = Path(__file__).resolve().parents[2]
SWISS16 = ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf"
JOINER = "\u2060"

pytestmark = pytest.mark.e2e


def main_text(page: Page) -> str:
    return page.evaluate("() => document.querySelector('[data-testid=stMain]').innerText")


# a server of its own: the uploaded file would become the event every later visit to a shared server opens
def test_file_names_money_and_rule_names_copy_without_invisible_characters(fresh_app_url: str, page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(fresh_app_url)           # a new server's first visit switches to the app's navigation and reruns
    settle(page)
    page.goto(f"{fresh_app_url}/build")
    settle(page)
    page.get_by_role("tab", name="Upload / download").click()
    page.locator(".st-key-upload").get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": SWISS16.name, "mimeType": "text/plain", "buffer": SWISS16.read_bytes()}])
    notice = page.get_by_test_id("stAlertContentSuccess")
    expect(notice).to_contain_text(opened(SWISS16.name), timeout=60_000)
    assert f"Opened {SWISS16.name}:" in notice.inner_text()
    for path, expected in (("explain", "C.07"), ("why", "C.07"), ("announcement", ""), ("prizes", "C.07-2023")):
        visit(page, fresh_app_url, page_info(f"pages/{path}.py"), "en", first=path == "explain")
        if path in ("explain", "why"):
            open_everything(page)                          # the technical detail too
        for size in SIZES:                                 # the text a selection copies, at each width
            resize(page, size)
            text = main_text(page)
            assert expected in text, (path, size)
            assert JOINER not in text, (path, size, text[max(0, text.find(JOINER) - 40):text.find(JOINER) + 40])
    resize(page, SIZES[0])
    # money: a worked prize case, its amounts shown in the working and the table
    page.get_by_role("button", name="Load example").click()
    settle(page)
    text = main_text(page)
    assert "$300.00" in text and JOINER not in text


def test_the_prize_editor_shows_whole_headers_and_no_none(app_url: str, page: Page) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{app_url}/prizes")
        settle(page)
        page.get_by_test_id("stDataFrame").first.scroll_into_view_if_needed()
        page.wait_for_function("""() => [...document.querySelectorAll('[data-testid="stDataFrame"] th')]
            .some(th => th.textContent === (phone ? 'Type' : 'Trophy'))""".replace("phone", "true" if width < 600
                                                                                else "false"), timeout=60_000)
        heads, cells = page.evaluate("""() => {
            const grid = [...document.querySelectorAll('[data-testid="stDataFrame"]')]
                .find(g => [...g.querySelectorAll('th')].some(th => th.textContent === 'Rating min'));
            return [[...grid.querySelectorAll('table[role="grid"] th')].map(t => t.textContent.trim()),
                    [...grid.querySelectorAll('table[role="grid"] td')].map(t => t.textContent.trim())]; }""")
        every = ["Prize", "Amount", "Type", "Place", "Rating min", "Rating max", "Age max", "Only for", "Trophy"]
        # a laptop shows every column; a phone the first ones, the rest a sideways swipe away inside the grid
        assert heads == every if width > 600 else (len(heads) >= 3 and heads == every[:len(heads)]), heads
        assert cells and "None" not in cells
        problems = page.evaluate(FIT_PROBLEMS, width < 600)
        assert [p for p in problems if "Rating" in p or "Trophy" in p or "Place" in p] == [], problems

