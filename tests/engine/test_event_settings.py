"""The event's own settings (engine.events.settings), repeated games, how far an event has gone, blank events,
and their trip through our JSON, the saved-events store and share links."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from engine.core.errors import EventError
from engine.core.model import ONE, ZERO, Entry, EventType, Kind, Player, make_event
from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.core.words import progress_text, standings_heading
from engine.events.generator import blank_event, generate_event, generate_round_robin
from engine.events.settings import (
    EventSettings,
    default_settings,
    read_saved,
    read_upload,
    settings_from_dict,
    settings_to_dict,
    write_saved,
)
from engine.formats.jsonfmt import read_json, write_json
from engine.formats.sharelink import Shared, decode, encode
from engine.formats.trf import read_trf
from engine.pairing.repeats import repeated_boards, repeated_games
from engine.prizes.prize_list import Prize
from tests.fixtures import fixture_a
from tests.paths import DATA

DATA = DATA / "trf"
SWISS16 = DATA / "fide_tec_swiss16.trf"
RR6 = DATA / "fide_tec_rr6.trf"
GROS = DATA / "gros_2010_after_round4.trf"


def with_record(path: Path, record: str) -> bytes:
    """A TRF file with one more header record (after the first three lines)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return ("\n".join(lines[:3] + [record] + lines[3:]) + "\n").encode("utf-8")


# -- defaults ----------------------------------------------------------------------------------------

def test_a_swiss_starts_with_the_us_chess_order_and_a_round_robin_with_fides():
    swiss = default_settings(generate_event(8, 3, seed=1))
    assert (swiss.preset, swiss.codes, swiss.rules, swiss.pairing) == ("uscf", ("MM", "BH", "CUM", "OCUM"), "uscf",
                                                                       "dutch")
    rr = default_settings(generate_round_robin(6, seed=1))
    assert (rr.preset, rr.codes, rr.rules, rr.pairing) == ("fide-rr", ("DE", "WIN", "SB", "KS"), "fide", "berger")
    assert swiss.prizes == () and rr.prizes == () and not swiss.example_prizes


def test_a_big_swiss_is_paired_by_the_fast_method():
    assert default_settings(blank_event("Open", 60, 7)).pairing == "fast"
    assert default_settings(blank_event("Open", 59, 7)).pairing == "dutch"


def test_a_trf_takes_its_order_from_its_tie_break_records():
    _, known = read_upload(with_record(SWISS16, "202 BH/C1,BH,DE,ARO/C1,WIN,BWG,BPG,SB"), "b.trf")
    assert (known.preset, known.rules) == ("fide-swiss", "fide")
    _, custom = read_upload(with_record(SWISS16, "202 SB,BH/C1"), "c.trf")       # no preset has this list
    assert (custom.preset, custom.codes, custom.rules) == ("custom", ("SB", "BH/C1"), "fide")
    _, plain = read_upload(GROS.read_bytes(), "gros.trf")                       # no record: a Swiss's default
    assert (plain.preset, plain.codes) == ("uscf", ("MM", "BH", "CUM", "OCUM"))
    event, rr = read_upload(RR6.read_bytes(), "rr.trf")
    assert event.event_type is EventType.ROUND_ROBIN and rr.preset == "fide-rr" and rr.pairing == "berger"


def test_the_pairing_method_follows_the_event_type():
    settings = EventSettings(pairing="dutch")
    rr = generate_round_robin(4, seed=1)
    assert settings.fitted_to(rr).pairing == "berger"
    assert EventSettings(pairing="berger").fitted_to(generate_event(6, 2, seed=1)).pairing == "dutch"


def test_a_preset_that_no_longer_matches_its_codes_becomes_the_matching_one_or_custom():
    assert EventSettings(preset="uscf", codes=("DE", "WIN", "SB", "KS"), rules="fide").preset == "fide-rr"
    assert EventSettings(preset="uscf", codes=("KS", "BH"), rules="uscf").preset == "custom"
    with pytest.raises(EventError, match="unknown rule set"):
        EventSettings(rules="nowhere")


# -- plain data and JSON -----------------------------------------------------------------------------

PRIZES = (Prize("1st", 15000, place=1), Prize("U1600", 5000, kind="class", rating_max=1599),
          Prize("Best junior", None, kind="class", age_max=14))


def rich_settings() -> EventSettings:
    return EventSettings(preset="custom", codes=("BH/C1", "SB"), rules="fide",
                         options=Options(unrated=1200, round=3, cumulative="one", mm_forum=True, seed=7,
                                         played_score_first=True),
                         prizes=PRIZES, prize_method="hort", currency="€", rounding="whole", pairing="fast",
                         notes="Round 1 at 10:00.\nBring your own clock.")


def test_settings_survive_our_json_exactly():
    event = fixture_a()
    text = write_saved(event, rich_settings())
    doc = json.loads(text)
    assert doc["version"] == 2
    assert doc["settings"]["prizes"][1] == {"name": "U1600", "amount": 5000, "kind": "class", "rating_max": 1599}
    assert doc["settings"]["options"] == {"unrated": 1200, "round": 3, "cumulative": "one", "mm_forum": True,
                                          "seed": 7, "played_score_first": True}
    back_event, back = read_saved(text, "s.json")
    assert back_event == event and back == rich_settings()
    assert back.notes.splitlines() == ["Round 1 at 10:00.", "Bring your own clock."]


def test_a_version_1_file_still_reads_and_gets_the_defaults():
    doc = json.loads(write_json(fixture_a()))
    doc["version"] = 1
    event, settings = read_saved(json.dumps(doc), "old.json")
    assert event == fixture_a()
    assert settings == default_settings(event) and settings.prizes == ()
    assert read_json(json.dumps(doc), "old.json") == fixture_a()


@pytest.mark.parametrize("settings, message", [
    ([], '"settings" must be an object'),
    ({"colour": "red"}, "unknown field(s) colour"),
    ({"rules": "moon"}, "unknown rule set 'moon'"),
    ({"codes": ["BH", "XYZ"]}, "XYZ"),
    ({"pairing": "accelerated"}, "unknown pairing method 'accelerated'"),
    ({"prizes": [{"name": "1st", "amount": 10.5, "place": 1}]}, 'prize #1: "amount" must be a whole number'),
    ({"prizes": [{"name": "U1800", "amount": 100}]}, "prize #1"),
    ({"options": {"cumulative": 3}}, '"settings.options.cumulative" must be one of us, one, none, strict, not 3'),
    # Option values are bounded and checked against the event (Fixture A has 5 rounds)
    ({"options": {"cumulative": "x" * 3_000_000}}, '"settings.options.cumulative" must be one of'),
    ({"options": {"kashdan_unplayed": 10 ** 14}}, '"settings.options.kashdan_unplayed" must be a whole number from 0 to 4'),
    ({"options": {"round": 99}}, '"settings.options.round" is round 99, but the event has rounds 1 to 5'),
    ({"options": {"seed": -1}}, '"settings.options.seed" must be a whole number from 0'),
    ({"notes": 5}, '"settings.notes" must be text'),
])
def test_bad_settings_are_named(settings, message):
    doc = json.loads(write_json(fixture_a()))
    doc["settings"] = settings
    with pytest.raises(EventError) as err:
        read_saved(json.dumps(doc), "bad.json")
    assert message in str(err.value) and "bad.json" in str(err.value)


def test_settings_from_dict_keeps_a_round_robin_on_berger_tables():
    rr = generate_round_robin(4, seed=2)
    assert settings_from_dict({"pairing": "dutch"}, rr).pairing == "berger"


def test_a_share_link_carries_the_settings():
    shared = Shared(fixture_a(), ordering_of(("MM", "BH"), "uscf"), settings=settings_to_dict(rich_settings()))
    back = decode(encode(shared))
    assert settings_from_dict(back.settings, back.event) == rich_settings()
    assert decode(encode(Shared(fixture_a(), ordering_of(("MM",), "uscf")))).settings is None


# -- the saved-events store --------------------------------------------------------------------------

def test_the_store_keeps_the_settings_next_to_the_event():
    from ui.session import store
    event = fixture_a()
    id_ = store.save("Club night", event, settings=rich_settings())
    assert store.load_settings(id_, event) == rich_settings()
    store.save("Club night", event, id_)                       # saving the event alone keeps its settings
    assert store.load_settings(id_, event) == rich_settings()
    store.save_settings(id_, rich_settings().with_prizes(()))
    assert store.load_settings(id_, event).prizes == ()
    other = store.save("No settings yet", event)
    assert store.load_settings(other, event) == default_settings(event)


def test_an_older_database_gains_the_settings_column(tmp_path, monkeypatch):
    from ui.session import store
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, "
                     "json TEXT NOT NULL, updated_at TEXT NOT NULL)")
        conn.execute("INSERT INTO events (name, json, updated_at) VALUES (?, ?, ?)",
                     ("Old", write_json(fixture_a()), "2026-01-01T10:00:00+00:00"))
    conn.close()
    monkeypatch.setenv("TIEBREAK_LAB_DB", str(path))
    id_, name, event = store.latest()
    assert name == "Old" and store.load_settings(id_, event) == default_settings(event)


# -- repeated games ----------------------------------------------------------------------------------

def three_players_two_rounds():
    """1 beat 2 in round 1 (3 had the bye); round 2 is still empty."""
    players = [Player(1, "Ann"), Player(2, "Bea"), Player(3, "Cy")]
    return make_event("tiny", players, {1: [Entry.game(2, "W", ONE)], 2: [Entry.game(1, "B", ZERO)],
                                        3: [Entry.bye(Kind.PAB)]}, rounds=2)


def test_repeated_boards_name_the_round_the_players_met():
    ev = three_players_two_rounds()
    assert repeated_boards(ev, 2, [(2, 1)]) == [(2, 1, 1)]
    assert repeated_boards(ev, 2, [(1, 3)]) == []


def test_repeated_games_in_a_whole_event():
    ev = three_players_two_rounds()
    entries = {t: list(row) for t, row in ev.entries.items()}
    entries[1][1], entries[2][1], entries[3][1] = Entry.game(2, "B", ONE), Entry.game(1, "W", ZERO), Entry.bye(Kind.PAB)
    assert repeated_games(ev.with_entries(entries)) == [(1, 2, 1, 2)]
    assert repeated_games(ev) == []


# -- how far an event has gone -----------------------------------------------------------------------

def test_an_event_after_round_4_of_9():
    event = read_trf(GROS.read_bytes(), "gros.trf")
    # round 5 holds only byes requested ahead (1 HPB, 2 ZPB): it is the next round to pair
    assert event.rounds == 9 and event.last_entered_round() == 5 and event.first_round_to_pair() == 5
    assert progress_text(event.last_result_round(), event.rounds) == "after round 4 of 9"
    assert standings_heading(4, 9) == "Standings after round 4 of 9"


def test_a_blank_event():
    swiss = blank_event("Tuesday", 6, 4)
    assert (len(swiss.players), swiss.rounds, swiss.event_type, swiss.first_round_to_pair()) == \
        (6, 4, EventType.SWISS, 1)
    assert all(e.kind is Kind.ABS for row in swiss.entries.values() for e in row)
    assert blank_event("RR", 6, event_type="rr").rounds == 5 and blank_event("RR", 7, event_type="rr").rounds == 7
    with pytest.raises(EventError, match="at least 2 players"):
        blank_event("x", 1, 3)


def test_a_retyped_event_keeps_a_chosen_order_and_follows_the_default_one():
    from dataclasses import replace
    swiss = blank_event("Club", 6, 5)
    rr = replace(swiss, event_type=EventType.ROUND_ROBIN)
    moved = default_settings(swiss).retyped(swiss, rr)
    assert (moved.preset, moved.pairing) == ("fide-rr", "berger")
    chosen = default_settings(swiss).with_ordering("custom", ("BH", "SB"), "fide").retyped(swiss, rr)
    assert (chosen.codes, chosen.rules, chosen.pairing) == (("BH", "SB"), "fide", "berger")
