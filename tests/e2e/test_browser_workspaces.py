"""Browsers on one hosted server: each gets its own private workspace, kept in a first-party cookie and never
in the address: kept across page switches and reloads; a share link (no
key) lands in the opener's own workspace, once; an old bookmark with ``?w=`` still opens its workspace and
the key then leaves the address; a made-up key opens a new, empty one; "Forget" on a shared computer.
The app behind the HTTPS proxy headers of docs/hosting.md (CSP included) still writes its cookie.  Screenshots of the
workspace box, laptop and phone width, go to /tmp/shots/."""
from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Route, expect

from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, encode
from tests.e2e.axe import violations
from tests.e2e.servers import LOCAL
from tests.e2e.waiting import still, wait_idle
from tests.fixtures import fixture_a

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/shots")
COOKIE = "tiebreak_lab_ws"
#: the headers the recipe of docs/hosting.md has the HTTPS proxy send (copied from there)
PROXY_HEADERS = {
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "content-security-policy": "default-src 'self'; connect-src 'self' wss:; img-src 'self' data: blob:; "
                               "style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline' 'unsafe-eval' "
                               "blob:; font-src 'self' data:; frame-ancestors 'none'",
}


def new_context(browser: Browser, width: int = 1280, height: int = 800) -> BrowserContext:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url) else route.abort())
    return context


def cookie(context: BrowserContext, other_than: str = "", seconds: float = 15) -> str:
    """The workspace cookie once the page has written it (and it differs from ``other_than``): a bounded wait."""
    deadline = time.monotonic() + seconds
    while True:
        found = {c["name"]: c for c in context.cookies()}.get(COOKIE)
        if found and found["value"] != other_than:
            return found["value"]
        assert time.monotonic() < deadline, f"no new {COOKIE} cookie within {seconds:.0f} s"
        time.sleep(0.1)


def no_key_in_address(page: Page) -> None:
    """The address settles without ``?w=`` (an old link's key leaves once the cookie is kept)."""
    expect(page).not_to_have_url(re.compile(r"[?&]w="), timeout=15_000)
    wait_idle(page)
    assert "w" not in parse_qs(urlsplit(page.url).query)


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


def goto(page: Page, url: str) -> None:
    page.goto(url)
    wait_idle(page)


def share_link(url: str) -> str:
    """A link a friend sent: Fixture A on the "Why is A above B?" page; it carries no workspace key."""
    token = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    return f"{url}/why?s={token}"


def test_the_workspace_key_lives_in_a_cookie_never_in_the_address(browser: Browser, hosted_app_url: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = hosted_app_url
    alice_ctx, bob_ctx = new_context(browser), new_context(browser)
    try:
        alice = alice_ctx.new_page()
        goto(alice, url)                                        # a first visit: a new workspace, in the cookie
        alice_token = cookie(alice_ctx)
        no_key_in_address(alice)
        kept = {c["name"]: c for c in alice_ctx.cookies()}[COOKIE]
        assert kept["path"] == "/" and kept["sameSite"] == "Strict" and not kept["secure"]   # http: no Secure
        assert 179 * 86400 < kept["expires"] - time.time() <= 180 * 86400
        sidebar = alice.get_by_test_id("stSidebar")
        expect(sidebar).to_contain_text("This browser remembers your workspace")
        expect(sidebar).to_contain_text(f"Key: …{alice_token[-6:]}")
        open_page(alice, "Build event", "build")
        assert "w" not in parse_qs(urlsplit(alice.url).query)
        rename(alice, "Alice private final")
        alice.screenshot(path=str(SHOTS / "workspace_build_laptop.png"))

        goto(alice, url + "/build")                             # the bare address again: the same workspace
        no_key_in_address(alice)
        expect(heading(alice)).to_contain_text("Alice private final")
        assert cookie(alice_ctx) == alice_token

        goto(alice, share_link(url))                            # a friend's share link: into Alice's workspace
        no_key_in_address(alice)
        expect(alice.get_by_test_id("stSidebar")).to_contain_text(f"Key: …{alice_token[-6:]}")
        goto(alice, share_link(url))                            # the same link again
        open_page(alice, "Build event", "build")
        names = saved_list(alice)
        assert sum(n.startswith("Fixture A") for n in names) == 1, names           # one copy
        assert any(n.startswith("Alice private final") for n in names), names      # nothing of hers hidden
        assert cookie(alice_ctx) == alice_token                                     # no new key

        bob = bob_ctx.new_page()                                # another browser: its own, empty workspace
        goto(bob, url + "/build")
        bob_token = cookie(bob_ctx)
        assert bob_token != alice_token
        expect(heading(bob)).to_contain_text("Example event")
        assert not any("Alice" in o or "Fixture A" in o for o in saved_list(bob))

        moved_ctx = new_context(browser)                        # Alice's old bookmark (?w=) on another computer
        try:
            moved = moved_ctx.new_page()
            goto(moved, f"{url}/build?w={alice_token}")
            expect(heading(moved)).to_contain_text("Fixture A")                    # her last opened event
            assert cookie(moved_ctx) == alice_token
            no_key_in_address(moved)                                                # the key left the address
            goto(moved, url + "/build")
            expect(heading(moved)).to_contain_text("Fixture A")
        finally:
            moved_ctx.close()

        forged = bob_ctx.new_page()                             # a made-up key: Bob's own workspace, and a word
        goto(forged, f"{url}/build?w={'Q' * 32}")
        expect(forged.get_by_test_id("stSidebar")).to_contain_text("was not recognised")
        expect(heading(forged)).to_contain_text("Example event")
        no_key_in_address(forged)
        assert cookie(bob_ctx) == bob_token
        forged.close()

        # Alice on a classroom computer: forget the workspace; the next load is a new, empty one
        goto(alice, url + "/build")
        alice.get_by_role("button", name="Forget this workspace on this computer").click()
        expect(alice.get_by_test_id("stSidebar")).to_contain_text("only your private link opens them again")
        wait_idle(alice)            # the rerun that drew the question finished: a click now is not lost to it
        alice.screenshot(path=str(SHOTS / "workspace_forget_laptop.png"))
        alice.get_by_role("button", name="Forget it now").click()
        wait_idle(alice)
        expect(alice.get_by_test_id("stSidebar")).to_contain_text("This computer has forgotten that workspace")
        fresh = cookie(alice_ctx, other_than=alice_token)
        assert fresh not in (alice_token, bob_token)
        goto(alice, url + "/build")
        no_key_in_address(alice)
        expect(heading(alice)).to_contain_text("Example event")
        assert not any("Alice" in o or "Fixture A" in o for o in saved_list(alice))
        assert cookie(alice_ctx) == fresh
    finally:
        alice_ctx.close()
        bob_ctx.close()


@pytest.mark.parametrize("width, height, name", [(1280, 800, "laptop"), (390, 844, "phone")])
def test_the_workspace_box_at_both_widths(browser: Browser, hosted_app_url: str, width: int, height: int,
                                          name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = new_context(browser, width, height)
    try:
        page = context.new_page()
        goto(page, f"{hosted_app_url}/build")
        cookie(context)                                         # written even with the sidebar closed
        if width < 600:
            page.screenshot(path=str(SHOTS / "workspace_build_phone.png"))
            page.get_by_test_id("stExpandSidebarButton").click()
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar.get_by_text("This browser remembers your workspace")).to_be_visible()
        forget = page.get_by_role("button", name="Forget this workspace on this computer")
        forget.scroll_into_view_if_needed()
        expect(forget).to_be_in_viewport()
        box = forget.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        still(sidebar)                                          # the sidebar has finished sliding in
        page.screenshot(path=str(SHOTS / f"workspace_sidebar_{name}.png"))
        assert violations(page) == []                           # the cookie writer adds nothing axe objects to
        forget.click()
        expect(sidebar.get_by_role("button", name="Forget it now")).to_be_visible()
        wait_idle(page)
        assert violations(page) == []
    finally:
        context.close()


def with_proxy_headers(route: Route) -> None:
    """The HTTPS proxy of docs/hosting.md: the page itself comes with its security headers."""
    if route.request.resource_type != "document":
        route.fallback()
        return
    response = route.fetch()
    kept = {k: v for k, v in response.headers.items() if k not in ("content-encoding", "content-length")}
    route.fulfill(response=response, headers={**kept, **PROXY_HEADERS})


def test_behind_the_readme_proxy_headers_the_cookie_is_still_written(browser_type: BrowserType,
                                                                     browser_type_launch_args: dict,
                                                                     hosted_app_url: str) -> None:
    """The cookie writer's script is loaded as a blob: module, which the CSP of docs/hosting.md must allow (without
    ``blob:`` the browser refuses it and no cookie is written); no CSP violation may show in the console.
    A page the test itself serves counts to Chromium as coming from outside this machine, which may then
    not reach the loopback server: this browser is told not to apply that check."""
    args = [*browser_type_launch_args.get("args", []), "--disable-features=LocalNetworkAccessChecks"]
    own = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        context = new_context(own)
        context.route("**/*", with_proxy_headers)
        page = context.new_page()
        violations: list[str] = []
        page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
        goto(page, f"{hosted_app_url}/build?w={'Q' * 32}")
        token = cookie(context)
        no_key_in_address(page)
        expect(page.get_by_test_id("stSidebar")).to_contain_text(f"Key: …{token[-6:]}")
        expect(page.get_by_test_id("stSidebar")).not_to_contain_text("Error")
        assert violations == []
    finally:
        own.close()


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
    expect(page.get_by_test_id("stProgress").first).to_be_visible(timeout=60_000)


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


def test_a_browser_that_refuses_cookies_keeps_the_key_in_the_address(browser: Browser, hosted_app_url: str) -> None:
    """``document.cookie`` made deaf (as in a browser set to refuse cookies): the page says so and the key
    goes into the address, the only place left for it, so that a bookmark still brings the events back."""
    context = new_context(browser)
    context.add_init_script("Object.defineProperty(Document.prototype, 'cookie', "
                            "{get() { return ''; }, set(value) {}, configurable: true});")
    try:
        page = context.new_page()
        goto(page, f"{hosted_app_url}/build")
        expect(page).to_have_url(re.compile(r"[?&]w=[A-Za-z0-9_-]{32}"), timeout=15_000)
        key = parse_qs(urlsplit(page.url).query)["w"][0]
        expect(page.get_by_test_id("stSidebar")).to_contain_text("This browser does not keep cookies")
        assert COOKIE not in {c["name"] for c in context.cookies()}
        rename(page, "Kept by bookmark")
        goto(page, f"{hosted_app_url}/build?w={key}")          # the bookmark
        expect(heading(page)).to_contain_text("Kept by bookmark")
        expect(page).to_have_url(re.compile(rf"[?&]w={key}"))
    finally:
        context.close()
