"""Before the last round of the example team event (scenarios/team-example.md), worked by hand.

Before round 4: Ashford 3 match points (won, lost, drew), Brookside 5 (lost, won, won, and its round-4 bye: a drawn
match), Castleton 4 (drew, won, a bye), Dunmore 2 (drew, a bye, lost), Elmwood 2 (a bye, lost, drew).
Round 4: Ashford–Dunmore and Castleton–Elmwood, each ending on one of nine scores (0–4, ½–3½, ... 4–0): 81 combinations.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from engine.teams.files import load_team_event
from engine.teams.forecast import last_round_forecast
from engine.teams.presets import team_preset

EXAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "team-example.trf"


def test_the_last_round_of_the_example():
    ev = load_team_event(EXAMPLE)
    fc = last_round_forecast(ev, team_preset("fide-team").criteria)
    assert (fc.round, fc.outcomes, fc.sampled) == (4, 81, False)
    assert [(m.home, m.away) for m in fc.matches] == [(1, 4), (3, 5)]
    # Brookside ends on 5 match points whatever happens; only Ashford (a win: 5) and Castleton (a draw: 5, a win: 6)
    # can reach it, so Brookside is never below 3rd, and it is 1st alone on 5 when Ashford does not win and
    # Castleton loses (5 x 4 = 20 combinations at least)
    assert set(fc.places[2]) <= {1, 2, 3} and fc.places[2][1] >= 20
    # Castleton winning its match has 6 match points, more than anyone else can reach: 1st whatever happens
    assert all(span == (1, 1) for gp, span in fc.by_own[3].items() if gp > 2)
    assert sum(fc.places[2].values()) == 81
    # Dunmore losing (Ashford to 5) stays on 2 match points, behind Ashford, Brookside and Castleton (3 or more):
    # 4th or 5th; Ashford losing stays on 3 match points, behind Brookside (5), Castleton (4 or more) and Dunmore (4):
    # 4th or 5th
    assert all(lo >= 4 for gp, (lo, hi) in fc.by_own[4].items() if gp < 2)
    assert all(lo >= 4 for gp, (lo, hi) in fc.by_own[1].items() if gp < 2)
    # a drawn match gives each side half the boards' points
    assert Fraction(2) in fc.by_own[1] and Fraction(2) in fc.by_own[4]
