"""Saved events read once per server: every new session of a workspace reopens its last event, and the largest
(20,000 players x 20 rounds) cost the server more than a second to read each time, and seconds more to hash for
the pages' caches.  The store keeps the last few read or saved, and the digest of each one's JSON text."""
from __future__ import annotations

import sqlite3

import pytest

from engine.core.errors import EventError
from engine.events.generator import generate_event
from engine.formats.jsonfmt import write_json
from tests.fixtures import fixture_a
from ui.session import parsed, store

ALICE = "a" * 64


def no_reading(*args, **kwargs):
    raise AssertionError("the saved JSON was read again")


def test_a_saved_event_is_reopened_without_reading_its_json(monkeypatch):
    event = generate_event(players=30, rounds=5, seed=2)
    id_ = store.save("Open", event, owner=ALICE)
    monkeypatch.setattr(store, "read_json", no_reading)
    again = store.latest(ALICE)
    assert again is not None and again[2] is event and store.load(id_, ALICE) is event
    assert parsed.digest(event) == parsed.text_digest(write_json(event, keep_warnings=True))


def test_a_new_version_is_read_anew_and_a_changed_file_is_never_mistaken_for_the_kept_one(monkeypatch):
    id_ = store.save("Open", fixture_a(), owner=ALICE)
    other = generate_event(players=12, rounds=3, seed=5)
    with sqlite3.connect(store.db_path()) as conn:      # another program writes the row: a new version
        conn.execute("UPDATE events SET json = ?, version = version + 1, bytes = ? WHERE id = ?",
                     (write_json(other), len(write_json(other).encode()), id_))
    found = store.load(id_, ALICE)
    assert found == other and found is not other
    assert parsed.digest(found) == parsed.text_digest(write_json(other))
    monkeypatch.setattr(store, "read_json", no_reading)
    assert store.load(id_, ALICE) is found                # read once, then kept


def test_only_the_last_few_are_kept():
    events = [generate_event(players=8, rounds=2, seed=s) for s in range(parsed.KEPT + 1)]
    ids = [store.save(f"E{i}", e, owner=ALICE) for i, e in enumerate(events)]
    assert store.load(ids[0], ALICE) == events[0] and store.load(ids[0], ALICE) is not events[0]
    assert store.load(ids[-1], ALICE) is events[-1]


def test_a_damaged_row_is_still_refused(monkeypatch):
    id_ = store.save("Open", fixture_a(), owner=ALICE)
    with sqlite3.connect(store.db_path()) as conn:
        conn.execute("UPDATE events SET json = '{', version = version + 1 WHERE id = ?", (id_,))
    with pytest.raises(EventError):
        store.load(id_, ALICE)
