"""Prizes for a team event, worked by hand.

The example team event (scenarios/team-example.trf), under FIDE's sample team order: Ashford and Brookside
finish level on 5 match points and 9 game points (the direct encounter puts Ashford first), Elmwood and
Castleton on 4 match points (Elmwood ahead), Dunmore last on 2.  Team ratings are the averages of the four
board players: Ashford (2050+2010+1970+1930)/4 = 1990, Brookside 1930, Castleton 1870, Dunmore 1810, Elmwood
1750.

FIDE TEC's 14 teams (tests/data/teams/fide_tec_teams14.trf), same order: five teams on 10 match points,
ranked Deer, Antelopes, Bonobos, Cougars, Elephants.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import EventError
from engine.prizes.prize_list import Prize
from engine.prizes.teams import distribute_teams, team_rating
from engine.teams.context import TeamContext
from engine.teams.files import load_team_event
from engine.teams.presets import team_preset
from engine.teams.standings import team_standings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "scenarios" / "team-example.trf"
TEC = ROOT / "tests" / "data" / "teams" / "fide_tec_teams14.trf"

PLACES = [Prize("1st", 30000, place=1), Prize("2nd", 20000, place=2), Prize("3rd", 10000, place=3)]
BEST_U1850 = Prize("Best team under 1850", 5000, "class", rating_max=1849)


def standings(path: Path, preset: str = "fide-team"):
    p = team_preset(preset)
    ev = p.apply(load_team_event(path))
    return ev, team_standings(TeamContext(ev, p.rules or "fide", p.options), p.criteria)


def paid(dist) -> dict[str, int]:
    return {a.name: a.paid for a in dist.awards}


def test_the_example_by_the_ranking():
    ev, table = standings(EXAMPLE)
    assert [r.name for r in table.rows] == ["Ashford", "Brookside", "Elmwood", "Castleton", "Dunmore"]
    d = distribute_teams(table, ev, [*PLACES, BEST_U1850], "order")
    # places by the order; the category prize goes to the best team under 1850 without a cash prize: Elmwood
    # (1750) already has 3rd, so Dunmore (1810)
    assert paid(d) == {"Ashford": 30000, "Brookside": 20000, "Elmwood": 10000, "Castleton": 0, "Dunmore": 5000}
    assert "1st place: #1 Ashford receives $300.00." in d.steps
    assert any(s.startswith("A team's rating") and "Ashford 1990" in s and "Dunmore 1810" in s for s in d.steps)


def test_the_example_shared_among_teams_level_on_match_points():
    ev, table = standings(EXAMPLE)
    d = distribute_teams(table, ev, [*PLACES, BEST_U1850], "equal")
    # 5 MP: ($300 + $200) / 2 = $250 each; 4 MP: ($100 + nothing) / 2 = $50 each; Dunmore the category prize
    assert paid(d) == {"Ashford": 25000, "Brookside": 25000, "Elmwood": 5000, "Castleton": 5000, "Dunmore": 5000}
    assert any("tied on 5 match points: #1 Ashford, #2 Brookside" in s and "$250.00 each" in s for s in d.steps)
    assert d.total_paid == d.total_cash == 65000


def test_a_trophy_at_a_shared_place_and_cash_split_by_the_ranking():
    # game points first: Ashford and Brookside level on 9 GP, 5 MP and the opponents' 31 game points: one shared
    # place, so even "by the ranking" they share 1st and 2nd; the trophy goes to the first listed, lots to decide
    ev, table = standings(EXAMPLE, "us-team")
    assert [(r.rank, r.name) for r in table.rows[:2]] == [(1, "Ashford"), (1, "Brookside")]
    d = distribute_teams(table, ev, [*PLACES, Prize("Cup", None, place=1)], "order")
    assert paid(d)["Ashford"] == paid(d)["Brookside"] == 25000
    assert any("tied" not in s and "$250.00 each" in s for s in d.steps)
    assert any(s.startswith("Cup (trophy) → #1 Ashford") and "could not separate the teams" in s for s in d.steps)
    assert any("tied on 9 game points" in s for s in
               distribute_teams(table, ev, PLACES, "equal").steps)


def test_fide_tec_fourteen_teams():
    ev, table = standings(TEC)
    assert [r.name for r in table.rows[:5]] == ["Deer", "Antelopes", "Bonobos", "Cougars", "Elephants"]
    prizes = [Prize("1st", 100000, place=1), Prize("2nd", 60000, place=2), Prize("3rd", 40000, place=3)]
    by_order = paid(distribute_teams(table, ev, prizes, "order"))
    assert (by_order["Deer"], by_order["Antelopes"], by_order["Bonobos"], by_order["Cougars"]) == (100000, 60000,
                                                                                                  40000, 0)
    # five teams on 10 MP share $1000 + $600 + $400 = $2000: $400 each
    shared = paid(distribute_teams(table, ev, prizes, "equal"))
    assert [shared[n] for n in ("Deer", "Antelopes", "Bonobos", "Cougars", "Elephants", "Falcons")] == \
        [40000] * 5 + [0]
    # Hort: half of each place's prize by place, the other half ($1000) pooled: $200 each
    hort = paid(distribute_teams(table, ev, prizes, "hort"))
    assert [hort[n] for n in ("Deer", "Antelopes", "Bonobos", "Cougars", "Elephants")] == \
        [70000, 50000, 40000, 20000, 20000]


def test_an_odd_split_is_rounded_down_and_the_cents_left_over_are_shown():
    ev, table = standings(TEC)
    # $1000 + $600 + $400 + 1 cent among five teams: $2000.01 / 5 = $400.002 each, paid $400.00; 1 cent is left
    d = distribute_teams(table, ev, [Prize("1st", 100000, place=1), Prize("2nd", 60000, place=2),
                                     Prize("3rd", 40000, place=3), Prize("4th", 1, place=4)], "equal")
    assert paid(d)["Deer"] == 40000 and d.remainder == 1


def test_team_prizes_refuse_player_conditions_and_rule_32b():
    ev, table = standings(EXAMPLE)
    with pytest.raises(EventError, match="average rating only"):
        distribute_teams(table, ev, [Prize("Juniors", 1000, "class", age_max=18)])
    with pytest.raises(EventError, match="unknown team prize method"):
        distribute_teams(table, ev, PLACES, "uscf")
    assert team_rating(ev, 5) == 1750
