"""The Build-event grids: an :class:`Event` as two editable tables, and back.

Pure functions (no Streamlit), so every rule about what a user may type is unit-tested without a
browser.  The editor shows two frames:

* the players frame: ``tpn`` (Int64), ``name`` (str), ``rating`` (nullable Int64), ``on_time`` (bool);
* the results frame: ``tpn``, ``name``, ``pts`` (read-only helpers) and one text column per round,
  ``R1`` .. ``Rn``, in the compact wallchart notation (``+W9``, ``=B13``, ``-F11``, ``PAB`` ...).

:func:`frames_to_event` turns what the user typed back into a validated event.  It never half-applies:
either a complete new event comes back, or an :class:`EventError` that names the cell to fix.  Because
typing both halves of every game is tedious and error-prone, a result typed on one side only is
mirrored onto the opponent's empty cell, and a correction of one side of an existing game carries over
to the untouched other side.
"""
from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

import pandas as pd

from engine.core.errors import EventError
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Event, Kind, Player, make_event
from engine.core.exact import nice

try:  # the JSON reader owns the notation; fall back to our own reader while it is being finished
    from engine.formats.jsonfmt import entry_token as _entry_token
    from engine.formats.jsonfmt import parse_notation as _parse_notation
except ImportError:  # pragma: no cover - only while engine/jsonfmt.py is missing
    _parse_notation = None
    _entry_token = None

PLAYER_COLUMNS = ("tpn", "name", "rating", "on_time")
INFO_COLUMNS = ("tpn", "name", "pts")
HELP_TOKENS = "+W9, =B9, -B9, +F9, -F9, ?W9 (still to be played), PAB, HPB, FPB, ZPB or ABS"
MAX_RATING = 4000

#: a board waiting for its result: round -> list of (white, black)
Pending = Mapping[int, Sequence[tuple[int, int]]]

_GAME = re.compile(r"^([+=\-½])([WB]?)([0-9]+)(U?)$", re.IGNORECASE)
_FORFEIT = re.compile(r"^([+\-])F([WB]?)([0-9]+)$", re.IGNORECASE)
_BYE_TOKENS = ("PAB", "FPB", "HPB", "ZPB", "ABS")


# -- notation ---------------------------------------------------------------------------------------

def round_column(rnd: int) -> str:
    """The results-frame column of round ``rnd`` (1-based)."""
    return f"R{rnd}"


def round_columns(frame: pd.DataFrame) -> list[str]:
    """The round columns of a results frame, in round order."""
    cols = [c for c in frame.columns if re.fullmatch(r"R[0-9]+", str(c))]
    return sorted(cols, key=lambda c: int(c[1:]))


def token_of(entry: Entry) -> str:
    """What the grid shows for an entry (the JSON notation, so a grid cell and a file agree)."""
    return _entry_token(entry) if _entry_token else entry.notation()


def parse_token(token: str, pab_points: Fraction = ONE) -> Entry:
    """One cell as an :class:`Entry`; ``ValueError`` if it is not a result.  Empty means absent."""
    text = (token or "").strip()
    if _parse_notation is not None:
        try:
            return _parse_notation(text, "grid", pab_points=pab_points)
        except EventError:
            raise ValueError(text) from None
    upper = text.upper()
    if upper in ("", "ABS"):
        return ABSENT
    if upper in _BYE_TOKENS:
        kind = Kind(upper)
        return Entry.bye(kind, pab_points if kind is Kind.PAB else None)
    m = _FORFEIT.match(text)
    if m:
        sign, colour, opp = m.groups()
        return Entry(Kind.FW if sign == "+" else Kind.FL, int(opp), colour.upper() or None,
                     ONE if sign == "+" else ZERO)
    m = _GAME.match(text)
    if m:
        sign, colour, opp, unrated = m.groups()
        points = {"+": ONE, "=": HALF, "½": HALF, "-": ZERO}[sign]
        return Entry.game(int(opp), colour.upper() or None, points, rated=not unrated)
    raise ValueError(text)


def complement(entry: Entry, player: int) -> Entry:
    """The opponent's side of ``entry`` (a game or forfeit of ``player``): other result, other colour."""
    other_colour = {"W": "B", "B": "W"}.get(entry.colour or "")
    if entry.kind is Kind.G:
        return Entry.game(player, other_colour, ONE - entry.points, rated=entry.rated)
    if entry.kind is Kind.FW:
        return Entry(Kind.FL, player, other_colour, ZERO)
    if entry.kind is Kind.FL:
        return Entry(Kind.FW, player, other_colour, ONE)
    if entry.kind is Kind.SCH:
        return Entry.scheduled(player, other_colour)
    raise ValueError("only games and forfeits have another side")


def _agrees(a: Entry, a_player: int, b: Entry, b_player: int) -> bool:
    """Do two cells describe the same game from both sides?"""
    if not (a.kind.has_opponent and b.kind.has_opponent) or a.opponent != b_player or b.opponent != a_player:
        return False
    if a.kind is Kind.G:
        return (b.kind is Kind.G and a.points + b.points == ONE
                and not (a.colour and b.colour and a.colour == b.colour))
    if a.kind is Kind.SCH:
        return b.kind is Kind.SCH and not (a.colour and b.colour and a.colour == b.colour)
    if a.kind is Kind.FW:
        return b.kind is Kind.FL
    return b.kind in (Kind.FW, Kind.FL)      # a forfeit loss: the other won by forfeit, or a double forfeit


# -- Event -> frames --------------------------------------------------------------------------------

def players_frame(event: Event) -> pd.DataFrame:
    """The players grid: one row per player in pairing-number order."""
    players = sorted(event.players, key=lambda p: p.tpn)
    return pd.DataFrame({
        "tpn": pd.array([p.tpn for p in players], dtype="Int64"),
        "name": pd.Series([p.name for p in players], dtype="string"),
        "rating": pd.array([p.rating for p in players], dtype="Int64"),
        "on_time": pd.Series([bool(p.on_time) for p in players], dtype="bool"),
    })


def results_frame(event: Event, pending: Pending | None = None) -> pd.DataFrame:
    """The results grid: ``tpn``, ``name``, ``pts`` and one notation column per round.

    An absence shows as ``ABS``, except where a pairing waits for its result and in rounds nobody has
    been paired in yet (a file after round 4 of 9, an event just created): those cells are left empty,
    the visible "to be entered" of a wallchart.  Byes requested ahead of time still show there.
    """
    waiting = {(rnd, t) for rnd, boards in (pending or {}).items() for b in boards for t in b}
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
            cells.append("" if e.kind is Kind.ABS and (rnd >= unpaired or (rnd, p.tpn) in waiting) else token_of(e))
        data[round_column(rnd)] = pd.Series(cells, dtype="string")
    return pd.DataFrame(data)


# -- frames -> Event --------------------------------------------------------------------------------

def _blank(value: Any) -> bool:
    if value is None or value is pd.NA:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, str) and not value.strip()


def _whole(value: Any) -> int | None:
    """A whole number from a grid cell (``Int64``, float from an added row, or digit text)."""
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


def _players_from(players_df: pd.DataFrame, base: Event) -> list[Player]:
    """The player list the grid describes; new rows get the next free pairing numbers."""
    rows = players_df.reset_index(drop=True)
    given: list[int | None] = []
    for i in range(len(rows)):
        raw = rows.at[i, "tpn"] if "tpn" in rows.columns else None
        try:
            given.append(_whole(raw))
        except ValueError:
            raise EventError(f"players row {i + 1}: the number {raw!r} is not a whole number") from None
    next_tpn = max([t for t in given if t is not None] + [0]) + 1
    old = {p.tpn: p for p in base.players}
    players: list[Player] = []
    seen: dict[int, int] = {}
    for i in range(len(rows)):
        where = f"players row {i + 1}"
        name = rows.at[i, "name"] if "name" in rows.columns else None
        name = "" if _blank(name) else str(name).strip()
        tpn = given[i]
        if tpn is None:
            tpn, next_tpn = next_tpn, next_tpn + 1
        if tpn < 1:
            raise EventError(f"{where}: the number must be 1 or more, not {tpn}")
        if tpn in seen:
            raise EventError(f"{where}: number {tpn} is already used by players row {seen[tpn]}")
        seen[tpn] = i + 1
        if not name:
            raise EventError(f"{where}: the name is empty; type a name (or delete the row)")
        raw_rating = rows.at[i, "rating"] if "rating" in rows.columns else None
        try:
            rating = _whole(raw_rating)
        except ValueError:
            raise EventError(f"{where} ({name}): the rating {raw_rating!r} is not a whole number") from None
        if rating is not None and not 0 <= rating <= MAX_RATING:
            raise EventError(f"{where} ({name}): a rating of {rating} is out of range (0 to {MAX_RATING})")
        on_time = rows.at[i, "on_time"] if "on_time" in rows.columns else True
        on_time = True if _blank(on_time) else bool(on_time)
        prior = old.get(tpn)
        if prior is not None:
            players.append(replace(prior, name=name, rating=rating or None, on_time=on_time))
        else:
            players.append(Player(tpn, name, rating=rating or None, on_time=on_time))
    if not players:
        raise EventError("the event needs at least one player; add a row to the players grid")
    return players


def frames_to_event(players_df: pd.DataFrame, results_df: pd.DataFrame, base: Event,
                    pending: Pending | None = None) -> Event:
    """The event the two grids describe, validated; ``base`` supplies everything the grids do not show.

    Raises :class:`EventError` naming the cell ("row 3 (Bob), R2: ...") and leaves ``base`` as it was.
    A result on one side only is mirrored onto the opponent's empty or ``ABS`` cell; if one side of an
    existing game was changed and the other left as it was, the change carries over.  Two typed sides
    that contradict each other are refused with both cells named.  In a cell whose pairing waits for a
    result (``pending``), a bare ``+``, ``=``, ``-``, ``+F`` or ``-F`` is enough.
    """
    players = _players_from(players_df, base)
    tpns = {p.tpn for p in players}
    names = {p.tpn: p.name for p in players}
    cols = round_columns(results_df)
    rounds = len(cols)
    res = results_df.reset_index(drop=True)
    row_of: dict[int, int] = {}
    for i in range(len(res)):
        try:
            t = _whole(res.at[i, "tpn"]) if "tpn" in res.columns else None
        except ValueError:
            t = None
        if t is None:
            t = sorted(base.tpns)[i] if i < len(base.tpns) else None
        if t is not None:
            row_of[t] = i
    label_row = {t: i + 1 for i, t in enumerate(sorted(row_of, key=row_of.get))}

    def cell(t: int, rnd: int) -> str:
        row = label_row.get(t)
        who = names.get(t) or (base.player(t).name if t in base.entries else "?")
        return f"row {row} ({who}), R{rnd}" if row else f"player {t} ({who}), R{rnd}"

    board_of = {(rnd, t): (w, b) for rnd, boards in (pending or {}).items() for (w, b) in boards for t in (w, b)}
    for rnd, w, b in base.pending_games():        # a game still to be played is a board waiting for its result
        board_of[(rnd, w)] = board_of[(rnd, b)] = (w, b)

    # 1. read every cell
    typed: dict[int, list[Entry]] = {}
    for t, i in row_of.items():
        if t not in tpns:
            continue
        row: list[Entry] = []
        for rnd, col in enumerate(cols, start=1):
            raw = res.at[i, col]
            text = "" if _blank(raw) else str(raw).strip()
            text = _expand_short(text, board_of.get((rnd, t)), t)
            try:
                entry = parse_token(text, base.pab_points)
            except ValueError:
                raise EventError(f"{cell(t, rnd)}: '{text}' is not a result; write {HELP_TOKENS}") from None
            if not _changed(base, t, rnd, entry):
                entry = base.entry(t, rnd)      # unchanged: keep what the cell cannot show (e.g. file flags)
            if entry.kind.has_opponent:
                if entry.opponent == t:
                    raise EventError(f"{cell(t, rnd)}: '{text}' pairs the player with himself")
                if entry.opponent in base.entries and entry.opponent not in tpns:
                    gone = base.player(entry.opponent)
                    raise EventError(f"{gone.name} (number {gone.tpn}) was removed, but {cell(t, rnd)} still "
                                     f"names them; clear that result first")
                if entry.opponent not in tpns:
                    raise EventError(f"{cell(t, rnd)}: '{text}' names player {entry.opponent}, but there is no "
                                     f"player with that number")
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
            if _agrees(mine, t, theirs, o):
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
            raise EventError(f"{cell(exc.player, exc.round)}: {exc.message}") from None
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
    return token_of(base.entry(tpn, rnd)) != token_of(entry)


def _disagreement(where_a: str, a: Entry, where_b: str, b: Entry, b_tpn: int, a_tpn: int) -> str:
    ta, tb = token_of(a), token_of(b) or "ABS"
    if b.kind.has_opponent and b.opponent != a_tpn:
        return (f"{where_a} says '{ta}', but {where_b} says '{tb}': player {b_tpn} cannot play two games in one "
                f"round. Change one of the two cells")
    if not b.kind.has_opponent:
        return (f"{where_a} says '{ta}', but {where_b} says '{tb}' (no game). Change one of the two cells")
    return (f"{where_a} says '{ta}' and {where_b} says '{tb}': the two sides of one game disagree (one side's "
            f"win is the other's loss, and the colours differ). Change one of the two cells")


# -- event editing helpers --------------------------------------------------------------------------

def add_round(event: Event) -> Event:
    """The event with one more round, everyone absent in it (cells to fill)."""
    return event.with_entries(event.entries, rounds=event.rounds + 1)


def remove_last_round(event: Event) -> Event:
    """The event without its last round (refused when there is only none left)."""
    if event.rounds < 1:
        raise EventError("there is no round to remove")
    return event.with_entries({t: row[:-1] for t, row in event.entries.items()}, rounds=event.rounds - 1)


def add_player(event: Event, name: str, rating: int | None = None, on_time: bool = True) -> Event:
    """The event with a new player at the next pairing number, absent in every round so far."""
    name = (name or "").strip()
    if not name:
        raise EventError("a new player needs a name")
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
                raise EventError(f"{gone.name} (number {tpn}) played {p.name} in R{rnd}; clear that result "
                                 f"before removing the player")
    if len(event.players) == 1:
        raise EventError("an event needs at least one player")
    players = [p for p in event.players if p.tpn != tpn]
    entries = {t: row for t, row in event.entries.items() if t != tpn}
    return make_event(event.name, players, entries, rounds=event.rounds, event_type=event.event_type,
                      date=event.date, pab_points=event.pab_points, file_tiebreaks=event.file_tiebreaks,
                      header=event.header)


def rename_event(event: Event, name: str) -> Event:
    """The same event under another title (the title written into downloads)."""
    return replace(event, name=name)


# -- read-only views --------------------------------------------------------------------------------

def default_preset(event: Event) -> str:
    """The preset an event starts with when it names none itself (see :func:`engine.events.settings.default_ordering`)."""
    from engine.events.settings import default_ordering
    return default_ordering(event)[0]


def standings_frame(event: Event, preset: str | None = None, limit: int | None = None, *,
                    codes: Sequence[str] | None = None, rules: str | None = None,
                    options: Any = None) -> pd.DataFrame:
    """A compact standings table (rank, number, name, points, the first criteria) for previews.

    The order is ``codes`` under ``rules`` (the event's own, from its settings) or else ``preset``'s.
    """
    from engine.core.codes import parse_code
    from engine.core.presets import PRESETS
    from engine.ranking.standings import standings
    from engine.events.settings import default_ordering

    if codes is None:
        name = preset or default_ordering(event)[0]
        if name in PRESETS:
            codes, rules = PRESETS[name].codes, PRESETS[name].rules
        else:
            _, codes, rules = default_ordering(event)
    if event.rounds == 0 or not event.players:
        return pd.DataFrame({"Rank": [], "No.": [], "Name": [], "Points": []})
    st = standings(event, [parse_code(c) for c in codes], rules or "fide", options)
    shown = [str(c) for c in st.criteria[1:4]]
    rows = st.rows[:limit] if limit else st.rows
    data: dict[str, Any] = {
        "Rank": [r.rank for r in rows],
        "No.": [r.tpn for r in rows],
        "Name": pd.Series([r.name for r in rows], dtype="string"),
        "Points": [nice(r.values["PTS"]) for r in rows],
    }
    for code in shown:
        data[code] = [nice(r.values.get(code)) for r in rows]
    return pd.DataFrame(data)


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
