"""The work behind "Work out the chances", as one function a separate process can run (:mod:`ui.work.jobs`).

Kept apart from :mod:`ui.forecast` so that the worker process imports only the engine, not Streamlit,
pandas or Altair.  ``progress(share done, text)`` reports to the page's progress bar.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from engine.core.model import Event
from engine.core.ordering import Ordering
from engine.core.said import Count, said
from engine.forecast.asked import ask
from engine.forecast.needs import Conditions
from engine.forecast.places import Forecast
from engine.forecast.prize_chances import PrizeChances, prize_forecast
from engine.prizes.prize_list import Prize


def work(event: Event, ordering: Ordering, places: int | None, player: int | None, model: str, draw_rate: float,
         samples: int, seed: int, prizes: Sequence[Prize], sharing: str,
         progress: Callable[[float, str], None]) -> tuple[Forecast, Conditions | None, PrizeChances | None]:
    """Everyone's chances of each place (or one player's, with what she needs: :func:`engine.forecast.asked.ask`,
    as the command line), and the chances of each place prize.  ``ordering`` is the page's, resolved once: the
    codes and the rule set are not read again on the way down."""
    answers = ask(event, ordering, places=places if player is None else None,
                  player=player, model=model, draw_rate=draw_rate, samples=samples, seed=seed,
                  progress=lambda d, t: progress(0.8 * d / t, said("Places: {done} of {total}", done=Count(d),
                                                                   total=Count(t))))
    fc = answers.player or answers.places
    assert fc is not None                      # one question was asked
    pc = None
    if any(p.kind == "place" for p in prizes):
        final = ordering.with_options(replace(ordering.options, round=None))     # the final places
        pc = prize_forecast(event, final, list(prizes), sharing,
                            model=model, draw_rate=draw_rate, samples=min(samples, 5000), seed=seed,
                            progress=lambda d, t: progress(0.8 + 0.2 * d / t, said("Prizes: {done} of {total}",
                                                                                   done=Count(d), total=Count(t))))
    return fc, answers.conditions, pc
