"""Files in and out through a real browser: upload a TRF on Build event and download the standings as CSV
from Standings; upload a PGN and settle its missing rounds.  Screenshots go to /tmp/shots/."""
from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_browser_build import opened
from tests.e2e.waiting import wait_idle
from tests.engine.test_formats import PGN

ROOT = Path(__file__).resolve().parents[2]
SWISS16 = ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf"
SHOTS = Path("/tmp/shots")

pytestmark = pytest.mark.e2e


def points_column() -> dict[str, str]:
    """tpn -> the points column of the TRF file (read straight from the text, not through our reader)."""
    out = {}
    for line in SWISS16.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            out[line[4:8].strip()] = line[80:84].strip()
    return out


def upload(page: Page, name: str, data: bytes, mime: str) -> None:
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Build event").click()
    expect(page).to_have_url(re.compile(r".*/build$"))
    wait_idle(page)
    page.get_by_role("tab", name="Upload / download").click()
    page.locator(".st-key-upload").get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": name, "mimeType": mime, "buffer": data}])
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(opened(name), timeout=20_000)
    wait_idle(page)


# a server of its own: the uploaded file would become the event every later visit to a shared server opens
def test_upload_trf_and_download_standings_csv(page: Page, fresh_app_url: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(fresh_app_url)
    wait_idle(page)
    upload(page, SWISS16.name, SWISS16.read_bytes(), "text/plain")
    page.get_by_role("tab", name="Upload / download").click()
    expect(page.get_by_role("button", name="Download CSV")).to_be_visible()
    page.screenshot(path=str(SHOTS / "formats_build_files.png"))

    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Standings", exact=True).click()
    expect(page).to_have_url(re.compile(r".*/standings$"))
    wait_idle(page)
    expect(page.get_by_test_id("stDataFrame").first).to_contain_text("Charline", timeout=20_000)
    button = page.get_by_role("button", name="Standings as CSV")
    expect(button).to_be_visible()
    page.screenshot(path=str(SHOTS / "formats_standings.png"))
    with page.expect_download() as download:
        button.click()
    assert download.value.suggested_filename.endswith(".csv")
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    # the app's downloads name the number column in words ("starting number", not "tpn")
    assert rows[0][:4] == ["rank", "starting number", "name", "PTS"] and len(rows[0]) > 4   # the tie-breaks follow
    assert len(rows) == 1 + 16
    expected = points_column()
    assert {r[1]: Fraction(r[3]) for r in rows[1:]} == {t: Fraction(p) for t, p in expected.items()}
    # Bruno (#2) is the only player on 4 points: first whatever the tie-breaks
    assert rows[1][:4] == ["1", "2", "Bruno", "4"]
    ranks = [int(r[0]) for r in rows[1:]]
    assert ranks == sorted(ranks)

    wait_idle(page)
    with page.expect_download() as xlsx:
        page.get_by_role("button", name="Standings as Excel").click()
    assert xlsx.value.suggested_filename.endswith(".xlsx")
    assert Path(xlsx.value.path()).read_bytes()[:2] == b"PK"      # a zip: an .xlsx workbook


# a server of its own: the uploaded file and its settled rounds would become the event every later visit to a shared server opens
def test_upload_pgn_and_settle_missing_rounds(page: Page, fresh_app_url: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(fresh_app_url)
    wait_idle(page)
    upload(page, "club.pgn", PGN.encode("utf-8"), "application/vnd.chess-pgn")
    page.get_by_role("tab", name="Upload / download").click()
    expect(page.get_by_test_id("stAlertContentWarning")).to_contain_text("no game for 2 player-rounds")
    form = page.get_by_test_id("stForm").filter(has_text="round 2")
    expect(form).to_contain_text("#1 Bob, round 2")
    expect(form).to_contain_text("#4 Dan, round 2")
    page.screenshot(path=str(SHOTS / "formats_missing_rounds.png"))
    form.get_by_test_id("stSelectbox").first.click()
    page.get_by_role("option", name=re.compile(r"^PAB")).click()
    form.get_by_role("button", name="Apply").click()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Settled 2 missing rounds",
                                                                         timeout=20_000)
    wait_idle(page)
    page.get_by_role("tab", name="Upload / download").click()
    expect(page.get_by_test_id("stAlertContentWarning")).to_have_count(0)
    page.get_by_role("tab", name="Players and results").click()
    results = page.get_by_test_id("stDataFrame").nth(1)
    expect(results).to_contain_text("PAB", timeout=20_000)
