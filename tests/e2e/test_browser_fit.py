"""Every page fits a laptop (1280x800) and a phone (390x844), with the example event and with a 52-player one.

One test per page and event, so the cases may run in any order: the example's on the shared server, which only
ever shows the built-in example; the 52-player file's (after round 4 of 9) on a server of its own, where the
file is uploaded once on Build event before the first case (the server reopens the last saved event for each
later visit).
At each size the page is measured by :data:`tests.e2e.fit.FIT_PROBLEMS` (the page never scrolls sideways,
no label, chip, link, button or table text is cut, every grid column is wide enough for its texts; see
that module for what is allowed on a phone) and photographed whole into /tmp/shots/fit/ to be looked at.
"""
from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.fit import FIT_PROBLEMS, opened
from tests.e2e.servers import RunningServer
from tests.e2e.waiting import settle
from ui.session.navigation import PAGES, PageInfo

ROOT = Path(__file__).resolve().parents[2]
BIG = ROOT / "tests" / "data" / "trf" / "gros_2010_after_round4.trf"
SHOTS = Path("/tmp/shots/fit")
SIZES = ((1280, 800), (390, 844))

pytestmark = pytest.mark.e2e


@pytest.fixture
def big_url(app_server: RunningServer, browser: Browser) -> str:
    """The fit-big server, whose last saved event is the 52-player one, uploaded once before its first case:
    every later visit opens it.  A server of its own, so the upload changes no other test's event."""
    if BIG.name not in app_server.done:
        page = browser.new_page()
        try:
            upload_big_event(page, app_server.url)
            page.goto(f"{app_server.url}/standings")
            settle(page)
            expect(page.get_by_test_id("stDataFrame").first).to_contain_text("Mirzoev", timeout=30_000)
        finally:
            page.close()
        app_server.done.add(BIG.name)
    return app_server.url


def page_problems(page: Page, url: str, info: PageInfo, tag: str) -> dict[str, list[str]]:
    """One page at each size: its problems (none expected), and a screenshot of the whole page."""
    found: dict[str, list[str]] = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{url}/{info.url_path}")
        settle(page)
        expect(page.get_by_test_id("stException")).to_have_count(0)
        # a widget may still be settling its layout (tabs and grids measure themselves, a grid its columns once
        # its fonts are in): wait until the page fits, up to a bound, then read what is still wrong
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"(phone) => ({FIT_PROBLEMS})(phone).length === 0", arg=width < 600,
                                   timeout=6_000)
        problems = page.evaluate(FIT_PROBLEMS, width < 600)
        if problems:
            found[f"{tag} {info.url_path or 'start'} {width}"] = problems
        tall = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
        page.set_viewport_size({"width": width, "height": min(tall + 20, 8000)})
        settle(page)                   # the taller window lays the page out again before it is photographed
        page.screenshot(path=str(SHOTS / f"{tag}_{info.url_path or 'start'}_{width}.png"))
    return found


def upload_big_event(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{url}/build")
    settle(page)
    page.get_by_role("tab", name="Upload / download").click()
    page.locator(".st-key-upload").get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": BIG.name, "mimeType": "text/plain", "buffer": BIG.read_bytes()}])
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(opened(BIG.name), timeout=30_000)


#: the example's cases on the worker's shared server (nothing is ever uploaded to it), the 52-player event's on a
#: server of their own, one after the other on one worker
CASES = [pytest.param("example", p, id=f"example-{p.url_path or 'start'}") for p in PAGES] + \
        [pytest.param("big", p, id=f"big-{p.url_path or 'start'}", marks=pytest.mark.app_server("fit-big"))
         for p in PAGES]


@pytest.mark.slow
@pytest.mark.parametrize("event, info", CASES)
def test_every_page_fits_a_laptop_and_a_phone(event: str, info: PageInfo, page: Page,
                                              request: pytest.FixtureRequest) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = request.getfixturevalue("big_url" if event == "big" else "app_url")
    assert page_problems(page, url, info, event) == {}


def test_the_detector_sees_a_cut_label_and_a_hidden_column(app_url: str, page: Page) -> None:
    """The measuring script is not blind: a selectbox narrowed by hand cuts its value, and a grid squeezed
    into a narrow frame hides columns; both are reported (and a phone forgives only the grid)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{app_url}/standings")
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible(timeout=60_000)
    settle(page)
    page.evaluate("""() => {
        document.querySelector('[data-testid="stMain"] [data-testid="stSelectbox"]').style.width = '90px';
        document.querySelector('[data-testid="stDataFrame"]').parentElement.style.width = '260px'; }""")
    # the grid lays its columns out again for its new width: wait until the detector sees it
    page.wait_for_function(f"() => ({FIT_PROBLEMS})(false).some(p => p.startsWith('grid hides columns'))",
                           timeout=10_000)
    laptop = page.evaluate(FIT_PROBLEMS, False)
    assert any(re.match(r"clipped text in stSelectbox", p) for p in laptop), laptop
    assert any(p.startswith("grid hides columns") for p in laptop), laptop
    phone = page.evaluate(FIT_PROBLEMS, True)
    assert not any(p.startswith("grid hides columns") for p in phone), phone
    assert any(p.startswith("clipped text in stSelectbox") for p in phone), phone
