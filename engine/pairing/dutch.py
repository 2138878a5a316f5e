"""The FIDE Dutch pairing (C.04.3) of one round, through the ``caissify-pairings`` engine.

Pure and synchronous, so that both the Build-event page (through :mod:`engine.pairing.next_round`, run in a
thread to keep a slow pairing visibly alive) and the simulation lab (:mod:`engine.events.simulate`, which plugs it
into :func:`engine.events.generator.generate_event` as its ``pairing`` hook) call the very same code.
It takes seconds per round on a 100-player field; the generator's own pairing takes milliseconds.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.core.model import Event, Kind

__all__ = ["dutch_history", "dutch_pairs"]


def _score(event: Event, tpn: int, before: int) -> Fraction:
    return event.score(tpn, through=before - 1)


def dutch_history(event: Event, tpn: int, rnd: int) -> dict[str, Any]:
    """What the Dutch engine needs to know about a player before round ``rnd`` (its caller contract)."""
    colours, floats = [], []
    pab = fw = 0
    for r in range(1, rnd):
        e = event.entry(tpn, r)
        if e.kind is Kind.G and e.opponent is not None:
            colours.append({"W": "white", "B": "black"}.get(e.colour or "", "none"))
            mine, theirs = _score(event, tpn, r), _score(event, e.opponent, r)
            floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
        else:
            colours.append("none")
            floats.append("down" if e.kind in (Kind.PAB, Kind.FW, Kind.FPB) else "none")
        pab += e.kind is Kind.PAB
        fw += e.kind is Kind.FW
    p = event.player(tpn)
    return {"id": tpn, "name": p.name, "score": float(_score(event, tpn, rnd)), "rating": p.rating or 0,
            "starting_number": tpn, "title": p.title, "color_hist": colours, "float_history": floats,
            "bye_count": pab, "forfeit_win_count": fw}


def load_engine() -> None:
    """Load the Dutch engine ahead of its first pairing.

    On first use the engine imports a graph-matching library, most of a second of work; a caller can spend it
    while the user is still choosing (ten players then pair in a hundredth of a second).
    """
    import importlib
    importlib.import_module("caissify_pairings.engines.dutch")
    try:
        importlib.import_module("networkx")        # what the engine's matching imports on first use
    except ImportError:                            # another version of the engine: it loads what it needs itself
        pass


def dutch_pairs(event: Event, rnd: int, players: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    """Round ``rnd``'s boards (White, Black) by board number, and the player given the pairing bye.

    ``players`` are those to pair (the rest are absent or on a requested bye); the rounds before
    ``rnd`` must hold their results.  The engine's own exceptions pass through: callers decide whether
    a failed pairing is an error for the user or a round to pair another way.
    """
    from caissify_pairings import generate_pairings

    dicts = [dutch_history(event, t, rnd) for t in players]
    met = {tuple(sorted((t, e.opponent))) for t in event.tpns for r in range(1, rnd)
           for e in [event.entry(t, r)] if e.kind is Kind.G and e.opponent is not None}
    rows = generate_pairings("dutch", dicts, met, rnd, max(event.rounds, rnd), bye_value=float(event.pab_points))
    boards, bye = [], None
    for row in sorted(rows, key=lambda x: x.get("table", 0)):
        if row.get("bye") or row.get("black_id") is None:
            bye = int(row["white_id"])
        else:
            boards.append((int(row["white_id"]), int(row["black_id"])))
    return boards, bye
