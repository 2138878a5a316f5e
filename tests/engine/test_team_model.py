"""The team model's own checks: every inconsistency is one message naming the round, match or team."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.errors import EventError
from engine.core.model import Player
from engine.teams.model import Board, Match, Team, TeamScoring, make_team_event

TEAMS = [Team(1, "A", players=(1, 2, 3)), Team(2, "B", players=(4, 5, 6)), Team(3, "C", players=(7, 8, 9))]
PLAYERS = [Player(i, f"P{i}") for i in range(1, 10)]
WIN = (Fraction(1), Fraction(0))


def board(k: int, a: int | None, b: int | None, pts=WIN, played: bool = True) -> Board:  # type: ignore[no-untyped-def]
    return Board(k, (a, b), "W" if k % 2 else "B", pts, played)


@pytest.mark.parametrize("matches,byes,message", [
    ([Match(1, 1, 2, (board(1, 1, 4),)), Match(1, 1, 3, (board(1, 2, 7),))], {}, "team 1 is paired twice in round 1"),
    ([Match(1, 1, 2, (board(1, 1, 4), board(2, 1, 5)))], {}, "player 1 sits at two boards in round 1"),
    ([Match(1, 1, 2, (board(1, 7, 4),))], {}, "player 7 plays for team 3, not 1"),
    ([Match(1, 1, 1, ())], {}, "a team cannot meet itself"),
    ([Match(1, 1, 4, ())], {}, "there is no team 4"),
    ([Match(1, 1, 2, (board(1, 1, 4),))], {(1, 1): "PAB"}, "team 1 has a bye and a match"),
    ([Match(1, 1, 2, (board(1, 1, 99),))], {}, "player 99 is not in the player list"),
])
def test_inconsistent_events_are_refused(matches, byes, message):
    with pytest.raises(EventError) as err:
        make_team_event("E", TEAMS, PLAYERS, matches, byes=byes, source="e.json")
    assert message in str(err.value) and str(err.value).startswith("e.json: ")


def test_match_points_follow_the_scoring_and_an_empty_board_is_won_by_the_player_present():
    m = Match(1, 1, 2, (board(1, 1, 4, (Fraction(1, 2), Fraction(1, 2))), board(2, None, 5, (Fraction(0), Fraction(1)),
                                                                                      played=False)))
    ev = make_team_event("E", TEAMS, PLAYERS, [m], byes={(1, 3): "PAB"},
                         scoring=TeamScoring(win=Fraction(3), draw=Fraction(1)))
    assert (ev.mp(1), ev.gp(1), ev.mp(2), ev.gp(2)) == (0, Fraction(1, 2), 3, Fraction(3, 2))
    assert (ev.mp(3), ev.gp(3)) == (1, 1)          # the bye: a drawn match on two boards by default
    r = ev.team_round(2, 1)
    assert [(b.player, b.opponent, b.played) for b in r.boards] == [(4, 1, True), (5, None, False)]
