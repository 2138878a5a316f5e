"""The forecasts a person asks for, run one way for the app's page and the command line.

Before the last round a TD asks about the top places, about one player, or both: each question is one
:func:`engine.forecast.places.forecast`, and a question about one player also reads what she needs
(:func:`engine.forecast.needs.conditions`).  The page ("Before the last round") and ``python -m engine
forecast`` both call :func:`ask`, so the same question gives the same answer, worked out the same way, in
both.  A forecast looks at the end of the event, so the ordering's "compute after round" is dropped.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.ordering import Ordering
from engine.core.said import said
from engine.forecast.needs import Conditions, conditions
from engine.forecast.places import Forecast, Question, forecast


@dataclass(frozen=True)
class Answers:
    """The answers to what was asked: the top places, one player's places and what she needs."""

    places: Forecast | None = None
    player: Forecast | None = None
    conditions: Conditions | None = None

    @property
    def runs(self) -> list[Forecast]:
        """Every forecast run, the top places first."""
        return [fc for fc in (self.places, self.player) if fc is not None]


def ask(event: Event, chosen: Ordering, *, places: int | None = 3, player: int | None = None, model: str = "elo",
        draw_rate: float = 0.3, method: str = "auto", samples: int = 10_000, seed: int = 1, workers: int = 2,
        progress: Callable[[int, int], None] | None = None) -> Answers:
    """Run the forecasts asked for: the top ``places`` (None: not asked) and ``player``'s places (None: not
    asked) with what she needs.  ``method`` is ``auto`` (exact when few enough games matter), ``exact`` or
    ``sampled`` (``samples`` random rounds from ``seed``)."""
    if places is None and player is None:
        raise EventError(said("ask about the top places, about one player, or both"))
    if player is not None and player not in event.entries:
        raise EventError(said("there is no player with pairing number {tpn}", tpn=player))
    chosen = chosen.with_options(replace(chosen.options, round=None))

    def run(question: Question) -> Forecast:
        return forecast(event, chosen, question=question, model=model, draw_rate=draw_rate, method=method,
                        samples=samples, seed=seed, workers=workers, progress=progress)

    top = run(Question(places=places)) if places is not None else None
    hers = run(Question(places=None, player=player)) if player is not None else None
    needs = conditions(event, hers, player) if hers is not None and player is not None else None
    return Answers(top, hers, needs)
