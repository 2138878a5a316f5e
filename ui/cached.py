"""The cached engine calls behind the pages: one cache, one key.

Every result a page shows (standings, their tables, one value's working, a comparison of orderings, the Why
answer, the flip search) is computed once per event content and ordering, and then served from Streamlit's
``st.cache_data`` on every rerun and page switch.  The key is always the same pair: :func:`fingerprint` (the
event's content) and the :class:`~engine.core.ordering.Ordering` (with whatever else the question names).  The
event itself is passed unhashed (``_event``): the fingerprint stands for it.
"""
from __future__ import annotations

import hashlib

import pandas as pd
import streamlit as st

from engine.core.model import Event
from engine.core.ordering import Ordering
from engine.core.trace import Result
from engine.ranking.compare_orderings import OrderingsComparison, compare, single_criterion_ranks
from engine.ranking.flips import FlipSearch, search_flips
from engine.ranking.plain_answer import Answer, plain_answer
from engine.ranking.standings import Standings, explain, standings
from engine.ranking.why_above import compare_players
from ui import jobs, state
from ui.jobs import run_on_page
from ui.tables import preview_frame, standings_frame

_FINGERPRINT = "ordering.fingerprint"


def fingerprint() -> str:
    """A key for the current event's content, shared safely by every session of the server.

    ``st.cache_data`` is global, while ``event_version()`` counts per session, so the version alone
    could hand one session another's standings.  The hash of the event's text is computed once per
    version and kept in this session.
    """
    event = state.current_event()
    version = state.event_version()
    memo = st.session_state.get(_FINGERPRINT)
    if memo and memo[0] == version and memo[1] == id(event):
        return memo[2]
    digest = hashlib.sha256(repr(event).encode()).hexdigest()
    st.session_state[_FINGERPRINT] = (version, id(event), digest)
    return digest


@st.cache_data(max_entries=64, show_spinner=False)
def _standings(key: str, _event: Event, chosen: Ordering) -> Standings:
    return standings(_event, chosen)


def standings_for(chosen: Ordering) -> Standings:
    """The standings of the current event under ``chosen`` (cached until the event changes)."""
    return _standings(fingerprint(), state.current_event(), chosen)


@st.cache_data(max_entries=64, show_spinner=False)
def _standings_frame(key: str, _event: Event, chosen: Ordering) -> pd.DataFrame:
    return standings_frame(_standings(key, _event, chosen))


def standings_frame_for(chosen: Ordering) -> pd.DataFrame:
    """:func:`ui.tables.standings_frame` of :func:`standings_for` (cached the same way): writing every value
    of a large field as text is the costly part of a rerun, and most reruns change nothing in the table."""
    return _standings_frame(fingerprint(), state.current_event(), chosen)


@st.cache_data(max_entries=64, show_spinner=False)
def _preview(key: str, _event: Event, chosen: Ordering) -> pd.DataFrame:
    if _event.rounds == 0 or not _event.players:
        return pd.DataFrame({"Rank": [], "No.": [], "Name": [], "Points": []})
    return preview_frame(_standings(key, _event, chosen))


def preview_for(chosen: Ordering) -> pd.DataFrame:
    """:func:`ui.tables.preview_frame` of :func:`standings_for` (the Start and Build pages' table); an empty
    table while the event has no rounds or no players."""
    return _preview(fingerprint(), state.current_event(), chosen)


@st.cache_data(max_entries=256, show_spinner=False)
def _explain(key: str, _event: Event, tpn: int, code: str, chosen: Ordering) -> Result:
    return explain(_event, tpn, code, chosen)


def explain_for(tpn: int, code: str, chosen: Ordering) -> Result:
    """One value and its working for the current event under ``chosen`` (cached until the event changes)."""
    return _explain(fingerprint(), state.current_event(), tpn, code, chosen)


@st.cache_data(max_entries=32, show_spinner=False)
def _compare(key: str, _event: Event, orderings: tuple[Ordering, ...]) -> OrderingsComparison:
    return compare(_event, list(orderings))


def compare_for(orderings: list[Ordering]) -> OrderingsComparison:
    return _compare(fingerprint(), state.current_event(), tuple(orderings))


@st.cache_data(max_entries=64, show_spinner=False)
def _single(key: str, _event: Event, codes: tuple[str, ...], chosen: Ordering,
            points_first: bool) -> dict[str, dict[int, int]]:
    return single_criterion_ranks(_event, list(codes), chosen, points_first=points_first)


def single_ranks_for(codes: list[str], chosen: Ordering, points_first: bool = True) -> dict[str, dict[int, int]]:
    """Each of ``codes`` alone (after points, or not), under ``chosen``'s rule set and options."""
    return _single(fingerprint(), state.current_event(), tuple(codes), chosen, points_first)


@st.cache_data(max_entries=64, show_spinner=False)
def _why(key: str, _event: Event, a: int, b: int, chosen: Ordering) -> Answer:
    return plain_answer(compare_players(_event, a, b, chosen, table=_standings(key, _event, chosen)))


def why_for(a: int, b: int, chosen: Ordering) -> Answer:
    """The plain answer to "why is ``a`` above ``b``?" (its ``comparison`` is the rule-by-rule walk)."""
    return _why(fingerprint(), state.current_event(), a, b, chosen)


#: events up to this many player-rounds are searched inside the server (a tenth of a second); bigger ones in
#: a separate process (:mod:`ui.jobs`): a 2,000 x 11 search takes about 5 s, which must not hold up others
IN_SERVER = 1_500


@st.cache_data(max_entries=32, show_spinner=False)
def _search(key: str, _event: Event, a: int, b: int, chosen: Ordering, seconds: float = 600.0) -> FlipSearch:
    if len(_event.players) * max(_event.rounds, 1) <= IN_SERVER:
        return search_flips(_event, a, b, chosen)
    return run_on_page(search_flips, _event, a, b, chosen, seconds=seconds,
                       what="The search for the changes that would reverse them")


def flip_search(a: int, b: int, chosen: Ordering) -> FlipSearch:
    """What would really have changed the order of ``a`` and ``b`` (computed once per question and event).

    :class:`~engine.core.errors.EventError` when a big event's search runs past the time limit (:func:`ui.jobs.limits`).
    """
    return _search(fingerprint(), state.current_event(), a, b, chosen, jobs.limits().flip_seconds)
