"""Editing an event as a tournament director does at the wallchart: cells typed in the compact notation,
rounds and players added or removed.

Pure functions behind the Build-event page's grids, so every rule about what a user may type is checked
here, without a screen.  :func:`edited_event` turns what the user typed back into a validated event.  It
never half-applies: either a complete new event comes back, or an :class:`EventError` that names the cell
to fix.  Because typing both halves of every game is tedious and error-prone, a result typed on one side
only is mirrored onto the opponent's empty cell, and a correction of one side of an existing game carries
over to the untouched other side.
"""
from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from engine.core.errors import EventError
from engine.core.limits import MAX_RATING
from engine.core.model import ABSENT, ONE, Entry, Event, Kind, Player, complement, make_event, sides_agree
from engine.core.notation import full_notation, parse_notation
from engine.core.said import said

HELP_TOKENS = "+W9, =B9, -B9, +F9, -F9, ?W9 (still to be played), PAB, HPB, FPB, ZPB or ABS"

#: one row of the results table: the number typed in it (None: blank) and its cells, round by round
ResultRow = tuple[Any, Sequence[Any]]


# -- notation ---------------------------------------------------------------------------------------

def parse_token(token: str, pab_points: Fraction = ONE) -> Entry:
    """One cell as an :class:`Entry`; ``ValueError`` if it is not a result.  Empty means absent."""
    text = (token or "").strip()
    try:
        return parse_notation(text, "grid", pab_points=pab_points)
    except EventError:
        raise ValueError(text) from None


# -- edited rows -> Event ----------------------------------------------------------------------------

def _blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, str) and not value.strip()


def _whole(value: Any) -> int | None:
    """A whole number from a cell (an int, a float from an added row, or digit text)."""
    if _blank(value):
        return None
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, str):
        if not re.fullmatch(r"\s*[0-9]+\s*", value):
            raise ValueError(value)
        return int(value)
    number = float(value)
    if not number.is_integer():
        raise ValueError(value)
    return int(number)


def players_from_rows(rows: Sequence[Mapping[str, Any]], base: Event) -> list[Player]:
    """The player list the rows describe (``tpn``, ``name``, ``rating``, ``on_time``; a missing or blank
    value is None); new rows get the next free pairing numbers."""
    given: list[int | None] = []
    for i in range(len(rows)):
        raw = rows[i].get("tpn")
        try:
            given.append(_whole(raw))
        except ValueError:
            raise EventError(f"players row {i + 1}: the number {raw!r} is not a whole number", code="row_number_not_whole",
                             values={"row": i + 1, "text": repr(raw)}) from None
    next_tpn = max([t for t in given if t is not None] + [0]) + 1
    old = {p.tpn: p for p in base.players}
    players: list[Player] = []
    seen: dict[int, int] = {}
    for i in range(len(rows)):
        where = f"players row {i + 1}"
        name = rows[i].get("name")
        name = "" if _blank(name) else str(name).strip()
        tpn = given[i]
        if tpn is None:
            tpn, next_tpn = next_tpn, next_tpn + 1
        if tpn < 1:
            raise EventError(f"{where}: the number must be 1 or more, not {tpn}", code="row_number_too_small",
                             values={"row": i + 1, "number": tpn})
        if tpn in seen:
            raise EventError(f"{where}: number {tpn} is already used by players row {seen[tpn]}",
                             code="row_number_used", values={"row": i + 1, "number": tpn, "other": seen[tpn]})
        seen[tpn] = i + 1
        if not name:
            raise EventError(f"{where}: the name is empty; type a name (or delete the row)", code="row_name_empty",
                             values={"row": i + 1})
        raw_rating = rows[i].get("rating")
        try:
            rating = _whole(raw_rating)
        except ValueError:
            raise EventError(f"{where} ({name}): the rating {raw_rating!r} is not a whole number",
                             code="row_rating_not_whole", values={"row": i + 1, "name": name,
                                                                   "text": repr(raw_rating)}) from None
        if rating is not None and not 0 <= rating <= MAX_RATING:
            raise EventError(f"{where} ({name}): a rating of {rating} is out of range (0 to {MAX_RATING})",
                             code="row_rating_out_of_range", values={"row": i + 1, "name": name, "rating": rating,
                                                                      "most": MAX_RATING})
        on_time = rows[i].get("on_time", True)
        on_time = True if _blank(on_time) else bool(on_time)
        prior = old.get(tpn)
        if prior is not None:
            players.append(replace(prior, name=name, rating=rating or None, on_time=on_time))
        else:
            players.append(Player(tpn, name, rating=rating or None, on_time=on_time))
    if not players:
        raise EventError("the event needs at least one player; add a row to the players grid", code="no_players")
    return players


def edited_event(player_rows: Sequence[Mapping[str, Any]], result_rows: Sequence[ResultRow], rounds: int,
                 base: Event) -> Event:
    """The event the edited rows describe, validated; ``base`` supplies everything the rows do not show.

    ``player_rows`` as :func:`players_from_rows`; ``result_rows``: per row of the results table, the number
    typed in it (None: the row's place in ``base``) and its cells for rounds 1 .. ``rounds``.

    Raises :class:`EventError` naming the cell ("row 3 (Bob), R2: ...") and leaves ``base`` as it was.
    A result on one side only is mirrored onto the opponent's empty or ``ABS`` cell; if one side of an
    existing game was changed and the other left as it was, the change carries over.  Two typed sides
    that contradict each other are refused with both cells named.  In a cell whose game is still to be
    played (``?W9``), a bare ``+``, ``=``, ``-``, ``+F`` or ``-F`` is enough.

    Kept as one function: its two passes (1. read every cell, 2. pair up both sides of every game) share
    the rows typed so far and the way a cell is named in every message.
    """
    players = players_from_rows(player_rows, base)
    tpns = {p.tpn for p in players}
    names = {p.tpn: p.name for p in players}
    row_of: dict[int, int] = {}
    for i, (number, _cells) in enumerate(result_rows):
        try:
            t = _whole(number)
        except ValueError:
            t = None
        if t is None:
            t = sorted(base.tpns)[i] if i < len(base.tpns) else None
        if t is not None:
            row_of[t] = i
    label_row = {t: i + 1 for i, t in enumerate(sorted(row_of, key=row_of.__getitem__))}

    def cell(t: int, rnd: int) -> str:
        row = label_row.get(t)
        who = names.get(t) or (base.player(t).name if t in base.entries else "?")
        return said("row {row} ({who}), R{round}", row=row, who=who, round=rnd) if row else \
            said("player {player} ({who}), R{round}", player=t, who=who, round=rnd)

    def where(t: int, rnd: int) -> dict[str, Any]:
        """The cell as values: its row in the grid (or the player's number), the player's name, the round."""
        return {"row": label_row.get(t), "player": t, "round": rnd,
                "who": names.get(t) or (base.player(t).name if t in base.entries else "?")}

    board_of: dict[tuple[int, int], tuple[int, int]] = {}
    for rnd, w, b in base.pending_games():        # a game still to be played is a board waiting for its result
        board_of[(rnd, w)] = board_of[(rnd, b)] = (w, b)

    # 1. read every cell
    typed: dict[int, list[Entry]] = {}
    for t, i in row_of.items():
        if t not in tpns:
            continue
        row: list[Entry] = []
        cells = list(result_rows[i][1])
        for rnd in range(1, rounds + 1):
            raw = cells[rnd - 1] if rnd <= len(cells) else None
            text = "" if _blank(raw) else str(raw).strip()
            text = _expand_short(text, board_of.get((rnd, t)), t)
            try:
                entry = parse_token(text, base.pab_points)
            except ValueError:
                raise EventError(f"{cell(t, rnd)}: '{text}' is not a result; write {HELP_TOKENS}", code="not_a_result",
                                 values={**where(t, rnd), "text": text}) from None
            if not _changed(base, t, rnd, entry):
                entry = base.entry(t, rnd)      # unchanged: keep what the cell cannot show (e.g. file flags)
            if entry.kind.has_opponent:
                if entry.opponent == t:
                    raise EventError(f"{cell(t, rnd)}: '{text}' pairs the player with themselves", code="self_pairing",
                                     values={**where(t, rnd), "text": text})
                if entry.opponent is not None and entry.opponent in base.entries and entry.opponent not in tpns:
                    gone = base.player(entry.opponent)
                    raise EventError(f"{gone.name} (number {gone.tpn}) was removed, but {cell(t, rnd)} still "
                                     f"names them; clear that result first", code="removed_opponent",
                                     values={**where(t, rnd), "gone": gone.name, "number": gone.tpn})
                if entry.opponent not in tpns:
                    raise EventError(f"{cell(t, rnd)}: '{text}' names player {entry.opponent}, but there is no "
                                     f"player with that number", code="unknown_opponent",
                                     values={**where(t, rnd), "text": text, "number": entry.opponent})
            row.append(entry)
        typed[t] = row
    for t in tpns:
        typed.setdefault(t, [ABSENT] * rounds)

    # 2. pair up both sides of every game
    final = {t: list(row) for t, row in typed.items()}
    for t in sorted(tpns):
        for rnd in range(1, rounds + 1):
            mine = final[t][rnd - 1]
            if not mine.kind.has_opponent:
                continue
            o = mine.opponent
            assert o is not None
            theirs = final[o][rnd - 1]
            if sides_agree(mine, t, theirs, o):
                continue
            if theirs.kind is Kind.ABS:
                was = base.entry(o, rnd) if o in base.entries else ABSENT
                if was.opponent == t and _changed(base, o, rnd, theirs) and not _changed(base, t, rnd, mine):
                    final[t][rnd - 1] = ABSENT                   # one side cleared: the game is gone
                else:
                    final[o][rnd - 1] = complement(mine, t)      # one side typed: mirror it
                continue
            mine_changed = _changed(base, t, rnd, mine)
            theirs_changed = _changed(base, o, rnd, theirs)
            if theirs.kind.has_opponent and theirs.opponent == t and mine_changed and not theirs_changed:
                final[o][rnd - 1] = complement(mine, t)          # a correction of one side
                continue
            if mine.kind.has_opponent and theirs.kind.has_opponent and theirs.opponent == t \
                    and theirs_changed and not mine_changed:
                final[t][rnd - 1] = complement(theirs, o)
                continue
            raise EventError(_disagreement(cell(t, rnd), mine, cell(o, rnd), theirs, o, t))
    try:
        return make_event(base.name, players, final, rounds=rounds, event_type=base.event_type, date=base.date,
                          pab_points=base.pab_points, file_tiebreaks=base.file_tiebreaks, header=base.header)
    except EventError as exc:
        if exc.player is not None and exc.round is not None:
            raise EventError(said("{cell}: {message}", cell=cell(exc.player, exc.round),
                                  message=exc.said or exc.message)) from None
        raise


def _expand_short(text: str, board: tuple[int, int] | None, tpn: int) -> str:
    """``+`` / ``=`` / ``-`` / ``+F`` / ``-F`` in a cell with a pending pairing, written out in full."""
    if board is None or text.upper() not in ("+", "=", "-", "½", "+F", "-F", "1", "0"):
        return text
    white, black = board
    colour, opp = ("W", black) if tpn == white else ("B", white)
    up = text.upper()
    if up.endswith("F"):
        return f"{up[0]}F{opp}"
    sign = {"1": "+", "0": "-", "½": "="}.get(up, up)
    return f"{sign}{colour}{opp}"


def _changed(base: Event, tpn: int, rnd: int, entry: Entry) -> bool:
    """Did the user change this cell from what the current event holds?"""
    if tpn not in base.entries:
        return True
    return full_notation(base.entry(tpn, rnd)) != full_notation(entry)


def _disagreement(where_a: str, a: Entry, where_b: str, b: Entry, b_tpn: int, a_tpn: int) -> str:
    cells = {"cell_a": where_a, "a": full_notation(a), "cell_b": where_b, "b": full_notation(b) or "ABS"}
    if b.kind.has_opponent and b.opponent != a_tpn:
        return said("{cell_a} says '{a}', but {cell_b} says '{b}': player {player} cannot play two games in one "
                    "round. Change one of the two cells", player=b_tpn, **cells)
    if not b.kind.has_opponent:
        return said("{cell_a} says '{a}', but {cell_b} says '{b}' (no game). Change one of the two cells", **cells)
    return said("{cell_a} says '{a}' and {cell_b} says '{b}': the two sides of one game disagree (one side's win "
                "is the other's loss, and the colours differ). Change one of the two cells", **cells)


# -- rounds and players ------------------------------------------------------------------------------

def add_round(event: Event) -> Event:
    """The event with one more round, everyone absent in it (cells to fill)."""
    return event.with_entries(event.entries, rounds=event.rounds + 1)


def remove_last_round(event: Event) -> Event:
    """The event without its last round (refused when there is only none left)."""
    if event.rounds < 1:
        raise EventError(said("there is no round to remove"))
    return event.with_entries({t: row[:-1] for t, row in event.entries.items()}, rounds=event.rounds - 1)


def add_player(event: Event, name: str, rating: int | None = None, on_time: bool = True) -> Event:
    """The event with a new player at the next pairing number, absent in every round so far."""
    name = (name or "").strip()
    if not name:
        raise EventError(said("a new player needs a name"))
    tpn = max(event.tpns, default=0) + 1
    players = list(event.players) + [Player(tpn, name, rating=rating or None, on_time=on_time)]
    entries = dict(event.entries)
    entries[tpn] = (ABSENT,) * event.rounds
    return make_event(event.name, players, entries, rounds=event.rounds, event_type=event.event_type,
                      date=event.date, pab_points=event.pab_points, file_tiebreaks=event.file_tiebreaks,
                      header=event.header)


def remove_player(event: Event, tpn: int) -> Event:
    """The event without player ``tpn``; refused while somebody's result still names them."""
    gone = event.player(tpn)
    for p in event.players:
        for rnd, e in enumerate(event.entries[p.tpn], start=1):
            if p.tpn != tpn and e.kind.has_opponent and e.opponent == tpn:
                raise EventError(said("{gone} (number {number}) played {other} in R{round}; clear that result "
                                      "before removing the player", gone=gone.name, number=tpn, other=p.name,
                                      round=rnd))
    if len(event.players) == 1:
        raise EventError(said("an event needs at least one player"))
    players = [p for p in event.players if p.tpn != tpn]
    entries = {t: row for t, row in event.entries.items() if t != tpn}
    return make_event(event.name, players, entries, rounds=event.rounds, event_type=event.event_type,
                      date=event.date, pab_points=event.pab_points, file_tiebreaks=event.file_tiebreaks,
                      header=event.header)
