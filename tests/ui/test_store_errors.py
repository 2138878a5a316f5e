"""A saved-events database that cannot be used: a plain sentence, never a traceback or a server path, and the
event stays on the page.

Three failures a server meets: the file is damaged (not a database at all), it is read-only (opened here in
SQLite's read-only mode, since the tests may run as root, who can write any file), or it is locked by
another writer for longer than the wait.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.core.errors import EventError
from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, encode
from tests.fixtures import fixture_a, fixture_b
from tests.pages import build_tab, open_page
from tests.paths import REPO_ROOT
from ui.session import store

ROOT = REPO_ROOT
REAL_CONNECT = sqlite3.connect


def damaged(tmp_path: Path, monkeypatch) -> Path:
    path = tmp_path / "damaged.sqlite3"
    path.write_bytes(b"this is not a database, just text that happens to sit where one should be\n" * 100)
    monkeypatch.setenv("TIEBREAK_LAB_DB", str(path))
    return path


def read_only(monkeypatch) -> None:
    """The database as it is now, opened read-only from here on (what a read-only file gives a server)."""
    store.save("Fixture A", fixture_a())
    monkeypatch.setattr(store.sqlite3, "connect",
                        lambda path, timeout=5: REAL_CONNECT(f"file:{path}?mode=ro", uri=True, timeout=timeout))


def test_damaged_file_is_named_in_plain_words(tmp_path, monkeypatch):
    path = damaged(tmp_path, monkeypatch)
    with pytest.raises(EventError) as caught:
        store.save("Fixture A", fixture_a())
    assert str(caught.value) == "the event could not be saved: the saved-events file is damaged"
    with pytest.raises(EventError) as caught:
        store.list_events()
    assert str(caught.value) == "the saved events cannot be read: the saved-events file is damaged"
    assert str(path) not in str(caught.value)


def test_read_only_file_refuses_saving_in_plain_words(monkeypatch):
    read_only(monkeypatch)
    with pytest.raises(EventError) as caught:
        store.save("Fixture B", fixture_b())
    assert str(caught.value) == "the event could not be saved: the saved-events file is read-only"
    assert [s.name for s in store.list_events()] == ["Fixture A"]      # reading still works


def test_locked_file_says_busy(tmp_path, monkeypatch):
    store.save("Fixture A", fixture_a())
    monkeypatch.setattr(store.sqlite3, "connect", lambda path, timeout=5: REAL_CONNECT(path, timeout=0.1))
    holder = REAL_CONNECT(store.db_path())
    holder.execute("BEGIN EXCLUSIVE")                  # another writer holds the file
    try:
        with pytest.raises(EventError) as caught:
            store.save("Fixture B", fixture_b())
    finally:
        holder.rollback()
        holder.close()
    assert str(caught.value) == ("the event could not be saved: the saved-events file is busy (another window or "
                                 "program is writing to it); try again")


@pytest.mark.parametrize("stem", ["Start", "Build event", "Standings"])
def test_pages_run_on_a_damaged_database(stem, tmp_path, monkeypatch):
    damaged(tmp_path, monkeypatch)
    at = open_page(stem, timeout=90).run()
    assert not at.exception
    if stem == "Build event":
        at = build_tab(at, "Saved events")          # where the saved events are listed
        assert not at.exception
        errors = [e.value.replace("\\", "").replace("\u2060", "") for e in at.error]
        assert errors == ["the saved events cannot be read: the saved-events file is damaged"]


def test_a_shared_link_opens_when_it_cannot_be_saved(monkeypatch):
    """The link's event is shown (ranked on the page) with a warning that it is not saved."""
    read_only(monkeypatch)
    link = encode(Shared(fixture_b(), ordering_of(("DE",), "fide", Options()), "standings"))
    at = open_page("Standings", timeout=90)
    at.query_params["s"] = link
    at.run()
    assert not at.exception and not at.error
    warnings = [w.value.replace("\\", "").replace("\u2060", "") for w in at.warning]
    assert ("The event could not be saved: the saved-events file is read-only. Your event is kept in this page, "
            "but it is not saved.") in warnings
    names = at.dataframe[0].value["Name"].tolist()
    assert sorted(names) == sorted(p.name for p in fixture_b().players)
