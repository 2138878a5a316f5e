"""The compact result notation of a wallchart, read and written in one place.

A cell is one round of one player: ``+W9`` a win with White against #9, ``=B13`` a draw with Black, ``-9``
a loss (colour unknown), ``+F14`` / ``-F11`` a forfeit win or loss, ``?W9`` a game paired but not yet played,
``PAB`` ``FPB`` ``HPB`` ``ZPB`` ``ABS`` the byes and an absence.  Two extensions keep a TRF round trip
faithful: a trailing ``u`` marks an unrated game (``+W9u``), and a forfeit may carry its scheduled colour
(``+FW14``, ``-FB11``).  The Build-event grid, our JSON files, CSV wallcharts, the scenarios, the prize
cases and the built-in example all read cells through :func:`parse_notation`, and write them with
:func:`full_notation`; messages quote a cell in its short form, :meth:`Entry.notation`.

>>> parse_notation("=B13", "x.json", 4, 2).notation(), parse_notation("+FW14", "x.json", 4, 3).colour
('=B13', 'W')
>>> full_notation(parse_notation("-FB11", "x")), full_notation(parse_notation("+w9U", "x"))
('-FB11', '+W9u')
"""
from __future__ import annotations

import re
from fractions import Fraction

from engine.core.errors import EventError
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Kind
from engine.core.said import said

__all__ = ["parse_notation", "full_notation"]

_GAME = re.compile(r"^([+=\-½])([WB]?)([0-9]+)(U?)$", re.ASCII | re.IGNORECASE)
_FORFEIT = re.compile(r"^([+\-])F([WB]?)([0-9]+)$", re.ASCII | re.IGNORECASE)
_SCHEDULED = re.compile(r"^\?([WB]?)([0-9]+)$", re.ASCII | re.IGNORECASE)
_BYES = {"PAB": Kind.PAB, "FPB": Kind.FPB, "HPB": Kind.HPB, "ZPB": Kind.ZPB, "ABS": Kind.ABS, "": Kind.ABS}
_SIGN_POINTS = {"+": ONE, "=": HALF, "½": HALF, "-": ZERO}


def parse_notation(token: str, source: str, player: int | None = None, round: int | None = None, *,
                   pab_points: Fraction = ONE, line: int | None = None) -> Entry:
    """One wallchart token as an :class:`Entry`: ``+W9`` ``=B13`` ``-9`` ``+W9u`` ``+F14`` ``-FB11`` ``PAB``.

    Shared with the CSV wallchart reader, hence the explicit location arguments for the error message.
    """
    if not isinstance(token, str):
        raise EventError(said("a result must be text like '+W9', not {text}", text=repr(token)), file=source, line=line,
                         player=player, round=round)
    t = token.strip()
    m = _GAME.match(t)          # the most common token first
    if m:
        sign, colour, opp, unrated = m.groups()
        return Entry(Kind.G, int(opp), colour.upper() or None, _SIGN_POINTS[sign], not unrated)
    upper = t.upper()
    if upper in _BYES:
        kind = _BYES[upper]
        return ABSENT if kind is Kind.ABS else Entry.bye(kind, pab_points if kind is Kind.PAB else None)
    m = _FORFEIT.match(t)
    if m:
        sign, colour, opp = m.groups()
        kind = Kind.FW if sign == "+" else Kind.FL
        return Entry(kind, int(opp), colour.upper() or None, ONE if sign == "+" else ZERO)
    m = _SCHEDULED.match(t)
    if m:
        colour, opp = m.groups()
        return Entry.scheduled(int(opp), colour.upper() or None)
    raise EventError(said("cannot read result {text}: expected e.g. +W9, =B13, -9, +W9u (unrated), +F14 / -F11 "
                          "(forfeits), ?W9 (still to be played), PAB, HPB, FPB, ZPB or ABS", text=repr(t)),
                     file=source, line=line, player=player, round=round)


def full_notation(e: Entry) -> str:
    """The cell as our files write it: :meth:`Entry.notation` plus the ``u`` of an unrated game and the
    scheduled colour of a forfeit."""
    if e.kind is Kind.G:
        return e.notation() + ("" if e.rated else "u")
    if e.kind in (Kind.FW, Kind.FL):
        return f"{'+' if e.kind is Kind.FW else '-'}F{e.colour or ''}{e.opponent}"
    return e.notation()
