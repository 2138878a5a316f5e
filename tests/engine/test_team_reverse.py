"""One board's result that would put two teams the other way round, on the example team event worked by hand
(scenarios/team-example.md): Ashford is above Brookside under FIDE's sample order because it won their match
2½–1½ in round 1 (both teams have 5 match points and 9 game points)."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from engine.teams.context import TeamContext
from engine.teams.files import load_team_event
from engine.teams.presets import team_preset
from engine.teams.reverse import board_reversals

EXAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "team-example.trf"
H = Fraction(1, 2)


def test_their_own_match_comes_first_and_each_change_is_worked_by_hand():
    ev = load_team_event(EXAMPLE)
    changes = board_reversals(TeamContext(ev), team_preset("fide-team").criteria, 1, 2)
    first = changes[0]
    # board 1 of their match ½-½ -> 0-1: the match is drawn 2-2, Ashford 4 MP, Brookside 6 MP (alone first);
    # Ashford, Castleton and Elmwood on 4 MP: among them Elmwood 3 MP (drew Ashford, beat Castleton),
    # Castleton 2 (beat Ashford), Ashford 1: Ashford is 4th
    assert (first.round, first.board, first.before, first.after) == (1, 1, (H, H), (Fraction(0), Fraction(1)))
    assert (first.rank_a, first.rank_b, first.own_match) == (4, 1, True)
    # board 1 of their match cannot help Brookside by a win for Ashford; board 3 (Brookside won it) never appears
    assert not any(c.round == 1 and c.board == 3 for c in changes)
    # a change outside their match: Ashford's round 4 win 3-1 over Dunmore becomes 2-2 if board 1 is lost
    assert any((c.round, c.home, c.away, c.board) == (4, 1, 4, 1) for c in changes)
    assert all(c.rank_b < c.rank_a for c in changes)
