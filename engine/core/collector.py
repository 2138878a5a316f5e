"""Large rankings without Python's cyclic garbage collector running in the middle of them.

Ranking a 20,000-player event builds about a million small objects (columns, contribution rows, values,
rows of the standings) that form no reference cycles and are mostly kept until the ranking is done.  While
they are built, the collector's full passes re-scan every object of the process (the event itself is half a
million) again and again and free nothing: measured on a comparison of four orderings, those passes were
about half its CPU time.  :func:`collector_paused` switches the collector off around such work; reference
counting still frees everything as usual, and any cycles left are collected once the collector is back on
(with the oldest generation, where the objects built meanwhile are put when the pause ends).

The app runs every session as a thread of one process and the collector is process-wide, so the pause is
shared: the first caller in switches it off, the last one out switches it back on (if it was on before).  A
pause lasts as long as one ranking (seconds at most); work in other threads meanwhile only has its cycles
collected a little later.
"""
from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

#: the objects a pause must have left alive for its work to go straight to the oldest generation: the growth of
#: the collector's count of its youngest generation during the pause (young objects from before it, many when a
#: program has raised the collector's threshold, as mypy does, are not the pause's work).  A small ranking's few
#: hundred objects stay young: the next young collection, a scan of only those, frees the cycles among them at
#: once.  Sent to the oldest generation, they would wait for a full collection, which the collector seldom starts
#: because objects moved there this way do not count towards starting one: 2,000 rankings of a 16-player event
#: left 600,000 dead objects in memory, and a long test run or a long-lived server piled up millions, each later
#: full collection scanning all of them.
LARGE_WORK = 50_000

_lock = threading.Lock()
_holders = 0
_was_enabled = False
_young_before = 0


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic garbage collector off; nested and concurrent uses share one pause."""
    global _holders, _was_enabled, _young_before
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
            _young_before = gc.get_count()[0]
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                if gc.get_count()[0] - _young_before >= LARGE_WORK and gc.get_freeze_count() == 0:
                    # what a large work built goes straight to the oldest generation (two list splices, no
                    # scan): switched back on, the collector would otherwise scan all of it at once as new
                    # objects, a fifth of a large comparison's time, to find nothing.  Cycles among them are
                    # still collected, with the oldest generation.  Skipped if anybody else froze objects.
                    gc.freeze()
                    gc.unfreeze()
                gc.enable()
