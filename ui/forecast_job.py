"""The work behind "Work out the chances", as one function a separate process can run (:mod:`ui.jobs`).

Kept apart from :mod:`ui.forecast` so that the worker process imports only the engine, not Streamlit,
pandas or Altair.  ``progress(share done, text)`` reports to the page's progress bar.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from engine.core.model import Event
from engine.core.rules import Options
from engine.forecast.needs import Conditions, conditions
from engine.forecast.places import Forecast, Question, forecast
from engine.forecast.prize_chances import PrizeChances, prize_forecast
from engine.prizes.split import Prize


def work(event: Event, codes: Sequence[str], rules: str, options: Options, places: int | None, player: int | None,
         model: str, draw_rate: float, samples: int, seed: int, prizes: Sequence[Prize], sharing: str,
         progress: Callable[[float, str], None]) -> tuple[Forecast, Conditions | None, PrizeChances | None]:
    """Everyone's chances of each place, what ``player`` needs, and the chances of each place prize."""
    options = replace(options, round=None)
    question = Question(places=None, player=player) if player is not None else Question(places=places)
    fc = forecast(event, list(codes), rules, options, question=question, model=model, draw_rate=draw_rate,
                  samples=samples, seed=seed, progress=lambda d, t: progress(0.8 * d / t, f"Places: {d:,} of {t:,}"))
    cond = conditions(event, fc, player) if player is not None else None
    pc = None
    if any(p.kind == "place" for p in prizes):
        pc = prize_forecast(event, list(codes), list(prizes), sharing, rules, options, model=model,
                            draw_rate=draw_rate, samples=min(samples, 5000), seed=seed,
                            progress=lambda d, t: progress(0.8 + 0.2 * d / t, f"Prizes: {d:,} of {t:,}"))
    return fc, cond, pc
