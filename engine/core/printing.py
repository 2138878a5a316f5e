"""How a tie-break value is written in text outputs (command line, CSV, Excel): the decimals each code prints.

Rating averages and performances print as whole numbers (FIDE rounds them to the nearest point); the linear
performances keep two decimals; every other value is written exactly (``12.5``, ``9.75``).
"""
from __future__ import annotations

from engine.core.exact import fmt

ROUNDED_INTEGER = {"ARO", "TPR", "PTP", "APRO", "APPO"}
TWO_DECIMALS = {"PERF", "OPERF", "LPERF"}


def format_value(code: str, value) -> str:
    base = code.split("/")[0]
    if value is None:
        return ""
    if base in TWO_DECIMALS:
        return fmt(value, 2)
    return fmt(value)


def value_texts(code: str, values: list) -> list[str]:
    """:func:`format_value` of a whole column, each distinct value written once.

    A large field repeats few distinct values, and writing an exact Fraction as decimal text is costly.
    Whole numbers (counts, rating averages) are told apart by value; other values by object ``id`` (the
    list keeps them alive meanwhile, and a provider shares one object per value), so no Fraction is hashed.
    """
    if set(map(type, values)) <= {int, type(None)}:
        by_value = {v: format_value(code, v) for v in set(values)}
        return list(map(by_value.__getitem__, values))
    by_id = {key: format_value(code, v) for key, v in dict(zip(map(id, values), values)).items()}
    return list(map(by_id.__getitem__, map(id, values)))
