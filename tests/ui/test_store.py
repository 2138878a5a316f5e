"""The saved-events store: workspaces never see each other, stale saves are refused, the list reads no JSON."""
from __future__ import annotations

import json
import sqlite3

import pytest

from engine.core.errors import EventError
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Player, make_event
from engine.events.generator import generate_event
from engine.formats.jsonfmt import write_json
from tests.fixtures import fixture_a
from ui.session import store

ALICE, BOB = "a" * 64, "b" * 64          # two workspaces (owners are token hashes in hosted mode)


def test_each_owner_lists_opens_changes_and_deletes_only_its_own_events():
    mine = store.save("Alice's club night", fixture_a(), owner=ALICE)
    theirs = store.save("Bob's rapid", generate_event(players=6, rounds=3, seed=4), owner=BOB)
    assert [s.name for s in store.list_events(ALICE)] == ["Alice's club night"]
    assert [s.name for s in store.list_events(BOB)] == ["Bob's rapid"]
    assert store.list_events() == []                         # the laptop's workspace is a third one
    with pytest.raises(EventError, match="no saved event number"):
        store.load(mine, owner=BOB)
    with pytest.raises(EventError, match="no saved event number"):
        store.rename(mine, "taken over", owner=BOB)
    store.delete(mine, owner=BOB)                            # silently nothing: not Bob's
    assert store.load(mine, owner=ALICE) == fixture_a()
    # Bob saving "over" Alice's id makes a new row of his own; hers is untouched
    stamp = store.save_event("Bob's copy", fixture_a(), mine, owner=BOB)
    assert stamp.id not in (mine, theirs) and stamp.recreated
    assert store.name_of(mine, owner=ALICE) == "Alice's club night"
    assert store.latest(ALICE)[0] == mine and store.latest(BOB)[0] == stamp.id


def test_a_save_from_a_stale_copy_is_refused_and_writes_nothing():
    first = store.save_event("Club night", fixture_a(), owner=ALICE)
    assert first.version == 1
    second = store.save_event("Club night", fixture_a().with_entries(fixture_a().entries, rounds=6), first.id,
                              owner=ALICE, base=1)
    assert second.version == 2
    with pytest.raises(store.StaleSave, match="changed elsewhere") as caught:
        store.save_event("Older tab", fixture_a(), first.id, owner=ALICE, base=1)
    assert (caught.value.base, caught.value.current) == (1, 2)
    assert store.load(first.id, owner=ALICE).rounds == 6
    assert store.name_of(first.id, owner=ALICE) == "Club night"
    with pytest.raises(store.StaleSave):
        store.rename(first.id, "Renamed from the old tab", owner=ALICE, base=1)
    assert store.rename(first.id, "Renamed", owner=ALICE, base=2) == 3
    assert store.version_of(first.id, owner=ALICE) == 3
    assert store.version_of(first.id, owner=BOB) is None


def test_the_list_reads_sizes_kept_at_save_time_not_the_json():
    big = generate_event(players=30, rounds=7, seed=2)
    id_ = store.save("Thirty", big, owner=ALICE)
    with sqlite3.connect(store.db_path()) as conn:           # spoil the JSON behind the list's back
        conn.execute("UPDATE events SET json = 'not json' WHERE id = ?", (id_,))
    [row] = store.list_events(ALICE)
    assert (row.name, row.players, row.rounds) == ("Thirty", 30, 7)
    assert row.bytes == len(write_json(big).encode("utf-8"))


def test_an_old_database_is_upgraded_in_place_and_its_events_stay_the_laptops(tmp_path):
    text = write_json(fixture_a())
    with sqlite3.connect(store.db_path()) as conn:           # the table as the previous release made it
        conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, "
                     "json TEXT NOT NULL, updated_at TEXT NOT NULL, pending TEXT NOT NULL DEFAULT '{}')")
        conn.execute("INSERT INTO events (name, json, updated_at, pending) VALUES (?, ?, ?, ?)",
                     ("Old night", text, "2026-01-01T00:00:00+00:00", json.dumps({"6": [[1, 2]]})))
    [row] = store.list_events()
    assert (row.name, row.players, row.rounds, row.version) == ("Old night", 16, 5, 1)
    # the old pending board (round 6 was paired, 1 v 2) lies beyond this 5-round event: nothing to fold in
    assert store.load(row.id) == fixture_a()
    assert store.list_events(ALICE) == []
    with sqlite3.connect(store.db_path()) as conn:
        names = [r[1] for r in conn.execute("PRAGMA table_info(events)")]
    assert names.index("players") < names.index("json")     # small columns first: listing skips the JSON


def test_latest_is_the_event_last_opened_not_only_the_last_saved():
    a = store.save("A", fixture_a(), owner=ALICE)
    store.save("B", generate_event(players=6, rounds=3, seed=4), owner=ALICE)
    assert store.latest(ALICE)[1] == "B"
    store.set_last_opened(a, owner=ALICE)
    assert store.latest(ALICE)[1] == "A"


def test_workspaces_are_known_only_once_opened():
    assert not store.workspace_exists(ALICE)
    store.open_workspace(ALICE)
    assert store.workspace_exists(ALICE) and not store.workspace_exists(BOB)


def test_backup_copies_every_event(tmp_path):
    store.save("Kept", fixture_a(), owner=ALICE)
    copy = store.backup_to(tmp_path / "backup" / "copy.sqlite3")
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT name, owner FROM events").fetchall() == [("Kept", ALICE)]


def test_the_oldest_database_without_pending_boards_is_upgraded_too():
    with sqlite3.connect(store.db_path()) as conn:
        conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, "
                     "json TEXT NOT NULL, updated_at TEXT NOT NULL)")
        conn.execute("INSERT INTO events (name, json, updated_at) VALUES (?, ?, ?)",
                     ("Oldest", write_json(fixture_a()), "2025-06-01T00:00:00+00:00"))
        conn.execute("CREATE TABLE events_new (x)")          # left behind by an upgrade that was cut short
    [row] = store.list_events()
    assert (row.name, row.players, row.rounds) == ("Oldest", 16, 5)
    assert store.latest()[2] == fixture_a()


def test_an_events_settings_are_its_owners_only():
    from engine.events.settings import EventSettings
    mine = store.save("Alice's club night", fixture_a(), settings=EventSettings(notes="Alice's notes"), owner=ALICE)
    assert store.load_settings(mine, fixture_a(), owner=ALICE).notes == "Alice's notes"
    assert store.load_settings(mine, fixture_a(), owner=BOB).notes == ""        # the defaults, not Alice's
    with pytest.raises(EventError, match="no saved event number"):
        store.save_settings(mine, EventSettings(notes="Bob was here"), owner=BOB)
    assert store.load_settings(mine, fixture_a(), owner=ALICE).notes == "Alice's notes"
    store.save_settings(mine, EventSettings(notes="changed"), owner=ALICE)
    assert store.version_of(mine, owner=ALICE) == 1           # settings do not make another tab's event stale


def test_pending_boards_of_an_older_database_become_games_still_to_be_played():
    # the release before kept a paired round's boards beside the event; they are folded into it once
    players = [Player(1, "Ann", 2000), Player(2, "Bob", 1900), Player(3, "Cy", 1800), Player(4, "Di", None)]
    entries = {1: [Entry.game(2, "W", ONE), ABSENT], 2: [Entry.game(1, "B", ZERO), ABSENT],
               3: [Entry.game(4, "W", HALF), ABSENT], 4: [Entry.game(3, "B", HALF), ABSENT]}
    text = write_json(make_event("Club night", players, entries, rounds=2))
    with sqlite3.connect(store.db_path()) as conn:          # the table as release 0.1.0 made it
        conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, owner TEXT NOT NULL DEFAULT '', "
                     "name TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1, players INTEGER NOT NULL DEFAULT 0, "
                     "rounds INTEGER NOT NULL DEFAULT 0, bytes INTEGER NOT NULL DEFAULT 0, updated_at TEXT NOT NULL, "
                     "settings TEXT NOT NULL DEFAULT '', json TEXT NOT NULL, pending TEXT NOT NULL DEFAULT '{}')")
        conn.execute("INSERT INTO events (name, players, rounds, updated_at, json, pending) VALUES (?, 4, 2, ?, ?, ?)",
                     ("Club night", "2026-05-01T00:00:00+00:00", text, json.dumps({"2": [[1, 3], [4, 2]]})))
    [row] = store.list_events()
    event = store.load(row.id)
    assert event.entry(1, 2) == Entry.scheduled(3, "W") and event.entry(3, 2) == Entry.scheduled(1, "B")
    assert event.entry(4, 2) == Entry.scheduled(2, "W") and event.entry(2, 2) == Entry.scheduled(4, "B")
    assert event.pending_games() == [(2, 1, 3), (2, 4, 2)]
    with sqlite3.connect(store.db_path()) as conn:
        assert "pending" not in [r[1] for r in conn.execute("PRAGMA table_info(events)")]


def test_each_workspace_keeps_its_own_language():
    store.open_workspace(ALICE)
    store.open_workspace(BOB)
    assert store.workspace_language(ALICE) is None               # nothing chosen yet
    store.set_workspace_language(ALICE, "de")
    store.set_workspace_language(BOB, "ru")
    store.set_workspace_language(ALICE, "fr")                    # the last choice counts
    assert (store.workspace_language(ALICE), store.workspace_language(BOB)) == ("fr", "ru")
    store.set_last_opened(store.save("club", fixture_a(), owner=ALICE), owner=ALICE)
    assert store.workspace_language(ALICE) == "fr"               # opening an event keeps the language
    assert store.workspace_language("c" * 64) is None            # a workspace nobody opened


def test_a_workspaces_table_from_before_languages_gets_its_column_and_keeps_its_rows():
    with sqlite3.connect(store.db_path()) as conn:               # the table as the previous release made it
        conn.execute("CREATE TABLE workspaces (owner TEXT PRIMARY KEY, created_at TEXT NOT NULL, "
                     "last_event INTEGER)")
        conn.execute("INSERT INTO workspaces VALUES (?, '2026-12-01T00:00:00+00:00', NULL)", (ALICE,))
    assert store.workspace_exists(ALICE)
    assert store.workspace_language(ALICE) is None
    store.set_workspace_language(ALICE, "es")
    assert store.workspace_language(ALICE) == "es"
    with sqlite3.connect(store.db_path()) as conn:
        assert conn.execute("SELECT created_at FROM workspaces WHERE owner = ?", (ALICE,)).fetchone() == (
            "2026-12-01T00:00:00+00:00",)
