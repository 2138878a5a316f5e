"""Games that repeat an earlier pairing: a Swiss must never pair the same two players twice.

Only games played over the board count as having met (a forfeit is not a game, so the two may be paired
again, as in the FIDE pairing rules).  A round robin pairs everybody with everybody by design and is not
checked here.

>>> from engine.core.model import Entry, Player, make_event, ONE, ZERO
>>> ev = make_event("x", [Player(1, "A"), Player(2, "B")],
...                 {1: [Entry.game(2, "W", ONE)], 2: [Entry.game(1, "B", ZERO)]}, rounds=2)
>>> repeated_boards(ev, 2, [(2, 1)])
[(2, 1, 1)]
"""
from __future__ import annotations

from typing import Iterable

from engine.core.model import Event, Kind

__all__ = ["meetings", "repeated_boards", "repeated_games", "describe"]


def meetings(event: Event, before: int | None = None) -> dict[frozenset[int], int]:
    """Every pair of players who played a game before round ``before`` (all rounds when None) -> the first
    round they met."""
    last = event.rounds if before is None else min(before - 1, event.rounds)
    met: dict[frozenset[int], int] = {}
    for tpn, row in event.entries.items():
        for rnd, e in enumerate(row[:last], start=1):
            if e.kind is Kind.G and e.opponent is not None:
                met.setdefault(frozenset((tpn, e.opponent)), rnd)
    return met


def repeated_boards(event: Event, rnd: int, boards: Iterable[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The boards of round ``rnd`` whose players already played each other: ``(white, black, round met)``."""
    met = meetings(event, before=rnd)
    return [(w, b, met[frozenset((w, b))]) for w, b in boards if frozenset((w, b)) in met]


def repeated_games(event: Event) -> list[tuple[int, int, int, int]]:
    """Games in the event between players who had already played: ``(a, b, first round, later round)``."""
    first: dict[frozenset[int], int] = {}
    out = []
    for rnd in range(1, event.rounds + 1):
        seen: set[frozenset[int]] = set()
        for tpn in sorted(event.entries):
            e = event.entries[tpn][rnd - 1]
            if e.kind is not Kind.G or e.opponent is None:
                continue
            pair = frozenset((tpn, e.opponent))
            if pair in seen:
                continue
            seen.add(pair)
            if pair in first:
                a, b = sorted(pair)
                out.append((a, b, first[pair], rnd))
            else:
                first[pair] = rnd
    return out


def describe(event: Event, a: int, b: int) -> str:
    """``3 Hana – 5 Farid``: two players by number and name."""
    return f"{a} {event.player(a).name} – {b} {event.player(b).name}"
