"""ui.work.jobs: jobs per workspace and in total are capped, the others queue with their place shown, and a worker
cannot take more memory than one job may use."""
from __future__ import annotations

import threading
import time

import pytest

from engine.core.errors import EventError
from ui.work import jobs

ONE_EACH = jobs.Limits(job_seconds=30, dutch_players=None, sim_workers=1, sim_player_rounds=None,
                       sim_dutch_player_rounds=None, flip_seconds=30, jobs_per_workspace=1, jobs_total=2)


def nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def grab(megabytes: int) -> int:
    return len(bytearray(megabytes * 1024 * 1024))


def test_slots_per_workspace_and_in_total():
    slots = jobs._Slots()
    a1, a2, b1, c1 = slots.take("A"), slots.take("A"), slots.take("B"), slots.take("C")
    assert slots.start(a1, 1, 2) == 0                  # A's first job runs
    assert slots.start(a2, 1, 2) == 1                  # A's second waits for A's first, first in the queue ...
    assert slots.start(b1, 1, 2) == 0                  # ... but does not hold up B
    assert slots.start(c1, 1, 2) == 2                  # the server is full (2): C is second in the queue
    slots.give_back(a1)
    assert slots.start(c1, 1, 2) == 2                  # A's second came first and may now start
    assert slots.start(a2, 1, 2) == 0
    slots.give_back(b1)
    assert slots.start(c1, 1, 2) == 0
    assert len(slots.running) == 2 and not slots.waiting


def test_a_second_job_of_the_same_workspace_waits_with_its_place_shown(monkeypatch):
    monkeypatch.setattr(jobs, "SLOTS", jobs._Slots())
    first = threading.Thread(target=jobs.run_bounded, args=(nap, 3.0), kwargs=dict(seconds=30, owner="A",
                                                                                    limit=ONE_EACH))
    first.start()
    while not jobs.SLOTS.running:
        time.sleep(0.05)
    places: list[int] = []
    start = time.monotonic()
    assert jobs.run_bounded(nap, 0.1, seconds=30, owner="A", limit=ONE_EACH, on_wait=places.append) == 0.1
    first.join()
    assert places and set(places) == {1}                # it waited, next in the queue, until the first ended
    assert time.monotonic() - start > 1.0
    assert not jobs.SLOTS.running and not jobs.SLOTS.waiting


def test_leaving_the_page_while_waiting_gives_up_the_place(monkeypatch):
    monkeypatch.setattr(jobs, "SLOTS", jobs._Slots())
    ticket = jobs.SLOTS.take("A")
    assert jobs.SLOTS.start(ticket, 1, 2) == 0          # A already runs a job

    def leave(place: int) -> None:
        raise KeyboardInterrupt("page left")          # what Streamlit's stop looks like to the waiting code
    with pytest.raises(KeyboardInterrupt):
        jobs.run_bounded(nap, 0.1, seconds=30, owner="A", limit=ONE_EACH, on_wait=leave)
    assert not jobs.SLOTS.waiting


def test_a_job_past_its_memory_is_refused_in_words():
    small = jobs.Limits(**{**ONE_EACH.__dict__, "job_memory": 1024 ** 3})      # 1 GB of address space
    assert jobs.run_bounded(grab, 10, seconds=30, limit=small) == 10 * 1024 * 1024
    with pytest.raises(EventError, match="more memory than one request may use"):
        jobs.run_bounded(grab, 2048, seconds=30, limit=small)


def test_the_hosted_caps():
    assert jobs.HOSTED_LIMITS.jobs_per_workspace == 1 and jobs.HOSTED_LIMITS.jobs_total == jobs._CORES
    assert jobs.HOSTED_LIMITS.job_memory == 3 * 1024 ** 3 and jobs.LAPTOP_LIMITS.job_memory is None
