"""From raw input to text: the limits every reader relies on (size, encoding, binary junk).

The format readers only ever see text that passed through here, so the limits are enforced in one place and
every problem is an :class:`EventError` naming the file (and the line, where there is one).
"""
from __future__ import annotations

import os
import re
import stat
from fractions import Fraction
from pathlib import Path

from engine.core.errors import EventError
from engine.core.said import Count, Said, dec, said

#: the largest file we agree to read; real tournament files are a few hundred kilobytes at most.  "20 MB" means
#: 20,000,000 bytes, as the browser counts it when it refuses a larger upload (Streamlit's file chooser, given
#: ``server.maxUploadSize = 20``, multiplies by 1,000 on every system but Windows, where it takes 1,024), so the
#: app and the command line have one limit and the message can state it exactly
MAX_BYTES = 20_000_000

_BOM = "\ufeff"
#: control characters that never occur in a text file (tab, LF, VT, FF, CR are allowed)
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f]")


def check_size(size: int, source: str) -> None:
    """Refuse oversized input before decoding it, so a stray upload cannot exhaust memory."""
    if size > MAX_BYTES:
        english = format(size / 1_000_000, ",.1f")
        exact = dec(Fraction(size, 1_000_000), 1)
        # the record's decimal, which another language writes with its own mark ("25,0"), where it reads as the
        # English always did (a size of 1,000 MB or more keeps its English grouping)
        megabytes = exact if exact == english else english
        raise EventError(said("file is too large ({megabytes} MB, {bytes} bytes); the limit is {limit} MB "
                              "({limit_bytes} bytes)", megabytes=megabytes, bytes=Count(size),
                              limit=MAX_BYTES // 1_000_000, limit_bytes=Count(MAX_BYTES)), file=source)


def read_limited(path: str | os.PathLike[str]) -> bytes:
    """The bytes of ``path``, or an :class:`EventError` for a missing file, a directory or a huge file."""
    p = Path(path)
    source = str(path)
    try:
        if p.is_dir():
            raise EventError(said("is a directory, not an event file"), file=source)
        if not p.exists():
            raise EventError(said("file not found"), file=source)
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):
            raise EventError(said("is {kind}, not an event file", kind=kind_of(info.st_mode)), file=source)
        check_size(info.st_size, source)
        # O_NONBLOCK: should the path become a pipe after the check, opening it cannot hang
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise EventError(said("is not a regular file, not an event file"), file=source)
            data = fh.read(MAX_BYTES + 1)
    except EventError:
        raise
    except OSError as exc:
        raise EventError(said("cannot read the file: {reason}", reason=exc.strerror or str(exc)), file=source) from exc
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
        raise EventError(said("expected text or bytes, not {kind}", kind=type(data).__name__), file=source)
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


def kind_of(mode: int) -> Said:
    """What a non-regular file is, in words (a phrase of its own, for a sentence in any language)."""
    if stat.S_ISFIFO(mode):
        return said("a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return said("a device")
    if stat.S_ISSOCK(mode):
        return said("a socket")
    if stat.S_ISDIR(mode):
        return said("a directory")
    return said("not a regular file")


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
        line = line_of(text, nul if nul >= 0 else first.start())
        raise EventError(said("binary content: this is not a text event file"), file=source, line=line)


def one_line(text: str) -> str:
    """Free text with its line breaks turned into spaces, so it cannot start a new record or row."""
    return re.sub(r"[\r\n]+", " ", text)


def line_of(text: str, index: int) -> int:
    """1-based line number of a character offset, counting CRLF, CR and LF as one break each."""
    head = text[:index]
    return head.count("\n") + head.count("\r") - head.count("\r\n") + 1
