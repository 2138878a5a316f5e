"""The catalogs' check, run by ``make check`` and by a unit test: nothing falls back to English silently.

Every message the source marks for translation (extracted the way ``pybabel extract`` does, with the keywords
and files of ``i18n/babel.cfg``) must have a translation in every shipped language, none of them fuzzy
(a fuzzy entry is a guess nobody has reviewed; gettext would show the English instead), and each translation
must use exactly the named placeholders of its English message, or the sentence would lose a name or number
(or fail to format).  ``python -m i18n.check`` prints one line per problem and exits 1 when there is any.
"""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from i18n.catalog import placeholders, po_path
from i18n.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[1]
#: the keywords that mark a message, as given to pybabel (-k): message, context, singular and plural
KEYWORDS: dict[str, object] = {"t": None, "tp": ((1, "c"), 2), "tn": (1, 2), "tnp": ((1, "c"), 2, 3), "N_": None,
            "NP_": ((1, "c"), 2), "said": None, "said_n": (1, 2)}

def method_map() -> list[tuple[str, str]]:
    """The files to read, from ``i18n/babel.cfg`` (the same list ``pybabel extract -F`` reads)."""
    from babel.messages.frontend import parse_mapping_cfg
    with (ROOT / "i18n" / "babel.cfg").open(encoding="utf-8") as f:
        methods: list[tuple[str, str]] = parse_mapping_cfg(f)[0]  # type: ignore[no-untyped-call]
    return methods


def source_catalog(root: Path = ROOT) -> Catalog:
    """Every message marked in the source, as ``pybabel extract`` would write it into ``messages.pot``."""
    catalog = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map(), keywords=KEYWORDS, strip_comment_tags=True):  # type: ignore[arg-type]
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (tuple, list)) else (message.string or "",)


def problems_of(lang: str, source: Catalog, path: Path | None = None) -> list[str]:
    """What is wrong with ``lang``'s catalog (at ``path``, else its place in the repository) against the
    source: one line each, naming the message."""
    path = path or po_path(lang)
    if not path.exists():
        return [f"{lang}: no catalog at {path}"]
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    found: list[str] = []
    for wanted in source:
        if not wanted.id:
            continue
        where = f"{lang}: “{_ids(wanted)[0]}”" + (f" (context “{wanted.context}”)" if wanted.context else "")
        message = catalog.get(wanted.id, context=wanted.context)
        if message is None or not all(_strings(message)):
            found.append(f"{where} has no translation")
            continue
        if message.fuzzy:
            found.append(f"{where} is marked fuzzy (not reviewed)")
        source_fields = set().union(*(placeholders(text) for text in _ids(wanted)))
        forms = [placeholders(text) for text in _strings(message)]
        plural = len(_ids(wanted)) > 1
        if (plural and (set().union(*forms) != source_fields or any(not f <= source_fields for f in forms))) or \
                (not plural and forms[0] != source_fields):
            found.append(f"{where} has placeholders {sorted(set().union(*forms))}, the English {sorted(source_fields)}")
    return found


def hidden_records(source: Catalog, root: Path = ROOT) -> list[str]:
    """The engine's sentence templates (``said``, ``said_n``) that the whole extraction misses, one line each.

    Babel's reader loses its place after a name that is also a message keyword (a loop variable called ``t``,
    ``t`` marking the app's own messages): the templates after it never reach a catalog, and their readers would
    read English without any check noticing.  Read once more with those two keywords alone, each must be there.
    """
    found = []
    for filename, lineno, message, _, _ in extract_from_dir(str(root), method_map(), keywords={"said": None, "said_n": (1, 2)},
                                                              strip_comment_tags=True):
        if source.get(message) is None:
            english = message if isinstance(message, str) else message[0]
            found.append(f"{filename}:{lineno}: “{english}” is missed by the extraction: a name before it is also a "
                         f"message keyword (such as a variable called t); rename that name")
    return found


def problems(root: Path = ROOT) -> list[str]:
    """What is wrong with any shipped catalog, or with a message the extraction cannot see."""
    source = source_catalog(root)
    return hidden_records(source, root) + [line for lang in TRANSLATED for line in problems_of(lang, source)]


def main() -> int:
    found = problems()
    for line in found:
        print(line, file=sys.stderr)
    if not found:
        print(f"catalogs complete: {', '.join(TRANSLATED)} ({len(source_catalog()) } messages each)")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
