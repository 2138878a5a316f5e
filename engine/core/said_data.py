"""Records (:mod:`engine.core.said`) as plain JSON data and back, so that a sentence kept with a saved event (the
repairs a file reader made) is still written in the reader's language after a reload, not in the English it was
kept as.

Each record is stored as the arguments it is rebuilt from (its ``__reduce__``); only the record types of
:mod:`engine.core.said` are rebuilt, anything else in the data is read as text, so a saved row cannot make the
program build an object of any other kind.

>>> from fractions import Fraction
>>> from engine.core.said import Num, said
>>> record = said("player {tpn}'s points column says {points}", tpn=4, points=Num(Fraction(7, 2)))
>>> back = from_data(to_data(record))
>>> back == record, back.template, back.fields["points"].value
(True, "player {tpn}'s points column says {points}", Fraction(7, 2))
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine.core import said as records

#: the record types rebuilt from saved data, by name
RECORD_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    records.Said, records.Num, records.Joined, records.Capitalised, records.CodeName, records.Listed,
    records.Lowered, records.Spelled, records.Signed, records.Money, records.Ordinal, records.Count,
    records.Place)}


def to_data(value: Any) -> Any:
    """``value`` as JSON data: a record as its type's name and its arguments, numbers exact."""
    kind = type(value).__name__
    if kind in RECORD_TYPES and type(value) is RECORD_TYPES[kind]:
        reduced: Any = value.__reduce__()          # (its type, the arguments it is built again from)
        args: tuple[Any, ...] = reduced[1]
        return {"record": kind, "args": [to_data(a) for a in args]}
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, Fraction):
        return {"fraction": str(value)}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if isinstance(value, dict):
        return {"dict": {str(k): to_data(v) for k, v in value.items()}}
    if isinstance(value, (list, tuple)):
        return {"list": [to_data(v) for v in value]}
    return str(value)


def from_data(data: Any) -> Any:
    """The value :func:`to_data` wrote; what it does not recognise is read as its text."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, dict):
        if "record" in data and data.get("record") in RECORD_TYPES and isinstance(data.get("args"), list):
            return RECORD_TYPES[data["record"]](*(from_data(a) for a in data["args"]))
        if isinstance(data.get("fraction"), str):
            return Fraction(data["fraction"])
        if isinstance(data.get("decimal"), str):
            return Decimal(data["decimal"])
        if isinstance(data.get("dict"), dict):
            return {k: from_data(v) for k, v in data["dict"].items()}
        if isinstance(data.get("list"), list):
            return tuple(from_data(v) for v in data["list"])
    return str(data)
