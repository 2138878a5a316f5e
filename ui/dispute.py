"""Helpers for the "Why is A above B?" page and the way to it from the standings table.

The tables are pure functions of the engine's :class:`~engine.ranking.dispute.Comparison` and
:class:`~engine.ranking.flips.Flip` (tested without Streamlit); the rest draws small widgets and keeps the flip
search's answer in the session until the pair, the ordering or the event changes.
"""
from __future__ import annotations

import hashlib
from typing import Sequence

import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitAPIException

from engine.core.codes import parse_code
from engine.ranking.dispute import Comparison, Step, closest_pair
from engine.ranking.flips import Flip, find_flips
from engine.core.model import Event
from engine.core.exact import nice
from engine.ranking.standings import Standings
from engine.core.rules import Options
from ui import jobs, ordering, state
from ui.jobs import run_on_page
from ui.tables import player_label, value_text

WHY_PAGE = "pages/6_why.py"
_FLIPS = "why.flips"
_FINGERPRINT = "why.fingerprint"


# -- pure tables -------------------------------------------------------------------------------------

def step_verdict(cmp: Comparison, step: Step) -> str:
    """``equal``, ``separates: Stephan above`` or ``not used (unrated players)``."""
    if step.skipped:
        return "not used (unrated players)"
    if step.separates and cmp.above is not None:
        return f"separates: {cmp.name(cmp.above)} above"
    return "still tied" if step.group_dependent else "equal"


def step_value(step: Step, value) -> str:
    if step.group_dependent:
        return "–" if value is None else f"place {value} in the tie"
    return value_text(step.code, value)


def steps_frame(cmp: Comparison) -> pd.DataFrame:
    """One row per criterion walked: its code and name, both values, and what it did."""
    la, lb = player_label(cmp.a, cmp.event.player(cmp.a).name), player_label(cmp.b, cmp.event.player(cmp.b).name)
    rows = [{"Criterion": step.code, "Name": step.single, la: step_value(step, step.value_a),
             lb: step_value(step, step.value_b), "Outcome": step_verdict(cmp, step)} for step in cmp.steps]
    return pd.DataFrame.from_records(rows, columns=["Criterion", "Name", la, lb, "Outcome"])


def mini_table_frame(event: Event, step: Step) -> pd.DataFrame:
    """The tied players' games against each other: row player's results against the column player."""
    table = step.table or {}
    labels = {t: player_label(t, event.player(t).name) for t in step.group}
    records = []
    for a in step.group:
        rec = {"Player": labels[a]}
        for b in step.group:
            rec[labels[b]] = "×" if a == b else table.get(a, {}).get(b, "")
        records.append(rec)
    return pd.DataFrame.from_records(records, columns=["Player", *[labels[t] for t in step.group]])


def flips_frame(event: Event, a: int, b: int, flips: Sequence[Flip]) -> pd.DataFrame:
    """The flips, smallest first: the change, its size, the criterion that then decides, both players' values
    on it (old → new where it had one before).  The sentences under the table say the rest."""
    la, lb = player_label(a, event.player(a).name), player_label(b, event.player(b).name)
    records = []
    for i, f in enumerate(flips, 1):
        def val(t: int) -> str:
            new = f.values.get(t)
            shown = f"place {new}" if parse_code(f.decided_by).info.group_dependent else nice(new)
            old = f.old_values.get(t)
            return shown if t not in f.old_values or old == new else f"{nice(old)} → {shown}"
        records.append({"#": str(i), "Change": f.change_text, "Entries": str(f.size),
                        "Points": nice(f.points_moved), "Decided by": f.decided_by,
                        la: val(a), lb: val(b)})
    return pd.DataFrame.from_records(records, columns=["#", "Change", "Entries", "Points", "Decided by",
                                                       la, lb])


def neighbour_pairs(table: Standings) -> list[tuple[int, int, str | None]]:
    """Neighbours in the standings who are on the same points: (above, below, separating criterion)."""
    return [(s.above, s.below, s.criterion) for s in table.separated_by if s.criterion != "PTS"]


def default_pair(table: Standings) -> tuple[int, int]:
    pair = closest_pair(table)
    if pair is None:
        tpns = [r.tpn for r in table.rows]
        return (tpns[0], tpns[-1]) if tpns else (0, 0)
    return pair


# -- the flip search, kept in the session ------------------------------------------------------------

def _event_key() -> str:
    """A content key for the current event (``st.cache_data`` is shared by every session)."""
    event = state.current_event()
    memo = st.session_state.get(_FINGERPRINT)
    if memo and memo[0] == state.event_version() and memo[1] == id(event):
        return memo[2]
    digest = hashlib.sha256(repr(event).encode()).hexdigest()
    st.session_state[_FINGERPRINT] = (state.event_version(), id(event), digest)
    return digest


@st.cache_data(max_entries=32, show_spinner=False)
def _flips(key: str, _event: Event, a: int, b: int, codes: tuple[str, ...], rules: str, options: Options,
           limit: int, seconds: float = 600.0) -> list[Flip]:
    """The flip search in a separate process, stopped after ``seconds`` or when the page is left."""
    return run_on_page(find_flips, _event, a, b, [parse_code(c) for c in codes], rules, options, limit=limit,
                       seconds=seconds, what="The search for the smallest changes")


def search_key(a: int, b: int, codes: Sequence[str], rules: str, options: Options) -> tuple:
    return (_event_key(), a, b, tuple(codes), rules, options)


def run_flip_search(a: int, b: int, codes: Sequence[str], rules: str, options: Options, limit: int = 10) -> None:
    """Search and keep the answer for this pair, ordering and event."""
    flips = _flips(_event_key(), state.current_event(), a, b, tuple(codes), rules, options, limit,
                   jobs.limits().flip_seconds)
    st.session_state[_FLIPS] = (search_key(a, b, codes, rules, options), flips)


def kept_flips(a: int, b: int, codes: Sequence[str], rules: str, options: Options) -> list[Flip] | None:
    """The answer of the last search if it was for this very question, else None."""
    memo = st.session_state.get(_FLIPS)
    if memo and memo[0] == search_key(a, b, codes, rules, options):
        return memo[1]
    return None


# -- from the standings table -------------------------------------------------------------------------

def why_pair_picker(table: Standings) -> None:
    """On the standings page: pick two neighbours on the same points and open "Why is A above B?"."""
    pairs = neighbour_pairs(table)
    if not pairs:
        return
    names = {r.tpn: r.name for r in table.rows}
    labels = {i: f"{player_label(a, names[a])} above {player_label(b, names[b])} "
                 f"({'shared place' if c is None else 'decided by ' + c})" for i, (a, b, c) in enumerate(pairs)}
    first = default_pair(table)
    default = next((i for i, (a, b, _) in enumerate(pairs) if (a, b) == first), 0)
    with st.container(border=True):
        left, right = st.columns([5, 2], vertical_alignment="bottom")
        choice = ordering.kept(left.selectbox, "Why is one player above the next? Pick two neighbours on the "
                                               "same points", list(labels), format_func=labels.get,
                               name="standings.why_pair", default=default)
        if right.button("Why is A above B? ↗", key="standings.why_go", width="stretch"):
            a, b, _ = pairs[choice if choice in labels else default]
            ordering.set_value("why.a", a)
            ordering.set_value("why.b", b)
            try:
                st.switch_page(WHY_PAGE)
            except StreamlitAPIException:      # run without the navigation (AppTest)
                st.info('Open the "Why is A above B?" page: the pair is chosen there.')
