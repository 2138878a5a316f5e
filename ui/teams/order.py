"""The team pages' one choice of order: a preset people use (or the file's own list, or codes typed in) and the
rules' edition; every team page reads the same choice, kept in the session."""
from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from engine.core.errors import EventError
from engine.teams.codes import TeamCriterion, parse_team_codes
from engine.teams.commands import rules_for
from engine.teams.context import TeamContext, TeamOptions
from engine.teams.model import TeamEvent
from engine.teams.presets import TEAM_PRESETS
from ui.render.text import md_escape
from ui.session.language import t
from ui.teams.cached import team_context
from ui.widgets.ordering import error_text

PRESET = "team.preset"
TYPED = "team.typed"
RULES = "team.rules"
FILE_ORDER = "file"
TYPED_ORDER = "typed"


@dataclass
class TeamOrder:
    """What the pages compute with: the event (with the preset's primary score), the context, the criteria."""

    event: TeamEvent
    context: TeamContext
    criteria: list[TeamCriterion]
    source: str


def _label(key: str, ev: TeamEvent) -> str:
    if key == FILE_ORDER:
        return t("The file's own order: {codes}", codes=", ".join(ev.file_tiebreaks))
    if key == TYPED_ORDER:
        return t("My own order (type the codes)")
    return t(TEAM_PRESETS[key].name)


def team_order_chooser(ev: TeamEvent) -> TeamOrder:
    """The preset (or typed order) and rules' edition, drawn on the page; the order they give."""
    keys = ([FILE_ORDER] if ev.file_tiebreaks else []) + list(TEAM_PRESETS) + [TYPED_ORDER]
    if st.session_state.get(PRESET) not in keys:
        st.session_state[PRESET] = keys[0]
    left, right = st.columns([3, 2])
    key = left.selectbox(t("Tie-break order"), keys, format_func=lambda k: _label(k, ev), key=PRESET)
    default_rules, _ = rules_for(ev, TEAM_PRESETS[key].rules if key in TEAM_PRESETS else None)
    rules_keys = ["fide", "fide2024"]
    rules = right.selectbox(t("Rules"), rules_keys, index=rules_keys.index(default_rules),
                            format_func=lambda r: t("FIDE, 2026 edition") if r == "fide" else t("FIDE, 2024 edition"),
                            key=f"{RULES}.{key}")
    options = TeamOptions()
    event = ev
    if key == FILE_ORDER:
        criteria = parse_team_codes(list(ev.file_tiebreaks))
        source = t("the tie-break list written in the file")
    elif key == TYPED_ORDER:
        typed = st.text_input(t("Team tie-break codes, in order"), value="EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP",
                              key=TYPED, help=t("For example EDE, EMGSB/C1, BH:MP/C1, BC, SSSC"))
        try:
            criteria = parse_team_codes(typed)
        except EventError as exc:
            st.error(md_escape(error_text(exc)))
            criteria = parse_team_codes("EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP")
        source = t("the codes typed above")
    else:
        preset = TEAM_PRESETS[key]
        criteria, options, event = preset.criteria, preset.options, preset.apply(ev)
        source = t(preset.source)
    context = team_context(ev, event, rules, options)
    return TeamOrder(event, context, criteria, source)
