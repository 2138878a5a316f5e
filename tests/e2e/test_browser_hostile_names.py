"""Hostile names in a real browser: no request leaves for a host named in the event, nothing becomes a link.

A shared link carries an event whose name and two player names hold a Markdown image and link, HTML, a bare
web address and an e-mail address, all pointing at ``evil.example``.  The link is opened on the Why page and
the event (now the session's, and the most recently saved) is then shown on Standings, Explain, Compare and
Prizes.  Every request the page makes is recorded (``page.on("request")``, which sees a request before the
loopback-only route refuses it): none may name the host, no ``<a>`` or ``<img>`` may point at it, and the
names must be on screen as typed.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.core.model import Player, make_event
from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, encode
from tests.e2e.waiting import settle
from tests.fixtures import fixture_a
from ui.render.text import WORD_JOINER

pytestmark = pytest.mark.e2e

HOST = "evil.example"
EVENT_NAME = (f"Club ![t](http://{HOST}/pixel.png) [Login here](https://{HOST}/phish) www.{HOST} "
              f"<img src=http://{HOST}/x.png> me@{HOST}")
PLAYER = f"Eve ![p](http://{HOST}/p.png) [x](http://{HOST}/p) www.{HOST}"
SHOTS = Path("/tmp/shots")


def hostile_link() -> str:
    event = fixture_a()
    players = [Player(p.tpn, PLAYER if p.tpn in (4, 16) else p.name, p.rating) for p in event.players]
    hostile = make_event(EVENT_NAME, players, event.entries, rounds=event.rounds, event_type=event.event_type)
    return encode(Shared(hostile, ordering_of(("MM", "BH"), "uscf", Options(seed=1)), "why", (16, 4)))


def shown(locator) -> str:
    """The text on screen without the invisible word joiners that keep addresses from becoming links."""
    return locator.inner_text().replace(WORD_JOINER, "").strip()


def no_markup_links(page: Page) -> int:
    """How many links or images on the page point at the host, or carry the names' link text."""
    return (page.locator(f'a[href*="{HOST}"], img[src*="{HOST}"], [srcset*="{HOST}"]').count()
            + page.locator("[data-testid=stMarkdownContainer] a").filter(has_text="Login here").count())


def test_no_request_leaves_for_a_host_named_in_the_event(fresh_app_url: str, page: Page) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{fresh_app_url}/why?s={hostile_link()}")
    settle(page)                       # a new server's first page takes long on a loaded machine: wait till drawn
    event_caption = page.get_by_test_id("stCaptionContainer").filter(has_text="Event:")
    expect(event_caption).to_contain_text("[Login here](https", timeout=60_000)
    assert shown(event_caption).startswith(f"Event: {EVENT_NAME}")        # as typed, to the character
    ranks = page.get_by_test_id("stCaptionContainer").filter(has_text="Places:")
    expect(ranks).to_contain_text("Eve ![p](http", timeout=60_000)
    assert f"{PLAYER.strip()} (#16) " in shown(ranks)
    assert no_markup_links(page) == 0
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "hostile_why.png"))
    for path in ("standings", "explain", "compare", "prizes"):
        page.goto(f"{fresh_app_url}/{path}")
        settle(page)
        caption = page.get_by_test_id("stCaptionContainer").filter(has_text="Event:")
        expect(caption).to_contain_text("[Login here](https", timeout=60_000)
        assert shown(caption).startswith(f"Event: {EVENT_NAME}")
        assert no_markup_links(page) == 0, path
    page.screenshot(path=str(SHOTS / "hostile_prizes.png"))
    page.set_viewport_size({"width": 390, "height": 844})           # a phone: the long names wrap, nothing links
    page.goto(f"{fresh_app_url}/standings")
    settle(page)
    expect(page.get_by_test_id("stCaptionContainer").filter(has_text="Event:")).to_contain_text(
        "[Login here](https", timeout=60_000)
    assert no_markup_links(page) == 0
    page.screenshot(path=str(SHOTS / "hostile_standings_phone.png"))
    assert requested, "no request was recorded at all"
    assert [url for url in requested if HOST in url] == []
