"""The working speaks of the player by name, never "your bye" (a parent reads it about a child).

``tests/data/trf/unplayed_cases_8p5r.trf``: #3 Charlie, Cai scored 2½ and lost round 2 by forfeit; under FIDE's
rules that round counts as a game against a dummy opponent with the player's own score.
"""
from __future__ import annotations

from engine.core.ordering import ordering_of
from engine.formats.loader import load_event
from engine.ranking.standings import explain
from tests.paths import TRF_DIR


def test_the_working_names_the_player_not_you():
    event = load_event(TRF_DIR / "unplayed_cases_8p5r.trf")
    res = explain(event, 3, "SB", ordering_of(["SB"], "fide"))
    text = " ".join(res.trace.steps) + " " + " ".join(r.note for r in res.trace.rows)
    assert " your " not in f" {text} " and "you;" not in text
    assert "Each round adds the opponent's score × Cai Charlie's points in that round" in text
    assert ("Cai Charlie's forfeit loss counts as a game against a dummy opponent with Cai Charlie's own score, "
            "2½") in text


def test_a_name_the_file_ends_with_a_comma_reads_without_it():
    """The Rochefort Masters 2024 file writes four players as "SRIHARI L," (no given names after the comma): the
    sentences name #16 "SRIHARI L", never "SRIHARI L," ("Peio DUBOUE is above SRIHARI L: both scored 4½")."""
    from engine.ranking.flips import search_flips
    from engine.ranking.standings import standings
    from engine.ranking.why_above import compare_players
    from engine.ranking.why_answer import plain_answer
    from tests.paths import REPO_ROOT
    event = load_event(REPO_ROOT / "tests" / "data" / "unfinished" / "rochefort_2024_after_round6_pab_for_7.trf")
    assert event.player(16).name == "SRIHARI L,"
    order = ordering_of(["BH/C1", "BH", "SB"], "fide")
    table = standings(event, order)
    answer = plain_answer(compare_players(event, 16, 6, order, table=table))
    flips = search_flips(event, 16, 6, order)
    text = answer.text + " ".join(f.sentence for f in flips.keeping + flips.own)
    assert "SRIHARI L," not in text
    assert answer.text.startswith("Peio DUBOUE is above SRIHARI L: both scored 4½")


def test_names_written_last_first_keep_their_comma_and_lose_a_dangling_one():
    from engine.core.words import join_names, spoken_name, written_name
    assert [spoken_name(n) for n in ("SRIHARI L,", "LUONG PHUONG HANH,", "Courtney, John", ", Cara")] == \
        ["SRIHARI L", "LUONG PHUONG HANH", "John Courtney", "Cara"]
    assert [written_name(n) for n in ("SRIHARI L,", "Courtney, John")] == ["SRIHARI L", "Courtney, John"]
    assert join_names([spoken_name(n) for n in ("SRIHARI L,", "YOHAN YADAV TARALA,")]) == "SRIHARI L and YOHAN YADAV TARALA"
