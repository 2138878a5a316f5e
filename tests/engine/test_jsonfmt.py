"""Our JSON event format: notation, round trips (alone and via TRF) and malformed documents."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import EventError
from engine.core.model import Entry, EventType, Kind, Player, make_event
from engine.core.notation import full_notation, parse_notation
from engine.formats.jsonfmt import FORMAT_NAME, load_json, read_json, write_json
from engine.formats.trf import load_trf, read_trf, write_trf
from tests.paths import TRF_DIR, trf_files

HALF = Fraction(1, 2)


def small_doc(**changes: object) -> dict:
    """A valid three-player document to break one field at a time."""
    doc = {
        "format": FORMAT_NAME, "version": 1, "name": "Club night", "date": "2025/01/07", "type": "swiss",
        "pab_points": "1", "rounds": 2, "tiebreaks": ["BH/C1", "SB"],
        "players": [
            {"tpn": 1, "name": "Ann", "rating": 1800, "federation": "ENG", "on_time": True, "fide_id": "",
             "sex": "w", "title": "", "birth": "", "age": None},
            {"tpn": 2, "name": "Ben", "rating": None},
            {"tpn": 3, "name": "Cai", "rating": "1650", "age": 12},
        ],
        "results": {"1": ["+W2", "PAB"], "2": ["-B1", "=3u"], "3": ["PAB", "=2u"]},
    }
    doc.update(changes)
    return doc


def dumps(doc: dict) -> str:
    return json.dumps(doc, indent=1)


# -- notation ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("token, kind, opponent, colour, points, rated", [
    ("+W9", Kind.G, 9, "W", 1, True),
    ("=B13", Kind.G, 13, "B", HALF, True),
    ("½B13", Kind.G, 13, "B", HALF, True),
    ("-9", Kind.G, 9, None, 0, True),
    ("+9", Kind.G, 9, None, 1, True),
    ("+W9u", Kind.G, 9, "W", 1, False),
    ("=b4U", Kind.G, 4, "B", HALF, False),
    ("+F14", Kind.FW, 14, None, 1, True),
    ("-F11", Kind.FL, 11, None, 0, True),
    ("-FW11", Kind.FL, 11, "W", 0, True),
    ("PAB", Kind.PAB, None, None, 1, True),
    ("hpb", Kind.HPB, None, None, HALF, True),
    ("FPB", Kind.FPB, None, None, 1, True),
    ("ZPB", Kind.ZPB, None, None, 0, True),
    ("ABS", Kind.ABS, None, None, 0, True),
])
def test_parse_notation(token: str, kind: Kind, opponent: int | None, colour: str | None, points: Fraction,
                        rated: bool) -> None:
    e = parse_notation(token, "x.json", 1, 1)
    assert (e.kind, e.opponent, e.colour, e.points, e.rated) == (kind, opponent, colour, points, rated)


def test_notation_round_trips_through_full_notation() -> None:
    for token in ("+W9", "=B13", "-9", "+W9u", "-B2u", "+F14", "-F11", "+FB3", "PAB", "HPB", "FPB", "ZPB", "ABS"):
        assert full_notation(parse_notation(token, "x.json", 1, 1)) == token


def test_pab_points_follow_the_event() -> None:
    assert parse_notation("PAB", "x.json", 1, 1, pab_points=HALF).points == HALF


@pytest.mark.parametrize("token", ["W9", "+X9", "+W", "++9", "PABX", "+F", "9", "+W9uu", "+W-9"])
def test_bad_notation(token: str) -> None:
    with pytest.raises(EventError) as err:
        parse_notation(token, "wall.csv", 7, 3, line=12)
    text = str(err.value)
    assert text.startswith("wall.csv:12: ") and "player 7, round 3" in text and repr(token) in text


# -- reading and writing ----------------------------------------------------------------------------

def test_read_small_document() -> None:
    ev = read_json(dumps(small_doc()), "club.json")
    assert ev.name == "Club night" and ev.rounds == 2 and ev.file_tiebreaks == ("BH/C1", "SB")
    assert ev.player(3).rating == 1650 and ev.player(3).age == 12 and ev.player(2).rating is None
    assert ev.entry(2, 2).rated is False and ev.entry(1, 2).kind is Kind.PAB
    assert ev.score(1) == 2 and ev.score(3) == Fraction(3, 2)


def test_write_is_stable_and_ordered() -> None:
    ev = read_json(dumps(small_doc()), "club.json")
    text = write_json(ev)
    assert text == write_json(read_json(text, "again.json"))
    doc = json.loads(text)
    assert list(doc)[:9] == ["format", "version", "name", "date", "type", "pab_points", "rounds", "tiebreaks",
                             "players"]
    assert list(doc["players"][0]) == ["tpn", "name", "rating", "federation", "on_time", "fide_id", "sex",
                                       "title", "birth", "age"]
    assert doc["results"]["2"] == ["-B1", "=3u"] and doc["pab_points"] == "1"


def test_short_rows_are_absences_and_rounds_default() -> None:
    doc = small_doc(results={"1": ["+W2"], "2": ["-B1"]})
    del doc["rounds"]
    ev = read_json(dumps(doc), "short.json")
    assert ev.rounds == 1 and ev.entry(3, 1).kind is Kind.ABS


@pytest.mark.parametrize("path", trf_files(), ids=lambda p: p.name)
def test_json_round_trip_of_every_sample(path: Path) -> None:
    ev = load_trf(path)
    assert read_json(write_json(ev), "copy.json") == ev
    assert read_trf(write_trf(read_json(write_json(ev), "copy.json")), "copy.trf") == ev


def test_round_robin_and_half_point_pab(tmp_path: Path) -> None:
    players = [Player(1, "A", 2000), Player(2, "B"), Player(3, "C")]
    entries = {1: [Entry.game(2, "W", Fraction(1)), Entry.bye(Kind.PAB, HALF)],
               2: [Entry.game(1, "B", Fraction(0)), Entry(Kind.FW, 3, "W", Fraction(1))],
               3: [Entry.bye(Kind.PAB, HALF), Entry(Kind.FL, 2, "B", Fraction(0))]}
    ev = make_event("RR", players, entries, event_type=EventType.ROUND_ROBIN, pab_points=HALF)
    path = tmp_path / "rr.json"
    path.write_text(write_json(ev), encoding="utf-8")
    assert load_json(path) == ev
    assert json.loads(path.read_text(encoding="utf-8"))["pab_points"] == "0.5"


def test_bom_and_bytes_are_accepted() -> None:
    data = b"\xef\xbb\xbf" + dumps(small_doc(name="Caf\u00e9")).encode("utf-8")
    assert read_json(data, "bom.json").name == "Café"


# -- malformed documents ----------------------------------------------------------------------------

def json_error(text: str | bytes, file: str = "bad.json") -> str:
    with pytest.raises(EventError) as err:
        read_json(text, file)
    msg = str(err.value)
    assert file in msg
    return msg


def test_wrong_format_or_version() -> None:
    assert "format" in json_error(dumps(small_doc(format="something-else")))
    assert "version 7" in json_error(dumps(small_doc(version=7)))
    assert "version" in json_error(dumps(small_doc(version=True)))
    assert "top level" in json_error("[1, 2]")


def test_syntax_error_names_line_and_column() -> None:
    text = dumps(small_doc()).replace('"Club night"', '"Club night" oops', 1)
    assert "bad.json:4:" in json_error(text)


def test_empty_and_binary() -> None:
    assert "bad.json:1: the file is empty" in json_error("")
    assert "binary" in json_error(bytes(range(256)) * 4)


def test_non_numeric_rating_names_the_player() -> None:
    doc = small_doc()
    doc["players"][1]["rating"] = "about 1900"
    msg = json_error(dumps(doc))
    assert "player 2" in msg and "rating" in msg and "about 1900" in msg
    doc["players"][1]["rating"] = 19.5
    assert "player 2" in json_error(dumps(doc))


def test_bad_player_fields() -> None:
    doc = small_doc()
    doc["players"][0]["tpn"] = "one"
    assert "tpn" in json_error(dumps(doc))
    doc = small_doc()
    doc["players"][0]["colour"] = "W"
    assert "unknown field" in json_error(dumps(doc))
    doc = small_doc()
    doc["players"][0]["on_time"] = "yes"
    assert "on_time" in json_error(dumps(doc))
    assert "players" in json_error(dumps(small_doc(players=[])))


def test_bad_results() -> None:
    msg = json_error(dumps(small_doc(results={"1": ["+W2", "PAB"], "2": ["-B1", "=X3"], "3": ["PAB", "=2u"]})))
    assert "player 2, round 2" in msg and "'=X3'" in msg
    assert "not a player" in json_error(dumps(small_doc(results={"9": ["PAB"]})))
    assert "list" in json_error(dumps(small_doc(results={"1": "+W2"})))


def test_inconsistent_results_are_located_on_the_results_row() -> None:
    doc = small_doc(results={"1": ["+W2", "PAB"], "2": ["+B1", "=3u"], "3": ["PAB", "=2u"]})
    text = dumps(doc)
    row = next(i for i, line in enumerate(text.splitlines(), start=1) if line.strip().startswith('"1": ['))
    msg = json_error(text)
    assert f"bad.json:{row}:" in msg and "contradicts" in msg


def test_bad_header_values() -> None:
    assert "pab_points" in json_error(dumps(small_doc(pab_points="2")))
    assert "type" in json_error(dumps(small_doc(type="knockout")))
    assert "tie-break" in json_error(dumps(small_doc(tiebreaks=["BH/C1", "NOPE"])))
    assert "rounds" in json_error(dumps(small_doc(rounds="two")))
    assert "name" in json_error(dumps(small_doc(name=5)))


# -- robustness -------------------------------------------------------------------------------------

SAMPLE_JSON = [write_json(load_trf(p)) for p in (TRF_DIR / "fide_tec_swiss16.trf",
                                                   TRF_DIR / "unplayed_cases_8p5r.trf")]


@st.composite
def mutated_json(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SAMPLE_JSON))
    for _ in range(draw(st.integers(1, 3))):
        pos = draw(st.integers(0, len(text) - 1))
        char = draw(st.sampled_from(list('0123456789"{}[],:+-=WBFUPABSZHu ')) | st.characters(codec="utf-8"))
        op = draw(st.sampled_from(["flip", "insert", "delete"]))
        if op == "flip":
            text = text[:pos] + char + text[pos + 1:]
        elif op == "insert":
            text = text[:pos] + char + text[pos:]
        else:
            text = text[:pos] + text[pos + 1:]
    return text


@settings(max_examples=200, deadline=None)
@given(mutated_json())
def test_mutated_json_raises_only_event_error(text: str) -> None:
    try:
        ev = read_json(text, "fuzz.json")
    except EventError as exc:
        assert "fuzz.json" in str(exc)
    else:
        assert read_json(write_json(ev), "again.json") == ev


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=4), max_leaves=12))
def test_random_json_values_raise_only_event_error(value: object) -> None:
    for doc in (value, {**small_doc(), "players": value}, {**small_doc(), "results": value}):
        try:
            read_json(json.dumps(doc), "fuzz.json")
        except EventError:
            pass


def test_an_estimated_rating_keeps_its_mark_and_only_it_is_written() -> None:
    """Papi's "799 E": the mark survives a save and a reload (Papi's performance replaces such a rating), and a
    file of real ratings is written as before, without the key."""
    players = [Player(1, "Ana", 1500), Player(2, "Ben", 799, estimated=True)]
    ev = make_event("marks", players, {1: [Entry(Kind.G, 2, "W", Fraction(1))], 2: [Entry(Kind.G, 1, "B", Fraction(0))]})
    text = write_json(ev)
    assert text.count('"estimated"') == 1
    back = read_json(text)
    assert [p.estimated for p in back.players] == [False, True]
    bad = text.replace('"estimated": true', '"estimated": "yes"')
    with pytest.raises(EventError, match='player 2: "estimated" must be true or false'):
        read_json(bad)
