"""Numbers as each language writes them, and numbers typed in any of the ways people write them.

German, French, Spanish and Russian write a decimal comma ("2,5", "283,00"); French and Russian group
thousands with a space.  Scores keep the ½ glyph where the tables use it ("2½"), which reads the same in
every language.  Money keeps the event's own currency whatever the language: only where the sign goes and
how the digits are grouped follow the language ("1.234,50 €" in German, "€1,234.50" in English).

Half points never choose a plural form: CLDR puts "1,5" with the singular in French but with the plural in
English, and ``ngettext`` accepts whole numbers only; :func:`plural_category` says which CLDR form a value
takes, for the tests and for phrasing a sentence around a total instead.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from babel import Locale
from babel.numbers import NumberFormatError, format_currency, format_decimal, parse_decimal

Number = int | float | Fraction | Decimal

_HALF = "½"


def _decimal(value: Number) -> Decimal:
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(str(value)) if isinstance(value, float) else Decimal(value)


def number(value: Number, lang: str, places: int | None = None) -> str:
    """``value`` in ``lang``'s way: ``number(2.5, "de")`` -> ``2,5``; ``places`` fixes the decimals.

    >>> number(2.5, "de"), number(283, "de", 2), number(1234.5, "en"), number(Fraction(1, 3), "ru", 2)
    ('2,5', '283,00', '1,234.5', '0,33')
    """
    pattern = None if places is None else "#,##0" + ("." + "0" * places if places else "")
    return format_decimal(_decimal(value), format=pattern, locale=lang, decimal_quantization=places is not None)


def points(value: Number, lang: str, half_glyph: bool = True) -> str:
    """A score: ``2½`` and ``½`` with the glyph (any language), else the language's decimals (``2,5``).

    >>> points(Fraction(5, 2), "de"), points(0.5, "fr"), points(3, "ru"), points(2.5, "de", half_glyph=False)
    ('2½', '½', '3', '2,5')
    >>> points(-1.5, "en"), points(-0.5, "en"), points(0, "de")
    ('-1½', '-½', '0')
    """
    exact = Fraction(_decimal(value))
    if half_glyph and (exact * 2).denominator == 1:
        sign = "-" if exact < 0 else ""
        doubled = int(abs(exact) * 2)
        whole, half = divmod(doubled, 2)
        return f"{sign}{whole or ''}{_HALF}" if half else f"{sign}{whole}"
    return number(value, lang)


def parse_points(text: str, lang: str) -> Decimal:
    """A number as a person types it: ``2,5``, ``2.5``, ``2½``, ``2 ½``, ``½`` and grouped thousands alike.

    Raises ``ValueError`` with the text it could not read.

    >>> [str(parse_points(s, "de")) for s in ("2,5", "2.5", "2½", "2 ½", "½", "1.234,5", "-1,5")]
    ['2.5', '2.5', '2.5', '2.5', '0.5', '1234.5', '-1.5']
    >>> str(parse_points("1,234.5", "en")), str(parse_points("1 234,5", "fr"))
    ('1234.5', '1234.5')

    One separator followed by exactly three digits is the language's thousands separator where it is one
    (``1.234`` in German, ``1,234`` in English); anywhere else it is the decimal mark, whichever is typed:

    >>> [str(parse_points(s, lang)) for s, lang in (("1.234", "de"), ("1,234", "en"), ("1,234", "de"), ("2,5", "en"))]
    ['1234', '1234', '1.234', '2.5']
    """
    raw = text.strip().replace("\u202f", " ").replace("\xa0", " ")
    half = Decimal(0)
    if raw.endswith(_HALF):
        raw, half = raw[:-1].strip(), Decimal("0.5")
        if not raw or raw in ("-", "+"):
            raw += "0"
        if raw.startswith("-"):
            half = -half
    if not re.fullmatch(r"[+-]?[\d.,' ]+", raw):
        raise ValueError(f"“{text}” is not a number")
    commas, dots = raw.count(","), raw.count(".")
    try:
        if commas + dots == 0:
            value = Decimal(raw.replace(" ", "").replace("'", ""))
        elif commas and dots or commas > 1 or dots > 1:   # grouped thousands: the language decides which is which
            value = parse_decimal(raw, locale=lang) if commas and dots else \
                Decimal(raw.replace(",", "").replace(".", "").replace(" ", ""))
        elif _grouping(raw, lang):                          # "1.234" in German, "1,234" in English: thousands
            value = Decimal(raw.replace(",", "").replace(".", "").replace(" ", ""))
        else:                                              # one separator: a decimal point or a decimal comma
            value = Decimal(raw.replace(" ", "").replace(",", "."))
    except (InvalidOperation, NumberFormatError) as exc:
        raise ValueError(f"“{text}” is not a number") from exc
    return value + half


def _grouping(raw: str, lang: str) -> bool:
    """Whether the one separator in ``raw`` groups thousands in ``lang`` (three digits after it, and the
    language's group symbol)."""
    from babel.numbers import get_group_symbol
    head, sep, tail = raw.replace(",", "|").replace(".", "|").partition("|")
    mark = raw[len(head)] if sep else ""
    return bool(sep) and len(tail) == 3 and tail.isdigit() and head.strip("+- ").isdigit() and \
        mark == get_group_symbol(lang)


def amount_text(text: str, lang: str) -> str:
    """An amount typed the way ``lang`` writes it (``1.234,50``, ``162,50``), written with a decimal point and
    no grouping (``1234.50``) for a reader that expects that; text that is no number is returned as it is, so
    the reader names it in its own message.

    >>> amount_text("162,50", "de"), amount_text("1.234,50 €", "de"), amount_text("$1,379", "en"), amount_text("a", "fr")
    ('162.50', '1234.50 €', '$1379', 'a')
    """
    match = re.search(r"\d[\d.,' \u202f\xa0]*", text)
    if not match:
        return text
    number = match.group(0).rstrip(" ")
    try:
        value = parse_points(number, lang)
    except ValueError:
        return text
    return text[:match.start()] + format(value, "f") + text[match.start() + len(number):]


def money(amount: Number, currency: str, lang: str) -> str:
    """An amount in the event's own currency (a sign such as ``$`` or ``€``, or a code such as ``EUR``),
    placed and grouped as ``lang`` writes money.

    >>> money(1234.5, "€", "de"), money(1234.5, "$", "en"), money(12, "$", "fr")
    ('1.234,50\\xa0€', '$1,234.50', '12,00\\xa0$')
    """
    return format_currency(_decimal(amount), currency, locale=lang)


#: how each language writes a place after its number (``{n}`` the number): German "3.", Spanish "3.º", Russian
#: "3-е" (the neuter of "место", the place); French is written apart: "1re" (of "place", feminine), then "2e"
_ORDINALS = {"de": "{n}.", "es": "{n}.º", "ru": "{n}-е"}


def ordinal(n: int, lang: str) -> str:
    """A place as ``lang`` writes it in figures.

    >>> ordinal(1, "de"), ordinal(1, "fr"), ordinal(2, "fr"), ordinal(3, "es"), ordinal(22, "ru"), ordinal(2, "en")
    ('1.', '1re', '2e', '3.º', '22-е', '2nd')
    """
    if lang == "fr":
        return "1re" if n == 1 else f"{n}e"
    if lang in _ORDINALS:
        return _ORDINALS[lang].format(n=n)
    from engine.core.words import ordinal as english
    return english(n)


def plural_category(value: Number, lang: str) -> str:
    """The CLDR plural category of ``value`` in ``lang``: ``one``, ``few``, ``many`` or ``other``.

    >>> [plural_category(v, "ru") for v in (21, 22, 25, 21.5)], plural_category(1.5, "fr"), plural_category(1.5, "en")
    (['one', 'few', 'many', 'other'], 'one', 'other')
    """
    return str(Locale.parse(lang).plural_form(_decimal(value)))


def localised_decimals(text: str, lang: str) -> str:
    """A value the engine wrote with a decimal point (``12.60``, ``-0.5``) as ``lang`` writes it (``12,60``);
    any other text (a code, a name, ``2½``, an empty cell) is returned as it is.

    >>> localised_decimals("12.60", "de"), localised_decimals("2½", "de"), localised_decimals("BH/C1", "fr")
    ('12,60', '2½', 'BH/C1')
    """
    if not re.fullmatch(r"-?\d+\.\d+", text):
        return text
    places = len(text.split(".")[1])
    return number(Decimal(text), lang, places)
