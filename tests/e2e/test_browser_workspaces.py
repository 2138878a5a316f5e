"""Two browsers on one hosted server: each gets its own private workspace, kept in the address (?w=), kept
across page switches and reloads; a bookmark brings it back; a made-up key opens a new, empty one.
Screenshots of the Build page with the workspace box, laptop and phone width, go to /tmp/shots/."""
from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.conftest import LOCAL

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/shots")


def wait_idle(page: Page) -> None:
    app = page.get_by_test_id("stApp")
    expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=20_000)
    expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=30_000)


def new_context(browser: Browser, width: int = 1280, height: int = 1000) -> BrowserContext:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url) else route.abort())
    return context


def token(page: Page) -> str:
    expect(page).to_have_url(re.compile(r"[?&]w=[A-Za-z0-9_-]{32}"), timeout=20_000)
    return parse_qs(urlsplit(page.url).query)["w"][0]


def open_page(page: Page, name: str, path: str) -> None:
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=name, exact=True).click()
    expect(page).to_have_url(re.compile(rf".*/{path}(\?.*)?$"))
    wait_idle(page)


def heading(page: Page):
    return page.get_by_test_id("stText").first


def rename(page: Page, name: str) -> None:
    page.get_by_role("tab", name="Saved events").click()
    box = page.get_by_label("Rename the open event")
    box.fill(name)
    box.press("Enter")
    page.get_by_role("button", name="Rename", exact=True).click()
    expect(heading(page)).to_contain_text(name)
    wait_idle(page)


def saved_list(page: Page) -> list[str]:
    page.get_by_role("tab", name="Saved events").click()
    page.get_by_test_id("stSelectbox").filter(has_text="Saved events").click()
    options = page.get_by_role("option").all_inner_texts()
    page.keyboard.press("Escape")
    return options


def test_two_browsers_have_private_workspaces(browser: Browser, hosted_app_url: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    alice_ctx, bob_ctx = new_context(browser), new_context(browser)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    try:
        alice.goto(hosted_app_url)
        wait_idle(alice)
        alice_token = token(alice)
        expect(alice.get_by_test_id("stSidebar")).to_contain_text("Your private workspace")
        open_page(alice, "Build event", "build")
        assert token(alice) == alice_token                      # the key survives a page switch
        rename(alice, "Alice private final")
        alice.screenshot(path=str(SHOTS / "workspace_build_laptop.png"))

        bob.goto(hosted_app_url)
        wait_idle(bob)
        bob_token = token(bob)
        assert bob_token != alice_token
        open_page(bob, "Build event", "build")
        expect(heading(bob)).to_contain_text("Example event")
        assert not any("Alice" in o for o in saved_list(bob))
        rename(bob, "Bob rapid")

        alice.reload()                                          # a reload keeps the workspace and the event
        wait_idle(alice)
        assert token(alice) == alice_token
        expect(heading(alice)).to_contain_text("Alice private final")
        assert not any("Bob" in o for o in saved_list(alice))

        bookmark = bob_ctx.new_page()                           # Bob's bookmark of Alice's link: her events
        bookmark.goto(f"{hosted_app_url}/build?w={alice_token}")
        wait_idle(bookmark)
        expect(heading(bookmark)).to_contain_text("Alice private final")
        bookmark.close()

        forged = bob_ctx.new_page()                             # a made-up key: a new, empty workspace
        forged.goto(f"{hosted_app_url}/build?w={'Q' * 32}")
        wait_idle(forged)
        assert token(forged) not in ("Q" * 32, alice_token, bob_token)
        expect(forged.get_by_test_id("stSidebar")).to_contain_text("was not recognised")
        expect(heading(forged)).to_contain_text("Example event")
        forged.close()
    finally:
        alice_ctx.close()
        bob_ctx.close()

    phone_ctx = new_context(browser, 390, 844)
    try:
        phone = phone_ctx.new_page()
        phone.goto(f"{hosted_app_url}/build")
        wait_idle(phone)
        phone.screenshot(path=str(SHOTS / "workspace_build_phone.png"))
        phone.get_by_test_id("stExpandSidebarButton").click()
        expect(phone.get_by_text("Download my workspace link")).to_be_in_viewport()
        phone.wait_for_timeout(800)                             # let the sidebar finish sliding in
        phone.screenshot(path=str(SHOTS / "workspace_sidebar_phone.png"))
    finally:
        phone_ctx.close()


def job_processes(url: str) -> int:
    from tools.bench_hosted import worker_processes
    return worker_processes(int(urlsplit(url).port))


def start_long_simulation(page: Page, url: str) -> None:
    """A simulation of about 20 s (400,000 player-rounds, under the hosted budget)."""
    page.goto(f"{url}/simulation")
    wait_idle(page)
    for label, value in {"Players": 100, "Rounds": 10, "Events to simulate": 400}.items():
        box = page.get_by_label(label, exact=True)
        box.fill(str(value))
        box.press("Tab")
    page.get_by_role("button", name="Run simulation").click()
    expect(page.get_by_test_id("stProgress").first).to_be_visible(timeout=30_000)


def wait_for_count(url: str, wanted: int, seconds: float = 10) -> int:
    deadline = time.monotonic() + seconds
    while (n := job_processes(url)) != wanted and time.monotonic() < deadline:
        time.sleep(0.1)
    return n


def test_leaving_the_page_or_closing_the_tab_stops_its_job(browser: Browser, hosted_app_url: str) -> None:
    context = new_context(browser)
    try:
        page = context.new_page()
        start_long_simulation(page, hosted_app_url)
        assert wait_for_count(hosted_app_url, 1) == 1                 # the simulation's own process
        open_page(page, "Standings", "standings")
        assert wait_for_count(hosted_app_url, 0) == 0                 # gone once the page is left
        start_long_simulation(page, hosted_app_url)
        assert wait_for_count(hosted_app_url, 1) == 1
        page.close()                                                  # the session ends with the tab
        assert wait_for_count(hosted_app_url, 0, seconds=20) == 0
    finally:
        context.close()
