"""Shared links (engine/formats/sharelink.py): exact round trip, size, and damaged links refused with EventError."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from engine.core.errors import EventError
from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.events.generator import UnplayedRates, generate_event
from engine.formats.sharelink import LINK_MAX_PLAYERS, MAX_LINK, Shared, decode, encode, fits, surely_too_long
from engine.formats.wallchart import read_wallchart
from tests.fixtures import fixture_a, fixture_b

URL = "http://127.0.0.1:8501/why?s="


def shared_a() -> Shared:
    return Shared(fixture_a(), ordering_of(preset="uscf", options=Options(
        seed=1, unrated="exclude", cumulative="one", round=4, mm_forum=True)), "why", (16, 4))


def pack(payload: bytes) -> str:
    """A link with a valid envelope (version, check sum, compression) around any payload."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(payload) + packer.flush()
    return "1" + base64.urlsafe_b64encode(zlib.crc32(payload).to_bytes(4, "big") + body).decode().rstrip("=")


def test_round_trip_is_exact():
    s = shared_a()
    link = encode(s)
    assert decode(link) == s
    assert decode(URL + link) == s                  # a whole pasted URL works too
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_round_trip_keeps_kinds_colours_and_explain_choices():
    event = generate_event(20, 7, seed=4, rates=UnplayedRates.every_kind(), unrated_share=0.2)
    s = Shared(event, ordering_of(("BH/C1", "DE", "SB/P"), "fide2024", Options(unrated=1234, seed=0)), "explain",
               (3, 5), code="SB/P")
    assert decode(encode(s)) == s
    rr = Shared(fixture_b(), ordering_of(("DE", "WIN"), "fide", Options()), "standings")
    assert decode(encode(rr)) == rr


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("rates", [None, UnplayedRates.every_kind()])
def test_a_60_player_9_round_event_fits(seed, rates):
    event = generate_event(60, 9, seed=seed, rates=rates)
    link = URL + encode(Shared(event, ordering_of(preset="fide-swiss", options=Options(seed=1)), "why", (1, 2)))
    assert fits(link) and len(link) <= MAX_LINK


def test_an_event_of_more_players_than_the_rule_never_fits_so_it_is_not_written():
    """The most compressible event of LINK_MAX_PLAYERS players (two-letter names, one round, each paired with the
    next, no ratings) is already about twice too long, so a larger one need not be written to know it."""
    assert LINK_MAX_PLAYERS == 1_000
    rows = ["tpn,name,R1"] + [f"{t},P{t}," + (f"+W{t + 1}" if t % 2 else f"-B{t - 1}")
                              for t in range(1, LINK_MAX_PLAYERS + 1)]
    event = read_wallchart("\n".join(rows) + "\n")
    assert len(event.players) == LINK_MAX_PLAYERS and not surely_too_long(event)
    link = encode(Shared(event, ordering_of((), "fide")))
    assert not fits(link) and len(link) > 1.5 * MAX_LINK
    assert surely_too_long(generate_event(LINK_MAX_PLAYERS + 1, 1, seed=1))


def test_a_big_event_does_not_fit():
    link = encode(Shared(generate_event(300, 9, seed=1), ordering_of(("BH",), "fide")))
    assert not fits(link)
    assert decode(link).event.rounds == 9       # still a valid link: only too long to send


@pytest.mark.parametrize("cut", [1, 2, 5, 20, 100, -1, -3, -50])
def test_truncated_links_are_refused(cut):
    link = encode(shared_a())
    with pytest.raises(EventError, match="damaged or incomplete"):
        decode(link[:cut])


@pytest.mark.parametrize("where", [1, 7, 40, 200, 500, -30])
def test_altered_links_are_refused(where):
    link = encode(shared_a())
    i = where % len(link)
    for replacement in ("A", "z", "-"):
        if link[i] != replacement:
            with pytest.raises(EventError, match="damaged or incomplete"):
                decode(link[:i] + replacement + link[i + 1:])


@pytest.mark.parametrize("garbage", ["", "   ", "1", "2" + "A" * 50, "hello world", "1!!!!", "1" + "A" * 80,
                                     "1" + base64.urlsafe_b64encode(bytes(range(200))).decode(), "s=", "%%%"])
def test_garbage_is_refused(garbage):
    with pytest.raises(EventError, match="damaged or incomplete"):
        decode(garbage)


def test_extra_characters_are_refused():
    with pytest.raises(EventError, match="extra characters"):
        decode(encode(shared_a()) + "AAAA")


def event_text() -> str:
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(encode(shared_a())[1:] + "==")[4:], -15))["e"]


@pytest.mark.parametrize("payload", [
    b"not json",
    b"[1, 2]",
    json.dumps({"e": "{}", "c": [], "r": "uscf"}).encode(),
    json.dumps({"c": ["MM"], "r": "uscf"}).encode(),
])
def test_well_packed_nonsense_is_refused(payload):
    with pytest.raises(EventError, match="damaged or incomplete"):
        decode(pack(payload))


@pytest.mark.parametrize("change, reason", [
    ({"r": "martian"}, "rule set"),
    ({"c": ["XYZ"]}, "unknown tie-break code"),
    ({"c": "MM"}, "tie-break list"),
    ({"p": "admin"}, "page"),
    ({"y": [16, 99]}, "player 99"),
    ({"y": [True]}, "pairing numbers"),
    ({"o": {"seed": "x"}}, "seed"),
    ({"o": {"colour": 1}}, "unknown option"),
    ({"o": {"unrated": -5}}, "unrated"),
    # Bounded option values, and a round the event does not have (Fixture A has 5 rounds)
    ({"o": {"round": 99}}, "its option 'round' is round 99, but the event has rounds 1 to 5"),
    ({"o": {"cumulative": "x" * 100_000}}, "its option 'cumulative' must be one of us, one, none, strict"),
    ({"o": {"kashdan_unplayed": 10 ** 14}}, "its option 'kashdan_unplayed' must be a whole number from 0 to 4"),
])
def test_inconsistent_content_is_refused(change, reason):
    doc = {"e": event_text(), "c": ["MM"], "r": "uscf", "o": {}, "p": "why", "y": [16, 4], **change}
    with pytest.raises(EventError, match="damaged or incomplete") as info:
        decode(pack(json.dumps(doc).encode()))
    assert reason in str(info.value)


def test_an_invalid_event_inside_is_refused():
    bad = event_text().replace('"+B12"', '"+B13"', 1)      # a one-sided result
    doc = {"e": bad, "c": ["MM"], "r": "uscf", "o": {}, "p": "why", "y": [16, 4]}
    with pytest.raises(EventError, match="damaged or incomplete"):
        decode(pack(json.dumps(doc).encode()))


def test_a_compression_bomb_is_refused():
    with pytest.raises(EventError, match="more than"):
        decode(pack(b" " * (8 * 1024 * 1024)))
