"""The cached engine calls behind the pages: one cache, one key.

Every result a page shows (standings and their tables, one value's working, a comparison of orderings, the Why
answer, the flip search, the Build page's grids, the charts) is computed once per event content and ordering,
then served from the cache on every rerun and page switch.  The key is always the same pair of strings:
:func:`fingerprint` (the event's content) and :func:`order_key` (the ordering, written out in full), with
whatever else the question names (two players, a code).  The event and the ordering themselves are passed
unhashed (``_event``, ``_chosen``): hashing an :class:`~engine.core.ordering.Ordering` field by field cost more
than reading the answer from the cache.

The engine's answers are immutable and never changed by a page, so they are kept as they are
(``st.cache_resource``, shared by every session: the key names the event's content): copying a comparison of
500 players out of ``st.cache_data`` on every rerun cost more than a page switch.  Tables (DataFrames), which a
page may reshape, come from ``st.cache_data``, a fresh copy each time.
"""
from __future__ import annotations

import hashlib
from typing import Callable, Sequence

import altair as alt
import pandas as pd
import streamlit as st
from pandas.io.formats.style import Styler

from engine.core.exact import Number
from engine.core.model import Event
from engine.core.ordering import Ordering
from engine.core.said import said
from engine.core.trace import Result
from engine.ranking.compare_orderings import OrderingsComparison, compare, single_criterion_ranks
from engine.ranking.flips import FlipSearch, search_flips
from engine.ranking.standings import Standings, explain, standings
from engine.ranking.why_above import compare_players
from engine.ranking.why_answer import Answer, plain_answer
from engine.teaching.scenarios import Claim, Scenario, check_claims, load_scenario
from i18n.catalog import translator
from ui.render.charts import ChartT, unchecked
from ui.render.grid import players_frame, results_frame
from ui.render.tables import fitted_widths, preview_frame, standings_frame, style_standings, worked_once
from ui.session import parsed, state
from ui.session.language import current
from ui.work import jobs
from ui.work.compare_job import SingleRanks
from ui.work.compare_job import work as compare_work
from ui.work.jobs import run_on_page

_FINGERPRINT = "ordering.fingerprint"


def fingerprint() -> str:
    """A key for the current event's content, shared safely by every session of the server.

    ``st.cache_data`` is global, while ``event_version()`` counts per session, so the version alone
    could hand one session another's standings.  An event read or saved by the store has the digest of its
    JSON text already (:mod:`ui.session.parsed`); any other is hashed once per version and kept in this
    session (``repr`` of the largest event costs seconds, so the store's digest is the usual one).
    """
    event = state.current_event()
    version = state.event_version()
    memo = st.session_state.get(_FINGERPRINT)
    if memo and memo[0] == version and memo[1] == id(event):
        return memo[2]
    known = parsed.digest(event)
    digest = f"json:{known}" if known else hashlib.sha256(repr(event).encode()).hexdigest()
    st.session_state[_FINGERPRINT] = (version, id(event), digest)
    return digest


def order_key(chosen: Ordering | Sequence[Ordering]) -> str:
    """An ordering (or several) as one string: every criterion, the rule set and every option, written out."""
    return repr(chosen if isinstance(chosen, Ordering) else tuple(chosen))


# -- standings ---------------------------------------------------------------------------------------

@st.cache_resource(max_entries=64, show_spinner=False)
def _standings(key: str, order: str, _event: Event, _chosen: Ordering) -> Standings:
    return standings(_event, _chosen)


def standings_for(chosen: Ordering) -> Standings:
    """The standings of the current event under ``chosen`` (cached until the event changes)."""
    return _standings(fingerprint(), order_key(chosen), state.current_event(), chosen)


@st.cache_data(max_entries=64, show_spinner=False)
def _standings_frame(key: str, order: str, _event: Event, _chosen: Ordering, lang: str = "en") -> pd.DataFrame:
    # keyed by the language too: the table's words and decimals are written in it
    return standings_frame(_standings(key, order, _event, _chosen), translator(lang))


def standings_frame_for(chosen: Ordering) -> pd.DataFrame:
    """:func:`ui.render.tables.standings_frame` of :func:`standings_for` (cached the same way): writing every value
    of a large field as text is the costly part of a rerun, and most reruns change nothing in the table."""
    return _standings_frame(fingerprint(), order_key(chosen), state.current_event(), chosen, current())


#: a standings table up to this many cells is shaded, and kept worked out (:func:`~ui.render.tables.worked_once`, about
#: 1.3 KB a cell, so some 26 MB at the most, 2,000 players of ten columns); a larger one is shown plain, its Tie
#: column still numbering the groups: shading it would be worked out again on every run of the page (the memory
#: of the few events kept would otherwise grow with the field), and for 20,000 players of eleven columns that was
#: 3 to 5 s of the server's CPU on each redraw of the Standings page, which every other visitor waited behind
WORKED_ONCE_CELLS = 20_000


@st.cache_resource(max_entries=8, show_spinner=False)
def _standings_styled(key: str, order: str, _event: Event, _chosen: Ordering, lang: str = "en") -> Styler | pd.DataFrame:
    frame = _standings_frame(key, order, _event, _chosen, lang)
    if frame.size > WORKED_ONCE_CELLS:
        return frame
    styled = style_standings(frame)
    return worked_once(styled) if isinstance(styled, Styler) else styled


def standings_styled_for(chosen: Ordering) -> Styler | pd.DataFrame:
    """:func:`ui.render.tables.style_standings` of :func:`standings_frame_for`, shared and never changed: a table up to
    :data:`WORKED_ONCE_CELLS` cells works out its shading once, not on every rerun."""
    return _standings_styled(fingerprint(), order_key(chosen), state.current_event(), chosen, current())


@st.cache_data(max_entries=64, show_spinner=False)
def _preview(key: str, order: str, _event: Event, _chosen: Ordering) -> pd.DataFrame:
    if _event.rounds == 0 or not _event.players:
        return pd.DataFrame({"Rank": [], "No.": [], "Name": [], "Points": []})
    return preview_frame(_standings(key, order, _event, _chosen))


def preview_for(chosen: Ordering) -> pd.DataFrame:
    """:func:`ui.render.tables.preview_frame` of :func:`standings_for` (the Start and Build pages' table); an empty
    table while the event has no rounds or no players."""
    return _preview(fingerprint(), order_key(chosen), state.current_event(), chosen)


# -- one value's working, comparisons ----------------------------------------------------------------

@st.cache_resource(max_entries=256, show_spinner=False)
def _explain(key: str, order: str, _event: Event, tpn: int, code: str, _chosen: Ordering) -> Result:
    return explain(_event, tpn, code, _chosen)


def explain_for(tpn: int, code: str, chosen: Ordering) -> Result:
    """One value and its working for the current event under ``chosen`` (cached until the event changes)."""
    return _explain(fingerprint(), order_key(chosen), state.current_event(), tpn, code, chosen)


@st.cache_resource(max_entries=32, show_spinner=False)
def _compare(key: str, order: str, _event: Event, _orderings: tuple[Ordering, ...]) -> OrderingsComparison:
    return compare(_event, list(_orderings))


def compare_for(orderings: list[Ordering]) -> OrderingsComparison:
    """Every player's rank under each of ``orderings``, and what placed him there."""
    return _compare(fingerprint(), order_key(orderings), state.current_event(), tuple(orderings))


#: events up to this many player-rounds (players x rounds) are compared inside the app's process; bigger ones in a
#: job (:mod:`ui.work.jobs`).  Measured (tools/bench_scale.py, 20,000 x 11 on the shared 2-core machine): four orderings
#: and both heat maps cost 2.6–3.8 s of CPU as the load varies, 12–17 µs per player-round, so 30,000 (e.g. 3,000
#: players x 10 rounds) is under half a second, while a job pays a second or more just to start its process
COMPARE_IN_SERVER = 30_000


def compare_in_job(event: Event | None = None) -> bool:
    """Whether the Compare page works on the current event (or ``event``) in a job: it is larger than
    :data:`COMPARE_IN_SERVER`."""
    event = event or state.current_event()
    return len(event.players) * max(event.rounds, 1) > COMPARE_IN_SERVER


@st.cache_resource(max_entries=16, show_spinner=False)
def _compared(key: str, order: str, codes: tuple[str, ...], chosen: str) -> dict[str, object]:
    """The box a large comparison's job result is kept in (empty until the job ends), shared by every session
    as the other answers here: the same event content and orderings give the same comparison."""
    return {}


def compared(orderings: list[Ordering], codes: list[str], chosen: Ordering) -> tuple[OrderingsComparison,
                                                                                      SingleRanks] | None:
    """A large comparison and its single-criterion ranks (both ways) if a job has worked them out already."""
    box = _compared(fingerprint(), order_key(orderings), tuple(codes), order_key(chosen))
    return box.get("done")  # type: ignore[return-value]


def compare_by_job(orderings: list[Ordering], codes: list[str], chosen: Ordering,
                on_progress: Callable[[float, str], object]) -> tuple[OrderingsComparison, SingleRanks]:
    """Work a large comparison out in a job (:func:`ui.work.jobs.run_on_page`: time limit, place in the queue, stopped
    when the page is left or its Stop button pressed) and keep it for every later rerun and session.

    :class:`~engine.core.errors.EventError` in plain words when the job fails or runs past the limit."""
    box = _compared(fingerprint(), order_key(orderings), tuple(codes), order_key(chosen))
    done = run_on_page(compare_work, state.current_event(), list(orderings), list(codes), chosen,
                       seconds=jobs.limits().job_seconds, what=said("The comparison"), on_progress=on_progress)
    box["done"] = done
    return done


@st.cache_resource(max_entries=64, show_spinner=False)
def _single(key: str, order: str, _event: Event, codes: tuple[str, ...], _chosen: Ordering,
            points_first: bool) -> dict[str, dict[int, int]]:
    return single_criterion_ranks(_event, list(codes), _chosen, points_first=points_first)


def single_ranks_for(codes: list[str], chosen: Ordering, points_first: bool = True) -> dict[str, dict[int, int]]:
    """Each of ``codes`` alone (after points, or not), under ``chosen``'s rule set and options."""
    return _single(fingerprint(), order_key(chosen), state.current_event(), tuple(codes), chosen, points_first)


# -- Why is A above B? -------------------------------------------------------------------------------

@st.cache_resource(max_entries=64, show_spinner=False)
def _why(key: str, order: str, _event: Event, a: int, b: int, _chosen: Ordering) -> Answer:
    table = _standings(key, order, _event, _chosen)
    return plain_answer(compare_players(_event, a, b, _chosen, table=table))


def why_for(a: int, b: int, chosen: Ordering) -> Answer:
    """The plain answer to "why is ``a`` above ``b``?" (its ``comparison`` is the rule-by-rule walk)."""
    return _why(fingerprint(), order_key(chosen), state.current_event(), a, b, chosen)


#: events up to this many player-rounds are searched inside the server (a tenth of a second); bigger ones in
#: a separate process (:mod:`ui.work.jobs`): a 2,000 x 11 search takes about 5 s, which must not hold up others
IN_SERVER = 1_500


@st.cache_resource(max_entries=32, show_spinner=False)
def _search(key: str, order: str, _event: Event, a: int, b: int, _chosen: Ordering,
            seconds: float = 600.0) -> FlipSearch:
    if len(_event.players) * max(_event.rounds, 1) <= IN_SERVER:
        return search_flips(_event, a, b, _chosen)
    return run_on_page(search_flips, _event, a, b, _chosen, seconds=seconds,
                       what=said("The search for the changes that would reverse them"))


def flip_search(a: int, b: int, chosen: Ordering) -> FlipSearch:
    """What would really have changed the order of ``a`` and ``b`` (computed once per question and event).

    :class:`~engine.core.errors.EventError` when a big event's search runs past the time limit (:func:`ui.work.jobs.limits`).
    """
    return _search(fingerprint(), order_key(chosen), state.current_event(), a, b, chosen,
                   jobs.limits().flip_seconds)


# -- the Build page's grids ---------------------------------------------------------------------

@st.cache_data(max_entries=16, show_spinner=False)
def _grids(key: str, _event: Event) -> tuple[pd.DataFrame, pd.DataFrame]:
    return players_frame(_event), results_frame(_event)


def grids_for() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The Build page's two grids (players, results) for the current event (its games still to be played
    show as ``?W9``)."""
    return _grids(fingerprint(), state.current_event())


@st.cache_data(max_entries=64, show_spinner=False)
def _widths(key: str, what: str, lang: str, _frame: pd.DataFrame) -> dict[str, int]:
    return fitted_widths(_frame)


def widths_for(what: str, frame: pd.DataFrame) -> dict[str, int]:
    """:func:`ui.render.tables.fitted_widths` of ``frame``, a table this cache gave for the current event, worked out
    once: measuring every text of a 500-row grid is a good part of a rerun.  ``what`` names the table and
    whatever else it depends on (the ordering's :func:`order_key`); the session's language is part of the key
    here, since the headings measured are written in it."""
    return _widths(fingerprint(), what, current(), frame)


# -- lessons -------------------------------------------------------------------------------------------

@st.cache_resource(show_spinner=False)
def scenario(slug: str) -> Scenario:
    """A lesson (our own scenario files: they change only with the app)."""
    return load_scenario(slug)


@st.cache_resource(show_spinner=False)
def claims_checked(slug: str) -> list[tuple[Claim, Number | None, bool]]:
    """Each of the lesson's claims, the engine's value and whether they agree: worked out once per lesson,
    not on each run of the page (some forty standings of a small event)."""
    return check_claims(scenario(slug))


@st.cache_resource(show_spinner=False)
def lesson_working(slug: str, n: int) -> Result:
    """The value and working of the lesson's ``n``-th worked example."""
    sc = scenario(slug)
    h = sc.working[n]
    return explain(sc.event, h.player, h.code, h.rules)


@st.cache_resource(max_entries=64, show_spinner=False)
def _kept_table(key: str, what: str, lang: str, _build: Callable[[], Styler]) -> Styler:
    return worked_once(_build())


def kept_table(what: str, build: Callable[[], Styler]) -> Styler:
    """The styled table ``build`` makes (a value's working, a lesson's), built, shaded and worked out once per
    event content, language (its headings and sentences are written in it; every session shares the cache)
    and ``what``, the string that names everything else it shows, then shared: Streamlit would otherwise work
    every cell's CSS and text out again on each run of the page."""
    return _kept_table(fingerprint(), what, current(), build)


# -- charts ------------------------------------------------------------------------------------------

@st.cache_resource(max_entries=32, show_spinner=False)
def _chart(key: str, what: str, lang: str, _build: Callable[[], alt.TopLevelMixin]) -> alt.TopLevelMixin:
    return unchecked(_build())


def chart(what: str, build: Callable[[], ChartT]) -> ChartT:
    """The chart ``build`` makes, built once per event content, language (its titles and labels are written in
    it) and ``what`` (a string naming everything else it shows: the orderings' :func:`order_key`, the players
    shown...).  Building an Altair chart costs more than computing what it shows; the chart is never changed
    after it is built, so every session may share it: the language in the key keeps a chart drawn for a German
    reader from being shown to a French one."""
    return _chart(fingerprint(), what, current(), build)  # type: ignore[return-value]
