"""The smallest changes that would have put two teams the other way round: one board's result.

Every board played over the board gets each other result in turn (a win, a draw, a loss), the standings are
ranked again under the same order, rules and options, and the changes that put team B above team A are kept.
A large event tries only the two teams' own matches (their match against each other first), and at most
``limit`` changes, so the search stays quick; the caller says so when the limit was reached.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from engine.teams.codes import TeamCriterion
from engine.teams.context import TeamContext
from engine.teams.model import Match, TeamEvent
from engine.teams.standings import team_standings

#: above this many board results, only the two teams' own matches are tried
MAX_TRIED = 400


@dataclass(frozen=True)
class BoardChange:
    """One board given another result, and the two teams' places after it."""

    round: int
    home: int
    away: int
    board: int
    before: tuple[Fraction, Fraction]
    after: tuple[Fraction, Fraction]
    rank_a: int
    rank_b: int
    own_match: bool


def _results(ev: TeamEvent) -> list[tuple[Fraction, Fraction]]:
    s = ev.scoring
    return [(s.game_win, s.game_loss), (s.game_draw, s.game_draw), (s.game_loss, s.game_win)]


def _tried(ev: TeamEvent, a: int, b: int) -> list[int]:
    """Indexes of the matches to try: all of them, or in a large event those near the two teams."""
    boards = sum(len(m.boards) for m in ev.matches if not m.forfeit)
    if boards <= MAX_TRIED:
        return [i for i, m in enumerate(ev.matches) if not m.forfeit]
    own = [i for i, m in enumerate(ev.matches) if not m.forfeit and {m.home, m.away} & {a, b}]
    return sorted(own, key=lambda i: {ev.matches[i].home, ev.matches[i].away} != {a, b})


def board_reversals(ctx: TeamContext, criteria: list[TeamCriterion], a: int, b: int,
                    limit: int | None = None) -> list[BoardChange]:
    """Each single board result that would put ``b`` above ``a`` (``a`` above ``b`` now), their own match first;
    at most ``limit`` changes are tried (None: every one)."""
    ev = ctx.event
    found: list[BoardChange] = []
    tried = 0
    for i in _tried(ev, a, b):
        m = ev.matches[i]
        for k, board in enumerate(m.boards):
            if not board.played:
                continue
            for result in _results(ev):
                if result == board.points:
                    continue
                if limit is not None and tried >= limit:
                    return sorted(found, key=lambda c: (not c.own_match, c.round, c.board))
                tried += 1
                boards = m.boards[:k] + (replace(board, points=result),) + m.boards[k + 1:]
                changed = replace(ev, matches=ev.matches[:i] + (Match(m.round, m.home, m.away, boards),)
                                  + ev.matches[i + 1:])
                table = team_standings(TeamContext(changed, ctx.rules, ctx.options), criteria)
                ranks = {r.tpn: r.rank for r in table.rows}
                if ranks[b] < ranks[a]:
                    found.append(BoardChange(m.round, m.home, m.away, board.number, board.points, result,
                                             ranks[a], ranks[b], {m.home, m.away} == {a, b}))
    return sorted(found, key=lambda c: (not c.own_match, c.round, c.board))
