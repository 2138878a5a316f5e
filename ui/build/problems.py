"""The grids' problems in the session's language.

The engine keeps each problem's English sentence (its message, which the tests and the command line read) and,
for the problems a person meets typing in the grids, the kind of problem and its values
(the ``code`` and ``values`` of an :class:`engine.core.errors.EventError`); these are written here from whole
templates in the session's language.  A problem without a code is written from its record (a file reader's
message, :func:`i18n.said.error_text`), or, without one, or in English, shown as the engine wrote it.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import EventError
from i18n.catalog import N_
from i18n.said import error_text
from ui.build.words import help_tokens
from ui.session.language import current, t, tr

#: one template per kind of problem (``code``), the English exactly as the engine writes it
TEMPLATES: dict[str, str] = {
    "not_a_result": N_("{cell}: '{text}' is not a result; write {tokens}"),
    "self_pairing": N_("{cell}: '{text}' pairs the player with themselves"),
    "removed_opponent": N_("{gone} (number {number}) was removed, but {cell} still names them; clear that result "
                           "first"),
    "unknown_opponent": N_("{cell}: '{text}' names player {number}, but there is no player with that number"),
    "row_number_not_whole": N_("players row {row}: the number {text} is not a whole number"),
    "row_number_too_small": N_("players row {row}: the number must be 1 or more, not {number}"),
    "row_number_used": N_("players row {row}: number {number} is already used by players row {other}"),
    "row_name_empty": N_("players row {row}: the name is empty; type a name (or delete the row)"),
    "row_rating_not_whole": N_("players row {row} ({name}): the rating {text} is not a whole number"),
    "row_rating_out_of_range": N_("players row {row} ({name}): a rating of {rating} is out of range (0 to {most})"),
    "no_players": N_("the event needs at least one player; add a row to the players grid"),
}


def _cell(values: dict[str, Any]) -> str:
    """``row 3 (Ana), R2``: the grid's cell a problem is in."""
    if values.get("row"):
        return t("row {row} ({who}), R{round}", row=values["row"], who=values["who"], round=values["round"])
    return t("player {player} ({who}), R{round}", player=values["player"], who=values["who"], round=values["round"])


def problem_text(exc: EventError) -> str:
    """The problem in the session's language (as the engine wrote it when it has no template, or in English)."""
    if current() == "en" or exc.code not in TEMPLATES:
        return error_text(tr(), exc)          # a reader's message written from its record, else as the engine wrote it
    values = dict(exc.values)
    if "round" in values and "who" in values:
        values["cell"] = _cell(values)
    if exc.code == "not_a_result":
        values["tokens"] = help_tokens()
    return t(TEMPLATES[exc.code], **values)
