"""Opening an uploaded file: read in a bounded job process when hosted, then held to the server's event size.

Reading the largest file the readers accept (100,000 players x 20 rounds) takes about 25 s of CPU and 1.2 GB;
in the server's own process that stalled every other visitor's pages.  Hosted, the reading runs in a job
(:mod:`ui.work.jobs`: its own process, a time and memory limit, a place in the queue, stopped when the page is
left), and the event it gives back must fit :attr:`ui.work.jobs.Limits.event_players` and ``event_cells``.  Nothing is
saved until the event is read and accepted, so a reading stopped or killed half-way leaves the saved events
as they were.  On a laptop the file is read in the app's process, as one person's computer has nobody to stall.
"""
from __future__ import annotations

import re

from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.said import Count, said
from engine.events.settings import EventSettings, read_upload
from engine.formats.jsonfmt import read_json, write_json
from ui.work import jobs


def check_event_size(event: Event, limit: jobs.Limits) -> None:
    """Refuse an event larger than this server opens, saying the limits and what the file holds."""
    players, cells = len(event.players), len(event.players) * event.rounds
    too_many = limit.event_players is not None and players > limit.event_players
    too_big = limit.event_cells is not None and cells > limit.event_cells
    if too_many or too_big:
        raise EventError(said("this server opens events of at most {most_players} players and {most_cells} "
                              "player-rounds (players × rounds), and this one has {players} players and {cells} "
                              "player-rounds; open it with Tiebreak Lab on your own computer, which has no such limit",
                              most_players=Count(limit.event_players or 0), most_cells=Count(limit.event_cells or 0),
                              players=Count(players), cells=Count(cells)))


def read_for_saving(data: bytes, filename: str) -> tuple[Event, EventSettings, str]:
    """In the job: the event, its settings, and the event as our JSON, which the server saves as it is (writing
    the largest event it opens is a second of CPU the server's other visitors would wait behind).

    The event sent back is the one read from that JSON, as the store reads it: equal to the file's, but its
    values shared as the JSON reader shares them.  The 20,000 x 20 CSV read directly made 24 MB of pickle, two
    seconds for the server to take in and as much to send to each job on it; read from its JSON, 4.4 MB."""
    event, settings = read_upload(data, filename)
    text = write_json(event, keep_warnings=True)
    return read_json(text, filename), settings, text


def holds_team_event(data: bytes, filename: str) -> bool:
    """Whether an uploaded file is a team event (told from its bytes, as the command line tells it): read as an
    individual event it would lose its teams and matches."""
    from engine.teams.jsonteams import FORMAT_NAME
    name = filename.lower()
    if name.endswith(".json"):
        return FORMAT_NAME.encode() in data
    if name.endswith(".xml"):
        return b"<chessresults" in data[:4000] and re.search(rb'\btype="[23]"', data[:20000]) is not None
    return name.endswith((".trf", ".txt")) and re.search(rb"^(?:013|310) ", data, re.MULTILINE) is not None


def open_upload(data: bytes, filename: str, *, hosted: bool, limit: jobs.Limits | None = None,
                run=None) -> tuple[Event, EventSettings]:
    """The event and settings of an uploaded file; an :class:`EventError` in plain words when it cannot be opened.

    ``run`` is how a hosted read is run (default :func:`ui.work.jobs.run_on_page`; tests pass
    :func:`ui.work.jobs.run_bounded`)."""
    event, settings, _ = open_upload_for_saving(data, filename, hosted=hosted, limit=limit, run=run)
    return event, settings


def open_upload_for_saving(data: bytes, filename: str, *, hosted: bool, limit: jobs.Limits | None = None,
                           run=None) -> tuple[Event, EventSettings, str | None]:
    """:func:`open_upload`, and, hosted, the event's JSON text written by the job (None on a laptop)."""
    if holds_team_event(data, filename):
        raise EventError(said("{file} holds a team event: open it with “Open a team event file” in Build event's "
                              "Team events panel, which keeps its teams and matches", file=filename))
    if not hosted:
        event, settings = read_upload(data, filename)
        return event, settings, None
    limit = limit or jobs.HOSTED_LIMITS
    runner = run or jobs.run_on_page
    event, settings, text = runner(read_for_saving, data, filename, seconds=limit.job_seconds,
                                   what=said("Reading the file"))
    check_event_size(event, limit)
    return event, settings, text
