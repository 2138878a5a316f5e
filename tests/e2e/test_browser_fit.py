"""Every page fits a laptop (1280x800) and a phone (390x844), with the example event and with a 52-player one.

One server serves the whole module, one test per page and event: every page is visited with the built-in
example, then the 52-player file (after round 4 of 9) is uploaded once on Build event (the server reopens the
last saved event for each later visit) and every page is visited again.
At each size the page is measured by :data:`tests.e2e.fit.FIT_PROBLEMS` (the page never scrolls sideways,
no label, chip, link, button or table text is cut, every grid column is wide enough for its texts; see
that module for what is allowed on a phone) and photographed whole into /tmp/shots/fit/ to be looked at.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import _server
from tests.e2e.fit import FIT_PROBLEMS, opened
from tests.e2e.waiting import settle
from ui.session.navigation import PAGES, PageInfo

ROOT = Path(__file__).resolve().parents[2]
BIG = ROOT / "tests" / "data" / "trf" / "gros_2010_after_round4.trf"
SHOTS = Path("/tmp/shots/fit")
SIZES = ((1280, 800), (390, 844))

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def fit_url(tmp_path_factory):
    """A server of its own: the upload below must not change the event the other browser tests open."""
    with _server(tmp_path_factory.mktemp("fit")) as url:
        yield url


def page_problems(page: Page, url: str, info: PageInfo, tag: str) -> dict[str, list[str]]:
    """One page at each size: its problems (none expected), and a screenshot of the whole page."""
    found: dict[str, list[str]] = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{url}/{info.url_path}")
        settle(page)
        expect(page.get_by_test_id("stException")).to_have_count(0)
        problems = page.evaluate(FIT_PROBLEMS, width < 600)
        for _ in range(4):             # a widget may still be settling its layout (tabs and grids measure
            if not problems:           # themselves, a grid's columns once its fonts are in): a few bounded looks
                break
            page.wait_for_timeout(1500)
            problems = page.evaluate(FIT_PROBLEMS, width < 600)
        if problems:
            found[f"{tag} {info.url_path or 'start'} {width}"] = problems
        tall = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
        page.set_viewport_size({"width": width, "height": min(tall + 20, 8000)})
        page.wait_for_timeout(400)
        page.screenshot(path=str(SHOTS / f"{tag}_{info.url_path or 'start'}_{width}.png"))
    return found


def upload_big_event(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{url}/build")
    settle(page)
    page.get_by_role("tab", name="Upload / download").click()
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": BIG.name, "mimeType": "text/plain", "buffer": BIG.read_bytes()}])
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(opened(BIG.name), timeout=30_000)


@pytest.fixture(scope="module")
def big_event(fit_url: str, browser: Browser) -> None:
    """The 52-player event, uploaded once; every later visit opens it (the last saved event)."""
    page = browser.new_page()
    try:
        upload_big_event(page, fit_url)
        page.goto(f"{fit_url}/standings")
        settle(page)
        expect(page.get_by_test_id("stDataFrame").first).to_contain_text("Mirzoev", timeout=30_000)
    finally:
        page.close()


CASES = [("example", p) for p in PAGES] + [("big", p) for p in PAGES]


@pytest.mark.slow
@pytest.mark.parametrize("event, info", CASES, ids=[f"{e}-{p.url_path or 'start'}" for e, p in CASES])
def test_every_page_fits_a_laptop_and_a_phone(event: str, info: PageInfo, fit_url: str, page: Page,
                                              request: pytest.FixtureRequest) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if event == "big":
        request.getfixturevalue("big_event")
    assert page_problems(page, fit_url, info, event) == {}


def test_the_detector_sees_a_cut_label_and_a_hidden_column(fit_url: str, page: Page) -> None:
    """The measuring script is not blind: a selectbox narrowed by hand cuts its value, and a grid squeezed
    into a narrow frame hides columns; both are reported (and a phone forgives only the grid)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{fit_url}/standings")
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible(timeout=60_000)
    settle(page)
    page.evaluate("""() => {
        document.querySelector('[data-testid="stSelectbox"]').style.width = '90px';
        document.querySelector('[data-testid="stDataFrame"]').parentElement.style.width = '260px'; }""")
    page.wait_for_timeout(800)
    laptop = page.evaluate(FIT_PROBLEMS, False)
    assert any(re.match(r"clipped text in stSelectbox", p) for p in laptop), laptop
    assert any(p.startswith("grid hides columns") for p in laptop), laptop
    phone = page.evaluate(FIT_PROBLEMS, True)
    assert not any(p.startswith("grid hides columns") for p in phone), phone
    assert any(p.startswith("clipped text in stSelectbox") for p in phone), phone
