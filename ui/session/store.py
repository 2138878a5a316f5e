"""Saved events in an embedded SQLite database, so an event survives reloads and restarts.

No server: one file, by default ``~/.local/share/tiebreak-lab/events.sqlite3``, or wherever the
``TIEBREAK_LAB_DB`` environment variable points (tests point it at a temporary file).  The path is read
on every call, not at import, so a test fixture that sets the variable always wins.

Events are stored as our own JSON (:mod:`engine.formats.jsonfmt`), the same text a user downloads, so a row can
be inspected or rescued with any SQLite tool.  The event's settings (ordering, prizes, pairing method,
notes: :mod:`engine.events.settings`) sit next to it in ``settings``, so changing the ordering rewrites a few
hundred bytes, not the whole event.  A round paired but not yet played is part of the event itself (its
games are entered as still to be played, ``?W9``); databases of older versions kept those boards in a
``pending`` column, which is folded into the events once and then dropped.

Three things make one database safe for a whole class (see :mod:`ui.session.workspace`):

* every row has an ``owner``: ``""`` is the laptop's single workspace, a hosted browser's workspace is
  the SHA-256 of its private token (the token itself is never stored).  Every function takes the owner
  and never reads, changes or deletes another owner's rows;
* every row has a ``version`` that each save raises by one.  A save names the version it started from;
  when the row has moved on since (another tab saved), :class:`StaleSave` is raised instead of
  overwriting;
* the list reads only small columns (name, players, rounds, bytes) kept next to the JSON at each save,
  placed before it in the row so SQLite never walks a large event's overflow pages to list it.
"""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from fractions import Fraction
from pathlib import Path
from typing import Iterator, Sequence

from engine.core.collector import collector_paused
from engine.core.errors import EventError
from engine.core.limits import check_name
from engine.core.model import Event
from engine.core.said import Count, Num, said
from engine.events.settings import EventSettings, settings_from_dict, settings_to_dict
from engine.formats.jsonfmt import read_json, write_json
from engine.pairing.next_round import schedule
from ui.session import parsed

ENV_VAR = "TIEBREAK_LAB_DB"
DEFAULT_PATH = Path("~/.local/share/tiebreak-lab/events.sqlite3")
#: the owner of the laptop's events (one person, one workspace)
LAPTOP = ""

#: what one hosted workspace (one browser) may keep: saved events, and their bytes as stored.  The largest upload
#: allowed (a 20 MB PGN) is stored as about 39 MB of JSON, so a workspace holds two of those, or hundreds of
#: club events (a 200-player, 9-round event is about 0.1 MB).  The laptop has no quota.
MAX_EVENTS_PER_WORKSPACE = 50
MAX_BYTES_PER_WORKSPACE = 100 * 1024 * 1024
#: a hosted workspace that never saved an event is removed after this long (every first visit makes one)
EMPTY_WORKSPACE_EXPIRY = timedelta(days=1)
#: and at most this many are kept at once, the oldest removed first: a script visiting the server in a loop
#: makes one per visit (a classroom makes a few dozen a day); a removed one had nothing in it to lose
MAX_EMPTY_WORKSPACES = 10_000
#: hosted: what the whole server keeps of the workspaces that hold events (each within its own quota above).  Past
#: either bound a save first removes whole workspaces, the one idle longest first; never the one saving, nor one
#: used within :data:`ACTIVE_WORKSPACE` (then the save is refused with a sentence).  2,000 workspaces are dozens of
#: classes; 10 GB is a hundred full workspaces, or tens of thousands of club events.
MAX_WORKSPACES_WITH_EVENTS = 2_000
MAX_STORED_BYTES = 10 * 1024 ** 3
ACTIVE_WORKSPACE = timedelta(hours=1)

_COLUMNS = """
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    players INTEGER NOT NULL DEFAULT 0,
    rounds INTEGER NOT NULL DEFAULT 0,
    bytes INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    settings TEXT NOT NULL DEFAULT '',
    settings_version INTEGER NOT NULL DEFAULT 1,
    json TEXT NOT NULL
"""
_SCHEMA = (
    f"CREATE TABLE IF NOT EXISTS events ({_COLUMNS})",
    "CREATE INDEX IF NOT EXISTS events_by_owner ON events (owner, updated_at)",
    "CREATE TABLE IF NOT EXISTS workspaces (owner TEXT PRIMARY KEY, created_at TEXT NOT NULL, last_event INTEGER, "
    "lang TEXT, used_at TEXT NOT NULL DEFAULT '')",
)


@dataclass(frozen=True)
class SavedEvent:
    """One row of the saved-events list (without the event itself, which may be large)."""

    id: int
    name: str
    updated_at: str
    players: int
    rounds: int
    bytes: int = 0
    version: int = 1


@dataclass(frozen=True)
class Stamp:
    """Where a save went: the row, its new version, and whether the row had to be made anew."""

    id: int
    version: int
    recreated: bool = False
    #: the version of the row's settings after the save (see :func:`save_settings`)
    settings_version: int = 1


class QuotaFull(EventError):
    """A hosted workspace is at its quota of saved events or bytes; nothing was written."""


def _check_quota(conn: sqlite3.Connection, owner: str, replacing: int | None, size: int) -> None:
    """Refuse a save that would take ``owner``'s workspace past its quota (hosted workspaces only).

    ``replacing``: the row the save overwrites (its bytes are freed), None for a new row."""
    if owner == LAPTOP:
        return
    count, used = conn.execute("SELECT COUNT(*), COALESCE(SUM(bytes), 0) FROM events WHERE owner = ? AND id IS NOT ?",
                               (owner, replacing)).fetchone()
    if replacing is None and count >= MAX_EVENTS_PER_WORKSPACE:
        raise QuotaFull(said("this workspace already keeps {count} saved events, the most a shared server keeps for "
                             "one browser; delete one you no longer need (Build event, Saved events) and try again",
                             count=count))
    if used + size > MAX_BYTES_PER_WORKSPACE:
        limit = MAX_BYTES_PER_WORKSPACE // (1024 * 1024)
        raise QuotaFull(said("this event needs {size} MB and this workspace already keeps {used} MB of saved events; "
                             "a shared server keeps at most {limit} MB for one browser: delete an event you no longer "
                             "need (Build event, Saved events)", size=_megabytes(size), used=_megabytes(used),
                             limit=limit))


class ServerFull(EventError):
    """The server keeps as many workspaces with events as it may, and none it could remove was idle; nothing was
    written."""


def _make_room(conn: sqlite3.Connection, owner: str, replacing: int | None, size: int) -> None:
    """Keep the server within :data:`MAX_WORKSPACES_WITH_EVENTS` and :data:`MAX_STORED_BYTES` once ``owner``'s
    save of ``size`` bytes (over row ``replacing``, or new) is written: remove whole other workspaces, the one
    idle longest first, never ``owner`` nor one used within :data:`ACTIVE_WORKSPACE` (hosted saves only).  It runs
    inside the save's transaction: a refused save removes nothing."""
    if owner == LAPTOP:
        return
    held = dict(conn.execute("SELECT owner, SUM(bytes) FROM events WHERE owner != ? AND id IS NOT ? GROUP BY owner",
                             (LAPTOP, replacing)).fetchall())
    held[owner] = held.get(owner, 0) + size
    count, total = len(held), sum(held.values())
    if count <= MAX_WORKSPACES_WITH_EVENTS and total <= MAX_STORED_BYTES:
        return
    cutoff = (datetime.now(timezone.utc) - ACTIVE_WORKSPACE).isoformat(timespec="microseconds")
    idle = conn.execute("SELECT owner FROM workspaces WHERE owner NOT IN (?, ?) AND "
                        "COALESCE(NULLIF(used_at, ''), created_at) < ? "
                        "ORDER BY COALESCE(NULLIF(used_at, ''), created_at), rowid", (LAPTOP, owner, cutoff))
    for (other,) in idle.fetchall():
        if count <= MAX_WORKSPACES_WITH_EVENTS and total <= MAX_STORED_BYTES:
            return
        if other not in held:
            continue                                   # an empty workspace frees nothing (they expire apart)
        conn.execute("DELETE FROM events WHERE owner = ?", (other,))
        conn.execute("DELETE FROM workspaces WHERE owner = ?", (other,))
        count, total = count - 1, total - held.pop(other)
    if count > MAX_WORKSPACES_WITH_EVENTS or total > MAX_STORED_BYTES:
        room = (said("{size} GB", size=Num(Fraction(f"{MAX_STORED_BYTES / 1024 ** 3:.0f}"), paper=False))
                if MAX_STORED_BYTES >= 1024 ** 3 else said("{size} MB", size=_megabytes(MAX_STORED_BYTES)))
        raise ServerFull(said("this shared server keeps the events of at most {browsers} browsers and {room} in all, "
                              "and no other browser's events have been left unused for an hour to make room; try "
                              "again later, or download this event (Build event, Upload / download)",
                              browsers=Count(MAX_WORKSPACES_WITH_EVENTS), room=room))


class StaleSave(EventError):
    """The saved event changed (another tab or window saved it) since this copy was opened."""

    def __init__(self, id: int, name: str, base: int, current: int) -> None:
        super().__init__(said("the saved event '{name}' was changed elsewhere (in another tab or window) after you "
                              "opened it; your change was not saved over it", name=name))
        self.id, self.name, self.base, self.current = id, name, base, current


def db_path() -> Path:
    """Where the database lives now (environment variable first, then the per-user default)."""
    raw = os.environ.get(ENV_VAR, "").strip()
    return Path(raw).expanduser() if raw else DEFAULT_PATH.expanduser()


def _megabytes(size: int) -> Num:
    """A size in megabytes with one decimal, rounded as English always wrote it here (``{:.1f}``)."""
    return Num(Fraction(f"{size / 1024 / 1024:.1f}"), 1, paper=False)


def database_problem(exc: BaseException) -> str:
    """What went wrong with the database, in words a user can act on (never a server path or SQL)."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text or isinstance(exc, PermissionError) or "permission" in text:
        return said("the saved-events file is read-only")
    if "locked" in text or "busy" in text:
        return said("the saved-events file is busy (another window or program is writing to it); try again")
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return said("the saved-events file is damaged")
    if "disk" in text and ("full" in text or "i/o" in text) or "no space" in text:
        return said("the disk is full or failing")
    if isinstance(exc, OSError) or "unable to open" in text:
        return said("the saved-events file cannot be opened")
    return said("the saved-events database refused it")


@contextmanager
def _database(action: str) -> Iterator[None]:
    """Turn any database or file-system failure into one :class:`~engine.core.errors.EventError`: ``"<action>: <why>"``."""
    try:
        yield
    except EventError:
        raise
    except (OSError, sqlite3.Error, MemoryError) as exc:
        raise EventError(said("{action}: {problem}", action=action, problem=database_problem(exc))) from None


def _connect() -> sqlite3.Connection:
    """A connection with the tables in place; raw sqlite3/OS errors (the callers word them, see _database)."""
    path = db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=10)
    try:
        try:
            conn.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer: many sessions at once
        except sqlite3.OperationalError:
            pass                                     # a read-only file keeps its mode; reading still works
        _migrate(conn)
        for statement in _SCHEMA:
            conn.execute(statement)
        _add_workspace_columns(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring a database written by an older version up to date, once, keeping every event.

    Older tables lack the owner, version and size columns (and the oldest the pending boards or the
    settings).  Adding
    columns would put them after the JSON, where listing would have to read every event; so the table
    is rebuilt with the small columns first, and each event's size is read from its JSON this one time.
    Old events belong to the laptop's workspace.
    """
    def columns() -> set[str]:
        return {row[1] for row in conn.execute("PRAGMA table_info(events)")}

    if not columns():
        return
    if "owner" in columns():
        if "settings" not in columns():             # written by a version between the two changes
            conn.execute("ALTER TABLE events ADD COLUMN settings TEXT NOT NULL DEFAULT ''")
        if "settings_version" not in columns():     # written before settings had versions of their own
            conn.execute("ALTER TABLE events ADD COLUMN settings_version INTEGER NOT NULL DEFAULT 1")
        if "pending" in columns():
            _fold_pending(conn)
        return
    with _immediate(conn):
        if "owner" not in columns():                              # a second server waits, then skips
            _rebuild(conn, columns())


def _add_workspace_columns(conn: sqlite3.Connection) -> None:
    """Give a workspaces table written by an older version the columns added since: the language chosen
    (empty: none yet) and the last use (empty: the creation counts)."""
    have = {row[1] for row in conn.execute("PRAGMA table_info(workspaces)")}
    for name, declared in (("lang", "TEXT"), ("used_at", "TEXT NOT NULL DEFAULT ''")):
        if name in have:
            continue
        try:
            conn.execute(f"ALTER TABLE workspaces ADD COLUMN {name} {declared}")
        except sqlite3.OperationalError as exc:
            if "duplicate column" not in str(exc).lower():    # another server added it a moment ago: done
                raise


@contextmanager
def _immediate(conn: sqlite3.Connection) -> Iterator[None]:
    """One explicit write transaction, DDL included: a second server waits at its start, then finds the work
    done; anything raised inside rolls it all back."""
    level, conn.isolation_level = conn.isolation_level, None
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    finally:
        conn.isolation_level = level


def _rebuild(conn: sqlite3.Connection, old: set[str]) -> None:
    conn.execute("DROP TABLE IF EXISTS events_new")
    conn.execute(f"CREATE TABLE events_new ({_COLUMNS})")
    pending = "pending" if "pending" in old else "'{}'"
    settings = "settings" if "settings" in old else "''"
    for id_, name, text, updated, pend, sets in conn.execute(
            f"SELECT id, name, json, updated_at, {pending}, {settings} FROM events").fetchall():
        text = _with_pending(text, pend)
        players, rounds = _size(text)
        conn.execute("INSERT INTO events_new (id, owner, name, version, players, rounds, bytes, updated_at, "
                     "settings, json) VALUES (?, '', ?, 1, ?, ?, ?, ?, ?, ?)",
                     (id_, name, players, rounds, len(text.encode("utf-8")), updated, sets, text))
    conn.execute("DROP TABLE events")
    conn.execute("ALTER TABLE events_new RENAME TO events")


def _fold_pending(conn: sqlite3.Connection) -> None:
    """Enter the boards of the old ``pending`` column into their events as games still to be played, then
    drop the column: one transaction, so a second server waits and then finds nothing left to do."""
    with _immediate(conn):
        if "pending" in {row[1] for row in conn.execute("PRAGMA table_info(events)")}:
            for id_, text, pend in conn.execute(
                    "SELECT id, json, pending FROM events WHERE pending NOT IN ('', '{}')").fetchall():
                folded = _with_pending(text, pend)
                if folded != text:
                    conn.execute("UPDATE events SET json = ?, bytes = ? WHERE id = ?",
                                 (folded, len(folded.encode("utf-8")), id_))
            conn.execute("ALTER TABLE events DROP COLUMN pending")


def _with_pending(text: str, pending: str) -> str:
    """An old row's event JSON with its pending boards entered as games still to be played (unchanged when
    there are none, or when either part cannot be read: the event matters more than its pairing)."""
    try:
        boards = {int(r): [(int(w), int(b)) for w, b in pairs] for r, pairs in json.loads(pending or "{}").items()}
        if not boards:
            return text
        event = read_json(text, "saved event")
        scheduled = schedule(event, boards)
    except (ValueError, TypeError, AttributeError, EventError):
        return text
    return text if scheduled == event else write_json(scheduled, keep_warnings=True)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _rows(sql: str, args: Sequence[object] = (), action: str = said("the saved events cannot be read")) -> list[tuple]:
    with _database(action), closing(_connect()) as conn, conn:
        return list(conn.execute(sql, args))


def list_events(owner: str = LAPTOP) -> list[SavedEvent]:
    """Every event saved in ``owner``'s workspace, most recently changed first (no JSON is read)."""
    return [SavedEvent(*row) for row in _rows(
        "SELECT id, name, updated_at, players, rounds, bytes, version FROM events WHERE owner = ? "
        "ORDER BY updated_at DESC, id DESC", (owner,))]


def _size(text: str) -> tuple[int, int]:
    """Players and rounds of a stored event, read cheaply (no validation); only for old rows."""
    try:
        doc = json.loads(text)
        return len(doc.get("players", [])), int(doc.get("rounds") or 0)
    except (ValueError, TypeError, AttributeError):
        return 0, 0


def save(name: str, event: Event, id: int | None = None,
         settings: EventSettings | None = None, *, owner: str = LAPTOP, base: int | None = None) -> int:
    """Store ``event`` under ``name`` and return its id (see :func:`save_event`)."""
    return save_event(name, event, id, settings, owner=owner, base=base).id


def save_event(name: str, event: Event, id: int | None = None,
               settings: EventSettings | None = None, *, owner: str = LAPTOP,
               base: int | None = None, settings_base: int | None = None, text: str | None = None) -> Stamp:
    """Store ``event`` under ``name`` in ``owner``'s workspace: a new row when ``id`` is None, else over it.

    ``settings`` None keeps the row's settings (a new row then starts from the event's defaults).
    ``base`` is the version the caller's copy started from: when the row has another version now,
    :class:`StaleSave` is raised and nothing is written (``base=None`` overwrites unconditionally).  When
    row ``id`` is gone (deleted elsewhere) or is not ``owner``'s, the event is saved as a new row.  The
    saved event becomes the workspace's last opened one.  ``settings_base`` does the same for the settings
    saved with it (:class:`StaleSettings`): another tab's order, prizes or notes are never overwritten unseen.
    ``text`` is ``write_json(event)`` when the caller has it already (an upload's job writes it, so the server
    does not spend a second of its own on a large event).
    """
    text = write_json(event, keep_warnings=True) if text is None else text   # the file's repairs stay known
    size = (len(event.players), event.rounds, len(text.encode("utf-8")))
    parsed.note_digest(event, parsed.text_digest(text))
    stamp = _now()
    with _database(said("the event could not be saved")), closing(_connect()) as conn, conn:
        saved = _write_event(conn, name, event, text, size, stamp, id, settings, owner, base, settings_base)
    parsed.remember(_row_key(saved.id, saved.version, size[2]), event)    # the next session reads no JSON
    return saved


def _write_event(conn: sqlite3.Connection, name: str, event: Event, text: str, size: tuple[int, int, int],
                 stamp: str, id: int | None, settings: EventSettings | None, owner: str, base: int | None,
                 settings_base: int | None) -> Stamp:
    """The body of :func:`save_event`, inside its transaction."""
    if id is not None:
        found = conn.execute("SELECT version, name, settings_version FROM events WHERE id = ? AND owner = ?",
                             (id, owner)).fetchone()
        if found is not None:
            current, old_name, current_settings = found
            if base is not None and current != base:
                raise StaleSave(id, old_name, base, current)
            if settings is not None and settings_base is not None and current_settings != settings_base:
                raise StaleSettings(id, old_name, settings_base, current_settings)
            _check_quota(conn, owner, id, size[2])
            _make_room(conn, owner, id, size[2])
            conn.execute("UPDATE events SET name = ?, json = ?, updated_at = ?, version = ?, "
                         "players = ?, rounds = ?, bytes = ? WHERE id = ? AND owner = ?",
                         (name, text, stamp, current + 1, *size, id, owner))
            if settings is not None:
                conn.execute("UPDATE events SET settings = ?, settings_version = settings_version + 1 "
                             "WHERE id = ? AND owner = ?", (_settings_text(settings), id, owner))
            _remember(conn, owner, id)
            sv = conn.execute("SELECT settings_version FROM events WHERE id = ?", (id,)).fetchone()[0]
            return Stamp(id, current + 1, settings_version=int(sv))
    _check_quota(conn, owner, None, size[2])
    _make_room(conn, owner, None, size[2])
    cur = conn.execute("INSERT INTO events (owner, name, version, players, rounds, bytes, updated_at, settings, "
                       "json) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)",
                       (owner, name, *size, stamp, "" if settings is None else _settings_text(settings),
                        text))
    assert cur.lastrowid is not None          # an INSERT always has one
    new_id = int(cur.lastrowid)
    _remember(conn, owner, new_id)
    return Stamp(new_id, 1, recreated=id is not None)


def _settings_text(settings: EventSettings) -> str:
    return json.dumps(settings_to_dict(settings), ensure_ascii=False)


class StaleSettings(StaleSave):
    """The saved event's settings changed (another tab or window saved its order, prizes or notes) since this
    copy was read."""

    def __init__(self, id: int, name: str, base: int, current: int) -> None:
        super().__init__(id, name, base, current)
        self.said = said("the settings of the saved event '{name}' (its order, prizes or notes) were changed "
                         "elsewhere (in another tab or window) after you opened it; your change was not saved over "
                         "them", name=name)
        self.message = str(self.said)
        self.args = (self.message,)


def save_settings(id: int, settings: EventSettings, owner: str = LAPTOP, base: int | None = None) -> int:
    """Store the settings of saved event ``id`` (the event itself is not rewritten); returns their new version.

    Settings have a version of their own, apart from the event's: choosing an ordering in one tab does not
    make another tab's results stale, but a tab whose copy of the settings is older than the saved ones
    (``base``: the settings version it read) is refused with :class:`StaleSettings` and writes nothing, as a
    stale event is (``base=None`` overwrites unconditionally).
    """
    with _database(said("the event's settings could not be saved")), closing(_connect()) as conn, conn:
        found = conn.execute("SELECT settings_version, name FROM events WHERE id = ? AND owner = ?",
                             (id, owner)).fetchone()
        if found is None:
            raise EventError(said("there is no saved event number {id}", id=id))
        if base is not None and found[0] != base:
            raise StaleSettings(id, found[1], base, found[0])
        conn.execute("UPDATE events SET settings = ?, settings_version = ?, updated_at = ? WHERE id = ? AND owner = ?",
                     (_settings_text(settings), found[0] + 1, _now(), id, owner))
        return int(found[0]) + 1


def settings_version_of(id: int, owner: str = LAPTOP) -> int | None:
    """The saved version of event ``id``'s settings (None when it is gone)."""
    rows = _rows("SELECT settings_version FROM events WHERE id = ? AND owner = ?", (id, owner))
    return int(rows[0][0]) if rows else None


def load_settings(id: int, event: Event, owner: str = LAPTOP) -> EventSettings:
    """The settings saved with event ``id``; the event's defaults when none were saved (an older database)."""
    rows = _rows("SELECT name, settings FROM events WHERE id = ? AND owner = ?", (id, owner))
    if not rows or not rows[0][1].strip():
        return settings_from_dict(None, event)
    name, text = rows[0]
    try:
        raw = json.loads(text)
    except ValueError:
        raise EventError(said("the settings of saved event '{name}' are damaged", name=name)) from None
    return settings_from_dict(raw, event, f"saved event '{name}'")


def _remember(conn: sqlite3.Connection, owner: str, id: int) -> None:
    """``id`` is the event ``owner`` has open; the workspace was used now."""
    now = _now()
    conn.execute("INSERT INTO workspaces (owner, created_at, last_event, used_at) VALUES (?, ?, ?, ?) "
                 "ON CONFLICT(owner) DO UPDATE SET last_event = excluded.last_event, used_at = excluded.used_at",
                 (owner, now, id, now))


def touch_workspace(owner: str) -> None:
    """``owner``'s workspace is in use (a browser came back to it): the longest idle go first when the server is
    full (see :func:`_make_room`)."""
    with _database(said("the workspace could not be marked as used")), closing(_connect()) as conn, conn:
        conn.execute("UPDATE workspaces SET used_at = ? WHERE owner = ?", (_now(), owner))


def _one(id: int, owner: str, columns: str) -> tuple:
    rows = _rows(f"SELECT {columns} FROM events WHERE id = ? AND owner = ?", (id, owner))
    if not rows:
        raise EventError(said("there is no saved event number {id}", id=id))
    return rows[0]


def load(id: int, owner: str = LAPTOP) -> Event:
    """The event saved as ``id`` in ``owner``'s workspace; :class:`~engine.core.errors.EventError` if it is gone or unreadable."""
    with _database(said("the saved events cannot be read")), closing(_connect()) as conn:
        row = conn.execute("SELECT name, version, bytes FROM events WHERE id = ? AND owner = ?",
                           (id, owner)).fetchone()
        if row is None:
            raise EventError(said("there is no saved event number {id}", id=id))
        return _parse(conn, id, *row)


def find_copy(name: str, event: Event, owner: str = LAPTOP) -> int | None:
    """A saved event of ``owner``'s workspace that is ``event`` under ``name``, as it was saved (None when there
    is none): opening the same shared link twice then reopens the copy it made instead of adding another."""
    text = write_json(event, keep_warnings=True)
    rows = _rows("SELECT id FROM events WHERE owner = ? AND name = ? AND bytes = ? AND json = ? "
                 "ORDER BY updated_at DESC, id DESC LIMIT 1", (owner, name, len(text.encode("utf-8")), text))
    return int(rows[0][0]) if rows else None


def name_of(id: int, owner: str = LAPTOP) -> str:
    return _one(id, owner, "name")[0]


def version_of(id: int, owner: str = LAPTOP) -> int | None:
    """The saved version of event ``id`` (None when it is gone): one small read, to spot a stale tab."""
    rows = _rows("SELECT version FROM events WHERE id = ? AND owner = ?", (id, owner))
    return int(rows[0][0]) if rows else None


def rename(id: int, name: str, owner: str = LAPTOP, base: int | None = None) -> int:
    """Give saved event ``id`` another name (refused when empty, or when stale); returns the new version."""
    name = (name or "").strip()
    if not name:
        raise EventError(said("a saved event needs a name"))
    check_name(said("the new name"), name)           # the one name check of every reader, New event and prizes
    with _database(said("the event could not be renamed")), closing(_connect()) as conn, conn:
        found = conn.execute("SELECT version, name FROM events WHERE id = ? AND owner = ?", (id, owner)).fetchone()
        if found is None:
            raise EventError(said("there is no saved event number {id}", id=id))
        if base is not None and found[0] != base:
            raise StaleSave(id, found[1], base, found[0])
        conn.execute("UPDATE events SET name = ?, version = ? WHERE id = ? AND owner = ?",
                     (name, found[0] + 1, id, owner))
        return found[0] + 1


def delete(id: int, owner: str = LAPTOP) -> None:
    """Remove saved event ``id`` from ``owner``'s workspace (no error if it is already gone)."""
    with _database(said("the saved event could not be deleted")), closing(_connect()) as conn, conn:
        conn.execute("DELETE FROM events WHERE id = ? AND owner = ?", (id, owner))


def open_workspace(owner: str) -> None:
    """Register a new workspace (a hosted browser's), so that its token is recognised from now on."""
    with _database(said("the new workspace could not be saved")), closing(_connect()) as conn, conn:
        conn.execute("INSERT OR IGNORE INTO workspaces (owner, created_at) VALUES (?, ?)", (owner, _now()))
        _expire_empty(conn)


def _expire_empty(conn: sqlite3.Connection, now: datetime | None = None) -> int:
    """Remove the hosted workspaces older than :data:`EMPTY_WORKSPACE_EXPIRY` that never kept an event (a
    first visit makes one; most are never used), and the oldest empty ones past :data:`MAX_EMPTY_WORKSPACES`;
    returns how many.  Run whenever a workspace is opened, so
    the table stays about as large as the class."""
    cutoff = ((now or datetime.now(timezone.utc)) - EMPTY_WORKSPACE_EXPIRY).isoformat(timespec="microseconds")
    cur = conn.execute("DELETE FROM workspaces WHERE owner != ? AND created_at < ? AND NOT EXISTS "
                       "(SELECT 1 FROM events WHERE events.owner = workspaces.owner)", (LAPTOP, cutoff))
    removed = cur.rowcount
    cur = conn.execute("DELETE FROM workspaces WHERE owner IN (SELECT owner FROM workspaces WHERE owner != ? AND "
                       "NOT EXISTS (SELECT 1 FROM events WHERE events.owner = workspaces.owner) "
                       "ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)", (LAPTOP, MAX_EMPTY_WORKSPACES))
    return removed + cur.rowcount


def expire_empty_workspaces(now: datetime | None = None) -> int:
    """:func:`_expire_empty` on its own connection (for tests and a maintenance run)."""
    with _database(said("old empty workspaces could not be removed")), closing(_connect()) as conn, conn:
        return _expire_empty(conn, now)


def workspace_exists(owner: str) -> bool:
    return bool(_rows("SELECT 1 FROM workspaces WHERE owner = ?", (owner,)))


def workspace_language(owner: str) -> str | None:
    """The language last chosen in ``owner``'s workspace (None when none was chosen, or it is unknown)."""
    rows = _rows("SELECT lang FROM workspaces WHERE owner = ?", (owner,), said("the workspace's language cannot be read"))
    return str(rows[0][0]) if rows and rows[0][0] else None


def set_workspace_language(owner: str, lang: str) -> None:
    """Keep ``lang`` as the language of ``owner``'s workspace, so that it opens in it on the next visit."""
    with _database(said("the workspace's language could not be kept")), closing(_connect()) as conn, conn:
        conn.execute("INSERT INTO workspaces (owner, created_at, lang) VALUES (?, ?, ?) "
                     "ON CONFLICT(owner) DO UPDATE SET lang = excluded.lang", (owner, _now(), lang))


def set_last_opened(id: int, owner: str = LAPTOP) -> None:
    """Remember ``id`` as the event ``owner`` has open, so a reload reopens it."""
    with _database(said("the open event could not be remembered")), closing(_connect()) as conn, conn:
        _remember(conn, owner, id)


def latest(owner: str = LAPTOP) -> tuple[int, str, Event] | None:
    """The workspace's last opened event, else its most recently changed one that still reads, else None."""
    with _database(said("the saved events cannot be read")), closing(_connect()) as conn:
        for id_, name, version, size in _iter_recent(conn, owner):
            try:
                return id_, name, _parse(conn, id_, name, version, size)
            except EventError:
                continue                       # a damaged row must not keep the app from starting
    return None


def _iter_recent(conn: sqlite3.Connection, owner: str) -> Iterator[tuple[int, str, int, int]]:
    """The last opened event first, then the others newest first, one row at a time (without its JSON)."""
    last = conn.execute("SELECT last_event FROM workspaces WHERE owner = ?", (owner,)).fetchone()
    if last and last[0] is not None:
        row = conn.execute("SELECT id, name, version, bytes FROM events WHERE id = ? AND owner = ?",
                           (last[0], owner)).fetchone()
        if row:
            yield row
    yield from conn.execute("SELECT id, name, version, bytes FROM events WHERE owner = ? "
                            "ORDER BY updated_at DESC, id DESC", (owner,)).fetchall()


def _row_key(id_: int, version: int, size: int) -> tuple:
    """What names one saved version of an event in this process: the database file (its path and inode, so a
    file made anew at the same path is another), the row, its version (raised by every save) and size."""
    path = db_path()
    try:
        inode = path.stat().st_ino
    except OSError:
        inode = 0
    return str(path), inode, id_, version, size


def _parse(conn: sqlite3.Connection, id_: int, name: str, version: int, size: int) -> Event:
    """Row ``id_`` as an event: the one already read when this version was read or saved here (shared by every
    session, see :mod:`ui.session.parsed`; a version is never written twice with other contents), else read
    from its JSON."""
    key = _row_key(id_, version, size)
    found = parsed.recall(key)
    if found is not None:
        return found
    row = conn.execute("SELECT json FROM events WHERE id = ?", (id_,)).fetchone()
    if row is None:
        raise EventError(said("there is no saved event number {id}", id=id_))
    with collector_paused():                   # half a million objects in no cycle (engine.core.collector)
        event = read_json(row[0], f"saved event '{name}'")
    parsed.note_digest(event, parsed.text_digest(row[0]))
    parsed.remember(key, event)
    return event


def backup_to(target: Path | None = None) -> Path:
    """Copy the whole database, consistently even while the app writes to it, and return the copy's path.

    The default copy goes next to the database, named by the time (``events-20261201-1730.sqlite3``).
    SQLite's own backup is used because a plain file copy can miss what the write-ahead log still holds.
    """
    source = db_path()
    if target is None:
        target = source.with_name(f"{source.stem}-{datetime.now():%Y%m%d-%H%M%S}{source.suffix}")
    target = Path(target).expanduser()
    target.parent.mkdir(parents=True, exist_ok=True)
    with _database(said("the backup could not be made")), closing(_connect()) as conn, \
            closing(sqlite3.connect(target)) as copy:
        conn.backup(copy)
    return target


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
