"""Exact numbers and how they are written.

Every tie-break value is a :class:`~fractions.Fraction` (or an int); floats never decide a tie.
``fmt`` writes values the way the command line and CSV files do (``12.5``, ``9.75``); ``nice`` writes
them the way a person does on paper (``12½``, ``9¾``).
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache

Number = Fraction | int


def fmt(x: Number | None, places: int | None = None) -> str:
    """Exact decimal text: ``Fraction(25, 2)`` -> ``'12.5'``; ``places`` pads/rounds half up.

    >>> fmt(Fraction(39, 4)), fmt(Fraction(3)), fmt(Fraction(1, 3), 2), fmt(None)
    ('9.75', '3', '0.33', '')
    """
    if x is None:
        return ""
    if isinstance(x, int):
        return str(x)
    x = Fraction(x)
    if places is not None:
        return str(round_half_up(x, places).quantize(Decimal(1).scaleb(-places)))
    if x.denominator == 1:
        return str(x.numerator)
    d = x.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:  # terminates in decimal
        text = format(Decimal(x.numerator) / Decimal(x.denominator), "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    return str(round_half_up(x, 4))


def round_half_up(x: Fraction, places: int = 0) -> Decimal:
    """Round half up (away from zero for .5), as FIDE's reference calculator does."""
    q = Decimal(1).scaleb(-places)
    sign = -1 if x < 0 else 1
    ax = abs(x)
    return (Decimal(ax.numerator) / Decimal(ax.denominator)).quantize(q, rounding=ROUND_HALF_UP) * sign \
        if ax.denominator != 1 else Decimal(int(ax) * sign).quantize(q)


def round_fraction(x: Fraction, places: int = 0) -> Fraction:
    """``x`` rounded half up to ``places`` decimals, still as an exact Fraction."""
    scaled = abs(x) * 10 ** places
    n = int(scaled + Fraction(1, 2))
    return Fraction(n if x >= 0 else -n, 10 ** places)


_VULGAR = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


@lru_cache(maxsize=8192, typed=True)
def nice(x: Number | None) -> str:
    """Paper notation: ``Fraction(21, 2)`` -> ``'10½'``, ``Fraction(1, 4)`` -> ``'¼'``.

    Remembered per value (and type): a search for what would have changed an order writes the same few
    scores tens of thousands of times, and working each one out again was a third of its time.

    >>> nice(Fraction(21, 2)), nice(Fraction(1, 2)), nice(Fraction(39, 4)), nice(Fraction(-3, 2)), nice(7)
    ('10½', '½', '9¾', '-1½', '7')
    """
    if x is None:
        return "–"
    if isinstance(x, int):
        return str(x)
    x = Fraction(x)
    sign = "-" if x < 0 else ""
    ax = abs(x)
    whole, frac = divmod(ax, 1)
    if frac == 0:
        return f"{sign}{int(whole)}"
    if frac in _VULGAR:
        return f"{sign}{int(whole) if whole else ''}{_VULGAR[frac]}"
    return sign + fmt(ax)


def parse_number(text: str) -> Fraction:
    """Read ``3½``, ``3.5``, ``7/2``, ``3 1/2``, ``½`` or ``.5`` as an exact Fraction.

    >>> [parse_number(t) for t in ("3½", "3.5", "7/2", "3 1/2", "½", ".5", "-1¼")]
    [Fraction(7, 2), Fraction(7, 2), Fraction(7, 2), Fraction(7, 2), Fraction(1, 2), Fraction(1, 2), Fraction(-5, 4)]
    """
    raw = text.strip().replace(",", ".")
    if not raw:
        raise ValueError("empty number")
    sign = 1
    if raw[0] in "+-−":
        sign = -1 if raw[0] in "-−" else 1
        raw = raw[1:].strip()
    for sym, val in (("½", Fraction(1, 2)), ("¼", Fraction(1, 4)), ("¾", Fraction(3, 4))):
        if raw.endswith(sym):
            head = raw[: -len(sym)].strip()
            return sign * ((Fraction(head) if head else 0) + val)
    parts = raw.split()
    if len(parts) == 2 and "/" in parts[1]:
        return sign * (Fraction(parts[0]) + Fraction(parts[1]))
    if len(parts) != 1:
        raise ValueError(f"not a number: {text!r}")
    return sign * Fraction(raw)
