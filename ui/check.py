"""The "Check published standings" page's helpers: reading what was pasted or uploaded, the side-by-side
table, and loading the event (with the settings found) for every other page."""
from __future__ import annotations

from collections import Counter
from typing import Sequence

import pandas as pd

from engine.core.exact import nice
from engine.core.model import Event
from engine.core.presets import preset_for
from engine.core.said import said
from engine.events.settings import EventSettings
from engine.formats.loader import read_event_bytes
from engine.formats.published import read_published
from engine.ranking.second_opinion import Check, check_published, preceding, settled, working_result
from i18n.catalog import N_
from i18n.numbers import points
from i18n.said import render
from i18n.trace import trace_text
from ui.session.language import t, tr

#: what the page says a table can be, in a person's words
WHAT_WE_READ = N_("a chess-results ranking crosstable (copied from the page, its Excel/CSV export or the saved "
                  "page), Vega's standings and crosstable pages (both files), a Papi grid (\"grille américaine\", "
                  "copied or saved), a Swiss-Chess ranking with its pairing lists, progress table or crosstable, a "
                  "round-robin crosstable, or any standings table together with the event's games")

#: how a table was read, by the program the reader recognised (the engine's ``read_as`` words, translatable);
#: a translation phrases the sentence around it ("прочитано как: таблица chess-results"), as its case demands
READ_AS = {"chess-results": N_("a chess-results table"), "Vega": N_("a Vega table"),
           "round-robin grid": N_("a round-robin grid"), "standings table": N_("a standings table"),
           "table": N_("a plain table"), "web page": N_("a web page table"), "Papi": N_("a Papi table"),
           "Swiss-Chess": N_("a Swiss-Chess table")}


def read_as_words(program: str) -> str:
    """How the table was read, in the session's language ("a chess-results table")."""
    from engine.teaching.check_report import read_as
    return t(READ_AS[program]) if program in READ_AS else read_as(program)


#: text inputs up to this size are checked inside the server (well under a second); bigger ones in a separate
#: process (:mod:`ui.work.jobs`), so a 200-player table pasted on a shared server holds up nobody else
IN_SERVER_BYTES = 150_000


def is_workbook(data: bytes | str) -> bool:
    """An Excel workbook (a zip): what it costs to read is not told by its size, so it is always read in a job."""
    return isinstance(data, (bytes, bytearray)) and bytes(data[:4]) == b"PK\x03\x04"


def run_check(files: Sequence[tuple[str, bytes | str]], games: Event | None = None,
              games_file: tuple[str, bytes] | None = None) -> Check:
    """Read and check; an unreadable input raises :class:`~engine.core.errors.EventError` with the file and line.

    ``games_file`` (its name and bytes) is the event's games, read here: in the job when the check runs in one."""
    if games_file is not None:
        games = read_event_bytes(games_file[1], games_file[0])
    return check_published(read_published(files, games))


def in_server(files: Sequence[tuple[str, bytes | str]], games_file: tuple[str, bytes] | None = None) -> bool:
    """Whether the check is cheap enough for the server's own process: small text, no workbook."""
    size = sum(len(data) for _, data in files) + (len(games_file[1]) if games_file else 0)
    return size <= IN_SERVER_BYTES and not any(is_workbook(data) for _, data in files)


def check_on_page(files: Sequence[tuple[str, bytes | str]], games: Event | None = None,
                  games_file: tuple[str, bytes] | None = None) -> Check:
    """:func:`run_check`, in a separate process with the mode's time and memory limits unless :func:`in_server`
    (leaving the page stops it)."""
    from ui.work.jobs import limits, run_on_page
    if in_server(files, games_file):
        return run_check(files, games, games_file)
    return run_on_page(run_check, list(files), games, games_file, seconds=limits().job_seconds,
                       what=said("The check of the published table"))


def side_by_side(check: Check) -> pd.DataFrame:
    """One row per published row: rank, player, then each column's published value, ours and a mark."""
    by = {(v.tpn, v.column): v for v in check.values}
    labels = [c.label for c in check.columns]
    rows = []
    for tpn in check.published.order:
        row: dict[str, object] = {t("Rank"): check.published.ranks.get(tpn, 0),
                                  t("Player"): check.event.player(tpn).name}
        for label in labels:
            v = by.get((tpn, label))
            row[t("{column} published", column=label)] = v.published.strip() if v else ""
            row[t("{column} ours", column=label)] = (nice(v.ours) if v and v.ours is not None else "") if v else ""
            row[t("{column} same?", column=label)] = (t("yes") if v.agree else t("NO")) if v else ""
        rows.append(row)
    return pd.DataFrame(rows)


def working_text(check: Check, tpn: int, label: str) -> str:
    """Our working for one player and one column (the engine's trace), or why there is none."""
    col = next((c for c in check.columns if c.label == label), None)
    if col is None or col.setting is None:
        return t("No system we know gives these numbers, so there is no working to show.")
    lang = tr()
    if label == "Pts":
        rows = check.event.entries[tpn]
        return "\n".join(t("Round {round}: {result} — {points}", round=r, result=render(lang, e.words()),
                            points=points(e.points, lang.lang)) for r, e in enumerate(rows, 1))
    res = working_result(check.event, tpn, col.setting, preceding(check, label))
    return trace_text(lang, res, check.event.player(tpn).name)


def event_for_pages(check: Check) -> Event:
    """The event as the table counts it (a postponed game is a round not played), for the other pages."""
    return settled(check.event)


def settings_found(check: Check) -> EventSettings:
    """The event's settings as the check found them: the columns' systems in order, the most common rule set."""
    cols = [c.setting for c in check.columns if c.setting is not None and c.label != "Pts"]
    codes = tuple(dict.fromkeys(s.code for s in cols))
    rules = Counter(s.rules for s in cols if s.crit.info.depends_on_rules).most_common(1)
    rule = rules[0][0] if rules else "fide"
    preset = preset_for(codes) or "custom"
    unrated = next((s.unrated for s in cols if s.crit.info.rating_based), "off")
    base = EventSettings()
    return base.with_ordering(preset, codes, rule, base.options.with_(unrated=unrated))
