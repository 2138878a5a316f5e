"""The ordering chooser shared by every page that ranks: preset, criteria, rule set, options.

The ordering belongs to the event (:class:`engine.events.settings.EventSettings`): every page starts from it and a
change on one page is a change of the event, saved at once, so Start, Standings, Explain, Compare, Why,
Prizes and the announcement always agree.  The chooser draws the widgets and says what they mean (labels, the
codes offered, what a typed list of codes is); what each widget remembers across pages is the widget memory's
(:mod:`ui.session.memory`), and what is computed with the chosen ordering is cached in :mod:`ui.work.cached`.
"""
from __future__ import annotations

import streamlit as st

from engine.core.codes import CODES, parse_code
from engine.core.errors import EventError
from engine.core.ordering import CUSTOM, Ordering, RoundOutOfRange
from engine.core.presets import PRESETS, preset_for
from engine.core.rules import RULE_SETS
from i18n import render
from i18n.catalog import N_
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tr
from ui.session.memory import commit, ordering_from_state, plain_key, set_value, set_values, shadow, shadow_key, value, values
from ui.widgets.layout import opened_box

#: offered besides the plain codes: the modified codes the presets and FIDE's lists use most
COMMON_MODIFIED = ("BH/C1", "BH/C2", "BH/M1", "SB/C1", "ARO/C1", "PS/C1", "BH/P", "SB/P", "DE/P")

#: short enough for a selectbox on a phone; the Glossary's reference says each in full
CUMULATIVE_LABELS = {"us": N_("US Chess: −1 win, −½ bye"), "one": N_("−1 per unplayed win only"),
                     "none": N_("nothing (as FIDE PS)"), "strict": N_("strict (for teaching)")}
UNRATED_LABELS = {"off": N_("off: skip rating criteria (FIDE)"), "exclude": N_("exclude unrated opponents (US)"),
                  "number": N_("give unrated players a rating")}


# -- pure helpers (no Streamlit) -------------------------------------------------------------------

def error_text(exc: EventError) -> str:
    """An engine error in the app's words: a round the event does not have is named by the chooser's field."""
    if isinstance(exc, RoundOutOfRange):
        return t("“Compute after round” is {requested}, but this event has rounds 1 to {rounds}: choose "
                 "one of them, or 0 for the last round with a result.", requested=exc.requested, rounds=exc.rounds)
    from i18n.said import error_text as said_error
    return said_error(tr(), exc)


def matching_preset(codes: tuple[str, ...] | list[str]) -> str:
    """The preset whose criteria are exactly ``codes`` (main presets first), else ``custom``."""
    return preset_for(codes) or CUSTOM


def parse_typed(text: str) -> list[str]:
    """Codes typed by the user, in order, normalised: ``"mm, bh/c1 sb"`` -> ``["MM", "BH/C1", "SB"]``.

    Raises :class:`~engine.core.errors.EventError` for an unknown code or modifier (never silently skipped).
    """
    parts = [p for p in text.replace(";", ",").replace(",", " ").split() if p.strip()]
    return list(dict.fromkeys(str(parse_code(p)) for p in parts if p.upper() != "PTS"))


def code_options(current: list[str] | tuple[str, ...]) -> list[str]:
    """What the criteria multiselect offers: every code, the common modified codes, the preset codes and
    whatever is chosen now (a typed ``BH/C3`` must stay selectable)."""
    out = [c for c in CODES if c != "PTS"] + list(COMMON_MODIFIED)
    for p in PRESETS.values():
        out += list(p.codes)
    out += list(current)
    return list(dict.fromkeys(out))


def code_label(code: str) -> str:
    """``MM · Modified Median``: the code the tables use, with its name."""
    return code_labels([code])[code]


def code_labels(codes: list[str]) -> dict[str, str]:
    """:func:`code_label` of every code of a list, the session's translator looked up once (a chooser offers
    some seventy codes, and looking the language up for each was a tenth of a page's run)."""
    words = tr()
    out = {}
    for code in codes:
        try:
            out[code] = f"{code} · {render.criterion_name(words, code)}"
        except EventError:
            out[code] = code
    return out


#: a preset's name short enough to show whole in a selectbox on a phone (its full label is in the help)
PRESET_SHORT = {"uscf": N_("US Chess (Swiss)"), "fide-swiss": N_("FIDE Swiss, list B"),
                "fide-swiss-a": N_("FIDE Swiss, list A"), "fide-rr": N_("FIDE round robin"),
                "washington": N_("Washington scholastic"), "puddletown": N_("Puddletown"),
                "lichess": N_("Lichess Swiss"), "uscf-wintd": N_("US Chess, WinTD"),
                "uscf-wintd-old": N_("US Chess, old WinTD"), "puddletown-h2h-last": N_("Puddletown, H2H last")}


def preset_label(name: str) -> str:
    """``uscf · US Chess (Swiss)``: short enough to show whole in a selectbox on a phone."""
    if name == CUSTOM:
        return t("Custom ordering")
    return f"{name} · {t(PRESET_SHORT[name]) if name in PRESET_SHORT else render.preset_label(tr(), name)}"


def preset_long_label(name: str) -> str:
    return f"{name}: {render.preset_label(tr(), name)}"


def rules_label(name: str) -> str:
    """``uscf · US Chess``: the rule set's name in a few words."""
    return f"{name} · {render.rules_short(tr(), name)}"


def rules_long_label(name: str) -> str:
    return f"{name}: {render.rules_label(tr(), name)}"


# callbacks: they run before the script, so the widgets are then loaded with the new values

def _on_preset() -> None:
    name = st.session_state[shadow_key("preset")]
    if name in PRESETS:
        set_values(preset=name, codes=list(PRESETS[name].codes), rules=PRESETS[name].rules, error="")
    else:
        set_values(preset=CUSTOM, error="")


def _on_codes() -> None:
    codes = list(st.session_state[shadow_key("codes")])
    set_values(codes=codes, preset=matching_preset(codes), error="")


def _on_typed() -> None:
    text = st.session_state[shadow_key("typed")]
    try:
        codes = parse_typed(text)
    except EventError as exc:
        set_value("error", t("{error} (the criteria were not changed)", error=error_text(exc)))
        return
    set_values(codes=codes, preset=matching_preset(codes), error="")


# -- the chooser -----------------------------------------------------------------------------------

def ordering_chooser(*, show_criteria: bool = True) -> Ordering:
    """Draw the chooser and return the chosen ordering.  Call it once per page, near the top.

    ``show_criteria=False`` hides the criteria list (a page that only needs the rule set and options).
    A tab whose copy of the event or its settings is older than the saved one shows the reload/copy box first.
    """
    from ui.session.stale import stale_box
    stale_box("stale_ordering")
    with st.container(border=True):
        top = st.columns(2)
        top[0].selectbox(t("Tie-break order (preset)"), list(PRESETS) + [CUSTOM], format_func=preset_label,
                         key=shadow("preset"), on_change=_on_preset,
                         help=t("A named tie-break order; choosing one sets the criteria and the rule set. Change "
                                "the criteria and it becomes a custom ordering.") + "\n\n"
                              + "\n".join(f"- {preset_long_label(p)}" for p in PRESETS))
        top[1].selectbox(t("Rule set (unplayed rounds)"), list(RULE_SETS), format_func=rules_label,
                         key=shadow("rules"), on_change=commit, args=("rules",),
                         help=t("How opponents' unplayed rounds and your own byes count: US Chess, FIDE (2026, 2024 or "
                                "2009), lichess, or no adjustment. The Glossary's reference explains each one.") + "\n\n"
                              + "\n".join(f"- {rules_long_label(r)}" for r in RULE_SETS))
        if show_criteria:
            codes = list(value("codes"))
            offered = code_options(codes)
            labels = code_labels(offered)
            st.multiselect(t("Criteria after points, in order"), offered, format_func=lambda c: labels.get(c, c),
                           key=shadow("codes"), on_change=_on_codes,
                           help=t("Add or remove criteria here; the order is the order you pick them in. "
                                  "To reorder, or to use a modifier such as BH/C2, type the codes below."))
            st.session_state[plain_key("typed")] = ", ".join(codes)
            st.text_input(t("The same criteria as codes: edit to reorder, or add modifiers such as BH/C2, SB/C1, "
                            "KS/L40"), key=shadow("typed"), on_change=_on_typed)
            if value("error"):
                st.error(md_escape(value("error")))
        _options_expander()
    chosen = ordering_from_state(values())
    event = state.current_event()
    through = min(chosen.options.round or event.last_result_round(), event.rounds)
    heading = render.standings_heading(tr(), through, event.rounds)
    citation = render.rules_citation(tr(), chosen.rules.name)
    if chosen.codes:
        st.caption(t("{heading} · points, then {codes} · rule set {rules} · {citation} · the event's own order: a "
                     "change here applies on every page", heading=heading, codes=", ".join(chosen.codes),
                     rules=chosen.rules.name, citation=citation))
    else:
        st.caption(t("{heading} · points, then nothing · rule set {rules} · {citation} · the event's own order: a "
                     "change here applies on every page", heading=heading, rules=chosen.rules.name, citation=citation))
    return chosen


#: the session-state key of the chooser's "More options" box: True while it is open
OPTIONS_BOX = "chooser.more_options"


def _options_expander() -> None:
    """The chooser's less used options, drawn only while their box is open (:func:`ui.widgets.layout.opened_box`).
    Their values live in the event's settings and the session (:mod:`ui.session.memory`), so nothing is lost while
    the box is shut."""
    box = opened_box(t("More options: unrated players, round, cumulative, lots, local variants"), key=OPTIONS_BOX)
    if box is None:
        return
    with box:
        c1, c2, c3 = st.columns(3)
        c1.radio(t("Unrated players (rating criteria)"), list(UNRATED_LABELS), format_func=lambda k: t(UNRATED_LABELS[k]),
                 key=shadow("unrated"), on_change=commit, args=("unrated",))
        if value("unrated") == "number":
            c1.number_input(t("Rating given to unrated players"), min_value=0, max_value=4000, step=50,
                            key=shadow("unrated_rating"), on_change=commit, args=("unrated_rating",))
        c1.number_input(t("Compute after round (0 = the last completed round)"), min_value=0, max_value=99,
                        key=shadow("round"), on_change=commit, args=("round",))
        c2.selectbox(t("Cumulative: what unplayed wins and byes take off"), list(CUMULATIVE_LABELS),
                     format_func=lambda k: t(CUMULATIVE_LABELS[k]),
                     key=shadow("cumulative"), on_change=commit, args=("cumulative",))
        c2.radio(t("Kashdan points for an unplayed round"), [0, 2], horizontal=True,
                 key=shadow("kashdan_unplayed"), on_change=commit, args=("kashdan_unplayed",))
        c2.number_input(t("Seed for the drawing of lots (LOTS)"), min_value=0, max_value=10 ** 9, step=1,
                        key=shadow("seed"), on_change=commit, args=("seed",))
        for col, name, label in (
                (c3, "mm_forum", t("Modified Median drops only opponents actually played (a forum proposal, "
                                   "not the rulebook)")),
                (c3, "sb_cut_lichess", t("Sonneborn-Berger cuts drop the smallest contribution (as lichess does)")),
                (c3, "de_lichess", t("Direct encounter only when all the tied players met each other (as lichess does)")),
                (c3, "ocum_forfeits", t("Opposition cumulative counts opponents met only by forfeit")),
                (c3, "us_forfeits", t("Forfeits count as games in US head-to-head, Kashdan and most blacks")),
                (c3, "tfl_byes", t("Time of first loss: a zero-point bye or absence is a loss"))):
            col.checkbox(label, key=shadow(name), on_change=commit, args=(name,))
        c3.checkbox(t("Local rule: a played score first"), key=shadow("played_score_first"), on_change=commit,
                    args=("played_score_first",),
                    help=t("On equal points, a player who won something over the board ranks above one whose whole "
                           "score came from byes and forfeit wins, before any tie-break. Some clubs announce this "
                           "rule; US Chess and FIDE do not have it, so it is off unless you tick it."))


