"""Saved events in an embedded SQLite database, so an event survives reloads and restarts.

No server: one file, by default ``~/.local/share/tiebreak-lab/events.sqlite3``, or wherever the
``TIEBREAK_LAB_DB`` environment variable points (tests point it at a temporary file).  The path is read
on every call, not at import, so a test fixture that sets the variable always wins.

Events are stored as our own JSON (:mod:`engine.formats.jsonfmt`), the same text a user downloads, so a row can
be inspected or rescued with any SQLite tool.  A round that was paired but whose results are still to
be entered cannot be expressed in an event file; its boards are kept next to it in ``pending``.
"""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator, Mapping, Sequence

from engine.core.errors import EventError
from engine.formats.jsonfmt import read_json, write_json
from engine.core.model import Event

ENV_VAR = "TIEBREAK_LAB_DB"
DEFAULT_PATH = Path("~/.local/share/tiebreak-lab/events.sqlite3")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    pending TEXT NOT NULL DEFAULT '{}'
)
"""


@dataclass(frozen=True)
class SavedEvent:
    """One row of the saved-events list (without the event itself, which may be large)."""

    id: int
    name: str
    updated_at: str
    players: int
    rounds: int


def db_path() -> Path:
    """Where the database lives now (environment variable first, then the per-user default)."""
    raw = os.environ.get(ENV_VAR, "").strip()
    return Path(raw).expanduser() if raw else DEFAULT_PATH.expanduser()


def _connect() -> sqlite3.Connection:
    path = db_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=10)
        conn.execute(_SCHEMA)
        columns = {row[1] for row in conn.execute("PRAGMA table_info(events)")}
        if "pending" not in columns:            # a database from before pending pairings were kept
            conn.execute("ALTER TABLE events ADD COLUMN pending TEXT NOT NULL DEFAULT '{}'")
        return conn
    except (OSError, sqlite3.Error) as exc:
        raise EventError(f"cannot open the saved-events database: {exc}", file=str(path)) from exc


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _rows(sql: str, args: Sequence[object] = ()) -> list[tuple]:
    with closing(_connect()) as conn, conn:
        return list(conn.execute(sql, args))


def list_events() -> list[SavedEvent]:
    """Every saved event, most recently changed first."""
    out = []
    for id_, name, text, updated in _rows("SELECT id, name, json, updated_at FROM events "
                                          "ORDER BY updated_at DESC, id DESC"):
        players, rounds = _size(text)
        out.append(SavedEvent(id_, name, updated, players, rounds))
    return out


def _size(text: str) -> tuple[int, int]:
    """Players and rounds of a stored event, read cheaply (no validation) for the list."""
    try:
        doc = json.loads(text)
        return len(doc.get("players", [])), int(doc.get("rounds") or 0)
    except (ValueError, TypeError, AttributeError):
        return 0, 0


def save(name: str, event: Event, id: int | None = None,
         pending: Mapping[int, Sequence[tuple[int, int]]] | None = None) -> int:
    """Store ``event`` under ``name``: a new row when ``id`` is None (or unknown), else overwrite it."""
    text = write_json(event)
    pend = json.dumps({str(r): [list(b) for b in boards] for r, boards in (pending or {}).items()})
    with closing(_connect()) as conn, conn:
        if id is not None:
            cur = conn.execute("UPDATE events SET name = ?, json = ?, updated_at = ?, pending = ? WHERE id = ?",
                               (name, text, _now(), pend, id))
            if cur.rowcount:
                return id
        cur = conn.execute("INSERT INTO events (name, json, updated_at, pending) VALUES (?, ?, ?, ?)",
                           (name, text, _now(), pend))
        return int(cur.lastrowid)


def load(id: int) -> Event:
    """The event saved as ``id``; :class:`EventError` if it is gone or unreadable."""
    rows = _rows("SELECT name, json FROM events WHERE id = ?", (id,))
    if not rows:
        raise EventError(f"there is no saved event number {id}")
    name, text = rows[0]
    return read_json(text, f"saved event '{name}'")


def load_pending(id: int) -> dict[int, list[tuple[int, int]]]:
    """The boards waiting for a result, per round, saved with event ``id`` (empty if none)."""
    rows = _rows("SELECT pending FROM events WHERE id = ?", (id,))
    try:
        raw = json.loads(rows[0][0]) if rows else {}
        return {int(r): [(int(w), int(b)) for w, b in boards] for r, boards in raw.items()}
    except (ValueError, TypeError):
        return {}


def name_of(id: int) -> str:
    rows = _rows("SELECT name FROM events WHERE id = ?", (id,))
    if not rows:
        raise EventError(f"there is no saved event number {id}")
    return rows[0][0]


def rename(id: int, name: str) -> None:
    """Give saved event ``id`` another name (refused when empty)."""
    name = (name or "").strip()
    if not name:
        raise EventError("a saved event needs a name")
    with closing(_connect()) as conn, conn:
        if not conn.execute("UPDATE events SET name = ? WHERE id = ?", (name, id)).rowcount:
            raise EventError(f"there is no saved event number {id}")


def delete(id: int) -> None:
    """Remove saved event ``id`` (no error if it is already gone)."""
    with closing(_connect()) as conn, conn:
        conn.execute("DELETE FROM events WHERE id = ?", (id,))


def latest() -> tuple[int, str, Event] | None:
    """The most recently changed event that still reads, or None when nothing usable is saved."""
    for id_, name, text in _iter_recent():
        try:
            return id_, name, read_json(text, f"saved event '{name}'")
        except EventError:
            continue                       # a damaged row must not keep the app from starting
    return None


def _iter_recent() -> Iterator[tuple[int, str, str]]:
    yield from _rows("SELECT id, name, json FROM events ORDER BY updated_at DESC, id DESC")
