"""How a tie-break value is written in text outputs (command line, CSV, Excel), as its row in
:data:`~engine.core.codes.CODES` says (:class:`~engine.core.codes.Printing`).

Rating averages and performances print as whole numbers (FIDE rounds them to the nearest point); the linear
performances keep two decimals; AOB keeps the decimals its rounding rule gives; every other value is written
exactly (``12.5``, ``9.75``).
"""
from __future__ import annotations

from engine.core.codes import CODES, Printing
from engine.core.exact import Number, fmt


def aob_places(rounds: int) -> int:
    """Decimals of AOB: 2 below 9 rounds, 3 up to 26, 4 up to 72, then 5 (FIDE C.07 art. 8.2 as FIDE's
    reference calculator applies it: enough decimals that different averages never round together).

    >>> [aob_places(n) for n in (5, 9, 26, 27, 73)]
    [2, 3, 3, 4, 5]
    """
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


def format_value(code: str, value: Number | None, rounds: int | None = None) -> str:
    """A value as the command line prints it, as the code's row says: exact decimals for sums, integers for
    the FIDE rating averages, AOB with the decimals its rounding rule gives for ``rounds`` (``12.60``), two
    decimals for the linear performances; no value is an empty text."""
    if value is None:
        return ""
    prints = CODES[code.split("/")[0]].prints
    if prints is Printing.TWO_DECIMALS:
        return fmt(value, 2)
    if prints is Printing.BY_ROUNDS and rounds is not None:
        return fmt(value, aob_places(rounds))
    return fmt(value)


def value_texts(code: str, values: list[Number | None], rounds: int | None = None) -> list[str]:
    """:func:`format_value` of a whole column, each distinct value written once.

    A large field repeats few distinct values, and writing an exact Fraction as decimal text is costly.
    Whole numbers (counts, rating averages) are told apart by value; other values by object ``id`` (the
    list keeps them alive meanwhile, and a provider shares one object per value), so no Fraction is hashed.
    """
    if set(map(type, values)) <= {int, type(None)}:
        by_value = {v: format_value(code, v, rounds) for v in set(values)}
        return list(map(by_value.__getitem__, values))
    by_id = {key: format_value(code, v, rounds) for key, v in dict(zip(map(id, values), values)).items()}
    return list(map(by_id.__getitem__, map(id, values)))
