"""Compile one language's catalog (``.po``) to the ``.mo`` gettext reads: ``python -m i18n.compile LANG PO MO``.

``make run`` builds the compiled catalogs with it.  ``pybabel compile`` refused every catalog from Babel 2.19 on:
it takes a message such as "Limit: {percent} % of the maximum" for a printf format ("% o"), and a translation
such as "{percent} % del máximo" for another ("% d"), and ends with an error, so ``make run`` stopped on a fresh
machine.  Our messages are written with braces, and ``python -m i18n.check`` checks their names in every
translation; this writes the catalog as the app itself does when a compiled one is missing
(:func:`i18n.catalog.mo_bytes`), a fuzzy entry left out as msgfmt does.
"""
from __future__ import annotations

import sys
from pathlib import Path

from i18n.catalog import mo_bytes


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python -m i18n.compile LANG PO MO", file=sys.stderr)
        return 2
    lang, po, mo = argv[0], Path(argv[1]), Path(argv[2])
    mo.write_bytes(mo_bytes(po, lang))
    print(f"compiled {po} to {mo}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
