"""The prize list and prize method shared by the Prizes and TD-announcement pages.

The prize list lives under plain session keys (Streamlit drops a widget's state when its page is not
shown, STREAMLIT.md §2a); the editor shows a stable table keyed by a revision number that changes when
an example is loaded, and its edited output is read back through :func:`prizes_from_frame` and never fed
back in.  The table conversions are pure functions, unit-tested without Streamlit.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd
import streamlit as st

from engine.core.errors import EventError
from engine.prizes.cases import CASES, PrizeCase
from engine.prizes.split import PREDICATES, Distribution, Prize, money, parse_money, prize_list
from engine.core.exact import nice
from ui import ordering, state

_LIST = "prizes.list"
_REV = "prizes.rev"
_CURRENCY = "prizes.currency"

COLUMNS = ["Prize", "Amount", "Type", "Place", "Rating min", "Rating max", "Age max", "Only for", "Trophy"]
CURRENCIES = ["$", "€", "£", ""]

#: the prize list a fresh session starts with: RULES.md's case P1
DEFAULT_PRIZES: tuple[Prize, ...] = CASES["P1"].prizes


# -- pure conversions ------------------------------------------------------------------------------

def prizes_frame(prizes: tuple[Prize, ...] | list[Prize]) -> pd.DataFrame:
    """The editor's table: amounts in currency units, empty cells for bounds that are not set."""
    rows = [{"Prize": p.name, "Amount": None if p.amount is None else p.amount / 100, "Type": p.kind,
             "Place": p.place, "Rating min": p.rating_min, "Rating max": p.rating_max, "Age max": p.age_max,
             "Only for": p.predicate or "", "Trophy": p.indivisible} for p in prizes]
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["Amount"] = df["Amount"].astype("Float64")
    for col in ("Place", "Rating min", "Rating max", "Age max"):
        df[col] = df[col].astype("Int64")
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
        raise EventError(f"prize row {row}: {what} must be a whole number, not {v!r}") from None
    if number.denominator != 1:
        raise EventError(f"prize row {row}: {what} must be a whole number, not {v!r}")
    return int(number)


def prizes_from_frame(df: pd.DataFrame) -> list[Prize]:
    """The prizes typed in the editor (empty rows skipped); an unusable row raises :class:`EventError`
    naming the row (1 = the first row of the table)."""
    out: list[Prize] = []
    for i, rec in enumerate(df.to_dict("records"), start=1):
        name = str(_cell(rec.get("Prize")) or "").strip()
        amount_cell = _cell(rec.get("Amount"))
        if not name and amount_cell is None:
            continue
        if not name:
            raise EventError(f"prize row {i}: give the prize a name")
        try:
            amount = parse_money(amount_cell)
        except EventError as exc:
            raise EventError(f"prize row {i}: {exc}") from None
        kind = str(_cell(rec.get("Type")) or "place").strip().lower()
        place = _int(rec.get("Place"), "the place", i)
        predicate = str(_cell(rec.get("Only for")) or "").strip() or None
        trophy = bool(_cell(rec.get("Trophy")) or False)
        try:
            out.append(Prize(name, amount, kind, place if kind == "place" else None,
                             _int(rec.get("Rating max"), "the maximum rating", i),
                             _int(rec.get("Rating min"), "the minimum rating", i),
                             _int(rec.get("Age max"), "the maximum age", i), predicate, trophy))
        except EventError as exc:
            raise EventError(f"prize row {i}: {exc}") from None
    return list(prize_list(out))


def awards_frame(dist: Distribution, everyone: bool = False) -> pd.DataFrame:
    """One row per player who receives something (or every player): what he receives and why."""
    rows = []
    for a in dist.awards:
        if not everyone and not (a.exact or a.trophies):
            continue
        rows.append({"Place": str(a.position), "#": str(a.tpn), "Name": a.name, "Points": nice(a.score),
                     "Receives": money(a.paid, dist.currency),
                     "Exact share": money(a.exact, dist.currency).replace("≈", "≈ "),
                     "Trophy": ", ".join(a.trophies), "Prizes in his pool": ", ".join(a.shares_in),
                     "How": a.how})
    return pd.DataFrame(rows, columns=["Place", "#", "Name", "Points", "Receives", "Exact share", "Trophy",
                                       "Prizes in his pool", "How"])


# -- session state ---------------------------------------------------------------------------------

def current_prizes() -> tuple[Prize, ...]:
    """The prize list of this session (the P1 list until the user changes it)."""
    return st.session_state.setdefault(_LIST, DEFAULT_PRIZES)


def set_prizes(prizes: list[Prize] | tuple[Prize, ...]) -> None:
    """Remember an edited prize list (the editor keeps its own key, so nothing is fed back)."""
    st.session_state[_LIST] = tuple(prizes)


def editor_key() -> str:
    return f"prizes_editor_{st.session_state.setdefault(_REV, 0)}"


def currency() -> str:
    return ordering.value(_CURRENCY) or "$"


def method() -> str:
    return ordering.value("prizes.method") or "uscf"


def load_case(case: PrizeCase) -> None:
    """Make a RULES.md prize case the current event and prize list, under the US Chess preset (the
    order its tied players were checked with)."""
    state.set_event(case.event(), name=f"Prize case {case.name}", new=True)
    st.session_state[_LIST] = tuple(case.prizes)
    st.session_state[_REV] = st.session_state.get(_REV, 0) + 1
    ordering.set_value("preset", "uscf")
    ordering.set_value("codes", ["MM", "BH", "CUM", "OCUM"])
    ordering.set_value("rules", "uscf")
    ordering.set_value("prizes.method", case.method)
    ordering.set_value(_CURRENCY, case.currency)
    ordering.set_value("prizes.alternative", False)
    state.notice(f"Loaded {case.title}. RULES.md: {case.expected}")


def predicate_options() -> list[str]:
    return [""] + list(PREDICATES)
