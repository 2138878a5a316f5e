"""Traces: the working of a tie-break as a person would write it on paper.

A calculator returns a :class:`Result`: its value and a :class:`Trace` with one :class:`Row` per
round (the opponent, the kind of round, the value counted and *why*), which rows a cut dropped, the
steps in words and the rule followed.  The command line, the app and the exercises only render this.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.exact import Number, fmt, nice
from engine.core.model import KindCode


@dataclass
class Row:
    round: int
    opponent: int | None
    kind: KindCode            # "G", "FW", ...
    result: str               # "1", "½", "0", "" (the player's points in that round)
    value: Number | None      # what this round contributes (None: nothing)
    dropped: bool = False
    note: str = ""
    drop_reason: str = ""
    running: Number | None = None   # running total (cumulative systems)

    def as_json(self) -> dict[str, Any]:
        return {"round": self.round, "opponent": self.opponent, "kind": self.kind, "result": self.result,
                "value": _json_number(self.value), "dropped": self.dropped, "note": self.note,
                **({"drop_reason": self.drop_reason} if self.drop_reason else {}),
                **({"running": _json_number(self.running)} if self.running is not None else {})}


@dataclass
class Trace:
    code: str
    label: str
    player: int
    rules: str
    rows: list[Row] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    citation: str = ""
    #: for group-dependent criteria: the tied group and mini-table, free-form
    extra: dict[str, Any] = field(default_factory=dict)

    def kept(self) -> list[Row]:
        return [r for r in self.rows if not r.dropped and r.value is not None]

    def dropped(self) -> list[Row]:
        return [r for r in self.rows if r.dropped]


@dataclass
class Result:
    value: Number | None      # None: does not exist (an average over no games)
    trace: Trace

    @property
    def text(self) -> str:
        return fmt(self.value)


def _json_number(x: Number | None) -> float | int | str | None:
    if x is None:
        return None
    if isinstance(x, int):
        return x
    x = Fraction(x)
    if x.denominator == 1:
        return x.numerator
    text = fmt(x)
    try:
        return float(text) if Fraction(text) == x else text
    except ValueError:
        return text


_RESULT_TEXT = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}


def result_text(points: Fraction) -> str:
    """A game's points as written on a score sheet: 1, ½, 0 (anything else as a number)."""
    text = _RESULT_TEXT.get(points)
    return text if text is not None else nice(points)


def trace_json(res: Result, name: str) -> dict[str, Any]:
    t = res.trace
    return {"player": t.player, "name": name, "tiebreak": t.code, "label": t.label, "rules": t.rules,
            "value": _json_number(res.value), "rows": [r.as_json() for r in t.rows], "steps": list(t.steps),
            "citation": t.citation, **({"extra": _jsonable(t.extra)} if t.extra else {})}


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, Fraction):
        return _json_number(x)
    return x
