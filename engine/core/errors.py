"""The one error family of the engine.

Every problem with a user's input (a file, a command-line argument, an edited grid) is raised as an
:class:`EventError` that names *where* it is (file, line, column, or player and round) and *what* is
wrong, in one line a person can act on.  Nothing else escapes the readers or the command line.
"""
from __future__ import annotations

import contextlib
from typing import Any, Iterator, Mapping, TypedDict


class Location(TypedDict, total=False):
    """Where a problem is, as :class:`EventError`'s keyword arguments (``EventError(message, **where)``)."""

    file: str | None
    line: int | None
    column: int | None
    player: int | None
    round: int | None


#: the longest message we print: a value quoted from a hostile file may be megabytes long
MAX_MESSAGE = 500


def _one_line(message: str) -> str:
    """``message`` on one line and at most :data:`MAX_MESSAGE` characters (the middle of a long one is cut)."""
    message = " ".join(str(message).splitlines())
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 60] + " … " + message[-57:]
    return message


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "\\": "\\\\"}


def shown_file(name: str) -> str:
    """A file's name as a message shows it: as it is, or, when it holds a line break or another character that
    does not print (a name can: ``club\\n.trf``), in quotes with those characters written out, so that the
    message stays one line and nobody can make it look like two.

    >>> shown_file("club.trf"), shown_file("a\\nb.trf")
    ('club.trf', '"a\\\\nb.trf"')
    """
    if name.isprintable():
        return name
    out = []
    for ch in name:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}")
    return '"' + "".join(out) + '"'


class EventError(Exception):
    """A problem with an event or with a request about it, located as precisely as we can.

    >>> str(EventError("opponent 17 does not exist", file="club.trf", line=12, column=93))
    'club.trf:12:93: opponent 17 does not exist'
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, player: int | None = None, round: int | None = None,
                 code: str | None = None, values: Mapping[str, Any] | None = None):
        from engine.core.said import Said
        #: the message as a record (:class:`~engine.core.said.Said`) when the engine wrote it from a template, so
        #: that the app writes it again in the reader's language; None when only the English exists
        self.said: Any = message if isinstance(message, Said) and _one_line(message) == message else None
        message = _one_line(message)
        super().__init__(message)
        self.message = message
        #: the kind of problem and its values, for a reader in another language: the message is the English
        #: sentence, the app writes the same ``code`` from its own template (None: only the English exists)
        self.code = code
        self.values: dict[str, Any] = dict(values or {})
        self.file = file
        self.line = line
        self.column = column
        self.player = player
        self.round = round

    def located(self, *, file: str | None = None, line: int | None = None) -> "EventError":
        """The same error with a file (and line) filled in where it had none."""
        return EventError(self.said or self.message, file=self.file or file, line=self.line or line,
                          column=self.column, player=self.player, round=self.round, code=self.code, values=self.values)

    def __reduce__(self) -> str | tuple[Any, ...]:
        """Pickled whole (a job's process sends it to the page): its record, place and values travel with it.  A
        subclass keeps the usual way (its own arguments)."""
        if type(self) is not EventError:
            return super().__reduce__()
        return (_rebuilt, (self.said or self.message, self.file, self.line, self.column, self.player, self.round,
                           self.code, self.values))

    def line_said(self) -> str:
        """The error's whole line to quote inside another message: its record when the line is only the message
        (nothing located), so that the other message is written again in the reader's language with it; else the
        English line."""
        return self.said if self.said is not None and str(self) == self.said else str(self)

    def place(self) -> str:
        """Where in a file the error is, as every language writes it: ``name.trf:12:5`` ("" without a file)."""
        if not self.file:
            return ""
        where = shown_file(self.file)
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return where

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.place() + ": "
        elif self.line:
            where = f"line {self.line}: "
        what = self.message
        if self.player is not None and self.round is not None and "player" not in what:
            what = f"player {self.player}, round {self.round}: {what}"
        elif self.player is not None and "player" not in what:
            what = f"player {self.player}: {what}"
        return where + what


def _rebuilt(message: str, file: str | None, line: int | None, column: int | None, player: int | None,
             round: int | None, code: str | None, values: Mapping[str, Any]) -> EventError:
    return EventError(message, file=file, line=line, column=column, player=player, round=round, code=code,
                      values=values)


@contextlib.contextmanager
def reading(source: str, *, known: tuple[type[BaseException], ...] = (), what: str | None = None) -> Iterator[None]:
    """Turn whatever a reader trips over into one :class:`EventError` naming ``source``.

    Readers raise precise errors themselves; this is the net under them, so a slip (a malformed
    file reaching an unexpected branch) still ends in one clear line and never in a traceback.
    ``known`` exceptions (e.g. ``csv.Error``) are reported with their own message.
    """
    from engine.core.said import said
    try:
        yield
    except EventError:
        raise
    except known as exc:
        raise EventError(said("cannot read {what}: {reason}", what=what or said("the file"), reason=str(exc)),
                         file=source) from None
    except Exception as exc:
        raise EventError(said("cannot read {what}: {reason}", what=what or said("the file"), reason=plain_reason(exc)),
                         file=source) from None


def plain_reason(exc: BaseException) -> str:
    """Why something failed, in our words: never Python's own message, which may name interpreter settings,
    server paths or internals a user cannot act on.

    >>> plain_reason(ValueError("Exceeds the limit (4300 digits) for integer string conversion"))
    'a number in it has far too many digits'
    >>> plain_reason(FileNotFoundError(2, "No such file or directory"))
    'no such file or directory'
    """
    from engine.core.said import said
    if isinstance(exc, EventError):
        return exc.said or exc.message
    if isinstance(exc, MemoryError):
        return said("it needs more memory than this computer has free (it is far larger than any real event)")
    if isinstance(exc, RecursionError):
        return said("it is nested too deeply")
    if isinstance(exc, OverflowError):
        return said("a number in it is too large")
    if isinstance(exc, ZeroDivisionError):
        return said("a number in it divides by zero")
    if isinstance(exc, UnicodeError):
        return said("some of its text is not valid Unicode")
    if isinstance(exc, ValueError):
        if "digits" in str(exc) and "integer" in str(exc):
            return said("a number in it has far too many digits")
        return said("a value in it has the wrong form")
    if isinstance(exc, OSError):
        reason = (exc.strerror or "").strip()
        return reason[:1].lower() + reason[1:] if reason else said("the operating system refused to read or write it")
    if isinstance(exc, (TypeError, KeyError, IndexError, AttributeError)):
        return said("part of it has an unexpected structure")
    return said("it holds something this program does not understand")


def located(message: str, *, file: str | None = None, line: int | None = None) -> str:
    """A warning's one line as :class:`EventError` writes it (``club.trf:12: record 999 ... skipped``), kept as a
    record (:class:`~engine.core.said.Said`) when the message is one, so that the app writes the warning again in
    the reader's language with its place as it is."""
    from engine.core.said import Said, said
    text = str(EventError(message, file=file, line=line))
    if not isinstance(message, Said) or not text.endswith(message):
        return text
    if file:
        where = text[:len(text) - len(message) - 2]
        record = said("{where}: {message}", where=where, message=message)
    elif line:
        record = said("line {line}: {message}", line=line, message=message)
    else:
        return message
    return record if record == text else text
