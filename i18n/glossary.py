"""The glossary of arbiters' terms per language (``i18n/glossary/<code>.toml``), each term with its source.

Translators use these terms in the catalogs, and the Glossary page shows the reader's language's table, so
that a parent in Lyon or a trainee arbiter in Madrid can match the app's words to their federation's.
A term marked ``confirmed = false`` is common usage that no source found so far states: it is shown as such.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

GLOSSARY = Path(__file__).resolve().parent / "glossary"


@dataclass(frozen=True)
class Term:
    """One concept's word in one language: the concept (in English), the FIDE/app code if it has one, the
    term, where it was found, whether a source states it, and a note for a trap."""

    concept: str
    term: str
    source: str
    confirmed: bool
    code: str = ""
    note: str = ""


@lru_cache(maxsize=None)
def terms(lang: str) -> tuple[Term, ...]:
    """The glossary of ``lang`` (empty for a language without one, such as English, the source)."""
    path = GLOSSARY / f"{lang}.toml"
    if not path.exists():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if data.get("language") != lang:
        raise ValueError(f"{path.name} says it is the glossary of {data.get('language')!r}, not {lang!r}")
    return tuple(Term(concept=row["concept"], term=row["term"], source=row["source"], confirmed=bool(row["confirmed"]),
                      code=row.get("code", ""), note=row.get("note", "")) for row in data["term"])
