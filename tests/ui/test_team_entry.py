"""A team event typed by hand (ui/teams/entry.py): rosters read one team a line, a match entered board by board
with its totals, a bye, and each mistake refused with the board it is on."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.errors import EventError
from ui.teams.entry import blank_team_event, match_total, parse_rosters, with_bye, with_match

ROSTERS = "North: Ann, Bob\nSouth: Cid, Dee, Eve\nWest: Fay, Gil\n"
H = Fraction(1, 2)


def event():
    return blank_team_event("Club match", parse_rosters(ROSTERS, 2), rounds=3, boards=2)


def test_rosters_keep_board_order_and_reserves():
    ev = event()
    assert [t.name for t in ev.teams] == ["North", "South", "West"]
    assert [ev.player_name(p) for p in ev.team(2).players] == ["Cid", "Dee", "Eve"]   # Eve is South's reserve
    with pytest.raises(EventError, match="line 2: South has 1 players for 2 boards"):
        parse_rosters("North: Ann, Bob\nSouth: Cid", 2)


def test_a_match_board_by_board_and_a_bye():
    ev = event()
    # North-South in round 1: Ann-Cid 1-0, Bob-Eve ½-½ (South fields its reserve): 1½-½, North 2 MP
    ev = with_match(ev, 1, 1, 2, [(1, "1–0", 3), (2, "½–½", 5)])
    ev = with_bye(ev, 1, 3)
    assert (ev.mp(1), ev.gp(1), ev.mp(2), ev.gp(2)) == (2, Fraction(3, 2), 0, H)
    assert (ev.mp(3), ev.gp(3)) == (1, 1)        # a bye from the pairing is a drawn match: 1 MP, 2 x ½ GP
    # typed again, the match replaces the one before
    ev = with_match(ev, 1, 1, 2, [(1, "0–1", 3), (2, "0–1 forfeit", 4)])
    assert (ev.mp(1), ev.gp(1), ev.mp(2), ev.gp(2)) == (0, 0, 2, 2)
    assert match_total([(1, "1–0", 3), (2, "", 4)]) == (1, 0)


def test_mistakes_are_refused_with_their_board():
    ev = event()
    with pytest.raises(EventError, match="board 2: choose a result"):
        with_match(ev, 1, 1, 2, [(1, "1–0", 3), (2, "", 4)])
    with pytest.raises(EventError, match="Ann sits at two boards"):
        with_match(ev, 1, 1, 2, [(1, "1–0", 3), (1, "1–0", 4)])
    with pytest.raises(EventError, match="board 1: a game played over the board needs a player on each side"):
        with_match(ev, 1, 1, 2, [(None, "1–0", 3), (2, "1–0", 4)])
    with pytest.raises(EventError, match="plays for team"):
        with_match(ev, 1, 1, 2, [(1, "1–0", 6), (2, "1–0", 4)])          # Fay plays for West
