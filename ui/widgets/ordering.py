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
from engine.core.words import standings_heading
from ui.render.text import md_escape
from ui.session import state
from ui.session.memory import commit, ordering_from_state, plain_key, set_value, set_values, shadow, shadow_key, value, values
from ui.widgets.layout import opened_box

#: offered besides the plain codes: the modified codes the presets and FIDE's lists use most
COMMON_MODIFIED = ("BH/C1", "BH/C2", "BH/M1", "SB/C1", "ARO/C1", "PS/C1", "BH/P", "SB/P", "DE/P")

#: short enough for a selectbox on a phone; the Glossary's reference says each in full
CUMULATIVE_LABELS = {"us": "US Chess: −1 win, −½ bye", "one": "−1 per unplayed win only",
                     "none": "nothing (as FIDE PS)", "strict": "strict (for teaching)"}
UNRATED_LABELS = {"off": "off: skip rating criteria (FIDE)", "exclude": "exclude unrated opponents (US)",
                  "number": "give unrated players a rating"}


# -- pure helpers (no Streamlit) -------------------------------------------------------------------

def error_text(exc: EventError) -> str:
    """An engine error in the app's words: a round the event does not have is named by the chooser's field."""
    if isinstance(exc, RoundOutOfRange):
        return (f"“Compute after round” is {exc.requested}, but this event has rounds 1 to {exc.rounds}: choose "
                f"one of them, or 0 for the last round with a result.")
    return str(exc)


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
    try:
        return f"{code} · {parse_code(code).label}"
    except EventError:
        return code


#: a preset's name short enough to show whole in a selectbox on a phone (its full label is in the help)
PRESET_SHORT = {"uscf": "US Chess (Swiss)", "fide-swiss": "FIDE Swiss, list B", "fide-swiss-a": "FIDE Swiss, list A",
                "fide-rr": "FIDE round robin", "washington": "Washington scholastic", "puddletown": "Puddletown",
                "lichess": "Lichess Swiss", "uscf-wintd": "US Chess, WinTD", "uscf-wintd-old": "US Chess, old WinTD",
                "puddletown-h2h-last": "Puddletown, H2H last"}


def preset_label(name: str) -> str:
    """``uscf · US Chess (Swiss)``: short enough to show whole in a selectbox on a phone."""
    return "Custom ordering" if name == CUSTOM else f"{name} · {PRESET_SHORT.get(name, PRESETS[name].label)}"


def preset_long_label(name: str) -> str:
    return f"{name}: {PRESETS[name].label}"


def rules_label(name: str) -> str:
    """``uscf · US Chess``: the rule set's name in a few words."""
    return f"{name} · {RULE_SETS[name].short}"


def rules_long_label(name: str) -> str:
    return f"{name}: {RULE_SETS[name].label}"


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
        set_value("error", f"{exc} (the criteria were not changed)")
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
        top[0].selectbox("Tie-break order (preset)", list(PRESETS) + [CUSTOM], format_func=preset_label,
                         key=shadow("preset"), on_change=_on_preset,
                         help="A named tie-break order; choosing one sets the criteria and the rule set. Change "
                              "the criteria and it becomes a custom ordering.\n\n"
                              + "\n".join(f"- {preset_long_label(p)}" for p in PRESETS))
        top[1].selectbox("Rule set (unplayed rounds)", list(RULE_SETS), format_func=rules_label,
                         key=shadow("rules"), on_change=commit, args=("rules",),
                         help="How opponents' unplayed rounds and your own byes count: US Chess, FIDE (2026, 2024 or "
                              "2009), lichess, or no adjustment. The Glossary's reference explains each one.\n\n"
                              + "\n".join(f"- {rules_long_label(r)}" for r in RULE_SETS))
        if show_criteria:
            codes = list(value("codes"))
            st.multiselect("Criteria after points, in order", code_options(codes), format_func=code_label,
                           key=shadow("codes"), on_change=_on_codes,
                           help="Add or remove criteria here; the order is the order you pick them in. "
                                "To reorder, or to use a modifier such as BH/C2, type the codes below.")
            st.session_state[plain_key("typed")] = ", ".join(codes)
            st.text_input("The same criteria as codes: edit to reorder, or add modifiers such as BH/C2, SB/C1, "
                          "KS/L40", key=shadow("typed"), on_change=_on_typed)
            if value("error"):
                st.error(md_escape(value("error")))
        _options_expander()
    chosen = ordering_from_state(values())
    event = state.current_event()
    through = min(chosen.options.round or event.last_result_round(), event.rounds)
    st.caption(f"{standings_heading(through, event.rounds)} · points, then {', '.join(chosen.codes) or 'nothing'} "
               f"· rule set {chosen.rules.name} · {chosen.rules.citation} · the event's own order: a change "
               f"here applies on every page")
    return chosen


#: the session-state key of the chooser's "More options" box: True while it is open
OPTIONS_BOX = "chooser.more_options"


def _options_expander() -> None:
    """The chooser's less used options, drawn only while their box is open (:func:`ui.widgets.layout.opened_box`).
    Their values live in the event's settings and the session (:mod:`ui.session.memory`), so nothing is lost while
    the box is shut."""
    box = opened_box("More options: unrated players, round, cumulative, lots, local variants", key=OPTIONS_BOX)
    if box is None:
        return
    with box:
        c1, c2, c3 = st.columns(3)
        c1.radio("Unrated players (rating criteria)", list(UNRATED_LABELS), format_func=UNRATED_LABELS.get,
                 key=shadow("unrated"), on_change=commit, args=("unrated",))
        if value("unrated") == "number":
            c1.number_input("Rating given to unrated players", min_value=0, max_value=4000, step=50,
                            key=shadow("unrated_rating"), on_change=commit, args=("unrated_rating",))
        c1.number_input("Compute after round (0 = the last completed round)", min_value=0, max_value=99,
                        key=shadow("round"), on_change=commit, args=("round",))
        c2.selectbox("Cumulative: what unplayed wins and byes take off", list(CUMULATIVE_LABELS),
                     format_func=lambda k: CUMULATIVE_LABELS[k],
                     key=shadow("cumulative"), on_change=commit, args=("cumulative",))
        c2.radio("Kashdan points for an unplayed round", [0, 2], horizontal=True,
                 key=shadow("kashdan_unplayed"), on_change=commit, args=("kashdan_unplayed",))
        c2.number_input("Seed for the drawing of lots (LOTS)", min_value=0, max_value=10 ** 9, step=1,
                        key=shadow("seed"), on_change=commit, args=("seed",))
        for col, name, label in (
                (c3, "mm_forum", "Modified Median drops only opponents actually played (a forum proposal, "
                                 "not the rulebook)"),
                (c3, "sb_cut_lichess", "Sonneborn-Berger cuts drop the smallest contribution (as lichess does)"),
                (c3, "de_lichess", "Direct encounter only when all the tied players met each other (as lichess does)"),
                (c3, "ocum_forfeits", "Opposition cumulative counts opponents met only by forfeit"),
                (c3, "us_forfeits", "Forfeits count as games in US head-to-head, Kashdan and most blacks"),
                (c3, "tfl_byes", "Time of first loss: a zero-point bye or absence is a loss")):
            col.checkbox(label, key=shadow(name), on_change=commit, args=(name,))
        c3.checkbox("Local rule: a played score first", key=shadow("played_score_first"), on_change=commit,
                    args=("played_score_first",),
                    help="On equal points, a player who won something over the board ranks above one whose whole "
                         "score came from byes and forfeit wins, before any tie-break. Some clubs announce this "
                         "rule; US Chess and FIDE do not have it, so it is off unless you tick it.")


