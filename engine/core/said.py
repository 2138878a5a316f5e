"""The engine's sentences as records: what was said (a template) and with which values, not only its English.

A trace's steps and notes, a Why answer, a prize's working are read in five languages.  The engine speaks
none of them: it writes each sentence as a :class:`Said`, which *is* its English text (a ``str``, so every
reader of the English, the command line's recorded outputs and every test, sees exactly what it always saw)
and also carries the template it was written from and the named values that filled it.  The layer above
(``i18n/said.py``) looks the template up in the reader's catalog and fills it again, writing each value the
reader's way: a number with the language's decimal comma (:class:`Num`), a list of numbers joined (:class:`Joined`),
a phrase of its own (a nested :class:`Said`, e.g. "half-point bye"), or a name as it was given.

The template is the English message id (as with gettext), whole: a sentence is never glued from translated
pieces, because word order and grammatical case differ.  ``said`` and ``said_n`` are the keywords the
catalogs' extraction reads (``i18n/babel.cfg``).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from engine.core.exact import Number, fmt, nice


class Said(str):
    """A sentence in English that remembers its ``template`` (and ``plural`` form for a count ``n``) and
    ``fields``: a record a renderer can write again in another language."""

    template: str
    plural: str | None
    n: int | None
    fields: dict[str, Any]
    context: str | None

    def __new__(cls, text: str, template: str | None = None, fields: dict[str, Any] | None = None,
                plural: str | None = None, n: int | None = None, context: str | None = None) -> Said:
        self = super().__new__(cls, text)
        self.template = text if template is None else template
        self.fields = dict(fields or {})
        self.plural = plural
        self.n = n
        self.context = context
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Said, (str(self), self.template, self.fields, self.plural, self.n, self.context))


class Num(str):
    """A number as the engine writes it in English (``12½`` on paper, ``9.75`` or ``283.00`` in decimals), with
    its exact ``value``: another language writes it with its own decimal mark."""

    value: Number
    places: int | None
    paper: bool

    def __new__(cls, value: Number, places: int | None = None, paper: bool = True) -> Num:
        self = super().__new__(cls, nice(value) if paper and places is None else fmt(value, places))
        self.value, self.places, self.paper = value, places, paper
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Num, (self.value, self.places, self.paper))


class Joined(str):
    """Values written one after another with a separator that reads the same in every language (`` + ``,
    ``, ``): ``4 + 3½ + 2``."""

    items: tuple[Any, ...]
    sep: str

    def __new__(cls, items: Iterable[Any], sep: str) -> Joined:
        kept = tuple(items)
        self = super().__new__(cls, sep.join(str(i) for i in kept))
        self.items, self.sep = kept, sep
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.items, self.sep))


class Capitalised(str):
    """A sentence or clause begun with a capital letter (a reason written mid-sentence elsewhere, put first)."""

    inner: str

    def __new__(cls, inner: str) -> Capitalised:
        self = super().__new__(cls, inner[:1].upper() + inner[1:])
        self.inner = inner
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Capitalised, (self.inner,))


class CodeName(str):
    """A tie-break's name as the answer's English says it (``Solkoff``, ``Buchholz Cut-1``), with its ``code``:
    another language writes the name its catalog gives the code."""

    code: str

    def __new__(cls, english: str, code: str) -> CodeName:
        self = super().__new__(cls, english)
        self.code = code
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (CodeName, (str(self), self.code))


class Listed(str):
    """Names in a list as English joins them (``Ana, Bo and Cy``); another language joins them its own way."""

    items: tuple[Any, ...]

    def __new__(cls, items: Iterable[Any]) -> Listed:
        from engine.core.words import join_names
        kept = tuple(items)
        self = super().__new__(cls, join_names([str(i) for i in kept]))
        self.items = kept
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Listed, (self.items,))


class Lowered(str):
    """A sentence that continues another (after "; and"): English writes its first word small ("round 3:"), and
    so do the other languages but German, whose nouns keep their capital ("Runde 3:")."""

    inner: str

    def __new__(cls, inner: str) -> Lowered:
        self = super().__new__(cls, inner[:1].lower() + inner[1:])
        self.inner = inner
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Lowered, (self.inner,))


class Spelled(str):
    """A small whole number as English spells it in running text: a count (``two`` tie-breaks) or, with
    ``ordinal``, a position (the ``third``); another language's sentence writes the digits (``2``, ``3``)."""

    value: int
    ordinal: bool

    def __new__(cls, value: int, ordinal: bool = False) -> Spelled:
        from engine.core.words import number_word, ordinal_word
        self = super().__new__(cls, ordinal_word(value) if ordinal else number_word(value))
        self.value, self.ordinal = value, ordinal
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Spelled, (self.value, self.ordinal))


class Signed(str):
    """A number with its sign written even when positive (``+1``, ``-½``): wins minus losses."""

    value: Number

    def __new__(cls, value: Number) -> Signed:
        self = super().__new__(cls, ("+" if value > 0 else "") + nice(value))
        self.value = value
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Signed, (self.value,))


class Money(str):
    """An amount of money as the engine writes it in English (``$1,379.00``, ``≈$266.67`` for a share not a whole
    number of cents), with its exact ``cents`` and the event's ``currency``: another language writes it its own
    way (``1.379,00 $``), in the same currency."""

    cents: Fraction
    currency: str

    def __new__(cls, text: str, cents: int | Fraction, currency: str) -> Money:
        self = super().__new__(cls, text)
        self.cents, self.currency = Fraction(cents), currency
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Money, (str(self), self.cents, self.currency))


class Ordinal(str):
    """A place as English writes it (``1st``, ``22nd``), with its number ``n``: another language writes its
    own ordinal (``1.`` in German, ``1er`` in French)."""

    n: int

    def __new__(cls, n: int) -> Ordinal:
        from engine.core.words import ordinal
        self = super().__new__(cls, ordinal(n))
        self.n = n
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ordinal, (self.n,))
class Count(str):
    """A whole count as English groups its thousands (``12,500``): another language groups it its own way."""

    value: int

    def __new__(cls, value: int) -> Count:
        self = super().__new__(cls, format(value, ","))
        self.value = value
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Count, (self.value,))


class Place(str):
    """A place in the standings as English names it (``1st``, ``4th``), with its number: another language writes
    its own form ("Platz 1", "1-е место")."""

    value: int

    def __new__(cls, value: int) -> Place:
        from engine.core.words import ordinal
        self = super().__new__(cls, ordinal(value))
        self.value = value
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Place, (self.value,))


def said(template: str, /, **fields: Any) -> Said:
    """A whole sentence from its English ``template`` and named values: ``said("Count: {n}.", n=3)``."""
    return Said(template.format(**fields) if fields else template, template, fields)


def said_n(singular: str, plural: str, n: int, /, **fields: Any) -> Said:
    """A sentence about a whole count ``n`` (``{n}`` in it): English takes the singular for 1; another language
    takes its own plural form (Russian has three).  A field ``n`` writes the count another way than its digits
    (``n=Spelled(2)``: "the first two tie-breaks"); the form is still chosen by ``n`` itself."""
    chosen = singular if n == 1 else plural
    values = {"n": n, **fields}
    return Said(chosen.format(**values), singular, values, plural=plural, n=n)


def term(context: str, name: str) -> Said:
    """A registry's name (a rule set's, a tie-break's) as a value: the catalogs know it under ``context``
    (``"rule set"``, ``"tie-break"``, as ``i18n/terms.py`` marks them)."""
    return Said(name, name, {}, context=context)


def num(value: Number | None) -> Num | str:
    """A value on paper: ``12½``, ``9¾``; a missing value is the dash, as :func:`~engine.core.exact.nice` writes it."""
    return "–" if value is None else Num(value)


def dec(value: Number, places: int | None = None) -> Num:
    """A value in decimals: ``9.75``; ``places`` fixes them (``283.00``)."""
    return Num(value, places, paper=False)


def nums(values: Iterable[Number | None], sep: str = " + ") -> Joined:
    """Values on paper joined: ``4 + 3½ + 2``."""
    return Joined((num(v) for v in values), sep)


def whole(value: Fraction | int) -> Num:
    """A count or a rating, written as a whole number in every language."""
    return Num(int(value), None)
