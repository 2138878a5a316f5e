"""Money in prize lists: whole cents, shown with two decimals, read from what a person types.

Every share stays an exact :class:`~fractions.Fraction` of a cent until it is paid; :data:`ROUNDING` names the
units a payout may be rounded down to.
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from engine.core.errors import EventError
from engine.core.said import Money, said

ROUNDING = {"cent": 1, "whole": 100}


def money(cents: int | Fraction, currency: str = "$") -> str:
    """Cents as money, two decimals, thousands separated; an inexact share is marked ``≈``.

    >>> money(137900), money(Fraction(80000, 3)), money(-5, "€")
    ('$1,379.00', '≈$266.67', '-€0.05')
    """
    exact = Fraction(cents)
    sign = "-" if exact < 0 else ""
    exact = abs(exact)
    approx = "≈" if exact.denominator != 1 else ""
    units, rest = divmod(shown_cents(exact), 100)
    return f"{approx}{sign}{currency}{units:,}.{rest:02d}"


def cash(cents: int | Fraction, currency: str = "$") -> Money:
    """An amount in a sentence of the working: :func:`money`'s English text that another language writes its own
    way, in the same currency."""
    return Money(money(cents, currency), cents, currency)


def shown_cents(cents: int | Fraction) -> int:
    """A non-negative amount in whole cents as :func:`money` shows it (half a cent up; display only)."""
    return int(Fraction(cents) * 2 + 1) // 2


def parse_money(text: object) -> int | None:
    """An amount typed by a person, in cents: ``"$1,379"``, ``"162.50"``, ``300``; empty -> None.

    >>> parse_money("$1,379"), parse_money("162.5"), parse_money(""), parse_money(75.25)
    (137900, 16250, None, 7525)
    """
    if text is None:
        return None
    if isinstance(text, float):
        if text != text:           # NaN from an empty grid cell
            return None
        text = repr(text)
    raw = str(text).strip().replace(",", "").replace("_", "")
    for symbol in ("$", "€", "£", "USD", "EUR"):
        raw = raw.replace(symbol, "")
    raw = raw.strip()
    if not raw:
        return None
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise EventError(said("cannot read the amount {text}: type a number such as 150 or 162.50",
                              text=repr(text))) from None
    if value < 0:
        raise EventError(said("a prize cannot be negative ({text})", text=repr(text)))
    cents = value * 100
    if cents != cents.to_integral_value():
        raise EventError(said("{text} has more than two decimals", text=repr(text)))
    return int(cents)
