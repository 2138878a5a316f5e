"""Reading an Excel workbook without believing what it says about itself.

A workbook is a zip of XML parts, and each of its claims can be made to cost far more than its size: a
1.5 KB file whose sheet "dimension" says 16,384 columns by 2,000 rows made the reader pad every row to that
width (5 GB); a 1.5 MB file unpacks to 1.5 GB of spaces; a document type declaration defines entities that
grow tenfold at each step, or name a file of the computer reading it.  So, before openpyxl opens anything:

* every part's unpacked size, as the zip's directory states it, is added up and held to
  :data:`~engine.core.limits.MAX_UNPACKED` (:mod:`zipfile` never unpacks more than the stated size: a part that
  lies is cut there and fails its check sum);
* every part is scanned for a document type declaration (``<!DOCTYPE``, ``<!ENTITY``), which no workbook needs,
  and refused with one line if it has one;

then the first sheet is read lazily (openpyxl's read-only mode) with its declared dimension thrown away, row by
row, each row held to :data:`~engine.core.limits.MAX_TABLE_COLUMNS` as soon as it is read, the rows to
:data:`~engine.core.limits.MAX_TABLE_ROWS` and all the cells to :data:`~engine.core.limits.MAX_TABLE_CELLS`.
Whatever openpyxl or the zip trips over becomes one :class:`EventError` naming the file.
"""
from __future__ import annotations

import io
import zipfile
from typing import Iterator

from engine.core.errors import EventError
from engine.core.limits import MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, MAX_TABLE_ROWS, MAX_UNPACKED
from engine.core.said import Count, Said, said
from engine.formats.source import check_size

#: what a part may not contain, in the encodings an XML parser accepts (UTF-8 and its ASCII-compatible
#: relatives, and UTF-16 either way round)
_DECLARATIONS = tuple(word.encode(encoding) for word in ("<!DOCTYPE", "<!ENTITY")
                      for encoding in ("ascii", "utf-16-le", "utf-16-be"))
_OVERLAP = max(len(d) for d in _DECLARATIONS)
_CHUNK = 1024 * 1024
_MALFORMED = said("not an Excel workbook we can read: one of its parts is missing or not in the form a workbook's has")
#: parts in one workbook (a real one has a dozen or two; the zip's directory is read whole before anything)
MAX_PARTS = 1000


def _mb(size: int) -> Said:
    """A size as a phrase of its own: ``12,345 bytes`` or ``3.5 MB`` (binary megabytes, as the zip counts)."""
    if size < 1024 * 1024:
        return said("{count} bytes", count=Count(size))
    shown = format(size / 1024 / 1024, ",.1f" if size < 10 * 1024 * 1024 else ",.0f")
    return said("{size} MB", size=shown)


def _column_letters(n: int) -> str:
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def open_archive(data: bytes, source: str) -> zipfile.ZipFile:
    """The workbook's zip, its parts' stated sizes checked and each part scanned for a DTD."""
    check_size(len(data), source)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
        raise EventError(said("not an Excel workbook we can read: it starts like one, but its zip "
                              "structure is broken"),
                         file=source) from None
    if len(parts) > MAX_PARTS:
        raise EventError(said("the workbook has {count} parts; a workbook has a few dozen, and the "
                              "most this program opens is {most}", count=Count(len(parts)), most=Count(MAX_PARTS)), file=source)
    total = sum(p.file_size for p in parts)
    if total > MAX_UNPACKED:
        biggest = max(parts, key=lambda p: p.file_size)
        raise EventError(said("the workbook unpacks to {size} ({part} alone {part_size}) from "
                              "{packed}; the most this program unpacks is {most}", size=_mb(total), part=biggest.filename,
                              part_size=_mb(biggest.file_size), packed=_mb(len(data)), most=_mb(MAX_UNPACKED)),
                         file=source)
    for part in parts:
        _refuse_declarations(archive, part, source)
    return archive


def _refuse_declarations(archive: zipfile.ZipFile, part: zipfile.ZipInfo, source: str) -> None:
    """Refuse a part holding ``<!DOCTYPE`` or ``<!ENTITY``, read in chunks (never whole)."""
    tail = b""
    try:
        with archive.open(part) as stream:
            while chunk := stream.read(_CHUNK):
                window = tail + chunk
                if any(d in window for d in _DECLARATIONS):
                    raise EventError(said("the part {filename} of the workbook holds a document type "
                                          "declaration (<!DOCTYPE or <!ENTITY), which no spreadsheet "
                                          "needs and which can make a reader expand text without end "
                                          "or read other files; it is not read", filename=part.filename),
                                     file=source)
                tail = window[-_OVERLAP:]
    except EventError:
        raise
    except (zipfile.BadZipFile, NotImplementedError, ValueError, OSError, EOFError, RuntimeError):
        raise EventError(said("the part {filename} of the workbook cannot be unpacked: it is damaged "
                              "or not what the workbook's directory says it is", filename=part.filename), file=source) from None


def sheet_values(data: bytes, source: str) -> Iterator[tuple[int, list[object]]]:
    """``(row number, values)`` of the first sheet's rows that hold anything, trailing empty cells dropped.

    Raises :class:`EventError` as soon as a row is wider, the sheet deeper or the cells more than any table.
    """
    open_archive(data, source).close()
    from openpyxl import load_workbook
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except (MemoryError, RecursionError):
        raise
    except Exception:  # openpyxl's own errors are many and undocumented: one line, naming the file
        raise EventError(_MALFORMED, file=source) from None
    cells = 0
    try:
        if not book.worksheets:
            raise EventError(said("the workbook has no sheet"), file=source)
        sheet = book.worksheets[0]
        reset = getattr(sheet, "reset_dimensions", None)
        if reset is not None:
            reset()           # the sheet's "dimension" is the file's claim: rows are as long as their last cell
        rows = sheet.iter_rows(max_row=MAX_TABLE_ROWS + 1, values_only=True)
        for number, values in enumerate(rows, 1):
            if number > MAX_TABLE_ROWS:   # openpyxl only gets here when the sheet has a row at least this far down
                raise EventError(said("the sheet goes on past row {most}; no table this "
                                      "program reads has so many rows", most=Count(MAX_TABLE_ROWS)), file=source, line=number)
            if not values:
                continue      # a row the sheet leaves out: openpyxl gives an empty one, costing nothing
            width = len(values)
            while width and values[width - 1] is None:
                width -= 1
            if width > MAX_TABLE_COLUMNS:
                raise EventError(said("this row has a cell in column {letters} (column {width}); no "
                                      "table this program reads has more than {most} "
                                      "columns", letters=_column_letters(width), width=Count(width),
                                          most=MAX_TABLE_COLUMNS), file=source,
                                 line=number)
            if width == 0:
                continue
            cells += width
            if cells > MAX_TABLE_CELLS:
                raise EventError(said("the sheet has more than {most} cells by this row; "
                                      "no table this program reads has so many", most=Count(MAX_TABLE_CELLS)),
                                          file=source, line=number)
            yield number, list(values[:width])
    except EventError:
        raise
    except (MemoryError, RecursionError):
        raise
    except Exception:  # a broken part met while reading the rows
        raise EventError(_MALFORMED, file=source) from None
    finally:
        book.close()


__all__ = ["open_archive", "sheet_values", "MAX_PARTS"]
