"""The one error family of the engine.

Every problem with a user's input (a file, a command-line argument, an edited grid) is raised as an
:class:`EventError` that names *where* it is (file, line, column, or player and round) and *what* is
wrong, in one line a person can act on.  Nothing else escapes the readers or the command line.
"""
from __future__ import annotations

import contextlib
from typing import Iterator


class EventError(Exception):
    """A problem with an event or with a request about it, located as precisely as we can.

    >>> str(EventError("opponent 17 does not exist", file="club.trf", line=12, column=93))
    'club.trf:12:93: opponent 17 does not exist'
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, player: int | None = None, round: int | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.player = player
        self.round = round

    def located(self, *, file: str | None = None, line: int | None = None) -> "EventError":
        """The same error with a file (and line) filled in where it had none."""
        return EventError(self.message, file=self.file or file, line=self.line or line, column=self.column,
                          player=self.player, round=self.round)

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line:
                where += f":{self.line}"
                if self.column:
                    where += f":{self.column}"
            where += ": "
        elif self.line:
            where = f"line {self.line}: "
        what = self.message
        if self.player is not None and self.round is not None and "player" not in what:
            what = f"player {self.player}, round {self.round}: {what}"
        elif self.player is not None and "player" not in what:
            what = f"player {self.player}: {what}"
        return where + what


@contextlib.contextmanager
def reading(source: str, *, known: tuple[type[BaseException], ...] = (), what: str = "the file") -> Iterator[None]:
    """Turn whatever a reader trips over into one :class:`EventError` naming ``source``.

    Readers raise precise errors themselves; this is the net under them, so a slip (a malformed
    file reaching an unexpected branch) still ends in one clear line and never in a traceback.
    ``known`` exceptions (e.g. ``csv.Error``) are reported with their own message.
    """
    try:
        yield
    except EventError:
        raise
    except RecursionError:
        raise EventError(f"cannot read {what}: it is nested too deeply", file=source) from None
    except known as exc:
        raise EventError(f"cannot read {what}: {exc}", file=source) from None
    except Exception as exc:
        raise EventError(f"cannot read {what} ({type(exc).__name__}: {exc})", file=source) from exc
