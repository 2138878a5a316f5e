"""The engine's sentences (:class:`~engine.core.said.Said` records) written in a reader's language.

A record carries its English template and its named values; here the template is looked up in the reader's
catalog (the plural form chosen by the language's own rule for a whole count), each value written the
reader's way (numbers with the language's decimal mark, the ½ of the tables kept, phrases of their own
translated the same way, names as given), and the translated template filled.  English is the record's own
text, unchanged.  Text that is not a record (a player's name, a code, or a sentence not yet written as a
record) is shown as it is.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from babel.numbers import format_decimal

from engine.core.said import (
    Capitalised,
    CodeName,
    Count,
    Joined,
    Listed,
    Lowered,
    Money,
    Num,
    Ordinal,
    Place,
    Said,
    Signed,
    Spelled,
)
from i18n.catalog import Translator
from i18n.languages import DEFAULT
from i18n.numbers import money, ordinal, points


def render(tr: Translator, value: Any) -> str:
    """``value`` (a record, a number, a list joined, or plain text) in the language of ``tr``.

    >>> from engine.core.said import said, nums
    >>> from fractions import Fraction
    >>> from i18n.catalog import translator
    >>> step = said("Sum of the kept values: {values} = {total}.", values=nums([4, Fraction(7, 2)]),
    ...             total=nums([Fraction(15, 2)]))
    >>> render(translator("en"), step)
    'Sum of the kept values: 4 + 3½ = 7½.'
    """
    if value is None:
        return ""
    if tr.lang == DEFAULT:
        return str(value)
    if isinstance(value, Said):
        return _sentence(tr, value)
    if isinstance(value, Num):
        if value.places is not None or not value.paper or _endless(value.value):
            return _decimals(value, tr.lang)      # (an endless fraction: to four places, as the English)
        return points(value.value, tr.lang)
    if isinstance(value, Money):
        return _money(value, tr.lang)
    if isinstance(value, Ordinal):
        return ordinal(value.n, tr.lang)
    if isinstance(value, CodeName):
        from i18n.render import criterion_name
        return criterion_name(tr, value.code)
    if isinstance(value, Spelled):                # "the first two tie-breaks": the other languages write digits
        return str(value.value)
    if isinstance(value, Place):
        return place_name(tr, value.value)
    if isinstance(value, Count):
        from i18n.numbers import number
        return number(value.value, tr.lang)
    if isinstance(value, Signed):
        return ("+" if value.value > 0 else "") + points(value.value, tr.lang)
    if isinstance(value, Listed):
        from babel.lists import format_list
        return format_list([render(tr, item) for item in value.items], locale=tr.lang)
    if isinstance(value, Lowered):               # German nouns keep their capital ("Runde 3"); others go small
        text = render(tr, value.inner)
        return text if tr.lang == "de" else text[:1].lower() + text[1:]
    if isinstance(value, Capitalised):
        text = render(tr, value.inner)
        return text[:1].upper() + text[1:]
    if isinstance(value, Joined):
        return value.sep.join(render(tr, item) for item in value.items)
    return str(value)


def _money(value: Money, lang: str) -> str:
    """An amount as ``lang`` writes money, in the event's own currency; a share that is not a whole number of
    cents is shown to the nearest cent and marked ``≈``, as the engine marks it."""
    from engine.prizes.money import shown_cents
    approx = "≈" if value.cents.denominator != 1 else ""
    sign = -1 if value.cents < 0 else 1
    return approx + money(Fraction(sign * shown_cents(abs(value.cents)), 100), value.currency, lang).strip()
def place_name(tr: Translator, place: int) -> str:
    """A place in the standings as the language of ``tr`` names it: ``1st`` in English, ``Platz 1``, ``1er``,
    ``1.º``, ``1-е место``."""
    if tr.lang == DEFAULT:
        from engine.core.words import ordinal
        return ordinal(place)
    return tr.tnp("place", "{n}st", "{n}th", place)


def _endless(value: Any) -> bool:
    """A value whose decimals do not end within four places (a performance of 11029/7): the English writes it to
    four places, and so does every other language.

    >>> _endless(Fraction(11029, 7)), _endless(Fraction(49, 4)), _endless(3)
    (True, False, False)
    """
    return (Fraction(value) * 10 ** 4).denominator != 1


def _decimals(value: Num, lang: str) -> str:
    """A value in decimals as the working writes it, with the language's decimal mark and no grouping (a
    rating sum reads "9700 / 5", as on paper): fixed places when given, else up to four, as the engine's."""
    pattern = "0." + "0" * value.places if value.places else "0" if value.places == 0 else "0.####"
    return format_decimal(Decimal(Fraction(value.value).numerator) / Decimal(Fraction(value.value).denominator),
                          format=pattern, locale=lang, decimal_quantization=True)


def _sentence(tr: Translator, s: Said) -> str:
    if s.plural is not None and s.n is not None:
        text = tr.catalog.npgettext(s.context, s.template, s.plural, s.n) if s.context else \
            tr.catalog.ngettext(s.template, s.plural, s.n)
    else:
        text = tr.catalog.pgettext(s.context, s.template) if s.context else tr.catalog.gettext(s.template)
    if not s.fields:
        return text
    return text.format(**{name: render(tr, v) for name, v in s.fields.items()})


def render_all(tr: Translator, values: list[Any]) -> list[str]:
    """Each of ``values`` in the language of ``tr`` (a trace's steps)."""
    return [render(tr, v) for v in values]


def error_text(tr: Translator, exc: Any) -> str:
    """An :class:`~engine.core.errors.EventError` as one line in the language of ``tr``: where it is (the file,
    line and column as the English writes them; "line 3", the player and the round in words) and its message
    written again from its record.  English, or a message the engine wrote without a record, is the error's own
    text."""
    said = getattr(exc, "said", None)
    if tr.lang == DEFAULT or said is None:
        return str(exc)
    what = render(tr, said)
    if exc.player is not None and exc.round is not None and "player" not in exc.message:
        what = tr.t("player {player}, round {round}: {message}", player=exc.player, round=exc.round, message=what)
    elif exc.player is not None and "player" not in exc.message:
        what = tr.t("player {player}: {message}", player=exc.player, message=what)
    if exc.file:
        return f"{exc.place()}: {what}"
    return tr.t("line {line}: {message}", line=exc.line, message=what) if exc.line else what
