"""The widget memory: the chooser's choices and pages' own widgets, kept across page changes.

Streamlit drops a widget's state when its page is not shown, so each widget gets a shadow key
(``_ordering.<name>``) loaded from the remembered value before the widget is drawn (:func:`shadow`) and
written back in the widget's ``on_change`` callback (:func:`commit`).  Where a value is remembered depends on
whose it is: the ordering (:data:`DEFAULTS` names) and the names in :data:`EVENT_FIELDS` (prize method,
currency, rounding, notes, pairing method) belong to the event (:class:`engine.events.settings.EventSettings`),
so a change on one page is a change of the event, saved at once, and every page agrees; any other name is
remembered for the session under a plain key (``ordering.<name>``).  :func:`kept` offers this to a page's own
widgets.

The widgets only hold plain values; :func:`ordering_from_state` (pure, unit-tested) turns the chooser's values
into the engine's criteria, rule set and :class:`~engine.core.rules.Options`, and :func:`values_of` turns an
event's settings back into them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

import streamlit as st

from engine.core.errors import EventError
from engine.core.ordering import CUSTOM, Ordering, ordering_of
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.core.said import said
from engine.events.settings import EventSettings
from i18n.said import error_text
from ui.session import state
from ui.session.language import t, tr

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

#: names of :func:`kept` widgets whose value is a field of the event's settings
EVENT_FIELDS: dict[str, str] = {"prizes.method": "prize_method", "prizes.currency": "currency",
                                "prizes.rounding": "rounding", "announce.notes": "notes",
                                "pairing.method": "pairing"}


# -- the plain values and the engine's ordering (pure) --------------------------------------------

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
            raise EventError(said("the rating given to unrated players must not be negative"))
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


# -- plain keys and their widget shadows ----------------------------------------------------

def plain_key(name: str) -> str:
    """Where the session remembers a choice that is not the event's (Streamlit never drops a plain key)."""
    return PREFIX + name


def shadow_key(name: str) -> str:
    """The widget's own key: Streamlit may drop it, :func:`shadow` fills it again before each drawing."""
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
    return st.session_state.get(plain_key(name), DEFAULTS.get(name))


def set_values(**changes: Any) -> None:
    """Change several choices at once (a preset sets its criteria and rule set together).

    Ordering values change the event's settings (saved at once); an unusable combination raises
    :class:`~engine.core.errors.EventError` and changes nothing.
    """
    ordering_changes = {k: v for k, v in changes.items() if k in DEFAULTS}
    if "unrated_rating" in ordering_changes:
        st.session_state[plain_key("unrated_rating")] = ordering_changes["unrated_rating"]
    settings = state.settings()
    if ordering_changes:
        chosen = ordering_from_state({**values(), **ordering_changes})
        settings = settings.with_ordering(chosen.preset or CUSTOM, chosen.codes, chosen.rules.name, chosen.options)
    fields = {EVENT_FIELDS[k]: v for k, v in changes.items() if k in EVENT_FIELDS}
    if fields:
        settings = replace(settings, **fields)
    state.set_settings(settings)
    for name, val in changes.items():
        if name not in DEFAULTS and name not in EVENT_FIELDS:
            st.session_state[plain_key(name)] = val


def set_value(name: str, val: Any) -> None:
    set_values(**{name: val})


def values() -> dict[str, Any]:
    """Every value of the chooser: the event's ordering, with the session's substitute rating."""
    rating = st.session_state.get(plain_key("unrated_rating"), DEFAULTS["unrated_rating"])
    return values_of(state.settings(), rating)


def event_ordering() -> Ordering:
    """The event's own ordering, as the chooser would return it (for pages that show it without the chooser)."""
    return ordering_from_state(values())


def shadow(name: str, default: Any = None) -> str:
    """Copy the current value into the widget's shadow key before the widget is drawn."""
    if _event_owned(name):
        st.session_state[shadow_key(name)] = value(name)
        return shadow_key(name)
    if plain_key(name) not in st.session_state:
        st.session_state[plain_key(name)] = DEFAULTS.get(name, default)
    st.session_state[shadow_key(name)] = st.session_state[plain_key(name)]
    return shadow_key(name)


def commit(name: str) -> None:
    """The widget's callback: keep its new value where it belongs (an unusable ordering is refused, with
    the reason kept under ``error`` for the chooser to show)."""
    if name in DEFAULTS or name in EVENT_FIELDS:
        try:
            set_value(name, st.session_state[shadow_key(name)])
        except EventError as exc:
            st.session_state[plain_key("error")] = t("{error} (the ordering was not changed)",
                                                     error=error_text(tr(), exc))
        return
    st.session_state[plain_key(name)] = st.session_state[shadow_key(name)]


def kept(widget: Callable[..., Any], label: str, *args: Any, name: str, default: Any,
         on_change: Callable[[], None] | None = None, **kwargs: Any) -> Any:
    """Draw ``widget`` so that its value survives page changes (for a page's own widgets).

    ``kept(st.multiselect, "Orderings", options, name="compare.presets", default=[...])``.  When the
    first argument is the list of options, a remembered value that is no longer offered (the event or
    the ordering changed) falls back to ``default``, or to the first option.
    """
    if args and isinstance(args[0], (list, tuple)) and plain_key(name) in st.session_state and not _event_owned(name):
        offered = list(args[0])
        remembered = st.session_state[plain_key(name)]
        if isinstance(remembered, list):
            st.session_state[plain_key(name)] = [v for v in remembered if v in offered]
        elif remembered not in offered:
            st.session_state[plain_key(name)] = default if default in offered else (offered[0] if offered else None)

    def changed() -> None:
        commit(name)
        if on_change:
            on_change()
    return widget(label, *args, key=shadow(name, default), on_change=changed, **kwargs)
