"""Standings as files to hand out: CSV text and an Excel workbook (pure: text and bytes, no file system).

Both carry the same table as ``python -m engine standings --format csv``: rank (shared places share the
number), pairing number, name, then points and each chosen criterion, values written exactly
(``12.5``, two decimals for the linear performances).  Player names are user text: a name such as
``=HYPERLINK(...)`` must never become a formula in a spreadsheet ("CSV/formula injection").  In the
workbook every text cell is stored as a string with Excel's quote prefix; in the CSV a text cell that
starts with ``=``, ``+``, ``-``, ``@``, tab or CR gets a leading apostrophe, as OWASP recommends.
"""
from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any, Mapping, Sequence

from engine.core.codes import CODES, parse_code
from engine.core.exact import Number
from engine.core.printing import format_value
from engine.ranking.standings import Standings

#: first characters that make a spreadsheet evaluate a cell
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def standings_table(st: Standings, words: Mapping[str, str] | None = None) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the standings, every value as exact text (empty for an undefined value).

    ``words`` gives the column headings in the reader's language, keyed by the English ("rank", "starting
    number", "name"); the codes stay as they are in every language."""
    codes = [str(c) for c in st.criteria]
    w = words or {}
    header = [w.get(k, k) for k in ("rank", "starting number", "name")] + codes   # not "tpn": a reader's words
    rows = [[str(r.rank), str(r.tpn), r.name] + [format_value(c, r.values.get(c), st.round) for c in codes]
            for r in st.rows]
    return header, rows


def neutralise(text: str) -> str:
    """A CSV cell a spreadsheet shows as typed: ``=1+1`` becomes ``'=1+1``; other text is unchanged."""
    return "'" + text if text.startswith(FORMULA_START) else text


def standings_csv(st: Standings, words: Mapping[str, str] | None = None) -> str:
    """The standings as CSV text (LF line ends, UTF-8 when encoded); names are neutralised; ``words`` as for
    :func:`standings_table`."""
    header, rows = standings_table(st, words)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    for row in rows:
        w.writerow(row[:2] + [neutralise(row[2])] + row[3:])
    return out.getvalue()


def _number(code: str, value: Number | None) -> Any:
    """The cell value of a criterion: an int, a float of the exact text, or None."""
    if value is None:
        return None
    text = format_value(code, value)
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1 and "." not in text):
        return int(text)
    return float(text)


def _put(ws: Any, row: int, col: int, value: Any) -> Any:
    """Write one cell; text is always a string cell, never a formula, whatever it starts with."""
    cell = ws.cell(row=row, column=col)
    if isinstance(value, str):
        cell.value = value
        cell.data_type = "s"          # openpyxl would make "=..." a formula; force a plain string
        if value.startswith(FORMULA_START):
            cell.quotePrefix = True   # Excel keeps it text even when the cell is edited
    else:
        cell.value = value
    return cell


def standings_xlsx(st: Standings, title: str = "", notes: Sequence[str] = (), words: Mapping[str, str] | None = None,
                   names: Mapping[str, str] | None = None) -> bytes:
    """The standings as an Excel workbook: a "Standings" sheet (numbers as numbers) and an "About" sheet.

    ``words`` gives the sheets' names, the headings and the About sheet's labels in the reader's language
    (keyed by the English), ``names`` each code's name and the rule set's (keyed by the code, and "rules")."""
    w = words or {}
    named = names or {}
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = w.get("Standings", "Standings")
    header, rows = standings_table(st, w)
    codes = header[3:]
    for c, text in enumerate(header, start=1):
        _put(ws, 1, c, text).font = Font(bold=True)
    for i, r in enumerate(st.rows, start=2):
        _put(ws, i, 1, r.rank)
        _put(ws, i, 2, r.tpn)
        _put(ws, i, 3, r.name)
        for j, code in enumerate(codes, start=4):
            _put(ws, i, j, _number(code, r.values.get(code)))
    ws.freeze_panes = "D2"
    ws.column_dimensions["C"].width = max(12, min(40, max((len(r.name) for r in st.rows), default=0) + 2))
    about = wb.create_sheet(w.get("About", "About"))
    lines: list[tuple[str, Any]] = [(w.get("Event", "Event"), title), (w.get("Rules", "Rules"),
                                     named.get("rules", st.rules.label)), (w.get("After round", "After round"), st.round)]
    lines += [(code, named.get(code, CODES[parse_code(code).code].name)) for code in codes]
    lines += [(w.get("Note", "Note"), n) for n in notes]
    for i, (key, value) in enumerate(lines, start=1):
        _put(about, i, 1, key).font = Font(bold=True)
        _put(about, i, 2, value)
    about.column_dimensions["A"].width = 14
    about.column_dimensions["B"].width = 60
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


__all__ = ["standings_table", "standings_csv", "standings_xlsx", "neutralise", "FORMULA_START"]
