"""Catalogs of translated sentences and the :class:`Translator` that reads one.

The catalogs are GNU gettext files managed with Babel (see the Makefile's ``locales`` targets):
``locales/messages.pot`` is extracted from the source, ``locales/<code>/LC_MESSAGES/messages.po`` holds each
language's translations, and ``make locales`` compiles each ``.po`` to the ``.mo`` that :mod:`gettext` reads.
The ``.mo`` files are build products and not committed (a reviewer reads the ``.po``); a ``.mo`` that is
missing or older than its ``.po`` (a fresh clone, a test run without ``make``, a catalog just edited) is
compiled in memory from the ``.po`` instead, so the app never shows a stale translation.

Message ids are whole English sentences with named placeholders (``{player}``), never fragments: word order
and grammatical case differ between languages, so a sentence is translated whole.  Where one English word
means two things a context tells them apart (``tp("game", "Draw")`` against ``tp("lots", "Draw")``).
Counts use the language's plural rule (Russian has three forms); a half-point total is never counted with a
plural form (``ngettext`` takes whole numbers only): such sentences are phrased around the number
("Points: 2½").

A :class:`Translator` is immutable and one exists per language for the whole process; which one a person sees
is chosen per browser session by the layer above (never a process-wide "current language").
"""
from __future__ import annotations

import gettext
import io
import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from i18n.languages import DEFAULT, SUPPORTED

DOMAIN = "messages"
LOCALES = Path(__file__).resolve().parent / "locales"


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` is kept."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """Where ``make locales`` writes the compiled catalog of ``lang``."""
    return po_path(lang).with_suffix(".mo")


def placeholders(text: str) -> set[str]:
    """The named fields of a message: ``"{player} has {points} points"`` -> ``{"player", "points"}``.

    >>> sorted(placeholders("{player} has {points:>3} points ({{not one}})"))
    ['player', 'points']
    """
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def _compiled(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang``: its ``.mo`` when fresh, else the ``.po`` compiled in memory."""
    po, mo = po_path(lang), mo_path(lang)
    if not po.exists():
        return gettext.NullTranslations()
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(po, lang)))


def mo_bytes(po: Path, lang: str) -> bytes:
    """The compiled catalog of the ``.po`` file ``po`` (a fuzzy entry is left out, as msgfmt does: `make check`
    fails on it); ``make`` writes it to the ``.mo`` file (:mod:`i18n.compile`)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


@dataclass(frozen=True)
class Translator:
    """One language's sentences: ``t`` for a message, ``tp`` with a context, ``tn``/``tnp`` for a count.

    Each fills the message's named placeholders from its keyword arguments after translating it (a count's
    number is the field ``{n}``).  English, the source language, returns the message ids themselves.
    """

    lang: str
    catalog: gettext.NullTranslations = field(repr=False, compare=False)

    def t(self, message: str, /, **fields: Any) -> str:
        """``message`` in this language, its ``{fields}`` filled."""
        return _filled(self.catalog.gettext(message), fields)

    def tp(self, context: str, message: str, /, **fields: Any) -> str:
        """``message`` as meant in ``context`` (``"match"`` or ``"game"`` for "Points")."""
        return _filled(self.catalog.pgettext(context, message), fields)

    def tn(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """The form for a whole count ``n`` (``{n}`` in the message), by the language's plural rule."""
        return _filled(self.catalog.ngettext(singular, plural, _whole(n)), {"n": n, **fields})

    def tnp(self, context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """:meth:`tn` with a context."""
        return _filled(self.catalog.npgettext(context, singular, plural, _whole(n)), {"n": n, **fields})


def _whole(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"a plural form needs a whole count, not {n!r}: phrase a half-point total around it")
    return n


def _filled(text: str, fields: dict[str, Any]) -> str:
    return text.format(**fields) if fields else text


@lru_cache(maxsize=None)
def translator(lang: str) -> Translator:
    """The translator of ``lang`` (one per language for the process; English for a code we do not speak)."""
    if lang not in SUPPORTED or lang == DEFAULT:
        return Translator(DEFAULT, gettext.NullTranslations())
    return Translator(lang, _compiled(lang))


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined (a table of names) and translate it where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """:func:`N_` for a message shown with a context (``tp(context, message)``)."""
    return message
