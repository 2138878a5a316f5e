"""The work behind the Compare page for a large event, as one function a separate process can run (:mod:`ui.work.jobs`).

Kept apart from :mod:`ui.work.cached` so that the worker process imports only the engine, not Streamlit, pandas or
Altair.  One job does everything the page shows that grows with the field: the comparison of the orderings and
the ranks under each single criterion, both ways (points first or not, so the toggle needs no second job), all
from one set of columns.  ``progress(share done, text)`` reports to the page's progress bar.
"""
from __future__ import annotations

from typing import Callable, Sequence

from engine.core.collector import collector_paused
from engine.core.model import Event
from engine.core.ordering import Ordering
from engine.ranking.compare_orderings import OrderingsComparison, compare, single_criterion_ranks
from engine.ranking.standings import shared_fast_values

#: points first (True) or not -> code -> tpn -> rank
SingleRanks = dict[bool, dict[str, dict[int, int]]]


def work(event: Event, orderings: Sequence[Ordering], codes: Sequence[str], chosen: Ordering,
         progress: Callable[[float, str], None]) -> tuple[OrderingsComparison, SingleRanks]:
    """The comparison (:meth:`~engine.ranking.compare_orderings.OrderingsComparison.portable`: what the page shows)
    and the single-criterion ranks both ways."""
    with collector_paused():            # the whole job builds millions of objects in no cycle
        return _work(event, orderings, codes, chosen, progress)


def _work(event: Event, orderings: Sequence[Ordering], codes: Sequence[str], chosen: Ordering,
          progress: Callable[[float, str], None]) -> tuple[OrderingsComparison, SingleRanks]:
    provider = shared_fast_values()
    steps = len(orderings) + 2
    comparison = compare(event, list(orderings), values_provider=provider,
                         progress=lambda done, _total, text: progress(done / steps, text))
    single: SingleRanks = {}
    for i, points_first in enumerate((True, False), start=len(orderings) + 1):
        single[points_first] = single_criterion_ranks(event, list(codes), chosen, points_first=points_first,
                                                      values_provider=provider)
        progress(i / steps, "Ranked by each criterion alone" + (", after points" if points_first else ""))
    return comparison.portable(), single
