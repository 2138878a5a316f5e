"""The quotas of a hosted workspace: saved events and bytes per browser, and the expiry of
workspaces that never kept an event.  The laptop's workspace has none of them."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from tests.fixtures import fixture_a
from ui.session import store

ALICE, BOB = "a" * 64, "b" * 64


def test_the_fifty_first_event_of_a_workspace_is_refused_and_nothing_written(monkeypatch):
    monkeypatch.setattr(store, "MAX_EVENTS_PER_WORKSPACE", 3)       # the rule, at a size a test can reach
    for i in range(3):
        store.save(f"Event {i}", fixture_a(), owner=ALICE)
    with pytest.raises(store.QuotaFull, match="already keeps 3 saved events"):
        store.save("One too many", fixture_a(), owner=ALICE)
    assert sorted(e.name for e in store.list_events(ALICE)) == ["Event 0", "Event 1", "Event 2"]
    first = store.list_events(ALICE)[0].id
    store.save("Event saved again", fixture_a(), first, owner=ALICE)    # saving over one of them is allowed
    store.save("Bob's", fixture_a(), owner=BOB)                          # and another workspace is not affected
    for i in range(5):
        store.save(f"Laptop {i}", fixture_a())                           # nor the laptop


def test_the_bytes_of_a_workspace_are_bounded(monkeypatch):
    one = len(store.write_json(fixture_a()).encode())
    monkeypatch.setattr(store, "MAX_BYTES_PER_WORKSPACE", 2 * one + 10)
    store.save("First", fixture_a(), owner=ALICE)
    store.save("Second", fixture_a(), owner=ALICE)
    with pytest.raises(store.QuotaFull, match="a shared server keeps at most"):
        store.save("Third", fixture_a(), owner=ALICE)
    assert len(store.list_events(ALICE)) == 2


def test_the_quotas_are_stated_as_chosen():
    assert store.MAX_EVENTS_PER_WORKSPACE == 50 and store.MAX_BYTES_PER_WORKSPACE == 100 * 1024 * 1024
    assert store.EMPTY_WORKSPACE_EXPIRY == timedelta(days=1)


def test_empty_workspaces_expire_after_a_day_and_used_ones_stay():
    store.open_workspace(ALICE)
    store.open_workspace(BOB)
    store.save("Bob's", fixture_a(), owner=BOB)
    now = datetime.now(timezone.utc)
    assert store.expire_empty_workspaces(now + timedelta(hours=23)) == 0
    assert store.workspace_exists(ALICE)
    assert store.expire_empty_workspaces(now + timedelta(days=1, minutes=1)) == 1
    assert not store.workspace_exists(ALICE) and store.workspace_exists(BOB)


def test_the_number_of_empty_workspaces_is_bounded_the_oldest_going_first(monkeypatch):
    """A script visiting in a loop made a workspace per visit, without end; at most
    MAX_EMPTY_WORKSPACES empty ones are kept, and one that keeps an event is never removed."""
    assert store.MAX_EMPTY_WORKSPACES == 10_000
    monkeypatch.setattr(store, "MAX_EMPTY_WORKSPACES", 3)
    owners = [f"{i:x}" * 64 for i in range(1, 7)]
    store.open_workspace(owners[0])
    store.save("Kept", fixture_a(), owner=owners[0])
    for owner in owners[1:]:
        store.open_workspace(owner)
    assert [store.workspace_exists(o) for o in owners] == [True, False, False, True, True, True]


def _idle_since(owner: str, stamp: str) -> None:
    """Say ``owner``'s workspace was last used at ``stamp`` (an ISO time in UTC)."""
    with sqlite3.connect(store.db_path()) as conn:
        conn.execute("UPDATE workspaces SET used_at = ? WHERE owner = ?", (stamp, owner))


def test_the_number_of_workspaces_with_events_is_bounded_the_longest_idle_going_first(monkeypatch):
    """Each workspace keeps at most 50 events and 100 MB, but nothing bounded how many workspaces kept some: past
    MAX_WORKSPACES_WITH_EVENTS a save removes the workspace idle longest, never the one saving nor one in use."""
    assert store.MAX_WORKSPACES_WITH_EVENTS == 2_000 and store.ACTIVE_WORKSPACE == timedelta(hours=1)
    monkeypatch.setattr(store, "MAX_WORKSPACES_WITH_EVENTS", 3)
    carol, dave = "c" * 64, "d" * 64
    for owner, used in ((ALICE, "2026-11-02"), (BOB, "2026-11-01"), (carol, "2026-11-03")):
        store.save(f"{owner[0]}'s", fixture_a(), owner=owner)
        _idle_since(owner, used)
    store.save("Dave's", fixture_a(), owner=dave)                  # a fourth: Bob's, idle longest, goes whole
    assert not store.workspace_exists(BOB) and store.list_events(BOB) == []
    assert [len(store.list_events(o)) for o in (ALICE, carol, dave)] == [1, 1, 1]
    store.save("Dave's second", fixture_a(), owner=dave)           # the same workspaces: nobody else goes
    assert [len(store.list_events(o)) for o in (ALICE, carol, dave)] == [1, 1, 2]
    store.save("Laptop", fixture_a())                              # the laptop's events are not counted
    assert store.workspace_exists(ALICE)
    store.touch_workspace(ALICE)                                   # Alice's browser came back: Carol's goes next
    store.save("Bob's again", fixture_a(), owner=BOB)
    assert [store.workspace_exists(o) for o in (ALICE, BOB, carol, dave)] == [True, True, False, True]


def test_the_bytes_of_all_workspaces_are_bounded_and_a_save_that_finds_no_idle_one_is_refused(monkeypatch):
    one = len(store.write_json(fixture_a()).encode())
    monkeypatch.setattr(store, "MAX_STORED_BYTES", 2 * one + 10)
    store.save("Alice's", fixture_a(), owner=ALICE)
    _idle_since(ALICE, "2026-11-01")
    store.save("Bob's", fixture_a(), owner=BOB)
    store.save("Bob's second", fixture_a(), owner=BOB)             # 3 events' bytes: Alice's, idle, goes
    assert not store.workspace_exists(ALICE) and len(store.list_events(BOB)) == 2
    with pytest.raises(store.ServerFull, match="no other browser's events have been left unused for an hour"):
        store.save("Alice's again", fixture_a(), owner=ALICE)       # Bob's is in use: kept, and nothing written
    assert store.list_events(ALICE) == [] and len(store.list_events(BOB)) == 2
    with pytest.raises(store.ServerFull, match="and 0.0 MB in all"):
        store.save("Bob's third", fixture_a(), owner=BOB)           # his own are never removed to make room
    assert len(store.list_events(BOB)) == 2


def test_an_older_database_gets_the_workspaces_last_use(tmp_path, monkeypatch):
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path / "old.sqlite3"))
    with sqlite3.connect(tmp_path / "old.sqlite3") as conn:
        conn.execute("CREATE TABLE workspaces (owner TEXT PRIMARY KEY, created_at TEXT NOT NULL, last_event INTEGER)")
        conn.execute("INSERT INTO workspaces VALUES (?, '2026-11-01T00:00:00+00:00', NULL)", (ALICE,))
    store.save("Bob's", fixture_a(), owner=BOB)
    assert store.workspace_exists(ALICE)
    with sqlite3.connect(tmp_path / "old.sqlite3") as conn:
        assert conn.execute("SELECT used_at FROM workspaces WHERE owner = ?", (ALICE,)).fetchone() == ("",)
