"""Saved events in an embedded SQLite database, so an event survives reloads and restarts.

No server: one file, by default ``~/.local/share/tiebreak-lab/events.sqlite3``, or wherever the
``TIEBREAK_LAB_DB`` environment variable points (tests point it at a temporary file).  The path is read
on every call, not at import, so a test fixture that sets the variable always wins.

Events are stored as our own JSON (:mod:`engine.formats.jsonfmt`), the same text a user downloads, so a row can
be inspected or rescued with any SQLite tool.  The event's settings (ordering, prizes, pairing method,
notes: :mod:`engine.events.settings`) sit next to it in ``settings``, so changing the ordering rewrites a few
hundred bytes, not the whole event.  A round that was paired but whose results are still to be entered
cannot be expressed in an event file; its boards are kept next to it in ``pending``.
"""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from pathlib import Path
from typing import Iterator, Mapping, Sequence

from engine.core.errors import EventError
from engine.formats.jsonfmt import read_json, write_json
from engine.core.model import Event
from engine.events.settings import EventSettings, settings_from_dict, settings_to_dict

ENV_VAR = "TIEBREAK_LAB_DB"
DEFAULT_PATH = Path("~/.local/share/tiebreak-lab/events.sqlite3")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    pending TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT ''
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


def database_problem(exc: BaseException) -> str:
    """What went wrong with the database, in words a user can act on (never a server path or SQL)."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text or isinstance(exc, PermissionError) or "permission" in text:
        return "the saved-events file is read-only"
    if "locked" in text or "busy" in text:
        return "the saved-events file is busy (another window or program is writing to it); try again"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return "the saved-events file is damaged"
    if "disk" in text and ("full" in text or "i/o" in text) or "no space" in text:
        return "the disk is full or failing"
    if isinstance(exc, OSError) or "unable to open" in text:
        return "the saved-events file cannot be opened"
    return "the saved-events database refused it"


@contextmanager
def _database(action: str) -> Iterator[None]:
    """Turn any database or file-system failure into one :class:`EventError`: ``"<action>: <why>"``."""
    try:
        yield
    except EventError:
        raise
    except (OSError, sqlite3.Error, MemoryError) as exc:
        raise EventError(f"{action}: {database_problem(exc)}") from None


def _connect() -> sqlite3.Connection:
    """A connection with the table in place; raw sqlite3/OS errors (the callers word them, see _database)."""
    path = db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=10)
    try:
        conn.execute(_SCHEMA)
        columns = {row[1] for row in conn.execute("PRAGMA table_info(events)")}
        if "pending" not in columns:            # a database from before pending pairings were kept
            conn.execute("ALTER TABLE events ADD COLUMN pending TEXT NOT NULL DEFAULT '{}'")
        if "settings" not in columns:           # a database from before events carried their settings
            conn.execute("ALTER TABLE events ADD COLUMN settings TEXT NOT NULL DEFAULT ''")
    except BaseException:
        conn.close()
        raise
    return conn


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _rows(sql: str, args: Sequence[object] = (), action: str = "the saved events cannot be read") -> list[tuple]:
    with _database(action), closing(_connect()) as conn, conn:
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
         pending: Mapping[int, Sequence[tuple[int, int]]] | None = None,
         settings: EventSettings | None = None) -> int:
    """Store ``event`` under ``name``: a new row when ``id`` is None (or unknown), else overwrite it.

    ``settings`` None keeps the row's settings (a new row then starts from the event's defaults).
    """
    text = write_json(event)
    pend = json.dumps({str(r): [list(b) for b in boards] for r, boards in (pending or {}).items()})
    with _database("the event could not be saved"), closing(_connect()) as conn, conn:
        if id is not None:
            cur = conn.execute("UPDATE events SET name = ?, json = ?, updated_at = ?, pending = ? WHERE id = ?",
                               (name, text, _now(), pend, id))
            if cur.rowcount:
                if settings is not None:
                    conn.execute("UPDATE events SET settings = ? WHERE id = ?", (_settings_text(settings), id))
                return id
        cur = conn.execute("INSERT INTO events (name, json, updated_at, pending, settings) VALUES (?, ?, ?, ?, ?)",
                           (name, text, _now(), pend, "" if settings is None else _settings_text(settings)))
        return int(cur.lastrowid)


def _settings_text(settings: EventSettings) -> str:
    return json.dumps(settings_to_dict(settings), ensure_ascii=False)


def save_settings(id: int, settings: EventSettings) -> None:
    """Store the settings of saved event ``id`` (the event itself is not rewritten)."""
    with _database("the event's settings could not be saved"), closing(_connect()) as conn, conn:
        if not conn.execute("UPDATE events SET settings = ?, updated_at = ? WHERE id = ?",
                            (_settings_text(settings), _now(), id)).rowcount:
            raise EventError(f"there is no saved event number {id}")


def load_settings(id: int, event: Event) -> EventSettings:
    """The settings saved with event ``id``; the event's defaults when none were saved (an older database)."""
    rows = _rows("SELECT name, settings FROM events WHERE id = ?", (id,))
    if not rows or not rows[0][1].strip():
        return settings_from_dict(None, event)
    name, text = rows[0]
    try:
        raw = json.loads(text)
    except ValueError:
        raise EventError(f"the settings of saved event '{name}' are damaged") from None
    return settings_from_dict(raw, event, f"saved event '{name}'")


def load(id: int) -> Event:
    """The event saved as ``id``; :class:`EventError` if it is gone or unreadable."""
    rows = _rows("SELECT name, json FROM events WHERE id = ?", (id,))
    if not rows:
        raise EventError(f"there is no saved event number {id}")
    name, text = rows[0]
    return read_json(text, f"saved event '{name}'")


def load_pending(id: int) -> dict[int, list[tuple[int, int]]]:
    """The boards waiting for a result, per round, saved with event ``id`` (empty if none)."""
    try:
        rows = _rows("SELECT pending FROM events WHERE id = ?", (id,))
        raw = json.loads(rows[0][0]) if rows else {}
        return {int(r): [(int(w), int(b)) for w, b in boards] for r, boards in raw.items()}
    except (ValueError, TypeError, EventError):     # no pairings kept is better than no event
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
    with _database("the event could not be renamed"), closing(_connect()) as conn, conn:
        if not conn.execute("UPDATE events SET name = ? WHERE id = ?", (name, id)).rowcount:
            raise EventError(f"there is no saved event number {id}")


def delete(id: int) -> None:
    """Remove saved event ``id`` (no error if it is already gone)."""
    with _database("the saved event could not be deleted"), closing(_connect()) as conn, conn:
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


def human_time(stamp: str, now: datetime | None = None, tz: tzinfo | None = None) -> str:
    """When an event was saved, as a person says it: ``today at 15:04``, ``yesterday at 09:30``,
    ``3 Nov 2026 at 14:05``, in ``tz`` (default: this computer's time zone; the stored stamp is UTC).

    >>> now = datetime(2026, 12, 1, 16, 0, tzinfo=timezone.utc)
    >>> [human_time(s, now, timezone.utc) for s in ("2026-12-01T15:04:00+00:00", "2026-11-30T09:30:00+00:00",
    ...                                             "2026-11-03T14:05:59.123456+00:00", "not a date")]
    ['today at 15:04', 'yesterday at 09:30', '3 Nov 2026 at 14:05', 'not a date']
    """
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    local = when.astimezone(tz)
    today = (now or datetime.now(timezone.utc)).astimezone(tz)
    clock = local.strftime("%H:%M")
    days = (today.date() - local.date()).days
    if days == 0:
        return f"today at {clock}"
    if days == 1:
        return f"yesterday at {clock}"
    return f"{local.day} {local.strftime('%b %Y')} at {clock}"
