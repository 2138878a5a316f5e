"""Before the last round of the example team event (scenarios/team-example.md), worked by hand.

Before round 4: Ashford 3 match points (won, lost, drew), Brookside 5 (lost, won, won, and its round-4 bye: a drawn
match), Castleton 4 (drew, won, a bye), Dunmore 2 (drew, a bye, lost), Elmwood 2 (a bye, lost, drew).
Round 4: Ashford–Dunmore and Castleton–Elmwood, each ending on one of nine scores (0–4, ½–3½, ... 4–0): 81 combinations.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from engine.core.errors import EventError
from engine.teams.files import load_team_event
from engine.teams.forecast import board_chances, last_round_forecast, match_score_chances
from engine.teams.model import Board
from engine.teams.presets import team_preset

EXAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "team-example.trf"


def test_the_last_round_of_the_example():
    ev = load_team_event(EXAMPLE)
    fc = last_round_forecast(ev, team_preset("fide-team").criteria, model="uniform")
    assert (fc.round, fc.outcomes, fc.sampled) == (4, 81, False)
    assert [(m.home, m.away) for m in fc.matches] == [(1, 4), (3, 5)]
    # Brookside ends on 5 match points whatever happens; only Ashford (a win: 5) and Castleton (a draw: 5, a win: 6)
    # can reach it, so Brookside is never below 3rd, and it is 1st alone on 5 when Ashford does not win and
    # Castleton loses (5 x 4 = 20 combinations at least)
    assert set(fc.places[2]) <= {1, 2, 3} and fc.places[2][1] >= 20 / 81 - 1e-12
    # Castleton winning its match has 6 match points, more than anyone else can reach: 1st whatever happens
    assert all(span == (1, 1) for gp, span in fc.by_own[3].items() if gp > 2)
    assert sum(fc.places[2].values()) == pytest.approx(1)
    # Dunmore losing (Ashford to 5) stays on 2 match points, behind Ashford, Brookside and Castleton (3 or more):
    # 4th or 5th; Ashford losing stays on 3 match points, behind Brookside (5), Castleton (4 or more) and Dunmore (4):
    # 4th or 5th
    assert all(lo >= 4 for gp, (lo, hi) in fc.by_own[4].items() if gp < 2)
    assert all(lo >= 4 for gp, (lo, hi) in fc.by_own[1].items() if gp < 2)
    # a drawn match gives each side half the boards' points
    assert Fraction(2) in fc.by_own[1] and Fraction(2) in fc.by_own[4]


def test_two_boards_with_known_chances_give_the_match_scores_chances():
    """Board 1: the home player wins 0.5, draws 0.2, loses 0.3; board 2: 0.4, 0.4, 0.2.  By hand:
    2-0 = 0.5 x 0.4 = 0.20; 1½ = 0.5 x 0.4 + 0.2 x 0.4 = 0.28; 1-1 = 0.5 x 0.2 + 0.2 x 0.4 + 0.3 x 0.4 = 0.30;
    ½ = 0.2 x 0.2 + 0.3 x 0.4 = 0.16; 0-2 = 0.3 x 0.2 = 0.06.  The match: won 0.48, drawn 0.30, lost 0.22."""
    got = match_score_chances([(0.5, 0.2, 0.3), (0.4, 0.4, 0.2)])
    want = {Fraction(0): 0.06, Fraction(1, 2): 0.16, Fraction(1): 0.30, Fraction(3, 2): 0.28, Fraction(2): 0.20}
    assert got.keys() == want.keys() and all(got[k] == pytest.approx(v) for k, v in want.items())
    assert sum(v for k, v in got.items() if k > 1) == pytest.approx(0.48)


def test_a_board_is_weighed_by_its_players_ratings():
    """2000 against 1800: E = 1 / (1 + 10^(-200/400)) = 0.759747; draws 0.3 x (1 - |2E - 1|) = 0.14415; a win
    E - draws / 2 = 0.68767; a loss 1 - 0.68767 - 0.14415 = 0.16818.  Equal ratings: 0.35, 0.3, 0.35."""
    ratings = {1: 2000, 2: 1800, 3: 1800, 4: None}
    w, d, lose = board_chances(ratings, Board(1, (1, 2), "w", (Fraction(0), Fraction(0))))
    assert (round(w, 5), round(d, 5), round(lose, 5)) == (0.68767, 0.14415, 0.16818)
    # the same players the other way round, and with colours swapped: the model has no colour advantage
    assert board_chances(ratings, Board(1, (2, 1), "b", (Fraction(0), Fraction(0)))) == pytest.approx((lose, d, w))
    # an unrated player plays at 1500: 1800 against him is E = 1 / (1 + 10^(-300/400)) = 0.84902
    w, d, lose = board_chances(ratings, Board(2, (3, 4), "w", (Fraction(0), Fraction(0))))
    assert round(w + d / 2, 5) == 0.84902


def test_the_example_weighed_by_ratings():
    """Round 4 of the example: Ashford (2050, 2010, 1970, 1930) against Dunmore (1870, 1830, 1790, 1750), each
    board 180 points apart, and Castleton (1930, 1890, 1850, 1810) against Elmwood (1810, 1770, 1730, 1690),
    each board 120 apart.  Castleton winning its match has 6 match points, more than anyone can reach: its
    chance of 1st is at least its chance of winning the match; Brookside is 1st alone when Ashford does not
    win and Castleton loses."""
    ev = load_team_event(EXAMPLE)
    fc = last_round_forecast(ev, team_preset("fide-team").criteria)
    assert (fc.model, fc.outcomes, fc.sampled) == ("elo", 81, False)
    ash, cas = fc.chances
    assert all(sum(c.values()) == pytest.approx(1) for c in fc.chances)
    # every board of Ashford-Dunmore is 180 points apart: E = 1 / (1 + 10^(-180/400)) = 1 / 1.354813 = 0.738109 per board,
    # so Ashford's expected score is 4 x 0.738109 = 2.952436
    assert sum(float(k) * v for k, v in ash.items()) == pytest.approx(2.952436, abs=1e-6)
    castleton_wins = sum(v for k, v in cas.items() if k > 2)
    assert fc.places[3].get(1, 0) >= castleton_wins - 1e-12
    ashford_not_win = sum(v for k, v in ash.items() if k <= 2)
    castleton_loses = sum(v for k, v in cas.items() if k < 2)
    assert fc.places[2].get(1, 0) >= ashford_not_win * castleton_loses - 1e-12
    for tpn in ev.tpns:
        assert sum(fc.places[tpn].values()) == pytest.approx(1)
    # weighed, the stronger Ashford is likelier to win than the uniform count says (45 of 81 combinations have
    # Ashford scoring 2½ or more: 5 of its 9 scores)
    assert sum(v for k, v in ash.items() if k > 2) > 5 / 9


def test_an_unknown_model_is_refused():
    with pytest.raises(EventError, match="unknown outcome model"):
        last_round_forecast(load_team_event(EXAMPLE), team_preset("fide-team").criteria, model="coin")
