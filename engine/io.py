"""Reading and writing event files, choosing the format by the file's ending.

Everything that touches the file system or raw bytes lives here, so the format readers
(:mod:`engine.trf`, :mod:`engine.jsonfmt`, :mod:`engine.chessjson`, :mod:`engine.wallchart`,
:mod:`engine.pgn`) only ever see text and the limits (size, encoding, binary junk) are enforced in one
place.  Every problem surfaces as an :class:`EventError` that names the file.

Read: ``.trf`` ``.txt`` (TRF-16 / TRF-2026), ``.json`` (ours, or Chess-JSON, told apart by their
top-level keys), ``.csv`` (wallchart), ``.pgn`` (games; byes unknown).  Write: ``.trf``, ``.txt``,
``.json`` (ours), ``.csv``.
"""
from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Callable

from .errors import EventError
from .model import Event

#: the largest file we agree to read; real tournament files are a few hundred kilobytes at most
MAX_BYTES = 20 * 1024 * 1024

#: file ending -> format name
READERS: dict[str, str] = {".trf": "trf", ".txt": "trf", ".json": "json", ".csv": "csv", ".pgn": "pgn"}
#: formats we can write (PGN cannot carry byes, so it is read-only)
WRITABLE = ("trf", "json", "csv")

_BOM = "\ufeff"
#: control characters that never occur in a text file (tab, LF, VT, FF, CR are allowed)
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f]")


def supported_endings() -> str:
    """The endings we read, for error messages."""
    return ", ".join(sorted(READERS))


def check_size(size: int, source: str) -> None:
    """Refuse oversized input before decoding it, so a stray upload cannot exhaust memory."""
    if size > MAX_BYTES:
        raise EventError(f"file is too large ({size / 1024 / 1024:.1f} MB); the limit is "
                         f"{MAX_BYTES // (1024 * 1024)} MB", file=source)


def read_limited(path: str | os.PathLike[str]) -> bytes:
    """The bytes of ``path``, or an :class:`EventError` for a missing file, a directory or a huge file."""
    p = Path(path)
    source = str(path)
    try:
        if p.is_dir():
            raise EventError("is a directory, not an event file", file=source)
        if not p.exists():
            raise EventError("file not found", file=source)
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):
            raise EventError(f"is {_kind_of(info.st_mode)}, not an event file", file=source)
        check_size(info.st_size, source)
        # O_NONBLOCK: should the path become a pipe after the check, opening it cannot hang
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise EventError("is not a regular file, not an event file", file=source)
            data = fh.read(MAX_BYTES + 1)
    except EventError:
        raise
    except OSError as exc:
        raise EventError(f"cannot read the file: {exc.strerror or exc}", file=source) from exc
    check_size(len(data), source)
    return data


def decode_text(data: bytes | str, source: str) -> str:
    """Text from bytes: strip a BOM, try UTF-8, fall back to cp1252 then latin-1 (old Windows tools).

    Binary content (NUL bytes or many control characters) is refused with the line it starts on.
    """
    if isinstance(data, str):
        check_size(len(data), source)
        text = data
    elif isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        check_size(len(raw), source)
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        text = _decode_bytes(raw)
    else:
        raise EventError(f"expected text or bytes, not {type(data).__name__}", file=source)
    if text.startswith(_BOM):
        text = text[1:]
    check_binary(text, source)
    return text


def _decode_bytes(raw: bytes) -> str:
    for encoding in ("utf-8", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


def _kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a directory"
    return "not a regular file"


def check_binary(text: str, source: str) -> None:
    """Refuse text that is really binary data: a NUL anywhere, or more than 5% control characters.

    The whole text is looked at (one regular-expression pass), so binary data cannot hide after a
    harmless first page.
    """
    first = _CONTROL.search(text)
    if first is None:
        return
    nul = text.find("\x00")
    if nul >= 0 or len(_CONTROL.findall(text)) * 20 > len(text):
        line = _line_of(text, nul if nul >= 0 else first.start())
        raise EventError("binary content: this is not a text event file", file=source, line=line)


def _line_of(text: str, index: int) -> int:
    """1-based line number of a character offset, counting CRLF, CR and LF as one break each."""
    head = text[:index]
    return head.count("\n") + head.count("\r") - head.count("\r\n") + 1


def _format_of(name: str) -> str:
    ending = Path(name).suffix.lower()
    if ending not in READERS:
        shown = f"'{ending}'" if ending else "no ending"
        raise EventError(f"unknown file type ({shown}); supported endings: {supported_endings()}", file=name)
    return READERS[ending]


def _reader(fmt_name: str) -> Callable[[bytes | str, str], Event]:
    """The reader function of a format (imported lazily: the readers import this module)."""
    if fmt_name == "trf":
        from .trf import read_trf
        return read_trf
    if fmt_name == "csv":
        from .wallchart import read_wallchart
        return read_wallchart
    if fmt_name == "pgn":
        from .pgn import read_pgn
        return read_pgn
    return read_any_json


def read_any_json(data: bytes | str, source: str) -> Event:
    """A ``.json`` file: Chess-JSON when it has a top-level ``filetype`` (and not our format tag), else ours."""
    from .chessjson import looks_like_chessjson, read_chessjson
    from .jsonfmt import read_json
    text = decode_text(data, source)
    return read_chessjson(text, source) if looks_like_chessjson(text) else read_json(text, source)


def load_event(path: str | os.PathLike[str]) -> Event:
    """Read an event file of any supported format, chosen by its ending."""
    fmt_name = _format_of(str(path))
    return _reader(fmt_name)(read_limited(path), str(path))


def read_event_bytes(data: bytes, filename: str) -> Event:
    """Read an uploaded file's bytes; ``filename`` picks the format and names the file in errors."""
    fmt_name = _format_of(filename)
    check_size(len(data), filename)
    return _reader(fmt_name)(data, filename)


def event_text(event: Event, filename: str) -> str:
    """The text of ``event`` in the format ``filename``'s ending asks for (.trf/.txt, .json, .csv)."""
    fmt_name = _format_of(filename)
    if fmt_name == "trf":
        from .trf import write_trf
        return write_trf(event)
    if fmt_name == "csv":
        from .wallchart import write_wallchart
        return write_wallchart(event)
    if fmt_name not in WRITABLE:
        raise EventError(f"cannot write {fmt_name.upper()}: it has no way to record byes and absences; "
                         f"write .trf, .json or .csv", file=filename)
    from .jsonfmt import write_json
    return write_json(event)


def writer_warnings(event: Event, filename: str) -> list[str]:
    """What writing ``event`` in ``filename``'s format leaves out (TRF's fixed columns cut long names)."""
    if _format_of(filename) == "trf":
        from .trf import cut_fields
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
        raise EventError(f"cannot write the file: {exc.strerror or exc}", file=source) from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise EventError(f"is {_kind_of(info.st_mode)}: only a regular file can be written", file=source)
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
        raise EventError(f"cannot write the file: {exc.strerror or exc}", file=source) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
