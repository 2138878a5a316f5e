"""The team event kept with its saved players' event, so a reload (or a page opened by its address) shows the
team event again.

The saved-events store keeps the players' own event as usual; beside it, in the same database file, one row per
saved event that came from a team event: its workspace, its id, the saved version the team event goes with,
and the team event in our JSON.  The team event comes back only while that saved version is unchanged (an edit
of the players' grid saves a new version, and the event is an individual one from then on).
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import replace
from fractions import Fraction

from engine.core.errors import EventError
from engine.core.said_data import from_data, to_data
from engine.teams.jsonteams import read_team_json, write_team_json
from engine.teams.model import TeamEvent
from ui.session import store

_SCHEMA = ("CREATE TABLE IF NOT EXISTS team_events (owner TEXT NOT NULL, id INTEGER NOT NULL, version INTEGER NOT NULL, "
           "json TEXT NOT NULL, stated TEXT NOT NULL DEFAULT '', PRIMARY KEY (owner, id))")


def _connect() -> sqlite3.Connection:
    path = store.db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=10)
    conn.execute(_SCHEMA)
    if "stated" not in {row[1] for row in conn.execute("PRAGMA table_info(team_events)")}:
        conn.execute("ALTER TABLE team_events ADD COLUMN stated TEXT NOT NULL DEFAULT ''")
    return conn


def _stated_text(team: TeamEvent) -> str:
    """What the file stated (its standings, Swiss-Manager's columns, the reader's warnings), which our JSON does
    not carry: kept beside it so Check published standings still has it after a reload."""
    def text(x: Fraction | None) -> str | None:
        return None if x is None else str(x)
    # the reader's repairs also as records, so that after a reload they are written in the reader's language again
    return json.dumps({"stated": {str(k): [text(mp), text(gp), rank] for k, (mp, gp, rank) in team.stated.items()},
                       "header": dict(team.header), "warnings": to_data(team.header.get("warnings", ""))})


def _with_stated(team: TeamEvent, raw: str) -> TeamEvent:
    if not raw:
        return team
    doc = json.loads(raw)
    stated = {int(k): (None if mp is None else Fraction(mp), None if gp is None else Fraction(gp), rank)
              for k, (mp, gp, rank) in doc.get("stated", {}).items()}
    header = {**doc.get("header", {}), **team.header}
    if doc.get("warnings"):                         # kept as records (a row kept before them has the text alone)
        header["warnings"] = from_data(doc["warnings"])
    return replace(team, stated=stated, header=header)


def keep_team(owner: str, id: int, team: TeamEvent) -> None:
    """Remember ``team`` for saved event ``id`` at its present version (nothing when it is not saved)."""
    try:
        version = store.version_of(id, owner)
        if not id or version is None:
            return
        with closing(_connect()) as conn, conn:
            conn.execute("INSERT OR REPLACE INTO team_events (owner, id, version, json, stated) VALUES (?, ?, ?, ?, ?)",
                         (owner, id, version, write_team_json(team), _stated_text(team)))
    except (OSError, sqlite3.Error, EventError):
        pass                        # only a reload loses the team view: the players' event is saved as usual


def kept_team(owner: str, id: int) -> TeamEvent | None:
    """The team event kept for saved event ``id``, if that event is still at the version it was kept with."""
    try:
        version = store.version_of(id, owner)
        if not id or version is None:
            return None
        with closing(_connect()) as conn:
            row = conn.execute("SELECT version, json, stated FROM team_events WHERE owner = ? AND id = ?",
                               (owner, id)).fetchone()
        if row is None or row[0] != version:
            return None
        return _with_stated(read_team_json(row[1], "saved team event"), row[2])
    except (OSError, sqlite3.Error, EventError, ValueError, TypeError):
        return None
