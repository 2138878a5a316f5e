"""The prize list and prize method shared by the Prizes page (players and teams), Before the last round and the
TD announcement.

The prize list is the event's own (:class:`engine.events.settings.EventSettings`): saved with it, restored on
reload, empty for a new or uploaded event; only the built-in example and the rules' examples come with an
example list, marked as such.  The editor sits in a form: what is typed is applied when the user presses
Apply, and only when every row is complete, so the results below never disappear while a row is half
typed.  Its table is keyed by a revision number that changes when a list is applied or loaded; its
output is read back through :func:`prizes_from_frame` and never fed back in.  The table conversions are
pure functions, unit-tested without Streamlit.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import pandas as pd
import streamlit as st
from babel.lists import format_list

from engine.core.errors import EventError
from engine.core.exact import nice
from engine.core.model import Event
from engine.core.said import said
from engine.core.words import if_ended_now_text
from engine.events.settings import EventSettings
from engine.prizes.cases import PrizeCase
from engine.prizes.finishes import Award, Distribution
from engine.prizes.money import money, parse_money, shown_cents
from engine.prizes.prize_list import PREDICATES, Prize, prize_list
from i18n.catalog import N_, NP_, translator
from i18n.numbers import amount_text
from i18n.numbers import money as money_in
from i18n.said import render
from ui.render.tables import header_px
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tp, tr

_REV = "prizes.rev"

COLUMNS = ["Prize", "Amount", "Type", "Place", "Rating min", "Rating max", "Age max", "Only for", "Trophy"]
CURRENCIES = ["$", "€", "£", ""]

#: the readings of US Chess rule 32B3 the Prizes page offers: code -> label (the rule itself first)
READINGS = {
    "rule": N_("As US Chess TDs apply it (the rule)"),
    "alternative": N_("Alternative reading of case P5 (teaching only)"),
    "eligible_only": N_("Class prizes shared only among eligible players"),
}
#: the one sentence under the choice: which reading is the US Chess rule
READING_NOTE = N_("The US Chess rule is the first: tied players pool the prizes they bring in, a class prize "
                  "included, unless its eligible players get more by sharing it only among themselves; the other "
                  "two are readings some players and organisers hold, shown for comparison.")


def money_text(cents: int | Fraction, currency: str, lang: str = "en") -> str:
    """An amount in cents as ``lang`` writes money, in the event's own currency whatever the language
    (``$1,379.00``; ``1.379,00 $`` in German); an inexact share is marked ``≈``, as the engine marks it."""
    if lang == "en":
        return money(cents, currency)
    exact = Fraction(cents)
    approx = "≈" if exact.denominator != 1 else ""
    sign = -1 if exact < 0 else 1
    return approx + money_in(Fraction(sign * shown_cents(abs(exact)), 100), currency, lang).strip()


# -- pure conversions ------------------------------------------------------------------------------

#: the "Only for" choice of a prize open to every player
ANYONE = "anyone"
#: the "Only for" choices as the editor shows them (the codes stay the same in every language)
ONLY_FOR = {ANYONE: NP_("prize eligibility", "anyone"), "unrated": NP_("prize eligibility", "unrated"),
            "female": NP_("prize eligibility", "female")}
#: the prize types as the editor shows them
TYPES = (NP_("prize type", "place"), NP_("prize type", "class"))
#: the whole-number columns that are often empty: text, so that an empty cell shows blank (a number column
#: shows "None"); :func:`prizes_from_frame` reads them back as numbers and names a cell that is not one
OPTIONAL_NUMBERS = ("Place", "Rating min", "Rating max", "Age max")


def prizes_frame(prizes: tuple[Prize, ...] | list[Prize]) -> pd.DataFrame:
    """The editor's table: amounts in currency units, blank cells for bounds that are not set."""
    def text(n: int | None) -> str:
        return "" if n is None else str(n)
    rows = [{"Prize": p.name, "Amount": None if p.amount is None else p.amount / 100, "Type": p.kind,
             "Place": text(p.place), "Rating min": text(p.rating_min), "Rating max": text(p.rating_max),
             "Age max": text(p.age_max), "Only for": p.predicate or ANYONE, "Trophy": p.indivisible}
            for p in prizes]
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["Amount"] = df["Amount"].astype("Float64")
    for col in OPTIONAL_NUMBERS:
        df[col] = df[col].astype("string")
    df["Trophy"] = df["Trophy"].astype(bool)
    df["Prize"] = df["Prize"].astype(str)
    return df


def _cell(value: object) -> object:
    if value is None or value is pd.NA:
        return None
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    return value


def _int(value: object, what: str, row: int) -> int | None:
    v = _cell(value)
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    try:
        number = Fraction(str(v).strip())
    except (ValueError, ZeroDivisionError):
        raise EventError(said("prize row {row}: {what} must be a whole number, not {text}", row=row, what=what,
                              text=repr(v))) from None
    if number.denominator != 1:
        raise EventError(said("prize row {row}: {what} must be a whole number, not {text}", row=row, what=what,
                              text=repr(v)))
    return int(number)


def prizes_from_frame(df: pd.DataFrame, lang: str = "en") -> list[Prize]:
    """The prizes typed in the editor (empty rows skipped); an unusable row raises :class:`~engine.core.errors.EventError`
    naming the row (1 = the first row of the table).  An amount may be typed as ``lang`` writes numbers
    ("162,50" and "1.234,50" in German)."""
    out: list[Prize] = []
    for i, rec in enumerate(df.to_dict("records"), start=1):
        name = str(_cell(rec.get("Prize")) or "").strip()
        amount_cell = _cell(rec.get("Amount"))
        if not name and amount_cell is None:
            continue
        if not name:
            raise EventError(said("prize row {row}: give the prize a name", row=i))
        try:
            typed = amount_text(amount_cell, lang) if isinstance(amount_cell, str) and lang != "en" else amount_cell
            amount = parse_money(typed)
        except EventError as exc:
            raise EventError(said("prize row {row}: {problem}", row=i, problem=exc.line_said())) from None
        kind = str(_cell(rec.get("Type")) or "place").strip().lower()
        place = _int(rec.get("Place"), said("the place"), i)
        written = str(_cell(rec.get("Only for")) or "").strip()
        predicate = None if written in ("", ANYONE) else written
        trophy = bool(_cell(rec.get("Trophy")) or False)
        try:
            out.append(Prize(name, amount, kind, place if kind == "place" else None,
                             _int(rec.get("Rating max"), said("the maximum rating"), i),
                             _int(rec.get("Rating min"), said("the minimum rating"), i),
                             _int(rec.get("Age max"), said("the maximum age"), i), predicate, trophy))
        except EventError as exc:
            raise EventError(said("prize row {row}: {problem}", row=i, problem=exc.line_said())) from None
    return list(prize_list(out))


def awards_frame(dist: Distribution, everyone: bool = False, lang: str = "en") -> pd.DataFrame:
    """One row per player who receives something (or every player): what they receive and why (amounts as
    ``lang`` writes money; the columns keep their English keys, the page shows them translated)."""
    tr = translator(lang)
    rows = []
    for a in dist.awards:
        if not everyone and not (a.exact or a.trophies):
            continue
        rows.append({"Place": str(a.position), "#": str(a.tpn), "Name": a.name, "Points": nice(a.score),
                     "Receives": money_text(a.paid, dist.currency, lang),
                     "Exact share": money_text(a.exact, dist.currency, lang).replace("≈", "≈ "),
                     "Trophy": ", ".join(a.trophies), "Prizes in the pool shared": ", ".join(a.shares_in),
                     "How": render(tr, a.how)})
    frame = pd.DataFrame(rows, columns=["Place", "#", "Name", "Points", "Receives", "Exact share", "Trophy",
                                        "Prizes in the pool shared", "How"])
    # a column that says nothing new takes room a phone does not have: no trophies, or no rounding
    if not (frame["Trophy"] != "").any():
        frame = frame.drop(columns="Trophy")
    if (frame["Exact share"] == frame["Receives"]).all():
        frame = frame.drop(columns="Exact share")
    return frame


def working_markdown(dist: Distribution, lang: str = "en") -> str:
    """The working, step by step, as a numbered Markdown list in ``lang`` (a step that details the one before
    it, indented by the engine, is marked with an arrow); the names in it are shown as text."""
    tr = translator(lang)
    lines = []
    for i, step in enumerate(dist.steps, start=1):
        text = render(tr, step)
        lines.append(f"{i}. {'↳ ' if text.startswith(' ') else ''}{md_escape(text.strip())}")
    return "\n".join(lines)


def if_ended_now_line(event: Event, awards: list[Award], currency: str, lang: str = "en") -> str | None:
    """The line above the prize-giving before the event is over (None once it is): who would receive what if it
    ended now, the biggest amounts first, at most three named; in ``lang`` (English: the engine's own sentence,
    :func:`engine.core.words.if_ended_now_text`)."""
    through, rounds, playing = event.last_result_round(), event.rounds, event.first_pending_round()
    if lang == "en":
        return if_ended_now_text(through, rounds, playing, [(a.name, money(a.paid, currency)) for a in awards])
    if playing is None and through >= rounds:
        return None
    tr = translator(lang)
    still = (tr.t("Round {round} of {rounds} is still being played.", round=playing, rounds=rounds)
             if playing is not None else
             tr.t("Round {rounds} of {rounds} is still to be played.", rounds=rounds) if through + 1 == rounds else
             tr.t("Rounds {first} to {rounds} of {rounds} are still to be played.", first=through + 1, rounds=rounds))
    below = (tr.t("The prizes below are as if the event ended now, after round {round}.", round=through)
             if through > 0 else tr.t("The prizes below are as if the event ended now, before round 1."))
    if not awards:
        return f"{still} {below}"
    named = [f"{a.name} {money_text(a.paid, currency, lang)}" for a in awards[:3]]
    if len(awards) > 3:
        named.append(tr.tn("{n} more player as listed below", "{n} more players as listed below", len(awards) - 3))
    return " ".join((still, tr.t("If it ended now: {receivers}.", receivers=format_list(named, locale=lang)), below))


# -- session state ---------------------------------------------------------------------------------

def current_prizes() -> tuple[Prize, ...]:
    """The event's prize list (empty until the user adds one, except for the examples)."""
    return state.settings().prizes


def prizes_are_example() -> bool:
    """Is the event's prize list only an example (the built-in example's, or a rules example)?"""
    return state.settings().example_prizes


def set_prizes(prizes: list[Prize] | tuple[Prize, ...]) -> None:
    """Make ``prizes`` the event's own prize list, saved with it, and show it afresh in the editor."""
    state.set_settings(state.settings().with_prizes(prizes))
    st.session_state[_REV] = st.session_state.get(_REV, 0) + 1


def editor_key() -> str:
    """The editor's key: it changes with the list applied and with the event, so no stale edit comes back."""
    return f"prizes_editor_{state.event_id()}_{state.event_version()}_{st.session_state.setdefault(_REV, 0)}"


def currency() -> str:
    return state.settings().currency


def method() -> str:
    return state.settings().prize_method


def load_case(case: PrizeCase) -> None:
    """Make a prize example of the rules the current event, with its example prize list and method, under
    the US Chess preset (the order its tied players were checked with)."""
    event = case.event()
    settings = EventSettings(preset="uscf", codes=("MM", "BH", "CUM", "OCUM"), rules="uscf", prizes=case.prizes,
                             example_prizes=True, prize_method=case.method, currency=case.currency)
    state.set_event(event, name=f"Prize case {case.name}", new=True, settings=settings.fitted_to(event))
    st.session_state[_REV] = st.session_state.get(_REV, 0) + 1
    st.session_state["ordering.prizes.reading"] = "rule"
    state.notice(t("Loaded {example}. The expected answer: {answer}", example=render(tr(), case.title),
                   answer=render(tr(), case.expected)))


def predicate_options() -> list[str]:
    return [ANYONE] + list(PREDICATES)


def prize_columns() -> dict[str, Any]:
    """The prize list editor's ``column_config``: each heading in the session's language, and each column at least
    as wide as its whole heading with the editing mark before it (the widths once set for the English words cut
    "Classement min" and "Valoración mín." short).  A rating column needs no more than its heading (four digits
    are typed in it): the nine columns, with the row marker, fit a laptop's page in every language."""
    def width(label: str, at_least: int) -> int:
        return max(at_least, header_px(label, editable=True))
    number = r"^\s*[0-9]*\s*$"
    numbers = {col: st.column_config.TextColumn(label, width=width(label, w), validate=number,
                                                help=t("{column}: a whole number, or blank", column=label))
               for col, label, w in (("Place", t("Place"), 70), ("Rating min", t("Rating min"), 76),
                                     ("Rating max", t("Rating max"), 76), ("Age max", t("Age max"), 84))}
    return {
        "Prize": st.column_config.TextColumn(t("Prize"), required=True, width=width(t("Prize"), 100)),
        "Amount": st.column_config.NumberColumn(t("Amount"), min_value=0.0, step=0.01, format="%.2f",
                                                width=width(t("Amount"), 86)),
        "Type": st.column_config.SelectboxColumn(t("Type"), width=width(t("Type"), 68), options=["place", "class"],
                                                 default="place", format_func=lambda k: tp("prize type", str(k))),
        **numbers,
        "Only for": st.column_config.SelectboxColumn(t("Only for"), width=width(t("Only for"), 86),
                                                     options=predicate_options(),
                                                     format_func=lambda k: tp("prize eligibility", ONLY_FOR.get(str(k), str(k)))),
        "Trophy": st.column_config.CheckboxColumn(t("Trophy"), width=width(t("Trophy"), 76),
                                                  help=t("Indivisible: goes by tie-break order")),
    }
