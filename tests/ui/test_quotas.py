"""The quotas of a hosted workspace: saved events and bytes per browser, and the expiry of
workspaces that never kept an event.  The laptop's workspace has none of them."""
from __future__ import annotations

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
