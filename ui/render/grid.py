"""The Build-event grids: an :class:`Event` as two editable tables, and back.

The editor shows two frames:

* the players frame: ``tpn`` (Int64), ``name`` (str), ``rating`` (digits as text, blank when unrated), ``on_time`` (bool);
* the results frame: ``tpn``, ``name``, ``pts`` (read-only helpers) and one text column per round,
  ``R1`` .. ``Rn``, in the compact wallchart notation (``+W9``, ``=B13``, ``-F11``, ``PAB`` ...).

Only the tables are made here: what a user may type, and how an edit becomes a validated event, is the
engine's (:mod:`engine.events.editing`); :func:`frames_to_event` hands it the grids' values.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

import pandas as pd

from engine.core.exact import nice
from engine.core.model import HALF, ONE, ZERO, Entry, Event, Kind
from engine.core.notation import full_notation
from engine.events.editing import edited_event

PLAYER_COLUMNS = ("tpn", "name", "rating", "on_time")
INFO_COLUMNS = ("tpn", "name", "pts")


# -- notation ---------------------------------------------------------------------------------------

def round_column(rnd: int) -> str:
    """The results-frame column of round ``rnd`` (1-based)."""
    return f"R{rnd}"


def round_columns(frame: pd.DataFrame) -> list[str]:
    """The round columns of a results frame, in round order."""
    cols = [c for c in frame.columns if re.fullmatch(r"R[0-9]+", str(c))]
    return sorted(cols, key=lambda c: int(c[1:]))


# -- Event -> frames --------------------------------------------------------------------------------

def players_frame(event: Event) -> pd.DataFrame:
    """The players grid: one row per player in pairing-number order."""
    players = sorted(event.players, key=lambda p: p.tpn)
    return pd.DataFrame({
        "tpn": pd.array([p.tpn for p in players], dtype="Int64"),
        "name": pd.Series([p.name for p in players], dtype="string"),
        # text, blank for an unrated player: a number column shows a missing rating as "None"
        "rating": pd.Series(["" if p.rating is None else str(p.rating) for p in players], dtype="string"),
        "on_time": pd.Series([bool(p.on_time) for p in players], dtype="bool"),
    })


def results_frame(event: Event) -> pd.DataFrame:
    """The results grid: ``tpn``, ``name``, ``pts`` and one notation column per round.

    An absence shows as ``ABS``, except in rounds nobody has been paired in yet (a file after round 4 of 9,
    an event just created): those cells are left empty, the visible "to be entered" of a wallchart.  Byes
    requested ahead of time still show there, and a game still to be played shows as ``?W9``.
    """
    unpaired = event.first_round_to_pair()
    players = sorted(event.players, key=lambda p: p.tpn)
    data: dict[str, Any] = {
        "tpn": pd.array([p.tpn for p in players], dtype="Int64"),
        "name": pd.Series([p.name for p in players], dtype="string"),
        "pts": pd.Series([nice(event.score(p.tpn)) for p in players], dtype="string"),
    }
    for rnd in range(1, event.rounds + 1):
        cells = []
        for p in players:
            e = event.entry(p.tpn, rnd)
            cells.append("" if e.kind is Kind.ABS and rnd >= unpaired else full_notation(e))
        data[round_column(rnd)] = pd.Series(cells, dtype="string")
    return pd.DataFrame(data)


# -- frames -> Event --------------------------------------------------------------------------------

def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The frame's rows as plain dicts, a missing value (``NA``, ``NaN``) as None."""
    plain = frame.reset_index(drop=True).astype(object)
    return plain.where(plain.notna(), None).to_dict("records")


def frames_to_event(players_df: pd.DataFrame, results_df: pd.DataFrame, base: Event) -> Event:
    """The event the two grids describe (:func:`engine.events.editing.edited_event`); :class:`~engine.core.errors.EventError`
    naming the cell to fix, ``base`` left as it was."""
    cols = round_columns(results_df)
    rows = [(row.get("tpn"), [row[c] for c in cols]) for row in _records(results_df)]
    return edited_event(_records(players_df), rows, len(cols), base)


def with_one_result(event: Event, tpn: int, rnd: int, text: str) -> Event:
    """The event with one cell of the results grid retyped: player ``tpn``'s round ``rnd`` as ``text``.

    The form that enters one result (for keyboards and screen readers, which cannot use the canvas grid)
    goes through the very checks of the grid: the cell is put into the grid's own table and the whole table
    read back by :func:`frames_to_event`, so a bad cell gets the same message naming it, a one-sided result
    is mirrored onto the opponent, and ``event`` is left as it was on any error.
    """
    results = results_frame(event)
    results.loc[results["tpn"] == tpn, round_column(rnd)] = text
    return frames_to_event(players_frame(event), results, event)


# -- read-only views --------------------------------------------------------------------------------

def default_preset(event: Event) -> str:
    """The preset an event starts with when it names none itself (see :func:`engine.events.settings.default_ordering`)."""
    from engine.events.settings import default_ordering
    return default_ordering(event)[0]


def pairings_frame(event: Event, rnd: int, boards: Iterable[tuple[int, int]]) -> pd.DataFrame:
    """A pairing list: board, White, Black and the result so far (empty while it waits)."""
    out: dict[str, list] = {"Board": [], "White": [], "Black": [], "Result": []}
    for i, (w, b) in enumerate(boards, start=1):
        out["Board"].append(i)
        out["White"].append(f"{w} {event.player(w).name}")
        out["Black"].append(f"{b} {event.player(b).name}")
        out["Result"].append(_result_text(event.entry(w, rnd), event.entry(b, rnd)))
    return pd.DataFrame({k: pd.Series(v, dtype="Int64" if k == "Board" else "string") for k, v in out.items()})


def _result_text(white: Entry, black: Entry) -> str:
    """Board notation of a result: ``1-0``, ``½-½``, ``0-1``, ``+/-``, ``-/+``, ``-/-``; empty if none yet."""
    if white.kind is Kind.G:
        return {ONE: "1-0", HALF: "½-½", ZERO: "0-1"}[white.points]
    if white.kind is Kind.FW:
        return "+/-"
    if white.kind is Kind.FL:
        return "-/-" if black.kind is Kind.FL else "-/+"
    return ""          # no result yet (a game still to be played)


def download_name(title: str, ending: str) -> str:
    """A safe file name for a download: the event title reduced to letters, digits, dashes."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", title or "").strip("-").lower()[:60] or "event"
    return f"{stem}.{ending}"
