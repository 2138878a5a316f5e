"""Finished events turned back into events whose last round is still to be played, for the forecast's tests
and for ``make bench`` (``tools/bench.py``): both must ask the forecast the same question of the same event.
"""
from __future__ import annotations

from fractions import Fraction

from engine.core.model import Entry, Event, Kind


def last_round_pending(event: Event) -> Event:
    """The event with every game of its last round turned back into a game still to be played."""
    return _scheduled(event, {t for t, row in event.entries.items() if row[-1].kind is Kind.G})


def top_boards_pending(event: Event, boards: int) -> Event:
    """The event with the last-round games of its ``boards`` highest-scored pairings (by the points before
    that round) turned back into games still to be played; every other result stays as played."""
    last = event.rounds - 1
    before = {t: sum((e.points for e in row[:last]), Fraction(0)) for t, row in event.entries.items()}
    games = {tuple(sorted((t, row[last].opponent))) for t, row in event.entries.items()
             if row[last].kind is Kind.G and row[last].opponent is not None}
    top = sorted(games, key=lambda g: (-(before[g[0]] + before[g[1]]), g))[:boards]
    return _scheduled(event, {t for g in top for t in g})


def _scheduled(event: Event, players: set[int]) -> Event:
    """``players``' last-round games (same opponent, same colour) made games still to be played."""
    entries = {t: list(row) for t, row in event.entries.items()}
    for t in players:
        e = entries[t][-1]
        entries[t][-1] = Entry.scheduled(e.opponent, e.colour)
    return event.with_entries(entries, rounds=event.rounds)
