"""FIDE's Berger tables: who meets whom in each round of a round robin, and with which colours."""
from __future__ import annotations

from engine.core.errors import EventError
from engine.core.said import said

__all__ = ["berger_pairings"]


def berger_pairings(players: int) -> list[list[tuple[int, int]]]:
    """The FIDE Berger tables: for each round, its (white, black) pairs, board 1 first.

    For an odd number of players a dummy ``players + 1`` is added; whoever meets it has no game that
    round.  The last player is fixed and the others rotate, so the number paired with the last player
    walks 1, n/2 + 1, 2, n/2 + 2, ... and the last player alternates Black, White.

    >>> berger_pairings(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    if players < 2:
        raise EventError(said("a round robin needs at least 2 players, not {players}", players=players))
    m = players + players % 2          # even table size
    k = m - 1                          # players that rotate
    table: list[list[tuple[int, int]]] = []
    for r in range(k):
        p = (r * (m // 2)) % k + 1     # who meets the fixed player m this round
        pairs = [(m, p) if r % 2 else (p, m)]
        for step in range(1, m // 2):
            white = (p + step - 1) % k + 1
            black = (p - step - 1) % k + 1
            pairs.append((white, black))
        table.append(pairs)
    return table
