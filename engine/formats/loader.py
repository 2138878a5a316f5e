"""Reading and writing event files, choosing the format by the file's ending.

Everything that touches the file system or raw bytes lives here, so the format readers
(:mod:`engine.formats.trf`, :mod:`engine.formats.jsonfmt`, :mod:`engine.formats.chessjson`, :mod:`engine.formats.wallchart`,
:mod:`engine.formats.pgn`) only ever see text and the limits (size, encoding, binary junk) are enforced in one
place.  Every problem surfaces as an :class:`EventError` that names the file.

Read: ``.trf`` ``.txt`` (TRF-16 / TRF-2026), ``.json`` (ours, or Chess-JSON, told apart by their
top-level keys), ``.csv`` (wallchart), ``.pgn`` (games; byes unknown).  Write: ``.trf``, ``.txt``,
``.json`` (ours), ``.csv``.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Callable

from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.said import Joined, said
from engine.formats.source import check_size, decode_text, kind_of, read_limited

#: file ending -> format name
READERS: dict[str, str] = {".trf": "trf", ".txt": "trf", ".json": "json", ".csv": "csv", ".pgn": "pgn"}
#: formats we can write (PGN cannot carry byes, so it is read-only)
WRITABLE = ("trf", "json", "csv")

def supported_endings() -> str:
    """The endings we read, for error messages."""
    return ", ".join(sorted(READERS))


def _format_of(name: str) -> str:
    ending = Path(name).suffix.lower()
    if ending not in READERS:
        if ending:
            raise EventError(said("unknown file type ('{ending}'); supported endings: {endings}", ending=ending,
                                  endings=supported_endings()), file=name)
        raise EventError(said("unknown file type (no ending); supported endings: {endings}",
                              endings=supported_endings()), file=name)
    return READERS[ending]


def _reader(fmt_name: str) -> Callable[[bytes | str, str], Event]:
    """The reader function of a format (imported lazily: the readers import this module)."""
    if fmt_name == "trf":
        from engine.formats.trf import read_trf
        return read_trf
    if fmt_name == "csv":
        from engine.formats.wallchart import read_wallchart
        return read_wallchart
    if fmt_name == "pgn":
        from engine.formats.pgn import read_pgn
        return read_pgn
    return read_any_json


def read_any_json(data: bytes | str, source: str) -> Event:
    """A ``.json`` file: Chess-JSON when it has a top-level ``filetype`` (and not our format tag), else ours."""
    from engine.formats.chessjson import looks_like_chessjson, read_chessjson
    from engine.formats.jsonfmt import read_json
    text = decode_text(data, source)
    return read_chessjson(text, source) if looks_like_chessjson(text) else read_json(text, source)


def load_event(path: str | os.PathLike[str]) -> Event:
    """Read an event file of any supported format, chosen by its ending."""
    fmt_name = _format_of(str(path))
    return _reader(fmt_name)(read_limited(path), str(path))


def reader_warnings(event: Event) -> list[str]:
    """The repairs a reader made while reading ``event`` (a bye written in an unusual way, a points column
    that disagrees with the results, a skipped record), one line each naming the file and line; empty
    for a clean file.  The command line prints them and the app lists them after an upload (each a record, when
    the file was just read, which the app writes in the reader's language)."""
    text = event.header.get("warnings", "")
    if isinstance(text, Joined):
        return [item if isinstance(item, str) else str(item) for item in text.items]
    return text.split("\n") if text else []


#: how the readers word a points column that disagrees with the results (:func:`engine.formats.trf._check_points`)
POINTS_DISAGREE = "points column says"


def points_disagreements(event: Event) -> int:
    """For how many players the file's own points column disagreed with its results when it was read (the
    results are what counts; a parent comparing with the printed table needs to know)."""
    return sum(1 for line in reader_warnings(event) if POINTS_DISAGREE in line)


def read_event_bytes(data: bytes, filename: str) -> Event:
    """Read an uploaded file's bytes; ``filename`` picks the format and names the file in errors."""
    fmt_name = _format_of(filename)
    check_size(len(data), filename)
    return _reader(fmt_name)(data, filename)


def event_text(event: Event, filename: str) -> str:
    """The text of ``event`` in the format ``filename``'s ending asks for (.trf/.txt, .json, .csv)."""
    fmt_name = _format_of(filename)
    if fmt_name == "trf":
        from engine.formats.trf import write_trf
        return write_trf(event)
    if fmt_name == "csv":
        from engine.formats.wallchart import write_wallchart
        return write_wallchart(event)
    if fmt_name not in WRITABLE:
        raise EventError(said("cannot write {format}: it has no way to record byes and absences; write .trf, .json "
                              "or .csv", format=fmt_name.upper()), file=filename)
    from engine.formats.jsonfmt import write_json
    return write_json(event)


def writer_warnings(event: Event, filename: str) -> list[str]:
    """What writing ``event`` in ``filename``'s format leaves out (TRF's fixed columns cut long names)."""
    if _format_of(filename) == "trf":
        from engine.formats.trf import cut_fields
        return cut_fields(event)
    return []


def save_event(event: Event, path: str | os.PathLike[str]) -> None:
    """Write ``event`` to ``path`` (UTF-8; TRF keeps its CRLF line ends) without ever destroying ``path``.

    The text is built whole first, written to a temporary file beside the target and moved over it only
    when complete, so a failure at any point (a refused event, a full disk) leaves the old file as it was.
    A target that exists and is not a regular file (a named pipe, a device, a directory) is refused.
    """
    source = str(path)
    try:
        text = event_text(event, source)
    except EventError as exc:
        raise exc.located(file=source) from None
    write_atomically(path, text.encode("utf-8"))


def _umask() -> int:
    """The process's file-creation mask, read without changing it (os.umask would, for every thread)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o022


def write_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` by ``data`` in one step (temporary file beside it, then rename), or leave it alone."""
    source = str(path)
    target = Path(path)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise EventError(said("cannot write the file: {reason}", reason=exc.strerror or str(exc)), file=source) from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise EventError(said("is {kind}: only a regular file can be written", kind=kind_of(info.st_mode)), file=source)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if info is not None:
            os.chmod(tmp, stat.S_IMODE(info.st_mode))      # keep the old file's permissions
        else:
            os.chmod(tmp, 0o666 & ~_umask())                # what a plain open() would have given
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise EventError(said("cannot write the file: {reason}", reason=exc.strerror or str(exc)), file=source) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
