"""Issue 40: the working speaks of the player by name, never "your bye" (a parent reads it about a child).

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
