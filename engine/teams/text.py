"""Numbers as a person writes them (``12½``), remembered: a team event's traces write the same few values
thousands of times (an Olympiad's field: every opponent's score in every round's note)."""
from __future__ import annotations

from functools import lru_cache

from engine.core.exact import Number
from engine.core.exact import nice as _nice


@lru_cache(maxsize=16384)
def nice(x: Number | None) -> str:
    return _nice(x)
