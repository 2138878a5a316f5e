"""Faults: a job killed half-way (Compare, the forecast, a pairing), and a full disk.

A worker killed by an out-of-memory killer or an operator must leave the saved events whole and the page able
to go on: the same work asked again gives its answer.  A full disk refuses the save with a sentence and loses
nothing already saved.  (A killed upload and a killed save: tests/ui/test_upload_job.py.)
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
from typing import Callable

import pytest

from engine.core.errors import EventError
from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.events.generator import generate_event
from engine.pairing.dutch import dutch_pairs
from tests.fixtures import fixture_a
from tests.pending_rounds import last_round_pending
from ui.session import store
from ui.work import compare_job, forecast_job, jobs

BIG = generate_event(players=400, rounds=9, seed=38)


def compare_args() -> tuple:
    orderings = [ordering_of(preset=p, options=Options()) for p in ("fide-swiss", "fide-swiss-a", "uscf")]
    return compare_job.work, BIG, orderings, ["BH", "SB", "DE"], orderings[0]


def forecast_args() -> tuple:
    return (forecast_job.work, last_round_pending(generate_event(players=60, rounds=7, seed=38)),
            ordering_of(["BH", "SB"], "fide", Options()), 3, None, "elo", 0.3, 2_000, 7, (), "split")


def pairing_args() -> tuple:
    """Round 6 of an 80-player Swiss, FIDE Dutch: about 5 s of work (1.6 s for 60 players)."""
    event = generate_event(players=80, rounds=5, seed=5)
    event = event.with_entries(event.entries, rounds=6)
    return dutch_pairs, event, 6, sorted(event.tpns)


def kill_the_worker() -> None:
    """SIGKILL this process's job worker, as an out-of-memory killer or an operator would."""
    for child in multiprocessing.active_children():
        if child.name.startswith("tiebreak-job") and child.pid:
            os.kill(child.pid, signal.SIGKILL)


JOBS = {"compare": (compare_args, True), "forecast": (forecast_args, True), "pairing": (pairing_args, False)}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "pairing" else n
                                  for n in sorted(JOBS)])
def test_a_job_killed_half_way_leaves_the_saved_events_whole_and_the_page_can_go_on(name):
    make, progress = JOBS[name]
    fn, *args = make()
    id = store.save("Club night", fixture_a())
    before = (store.list_events(), store.load(id))
    # killed with the work under way: at its first progress report, or (the pairing reports none) half a second
    # after the worker started (a worker forked from a warm test run has its imports done and pairs at once)
    extra = {"on_progress": lambda *_: kill_the_worker()} if progress else \
        {"on_tick": lambda elapsed: kill_the_worker() if elapsed > 0.5 else None}
    with pytest.raises(EventError, match=r"^The work stopped unexpectedly: the process doing it was killed \(signal "
                                         r"9, SIGKILL\), by the system \(often for lack of memory\) or by the "
                                         r"server's operator; nothing was changed, and you can try again or with a "
                                         r"smaller size$"):
        jobs.run_bounded(fn, *args, seconds=120, what="The work", **extra)
    assert (store.list_events(), store.load(id)) == before
    assert not jobs.SLOTS.running and not jobs.SLOTS.waiting         # its place in the queue given back
    again = jobs.run_bounded(fn, *args, seconds=120, **({"on_progress": lambda *_: None} if progress else {}))
    if name == "pairing":                                          # asked again: the answer, as if nothing happened
        assert again == fn(*args)
    elif name == "compare":
        assert [o.label for o in again[0].orderings] == [o.label for o in fn(*args, lambda *_: None)[0].orderings]
    else:                                                          # the same chances as worked out here
        assert again[0].places == fn(*args, lambda *_: None)[0].places


def full_disk(real: Callable[[], sqlite3.Connection]) -> Callable[[], sqlite3.Connection]:
    """Connections to a database that cannot grow by more than two pages: SQLite's own "database or disk is full",
    as a full disk gives it."""
    def connect() -> sqlite3.Connection:
        conn = real()
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages + 2}")
        return conn
    return connect


def test_the_disk_full_refuses_the_save_with_a_sentence_and_loses_nothing(monkeypatch):
    kept = store.save("Club night", fixture_a())
    before = (store.list_events(), store.load(kept))
    real = store._connect
    monkeypatch.setattr(store, "_connect", full_disk(real))
    big = generate_event(players=2000, rounds=9, seed=4)
    with pytest.raises(EventError) as refused:
        store.save("Big open", big)
    assert str(refused.value) == "the event could not be saved: the disk is full or failing"
    with pytest.raises(EventError, match="the disk is full or failing"):
        store.save_event("Club night", big, kept)                 # over the saved one: it stays as it was
    monkeypatch.setattr(store, "_connect", real)
    assert (store.list_events(), store.load(kept)) == before
    assert sqlite3.connect(store.db_path()).execute("PRAGMA integrity_check").fetchone() == ("ok",)

