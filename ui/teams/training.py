"""Generated team exercises: a small random team event (or the one on screen), a team and a team tie-break to
work out; the answer is checked exactly and the engine's working is shown once answered or asked for."""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import streamlit as st

from engine.core.exact import nice
from engine.teams.codes import parse_team_code
from engine.teams.context import TeamContext
from engine.teams.generate import generate_team_event
from engine.teams.model import TeamEvent
from engine.teams.tiebreaks import compute
from i18n.numbers import parse_points
from i18n.said import render
from ui.render.text import md_escape
from ui.session.language import current, t, tr
from ui.teams.state import active_team
from ui.teams.tables import crosstable_frame, trace_frame, trace_heads
from ui.teams.words import team_label

#: the tie-breaks a team exercise asks for: each one a person can work with the crosstable and a pencil
CODES = ("MPTS", "GPTS", "BH:MP", "BH:MP/C1", "BH:GP", "EMMSB", "EMGSB/C1", "EGGSB", "BC", "SSSC")


@dataclass(frozen=True)
class TeamExercise:
    team: int
    code: str
    answer: Fraction


def team_exercises(ev: TeamEvent, seed: int, count: int) -> list[TeamExercise]:
    """``count`` exercises drawn with ``seed``: the same event and seed always give the same set."""
    rng = random.Random(seed)
    ctx = TeamContext(ev, "fide")
    out = []
    for _ in range(count):
        team, code = rng.choice(ev.tpns), rng.choice(CODES)
        out.append(TeamExercise(team, code, Fraction(compute(ctx, parse_team_code(code), team).value or 0)))
    return out


def team_training_view() -> None:
    """The team exercises: the event, the seed, then each exercise with its answer box."""
    on_screen = active_team()
    a, b, c = st.columns(3)
    use = a.radio(t("Team event"), ["random", "current"] if on_screen else ["random"], key="team.train_source",
                  format_func=lambda s: t("A small random team event") if s == "random" else t("The team event on "
                                                                                              "screen"))
    seed = b.number_input(t("Seed"), min_value=0, value=1, step=1, key="team.train_seed")
    count = c.number_input(t("How many"), min_value=1, max_value=20, value=5, step=1, key="team.train_count")
    ev = on_screen if use == "current" and on_screen else generate_team_event(6, 4, 4, seed=int(seed))
    ctx = TeamContext(ev, "fide")
    st.caption(t("Rules: {rules}. A bye from the pairing is worth a drawn match. Work from the team crosstable "
                 "below; a team's players and their boards are on Standings when the event is on screen.",
                 rules=t(ctx.rules_words)))
    with st.expander(t("The team crosstable"), expanded=True):
        st.dataframe(crosstable_frame(ev), hide_index=True, width="stretch")
    for n, ex in enumerate(team_exercises(ev, int(seed), int(count)), 1):
        crit = parse_team_code(ex.code)
        with st.container(border=True):
            st.markdown(t("**{n}.** What is {team}'s {name} ({code})?", n=n, team=md_escape(ev.name_of(ex.team)),
                          name=team_label(crit), code=ex.code))
            typed = st.text_input(t("Your answer"), key=f"team.train_answer.{seed}.{n}", placeholder="e.g. 26½")
            shown = st.toggle(t("Show the working"), key=f"team.train_show.{seed}.{n}")
            if typed.strip():
                try:
                    given = Fraction(parse_points(typed, current()))
                except ValueError:
                    st.warning(t("Type a number, such as 26½ or 26.5."))
                    continue
                if given == ex.answer:
                    st.success(t("Right: {value}.", value=nice(ex.answer)))
                else:
                    st.error(t("Not quite: the answer is {value}.", value=nice(ex.answer)))
            if shown or typed.strip():
                result = compute(ctx, crit, ex.team)
                st.dataframe(trace_frame(result, ev, tr()).rename(columns=trace_heads(tr())), hide_index=True,
                             width="stretch")
                st.markdown("\n".join(f"- {md_escape(render(tr(), s))}" for s in result.trace.steps))
