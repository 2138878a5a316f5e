"""Long work in its own process, with a time limit, stopped when its page is left or its session ends.

Why a process: the FIDE Dutch pairing of a big field, a simulation or a flip search can take minutes of
pure Python.  Run inside the server it holds the interpreter, so every other visitor waits, and nothing
can stop it.  :func:`run_bounded` starts the work in a fresh process (``spawn``: nothing of the server is
inherited) in its own process group, at a lower CPU priority than the server, and waits for it without
holding the interpreter.  The work is ended, with every process it started itself, when

* it runs past its time limit (:class:`JobTimeout`, a plain-words :class:`~engine.core.errors.EventError`);
* the waiting page is interrupted: Streamlit stops a script run at its next screen update when the user
  switches page, presses another button or closes the tab, and :func:`run_bounded` updates the screen
  (``on_tick``) a few times a second, so the interruption reaches it and ``finally`` ends the process;
* the server itself goes away (a watchdog in the worker notices its parent is gone).

:func:`run_on_page` is the same with a live "… s so far" line, for pages.  The limits per mode are in
:func:`limits`: generous on a laptop, tight on a shared server (:mod:`ui.workspace`).  Anything slow that
a page starts (pairing, simulation, flip search, forecasts) should go through here.

The work function must be importable by name (a module-level function of ``engine`` or ``ui``) and its
arguments and result picklable.  When ``progress=True`` it receives a keyword ``progress``: a callable
whose arguments reach the page's ``on_progress`` (e.g. ``progress(done, total)``).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
import types
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable

from engine.core.errors import EventError

POLL = 0.25            # seconds between looks at the worker (and screen updates)
NICE = 10              # the worker's CPU priority below the server's: pages stay quick while it works
#: a FIDE Dutch pairing of up to this many players runs inside the server (a tenth of a second once the engine
#: is loaded, see :func:`load_dutch`); a separate process would take a second just to start
DUTCH_IN_SERVER = 20


class JobTimeout(EventError):
    """The work ran past its time limit and was stopped."""


@dataclass(frozen=True)
class Limits:
    """What one person may start at once.  ``None`` means no limit."""

    job_seconds: float                 # any one job: pairing, simulation, flip search, forecast
    dutch_players: int | None          # FIDE Dutch pairing of one round (Build event page)
    sim_workers: int                   # processes one simulation uses
    sim_player_rounds: int | None      # simulation, fast pairing: events x players x rounds x variants
    sim_dutch_player_rounds: int | None  # the same with the FIDE Dutch pairing (about 1,000 times slower)
    flip_seconds: float                # the flip search on "Why is A above B?"


LAPTOP_LIMITS = Limits(job_seconds=1800, dutch_players=None, sim_workers=2, sim_player_rounds=None,
                       sim_dutch_player_rounds=None, flip_seconds=600)
#: a shared server: at most a minute of one core per request, and sizes that fit in it (measured on a
#: 2-core machine: Dutch pairing of 100 players 4.5 s, of 150 players 74 s; 56,000 simulated player-rounds
#: 3 s with the fast pairing)
HOSTED_LIMITS = Limits(job_seconds=60, dutch_players=100, sim_workers=1, sim_player_rounds=500_000,
                       sim_dutch_player_rounds=3_000, flip_seconds=30)


def limits() -> Limits:
    """The limits of the mode the app runs in."""
    from ui import workspace          # here, not at the top: a worker process should not import Streamlit

    return HOSTED_LIMITS if workspace.hosted() else LAPTOP_LIMITS


def seconds_words(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:g} minutes"
    return f"{seconds:g} second{'' if seconds == 1 else 's'}"


@contextmanager
def _bare_main():
    """Start the worker with an empty ``__main__``: under Streamlit that module is a page or the server's
    launcher, which the worker must not run again."""
    real = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if real is not None:
            sys.modules["__main__"] = real


def _watch_parent(parent: int) -> None:
    """In the worker: end the whole group as soon as the server that started it is gone."""
    while True:
        if os.getppid() != parent:
            os.killpg(0, signal.SIGKILL)
        time.sleep(1.0)


def _worker(conn, fn: Callable[..., Any], args: tuple, kwargs: dict, progress: bool, parent: int) -> None:
    os.setpgrp()                                   # its own group: ending it ends its helpers too
    try:
        os.nice(NICE)
    except OSError:
        pass
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if progress:
        kwargs = {**kwargs, "progress": lambda *values: conn.send(("progress", values))}
    try:
        result = fn(*args, **kwargs)
    except EventError as exc:
        conn.send(("event_error", str(exc)))
    except BaseException as exc:  # anything else: one line for the page, never a traceback
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    else:
        conn.send(("done", result))
    conn.close()


def _end(proc: multiprocessing.process.BaseProcess) -> None:
    """Stop the worker and everything it started (its process group), then reap it."""
    if proc.pid is None:
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        if proc.is_alive():
            proc.kill()
    proc.join(5)


def run_bounded(fn: Callable[..., Any], *args: Any, seconds: float, what: str = "This work",
                on_tick: Callable[[float], None] | None = None,
                on_progress: Callable[..., None] | None = None, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` in a separate process; its result, or an :class:`~engine.core.errors.EventError` in plain words.

    ``seconds`` is the time limit (:class:`JobTimeout` after it); ``what`` names the work in that message.
    ``on_tick(seconds so far)`` is called every :data:`POLL` seconds while waiting, and ``on_progress``
    with whatever the work reports (then ``fn`` is given ``progress=``).  Any exception raised by these
    callbacks (such as Streamlit stopping the run because the page was left) ends the work at once.
    """
    ctx = multiprocessing.get_context("spawn")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_worker, args=(send, fn, args, kwargs, on_progress is not None, os.getpid()),
                       name=f"tiebreak-job-{getattr(fn, '__name__', 'work')}")
    start = time.perf_counter()
    with _bare_main():
        proc.start()
    send.close()
    try:
        next_tick = start + POLL
        while True:
            if receive.poll(POLL):
                try:
                    kind, payload = receive.recv()
                except EOFError:
                    raise EventError(f"{what} stopped unexpectedly (the worker process ended, exit code "
                                     f"{proc.exitcode}); try a smaller size") from None
                if kind == "done":
                    return payload
                if kind != "progress":
                    raise EventError(payload)
                if on_progress:
                    on_progress(*payload)
            now = time.perf_counter()             # checked on every pass, however often progress arrives
            if now - start > seconds:
                raise JobTimeout(f"{what} was stopped after {seconds_words(seconds)}, the limit for one request "
                                 f"here; try a smaller size")
            if on_tick and now >= next_tick:
                on_tick(now - start)
                next_tick = now + POLL
    finally:
        receive.close()
        _end(proc)


def run_on_page(fn: Callable[..., Any], *args: Any, seconds: float, what: str,
                on_progress: Callable[..., None] | None = None, **kwargs: Any) -> Any:
    """:func:`run_bounded` with a live line under the caller's heading: seconds so far, and the limit."""
    import streamlit as st

    line = st.empty()

    def tick(elapsed: float) -> None:
        line.caption(f"{elapsed:.0f} s so far (stopped after {seconds_words(seconds)}; leaving the page stops it)")

    try:
        return run_bounded(fn, *args, seconds=seconds, what=what, on_tick=tick, on_progress=on_progress, **kwargs)
    finally:
        line.empty()


_dutch_loading: threading.Thread | None = None


def load_dutch() -> None:
    """Load the Dutch pairing engine in the background, once per server, while the user is still choosing: the
    first pairing inside the server would otherwise wait most of a second for it."""
    global _dutch_loading
    if _dutch_loading is None:
        from engine.pairing.dutch import load_engine
        _dutch_loading = threading.Thread(target=load_engine, name="tiebreak-load-dutch", daemon=True)
        _dutch_loading.start()
