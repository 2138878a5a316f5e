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
:func:`limits`: generous on a laptop, tight on a shared server (:mod:`ui.session.workspace`).  Anything slow that
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

from engine.core.collector import collector_paused
from engine.core.errors import EventError, plain_reason
from engine.core.said import said, said_n

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
    #: jobs running at once for one workspace (one browser, all its tabs) and on the whole server; more wait
    #: in a queue, their place shown
    jobs_per_workspace: int | None = None
    jobs_total: int | None = None
    #: address space of one job's worker, in bytes (it fails with a plain message past it)
    job_memory: int | None = None
    #: the largest event opened from an upload or a paste: players, and player-rounds (players x rounds)
    event_players: int | None = None
    event_cells: int | None = None


#: a shared server's cores: one job per core runs at full speed, more only share them
_CORES = max(1, os.cpu_count() or 1)

LAPTOP_LIMITS = Limits(job_seconds=1800, dutch_players=None, sim_workers=2, sim_player_rounds=None,
                       sim_dutch_player_rounds=None, flip_seconds=600, jobs_total=2 * _CORES)
#: a shared server: at most a minute of one core per request, and sizes that fit in it (measured on a
#: 2-core machine: Dutch pairing of 100 players 4.5 s, of 150 players 74 s; 56,000 simulated player-rounds
#: 3 s with the fast pairing)
#: Jobs: one at a time per browser and one per core on the server, so three tabs of one trainee, or a class
#: starting simulations together, queue instead of sharing the cores with the pages everybody else is
#: waiting for.  Memory: 3 GB of address space per worker: reading the largest event the readers accept
#: (100,000 players x 20 rounds, a 17 MB CSV) peaks at 1.15 GB resident and 25 s of CPU (measured on the
#: 2-core machine), twice that leaves room for the interpreter's own mappings.  Events: at most 20,000 players
#: and 400,000 player-rounds from an upload or paste (a 20,000-player, 11-round Swiss ranks in 0.7 s, its
#: comparison of four orderings in 1.5 s and its Why answer in 0.04 s: tools/bench_scale.py).
HOSTED_LIMITS = Limits(job_seconds=60, dutch_players=100, sim_workers=1, sim_player_rounds=500_000,
                       sim_dutch_player_rounds=3_000, flip_seconds=30, jobs_per_workspace=1, jobs_total=_CORES,
                       job_memory=3 * 1024 ** 3, event_players=20_000, event_cells=400_000)


def limits() -> Limits:
    """The limits of the mode the app runs in."""
    from ui.session import workspace  # here, not at the top: a worker process should not import Streamlit

    return HOSTED_LIMITS if workspace.hosted() else LAPTOP_LIMITS


def new_reference() -> str:
    """``TL-20261206-3F9A1C``: the day and six random hex digits, to find one failure in the server's log."""
    import secrets
    from datetime import datetime, timezone
    return f"TL-{datetime.now(timezone.utc):%Y%m%d}-{secrets.token_hex(3).upper()}"


def seconds_words(seconds: float) -> str:
    """A time limit in words (``90 seconds``, ``5 minutes``), as a record another language writes its own way."""
    if seconds >= 120:
        minutes = seconds / 60
        if minutes == int(minutes):
            return said_n("{n} minute", "{n} minutes", int(minutes))
        return said("{minutes} minutes", minutes=format(minutes, "g"))
    if seconds == int(seconds):
        return said_n("{n} second", "{n} seconds", int(seconds))
    return said("{seconds} seconds", seconds=format(seconds, "g"))


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


class _Slots:
    """The jobs running and waiting in this server process (Streamlit runs every session as a thread of it).

    A job takes a ticket and starts when the server and its workspace both have a free slot and no earlier
    ticket could start instead; until then its page shows its place in the queue.  The ticket is given back
    when the job ends, however it ends (result, error, time-out, page left).
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waiting: list[tuple[int, str]] = []           # (ticket, workspace), first come first
        self.running: dict[int, str] = {}
        self.next = 0

    def take(self, owner: str) -> int:
        with self.lock:
            self.next += 1
            self.waiting.append((self.next, owner))
            return self.next

    def start(self, ticket: int, per_workspace: int | None, total: int | None) -> int:
        """0 when ``ticket`` may start now (it is then running); else its place in the queue (1 = next)."""
        with self.lock:
            busy = dict.fromkeys(self.running.values(), 0)
            for owner in self.running.values():
                busy[owner] += 1
            room = None if total is None else total - len(self.running)
            place = 0
            for i, (t, owner) in enumerate(self.waiting):
                place += 1
                if room is not None and room <= 0:
                    break
                if per_workspace is not None and busy.get(owner, 0) >= per_workspace:
                    continue                         # this one waits for its own workspace; a later one may go
                if t == ticket:
                    del self.waiting[i]
                    self.running[ticket] = owner
                    return 0
                break                                # an earlier ticket goes first
            return next((n for n, (t, _) in enumerate(self.waiting, 1) if t == ticket), place)

    def give_back(self, ticket: int) -> None:
        with self.lock:
            self.running.pop(ticket, None)
            self.waiting = [(t, o) for t, o in self.waiting if t != ticket]


SLOTS = _Slots()


def _wait_for_slot(owner: str, limit: Limits, on_wait: Callable[[int], None] | None) -> int:
    """Take a ticket and wait for a free slot, calling ``on_wait(place)`` every :data:`POLL` seconds (an
    exception from it, such as Streamlit stopping the run because the page was left, gives the ticket back)."""
    ticket = SLOTS.take(owner)
    try:
        while (place := SLOTS.start(ticket, limit.jobs_per_workspace, limit.jobs_total)) > 0:
            if on_wait:
                on_wait(place)
            time.sleep(POLL)
    except BaseException:
        SLOTS.give_back(ticket)
        raise
    return ticket


def _limit_memory(limit: int | None) -> None:
    """In the worker: cap its address space, so one job cannot take the server's memory."""
    if limit is None:
        return
    import resource
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ValueError, OSError):
        pass


def _worker(conn, fn: Callable[..., Any], args: tuple, kwargs: dict, progress: bool, parent: int,
            memory: int | None = None) -> None:
    os.setpgrp()                                   # its own group: ending it ends its helpers too
    _limit_memory(memory)
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
        conn.send(("event_error", exc))          # pickled whole: the page writes it in the reader's language
    except MemoryError:
        conn.send(("error", "it needed more memory than one request may use here; try a smaller size"))
    except BaseException as exc:  # anything else: one line for the page, the traceback for the server's log only
        reference = new_reference()
        import traceback
        print(f"tiebreak-job failed, reference {reference}:\n{traceback.format_exc()}", file=sys.stderr, flush=True)
        conn.send(("unexpected", (plain_reason(exc), reference)))
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


#: the words for a job that was not given its own name
THIS_WORK = said("This work")


def run_bounded(fn: Callable[..., Any], *args: Any, seconds: float, what: str = THIS_WORK,
                on_tick: Callable[[float], object] | None = None,
                on_progress: Callable[..., object] | None = None, owner: str = "",
                on_wait: Callable[[int], None] | None = None, limit: Limits | None = None, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` in a separate process; its result, or an :class:`~engine.core.errors.EventError` in plain words.

    ``seconds`` is the time limit (:class:`JobTimeout` after it); ``what`` names the work in that message.
    ``on_tick(seconds so far)`` is called every :data:`POLL` seconds while waiting, and ``on_progress``
    with whatever the work reports (then ``fn`` is given ``progress=``).  Any exception raised by these
    callbacks (such as Streamlit stopping the run because the page was left) ends the work at once.

    Before it starts, the work waits for a slot (:data:`Limits.jobs_per_workspace` for ``owner``'s workspace,
    :data:`Limits.jobs_total` on the server; ``limit`` defaults to :func:`limits`), calling ``on_wait(place
    in the queue)`` meanwhile; the time limit counts from the start.
    """
    limit = limit or limits()
    ticket = _wait_for_slot(owner, limit, on_wait)
    try:
        return _run(fn, args, kwargs, seconds, what, on_tick, on_progress, limit.job_memory)
    finally:
        SLOTS.give_back(ticket)


def _run(fn: Callable[..., Any], args: tuple, kwargs: dict, seconds: float, what: str,
         on_tick: Callable[[float], object] | None, on_progress: Callable[..., object] | None,
         memory: int | None) -> Any:
    ctx = multiprocessing.get_context("spawn")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_worker, args=(send, fn, args, kwargs, on_progress is not None, os.getpid(), memory),
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
                    with collector_paused():    # a large answer is a million objects in no cycle (a comparison)
                        kind, payload = receive.recv()
                except EOFError:
                    raise EventError(_ended_words(what, proc)) from None
                if kind == "done":
                    return payload
                if kind == "unexpected":
                    reason, reference = payload
                    raise EventError(said("{what} stopped on something unexpected ({reason}); the server's log has "
                                          "the details under the reference {reference}", what=what, reason=reason,
                                          reference=reference))
                if kind != "progress":
                    raise payload if isinstance(payload, EventError) else EventError(payload)
                if on_progress:
                    on_progress(*payload)
            now = time.perf_counter()             # checked on every pass, however often progress arrives
            if now - start > seconds:
                raise JobTimeout(said("{what} was stopped after {limit}, the limit for one request here; try a "
                                      "smaller size", what=what, limit=seconds_words(seconds)))
            if on_tick and now >= next_tick:
                on_tick(now - start)
                next_tick = now + POLL
    finally:
        receive.close()
        _end(proc)


def _ended_words(what: str, proc: multiprocessing.process.BaseProcess) -> str:
    """Why the worker went away without an answer, in words (it was killed: by the system for lack of memory,
    or by an operator); its exit status is known once it is reaped."""
    proc.join(2)
    code = proc.exitcode
    how = (said("was killed (signal {number}, {name})", number=-code, name=signal.Signals(-code).name)
           if code is not None and code < 0 and -code in signal.valid_signals()
           else said("ended with exit status {code}", code=code) if code else said("ended"))
    return said("{what} stopped unexpectedly: the process doing it {how}, by the system (often for lack of memory) "
                "or by the server's operator; nothing was changed, and you can try again or with a smaller size",
                what=what, how=how)


def run_on_page(fn: Callable[..., Any], *args: Any, seconds: float, what: str,
                on_progress: Callable[..., object] | None = None, **kwargs: Any) -> Any:
    """:func:`run_bounded` with a live line under the caller's heading: seconds so far, and the limit."""
    import streamlit as st

    from i18n.said import render
    from ui.session.language import t, tr

    line = st.empty()
    limit = render(tr(), seconds_words(seconds))

    def tick(elapsed: float) -> None:
        line.caption(t("{elapsed} s so far (stopped after {limit}; leaving the page stops it)",
                       elapsed=format(elapsed, ".0f"), limit=limit))

    def wait(place: int) -> None:
        line.caption(t("Waiting for the server: yours is next (others' work, or your own in another tab, is running; "
                       "leaving the page gives up the place)") if place == 1 else
                     t("Waiting for the server: number {place} in the queue (others' work, or your own in another "
                       "tab, is running; leaving the page gives up the place)", place=place))

    from ui.session import workspace
    try:
        return run_bounded(fn, *args, seconds=seconds, what=what, on_tick=tick, on_progress=on_progress,
                           owner=workspace.owner(), on_wait=wait, **kwargs)
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
