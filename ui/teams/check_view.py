"""Check published standings for a team event: the standings the file itself states (a TRF-2026 file's match
points, game points and ranks; a chess-results upload's ranks and tie-break columns) against ours, team by team,
each difference marked."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd
import streamlit as st

from engine.core.exact import nice
from engine.teams.codes import parse_team_code
from engine.teams.model import TeamEvent
from engine.teams.presets import TEAM_PRESETS
from engine.teams.tiebreaks import compute
from engine.teams.trf_teams import warnings_of
from i18n.catalog import N_
from i18n.said import render
from ui.render.text import md_escape
from ui.session.language import t, tn, tr
from ui.teams.cached import standings_in, team_context
from ui.teams.order import team_order_chooser
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page

#: Swiss-Manager's tie-break numbers (as chess-results lists them) that we read, with the code that computes them
#: and what it is (shown through ``t``)
SWISS_MANAGER = {"13": ("MPTS", N_("Match points")), "1": ("GPTS", N_("Game points (Swiss-Manager's 'points')")),
                 "84": ("BH:MP", N_("Swiss-Manager's 'Buchholz variable (2023)': opponents' match points, an "
                                    "opponent's bye counted as a drawn match"))}


def _tb(k: int) -> str:
    """The file's ``k``-th tie-break column as chess-results heads it: ``TB1``, the same in every language."""
    return f"TB{k}"


def _file(column: str) -> str:
    """A column's head for the value the file states (``Rank (file)``), in the session's language."""
    return t("{column} (file)", column=column)


def _ours(column: str) -> str:
    """A column's head for our value (``MP (ours)``), in the session's language."""
    return t("{column} (ours)", column=column)


def _number(text: str) -> Fraction | None:
    try:
        return Fraction(text.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        return None


def _mark(ours: object, theirs: object) -> str:
    return "" if theirs is None else "✓" if ours == theirs else "✗"


def check_frame(ev: TeamEvent, ranks: dict[int, int]) -> tuple[pd.DataFrame, list[str]]:
    """One row per team: each value the file states beside ours; and the file's columns we read; heads and legend
    in the session's language (the codes MP, GP and TB1 ... as chess-results prints them)."""
    preset = TEAM_PRESETS["swiss-manager"]
    sm = team_context(ev, preset.apply(ev), preset.rules or "fide2024", preset.options)
    columns = [(k, ev.header[f"tb{k}no"]) for k in range(1, 6) if ev.header.get(f"tb{k}no") in SWISS_MANAGER]
    rows = []
    for tpn in ev.tpns:
        mp, gp, rank = ev.stated.get(tpn, (None, None, None))
        row = {t("Team"): ev.name_of(tpn), _file(t("Rank")): str(rank or ""), _ours(t("Rank")): str(ranks[tpn]),
               "": _mark(ranks[tpn], rank)}
        if mp is not None or gp is not None:         # MP and GP are the codes the team standings' heads print
            row.update({_file("MP"): nice(mp), _ours("MP"): nice(ev.mp(tpn)), " ": _mark(ev.mp(tpn), mp),
                        _file("GP"): nice(gp), _ours("GP"): nice(ev.gp(tpn)), "  ": _mark(ev.gp(tpn), gp)})
        for k, no in columns:
            code = SWISS_MANAGER[no][0]
            theirs = _number(ev.header.get(f"team {tpn} tb{k}", ""))
            ours = compute(sm, parse_team_code(code), tpn).value
            row.update({_file(_tb(k)): nice(theirs), _ours(_tb(k)): nice(ours), " " * (2 + k): _mark(ours, theirs)})
        rows.append(row)
    legend = [t("{column}: {meaning} (Swiss-Manager no. {number})", column=_tb(k), meaning=t(SWISS_MANAGER[no][1]),
                number=no) for k, no in columns]
    return pd.DataFrame(rows), legend


def team_check_view(ev: TeamEvent) -> None:
    """The whole Check published standings page for a team event."""
    team_heading(ev, t("Check a team event's published standings"))
    if not any(any(v is not None for v in s) for s in ev.stated.values()):
        st.info(t("This team event's file states no standings of its own to check (a TRF-2026 file's team records "
                  "310 or a chess-results upload carry them). Open such a file on Build event."))
        return
    order = team_order_chooser(ev)
    ranks = {r.tpn: r.rank for r in standings_in(order.context, order.criteria).rows}
    frame, legend = check_frame(order.event, ranks)
    wrong = int((frame == "✗").sum().sum())
    (st.success if not wrong else st.warning)(
        t("Every value the file states agrees with ours.") if not wrong else
        tn("{n} of the file's values differs from ours (marked ✗). A rank can differ because the order differs: "
           "choose the order the file used above (for a chess-results upload, Swiss-Manager's team order).",
           "{n} of the file's values differ from ours (marked ✗). A rank can differ because the order differs: "
           "choose the order the file used above (for a chess-results upload, Swiss-Manager's team order).", wrong,
           n=wrong))
    marks = t("✓: the file's value agrees with ours; ✗: it differs")
    st.dataframe(frame, hide_index=True, width="stretch",
                 column_config={t("Team"): st.column_config.TextColumn(t("Team"), pinned=True),
                                # the mark columns' keys are blank: their heading is the marks themselves
                                **{c: st.column_config.TextColumn("✓/✗", help=marks) for c in frame.columns
                                   if not str(c).strip()}})
    for line in legend:
        st.caption(md_escape(line))
    for warning in warnings_of(ev):          # each in the reader's language (one kept from a saved event: English)
        st.warning(md_escape(render(tr(), warning)))


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_check_view)
