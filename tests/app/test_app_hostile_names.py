"""Names are text on every page: hostile event, player and prize names, link fields and typed codes.

An event whose names carry a Markdown image, a link, a bare web address, an e-mail address, HTML, emphasis
and a Streamlit colour directive is opened on every page (from the saved events, as after a reload, and from
a shared link).  Everything the page hands to Streamlit's Markdown (captions, alerts, headings, Markdown
blocks, expander labels, static tables) is collected, the backslash-escaped characters are taken out, and
what is left must hold none of the markup: with every marker escaped, ``evil.example`` cannot survive as
such, nor can ``](``, ``![`` or ``<img``.
"""
from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.model import Player, make_event
from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.events.settings import default_settings
from engine.formats.sharelink import Shared, encode
from engine.prizes.prize_list import Prize
from tests.fixtures import fixture_a
from tests.pages import every_tab_of, open_page
from tests.paths import REPO_ROOT
from ui.render.text import WORD_JOINER
from ui.session import store
from ui.session.navigation import PAGES as NAVIGATION

ROOT = REPO_ROOT
HOST = "evil.example"
HOSTILE = (f"Club ![t](http://{HOST}/pixel.png) [Login here](https://{HOST}/phish) www.{HOST} "
           f"<img src=http://{HOST}/x.png> **b** :red[r] me@{HOST}")
PLAYER = f"Eve [x](http://{HOST}/p) <b>y</b> www.{HOST}"


def hostile_event():
    event = fixture_a()
    players = [Player(p.tpn, PLAYER if p.tpn in (4, 16) else p.name, p.rating) for p in event.players]
    return make_event(HOSTILE, players, event.entries, rounds=event.rounds, event_type=event.event_type)


def markdown_texts(at: AppTest) -> list[str]:
    """Every string of the run that Streamlit renders as Markdown."""
    out: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title", "header", "subheader",
                 "latex", "toast"):
        out += [str(el.value) for el in getattr(at, kind, [])] if hasattr(at, kind) else []
    out += [str(el.label) for el in at.expander]
    out += [str(el.label) for el in at.tabs]
    for table in at.table:
        frame = table.value
        out += [str(v) for v in frame.to_numpy().ravel()] + [str(c) for c in frame.columns]
    return out


#: GitHub-flavoured Markdown's autolinks, which the browser's renderer finds in the text after it has resolved
#: the backslash escapes (so escaping alone does not stop them): web addresses and e-mail addresses
_AUTOLINK = re.compile(r"(https?://|www(?=\.))[-.\w]+|[-.\w+]+@[-\w]+(\.[-\w]+)+", re.ASCII | re.IGNORECASE)


def unescaped_markup(texts: list[str]) -> list[str]:
    """The texts that would still render a link, an image, an address or HTML.

    Markup needs its markers unescaped (looked for once the escaped characters are removed); an autolink
    is found in the text as shown (escapes resolved).
    """
    bad = []
    for text in texts:
        naked = re.sub(r"\\.", "", text)
        shown = re.sub(r"\\(.)", r"\1", text)
        if "](" in naked or "![" in naked or "<img" in naked or "<b>" in naked or _AUTOLINK.search(shown):
            bad.append(text)
    return bad


def saved_hostile() -> None:
    store.save(HOSTILE, hostile_event())


def test_the_hostile_names_are_real_markup():
    """The check is not vacuous: unescaped, these names are exactly what the pages must not render."""
    assert unescaped_markup([HOSTILE, PLAYER]) == [HOSTILE, PLAYER]


@pytest.mark.slow
@pytest.mark.parametrize("page", [p.title for p in NAVIGATION], ids=[p.url_path or "start" for p in NAVIGATION])
def test_every_page_shows_hostile_names_as_text(page):
    saved_hostile()
    for at in every_tab_of(open_page(page, timeout=90).run(), page):
        assert not at.exception, [e.value for e in at.exception]
        texts = markdown_texts(at)
        assert texts, "the page rendered no Markdown at all"
        assert unescaped_markup(texts) == []


@pytest.mark.parametrize("stem", ["Standings", "Explain", "Compare orderings", "Why is A above B?", "Prizes",
                                  "Before the last round"])
def test_event_caption_names_the_event_literally(stem):
    saved_hostile()
    at = open_page(stem, timeout=90).run()
    captions = [c.value for c in at.caption if c.value.startswith("Event:")]
    assert len(captions) == 1
    shown = re.sub(r"\\(.)", r"\1", captions[0]).replace(WORD_JOINER, "")
    assert shown.startswith(f"Event: {HOSTILE}")         # every character shown as typed


def test_why_places_caption_escapes_player_names():
    saved_hostile()
    at = open_page("Why is A above B?", timeout=90).run()
    at.selectbox(key="_ordering.why.a").set_value(4).run()
    at.selectbox(key="_ordering.why.b").set_value(16).run()
    ranks = [c.value for c in at.caption if c.value.startswith("Places:")]
    assert len(ranks) == 1 and PLAYER.split(" ")[0] in ranks[0]
    assert unescaped_markup(ranks) == []


@pytest.mark.parametrize("stem", ["Standings", "Explain", "Why is A above B?"])
def test_shared_link_with_hostile_names(stem):
    link = encode(Shared(hostile_event(), ordering_of(("MM", "BH"), "uscf", Options()), "why", (4, 16)))
    at = open_page(stem, timeout=90)
    at.query_params["s"] = link
    at.run()
    assert not at.exception
    assert not at.error                                         # the link opened
    assert unescaped_markup(markdown_texts(at)) == []


def _link(payload: dict) -> str:
    raw = json.dumps(payload, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    blob = zlib.crc32(raw).to_bytes(4, "big") + packer.compress(raw) + packer.flush()
    return "1" + base64.urlsafe_b64encode(blob).decode().rstrip("=")


@pytest.mark.parametrize("field", ["r", "p", "o"])
def test_damaged_link_echoing_its_fields_stays_text(field):
    from engine.formats.jsonfmt import write_json
    payload = {"e": write_json(fixture_a()), "c": ["MM"], "r": "uscf", "o": {}, "p": "why", "y": []}
    payload[field] = {f"[Login](http://{HOST}/x)": 1} if field == "o" else f"[Login](http://{HOST}/x)"
    at = open_page("Standings", timeout=90)
    at.query_params["s"] = _link(payload)
    at.run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "could not be opened" in errors[0]
    assert "Login" in errors[0] and unescaped_markup(errors) == []


def test_not_awarded_warning_escapes_the_prize_name():
    """The event's own prize list (its settings) with a class prize nobody can win, named with a link."""
    event = hostile_event()
    prizes = (Prize("First", 10000, "place", place=1),
              Prize(f"U100 [win](http://{HOST}/w) ![i](http://{HOST}/i.png)", 5000, "class", rating_max=100))
    store.save(HOSTILE, event, settings=default_settings(event).with_prizes(prizes))
    at = open_page("Prizes", timeout=90).run()
    assert not at.exception
    warnings = [w.value for w in at.warning if w.value.startswith("Not awarded")]
    assert len(warnings) == 1 and "U100" in warnings[0]
    assert unescaped_markup(warnings) == []


def test_typed_code_error_escapes_what_was_typed():
    at = open_page("Standings", timeout=90).run()
    at.text_input(key="_ordering.typed").set_value(f"BH, [x](http://{HOST}/y) ![i](http://{HOST}/i.png)").run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "criteria were not changed" in errors[0]
    assert unescaped_markup(errors) == []


def test_a_damaged_link_is_refused_in_the_reader_s_language():
    """The reason comes from the link's reader as a record: in German it is written in German too (it was the
    English sentence inside the German one)."""
    at = open_page("Standings", timeout=90)
    at.query_params["lang"] = "de"
    at.query_params["s"] = "1AAAA"
    at.run()
    assert [e.value.replace("\\", "") for e in at.error] == [      # as shown (Markdown's escapes left out)
        "Der geteilte Link ließ sich nicht öffnen: dieser Link ist beschädigt oder unvollständig: er ist zu kurz. Ihr "
        "aktuelles Turnier ist unverändert; bitten Sie erneut um den Link oder um die Turnierdatei."]
