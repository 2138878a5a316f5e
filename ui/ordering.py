"""The ordering chooser shared by every page that ranks: preset, criteria, rule set, options.

The ordering belongs to the event (:class:`engine.events.settings.EventSettings`): every page starts from it and a
change on one page is a change of the event, saved at once, so Start, Standings, Explain, Compare, Why,
Prizes and the announcement always agree.  Streamlit drops a widget's state when its page is not shown,
so each widget gets a shadow key (``_ordering.<name>``) loaded from the event's settings before the
widget is drawn and written back in the widget's ``on_change`` callback.  :func:`kept` offers the same
to a page's own widgets: the names in
:data:`EVENT_FIELDS` (prize method, currency, rounding, notes) are the event's too, the others are
remembered for the session under plain keys (``ordering.<name>``).

The widgets only edit plain values; :func:`ordering_from_state` (pure, unit-tested) turns those values
into the engine's criteria, rule set and :class:`~engine.core.rules.Options`, and :func:`values_of` turns an
event's settings back into them.
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable, Mapping

import pandas as pd
import streamlit as st

from engine.core.codes import CODES, parse_code
from engine.core.ordering import CUSTOM, Ordering, RoundOutOfRange, ordering_of
from engine.ranking.compare_orderings import OrderingsComparison, compare, single_criterion_ranks
from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.words import standings_heading
from engine.core.presets import PRESETS, preset_for
from engine.ranking.standings import Standings, explain, standings
from engine.core.rules import RULE_SETS, Options
from engine.events.settings import EventSettings
from engine.core.trace import Result
from ui import state
from ui.tables import standings_frame
from ui.text import md_escape

PREFIX = "ordering."

#: every choice and its starting value: the US Chess preset, the engine's default options, a fixed seed so a drawing
#: of lots gives the same order on every rerun until the user changes it
DEFAULTS: dict[str, Any] = {
    "preset": "uscf",
    "codes": list(PRESETS["uscf"].codes),
    "rules": PRESETS["uscf"].rules,
    "unrated": "off",
    "unrated_rating": 1000,
    "cumulative": "us",
    "kashdan_unplayed": 0,
    "mm_forum": False,
    "sb_cut_lichess": False,
    "de_lichess": False,
    "ocum_forfeits": False,
    "us_forfeits": False,
    "tfl_byes": False,
    "played_score_first": False,
    "round": 0,
    "seed": 1,
}

#: offered besides the plain codes: the modified codes the presets and FIDE's lists use most
COMMON_MODIFIED = ("BH/C1", "BH/C2", "BH/M1", "SB/C1", "ARO/C1", "PS/C1", "BH/P", "SB/P", "DE/P")

#: short enough for a selectbox on a phone; the Glossary's reference says each in full
CUMULATIVE_LABELS = {"us": "US Chess: −1 win, −½ bye", "one": "−1 per unplayed win only",
                     "none": "nothing (as FIDE PS)", "strict": "strict (for teaching)"}
UNRATED_LABELS = {"off": "off: skip rating criteria (FIDE)", "exclude": "exclude unrated opponents (US)",
                  "number": "give unrated players a rating"}


#: names of :func:`kept` widgets whose value is a field of the event's settings
EVENT_FIELDS: dict[str, str] = {"prizes.method": "prize_method", "prizes.currency": "currency",
                                "prizes.rounding": "rounding", "announce.notes": "notes",
                                "pairing.method": "pairing"}


# -- pure helpers (no Streamlit) -------------------------------------------------------------------

def ordering_from_state(values: Mapping[str, Any]) -> Ordering:
    """The engine's :class:`~engine.core.ordering.Ordering` for the chooser's plain values (missing ones take
    :data:`DEFAULTS`).

    Codes are normalised by the engine (``bh/c1`` -> ``BH/C1``, duplicates dropped; an unknown code raises
    :class:`~engine.core.errors.EventError`).  ``unrated`` "number" becomes the substitute rating, ``round`` 0 means "the last
    completed round" (a round with games still to be played is not), and the unrated rating must be a whole
    number >= 0.
    """
    v = {**DEFAULTS, **{k: val for k, val in values.items() if val is not None}}
    if v["unrated"] == "number":
        rating = int(v["unrated_rating"])
        if rating < 0:
            raise EventError("the rating given to unrated players must not be negative")
        unrated: str | int = rating
    else:
        unrated = str(v["unrated"])
    rnd = int(v["round"])
    options = Options(unrated=unrated, round=rnd if rnd > 0 else None, cumulative=str(v["cumulative"]),
                      kashdan_unplayed=int(v["kashdan_unplayed"]), ocum_forfeits=bool(v["ocum_forfeits"]),
                      us_forfeits=bool(v["us_forfeits"]), mm_forum=bool(v["mm_forum"]),
                      sb_cut_lichess=bool(v["sb_cut_lichess"]), tfl_byes=bool(v["tfl_byes"]),
                      de_lichess=bool(v["de_lichess"]), seed=int(v["seed"]),
                      played_score_first=bool(v["played_score_first"]))
    preset = str(v["preset"]) if v["preset"] in PRESETS else CUSTOM
    return ordering_of(list(v["codes"]), str(v["rules"]), options, preset=preset)


def error_text(exc: EventError) -> str:
    """An engine error in the app's words: a round the event does not have is named by the chooser's field."""
    if isinstance(exc, RoundOutOfRange):
        return (f"“Compute after round” is {exc.requested}, but this event has rounds 1 to {exc.rounds}: choose "
                f"one of them, or 0 for the last round with a result.")
    return str(exc)


def values_of(settings: EventSettings, unrated_rating: int = DEFAULTS["unrated_rating"]) -> dict[str, Any]:
    """The chooser's plain values for an event's ordering (the inverse of :func:`ordering_from_state`)."""
    o = settings.options
    number = isinstance(o.unrated, int) and not isinstance(o.unrated, bool)
    return {"preset": settings.preset, "codes": list(settings.codes), "rules": settings.rules,
            "unrated": "number" if number else o.unrated, "unrated_rating": o.unrated if number else unrated_rating,
            "cumulative": o.cumulative, "kashdan_unplayed": o.kashdan_unplayed, "mm_forum": o.mm_forum,
            "sb_cut_lichess": o.sb_cut_lichess, "de_lichess": o.de_lichess, "ocum_forfeits": o.ocum_forfeits,
            "us_forfeits": o.us_forfeits, "tfl_byes": o.tfl_byes, "played_score_first": o.played_score_first,
            "round": o.round or 0, "seed": o.seed if o.seed is not None else DEFAULTS["seed"]}


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


# -- state: plain keys and their widget shadows ----------------------------------------------------

def _key(name: str) -> str:
    return PREFIX + name


def _wkey(name: str) -> str:
    return "_" + PREFIX + name


def _event_owned(name: str) -> bool:
    """Is this choice the event's (its ordering, or a field of its settings)?  The substitute rating for
    unrated players is the event's while it is in use, else remembered for the session."""
    return name in DEFAULTS or name in EVENT_FIELDS


def value(name: str) -> Any:
    """The value of a choice: the event's for its ordering and settings, else the session's (or default)."""
    if name in DEFAULTS:
        return values()[name]
    if name in EVENT_FIELDS:
        return getattr(state.settings(), EVENT_FIELDS[name])
    return st.session_state.get(_key(name), DEFAULTS.get(name))


def set_values(**changes: Any) -> None:
    """Change several choices at once (a preset sets its criteria and rule set together).

    Ordering values change the event's settings (saved at once); an unusable combination raises
    :class:`~engine.core.errors.EventError` and changes nothing.
    """
    ordering_changes = {k: v for k, v in changes.items() if k in DEFAULTS}
    if "unrated_rating" in ordering_changes:
        st.session_state[_key("unrated_rating")] = ordering_changes["unrated_rating"]
    settings = state.settings()
    if ordering_changes:
        chosen = ordering_from_state({**values(), **ordering_changes})
        settings = settings.with_ordering(chosen.preset or CUSTOM, chosen.codes, chosen.rules.name, chosen.options)
    fields = {EVENT_FIELDS[k]: v for k, v in changes.items() if k in EVENT_FIELDS}
    if fields:
        from dataclasses import replace
        settings = replace(settings, **fields)
    state.set_settings(settings)
    for name, val in changes.items():
        if name not in DEFAULTS and name not in EVENT_FIELDS:
            st.session_state[_key(name)] = val


def set_value(name: str, val: Any) -> None:
    set_values(**{name: val})


def values() -> dict[str, Any]:
    """Every value of the chooser: the event's ordering, with the session's substitute rating."""
    rating = st.session_state.get(_key("unrated_rating"), DEFAULTS["unrated_rating"])
    return values_of(state.settings(), rating)


def _load(name: str, default: Any = None) -> str:
    """Copy the current value into the widget's shadow key before the widget is drawn."""
    if _event_owned(name):
        st.session_state[_wkey(name)] = value(name)
        return _wkey(name)
    if _key(name) not in st.session_state:
        st.session_state[_key(name)] = DEFAULTS.get(name, default)
    st.session_state[_wkey(name)] = st.session_state[_key(name)]
    return _wkey(name)


def _store(name: str) -> None:
    if name in DEFAULTS or name in EVENT_FIELDS:
        try:
            set_value(name, st.session_state[_wkey(name)])
        except EventError as exc:
            st.session_state[_key("error")] = f"{exc} (the ordering was not changed)"
        return
    st.session_state[_key(name)] = st.session_state[_wkey(name)]


def kept(widget: Callable[..., Any], label: str, *args: Any, name: str, default: Any,
         on_change: Callable[[], None] | None = None, **kwargs: Any) -> Any:
    """Draw ``widget`` so that its value survives page changes (for a page's own widgets).

    ``kept(st.multiselect, "Orderings", options, name="compare.presets", default=[...])``.  When the
    first argument is the list of options, a remembered value that is no longer offered (the event or
    the ordering changed) falls back to ``default``, or to the first option.
    """
    if args and isinstance(args[0], (list, tuple)) and _key(name) in st.session_state and not _event_owned(name):
        offered = list(args[0])
        remembered = st.session_state[_key(name)]
        if isinstance(remembered, list):
            st.session_state[_key(name)] = [v for v in remembered if v in offered]
        elif remembered not in offered:
            st.session_state[_key(name)] = default if default in offered else (offered[0] if offered else None)

    def changed() -> None:
        _store(name)
        if on_change:
            on_change()
    return widget(label, *args, key=_load(name, default), on_change=changed, **kwargs)


# callbacks: they run before the script, so the widgets are then loaded with the new values

def _on_preset() -> None:
    name = st.session_state[_wkey("preset")]
    if name in PRESETS:
        set_values(preset=name, codes=list(PRESETS[name].codes), rules=PRESETS[name].rules, error="")
    else:
        set_values(preset=CUSTOM, error="")


def _on_codes() -> None:
    codes = list(st.session_state[_wkey("codes")])
    set_values(codes=codes, preset=matching_preset(codes), error="")


def _on_typed() -> None:
    text = st.session_state[_wkey("typed")]
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
    from ui.stale import stale_box
    stale_box("stale_ordering")
    with st.container(border=True):
        top = st.columns(2)
        top[0].selectbox("Tie-break order (preset)", list(PRESETS) + [CUSTOM], format_func=preset_label,
                         key=_load("preset"), on_change=_on_preset,
                         help="A named tie-break order; choosing one sets the criteria and the rule set. Change "
                              "the criteria and it becomes a custom ordering.\n\n"
                              + "\n".join(f"- {preset_long_label(p)}" for p in PRESETS))
        top[1].selectbox("Rule set (unplayed rounds)", list(RULE_SETS), format_func=rules_label,
                         key=_load("rules"), on_change=_store, args=("rules",),
                         help="How opponents' unplayed rounds and your own byes count: US Chess, FIDE (2026, 2024 or "
                              "2009), lichess, or no adjustment. The Glossary's reference explains each one.\n\n"
                              + "\n".join(f"- {rules_long_label(r)}" for r in RULE_SETS))
        if show_criteria:
            codes = list(value("codes"))
            st.multiselect("Criteria after points, in order", code_options(codes), format_func=code_label,
                           key=_load("codes"), on_change=_on_codes,
                           help="Add or remove criteria here; the order is the order you pick them in. "
                                "To reorder, or to use a modifier such as BH/C2, type the codes below.")
            st.session_state[_key("typed")] = ", ".join(codes)
            st.text_input("The same criteria as codes: edit to reorder, or add modifiers such as BH/C2, SB/C1, "
                          "KS/L40", key=_load("typed"), on_change=_on_typed)
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


def _options_expander() -> None:
    with st.expander("More options: unrated players, round, cumulative, lots, local variants"):
        c1, c2, c3 = st.columns(3)
        c1.radio("Unrated players (rating criteria)", list(UNRATED_LABELS), format_func=UNRATED_LABELS.get,
                 key=_load("unrated"), on_change=_store, args=("unrated",))
        if value("unrated") == "number":
            c1.number_input("Rating given to unrated players", min_value=0, max_value=4000, step=50,
                            key=_load("unrated_rating"), on_change=_store, args=("unrated_rating",))
        c1.number_input("Compute after round (0 = the last completed round)", min_value=0, max_value=99,
                        key=_load("round"), on_change=_store, args=("round",))
        c2.selectbox("Cumulative: what unplayed wins and byes take off", list(CUMULATIVE_LABELS), format_func=CUMULATIVE_LABELS.get,
                     key=_load("cumulative"), on_change=_store, args=("cumulative",))
        c2.radio("Kashdan points for an unplayed round", [0, 2], horizontal=True,
                 key=_load("kashdan_unplayed"), on_change=_store, args=("kashdan_unplayed",))
        c2.number_input("Seed for the drawing of lots (LOTS)", min_value=0, max_value=10 ** 9, step=1,
                        key=_load("seed"), on_change=_store, args=("seed",))
        for col, name, label in (
                (c3, "mm_forum", "Modified Median drops only opponents actually played (a forum proposal, "
                                 "not the rulebook)"),
                (c3, "sb_cut_lichess", "Sonneborn-Berger cuts drop the smallest contribution (as lichess does)"),
                (c3, "de_lichess", "Direct encounter only when all the tied players met each other (as lichess does)"),
                (c3, "ocum_forfeits", "Opposition cumulative counts opponents met only by forfeit"),
                (c3, "us_forfeits", "Forfeits count as games in US head-to-head, Kashdan and most blacks"),
                (c3, "tfl_byes", "Time of first loss: a zero-point bye or absence is a loss")):
            col.checkbox(label, key=_load(name), on_change=_store, args=(name,))
        c3.checkbox("Local rule: a played score first", key=_load("played_score_first"), on_change=_store,
                    args=("played_score_first",),
                    help="On equal points, a player who won something over the board ranks above one whose whole "
                         "score came from byes and forfeit wins, before any tie-break. Some clubs announce this "
                         "rule; US Chess and FIDE do not have it, so it is off unless you tick it.")


# -- computing with the chosen ordering (cached per event content) ---------------------------------

def fingerprint() -> str:
    """A key for the current event's content, shared safely by every session of the server.

    ``st.cache_data`` is global, while ``event_version()`` counts per session, so the version alone
    could hand one session another's standings.  The hash of the event's text is computed once per
    version and kept in this session.
    """
    event = state.current_event()
    version = state.event_version()
    memo = st.session_state.get(_key("fingerprint"))
    if memo and memo[0] == version and memo[1] == id(event):
        return memo[2]
    digest = hashlib.sha256(repr(event).encode()).hexdigest()
    st.session_state[_key("fingerprint")] = (version, id(event), digest)
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
