"""The one error family of the engine.

Every problem with a user's input (a file, a command-line argument, an edited grid) is raised as an
:class:`EventError` that names *where* it is (file, line, column, or player and round) and *what* is
wrong, in one line a person can act on.  Nothing else escapes the readers or the command line.
"""
from __future__ import annotations


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
