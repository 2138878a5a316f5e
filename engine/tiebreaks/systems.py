"""Dispatch: which module computes which code.  Group-dependent codes (DE, H2H, LOTS) are ranked
in :mod:`engine.ranking.standings`, since their value depends on who is tied."""
from __future__ import annotations

from typing import Callable

from engine.tiebreaks.buchholz import aob, buchholz, median
from engine.core.codes import Criterion
from engine.tiebreaks.context import Context
from engine.tiebreaks.counts import counts, first_loss, kashdan, koya, player_facts, points
from engine.core.errors import EventError
from engine.tiebreaks.progressive import cumulative, opposition_cumulative, progressive
from engine.tiebreaks.sonneborn import sonneborn_berger
from engine.core.trace import Result

Calculator = Callable[[Context, Criterion, int], Result]


def _ratings(ctx: Context, crit: Criterion, tpn: int) -> Result:
    from engine.tiebreaks.ratings import compute_rating
    return compute_rating(ctx, crit, tpn)


CALCULATORS: dict[str, Calculator] = {
    "PTS": points, "BH": buchholz, "FB": buchholz, "MED": median, "MM": median, "AOB": aob,
    "PS": progressive, "CUM": cumulative, "OCUM": opposition_cumulative, "SB": sonneborn_berger,
    "KS": koya, "KASH": kashdan, "WIN": counts, "WON": counts, "BPG": counts, "BWG": counts, "REP": counts,
    "VUR": counts, "TFL": first_loss, "LATE": player_facts, "RTNG": player_facts, "TPN": player_facts,
    **{c: _ratings for c in ("ARO", "TPR", "PTP", "PERF", "APRO", "APPO", "OPERF", "LPERF")},
}


def compute(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """The value and trace of one criterion for one player."""
    if crit.info.group_dependent:
        raise EventError(f"{crit.code} depends on which players are tied: use explain with an ordering")
    if tpn not in ctx.event.entries:
        raise EventError(f"there is no player with pairing number {tpn}")
    return CALCULATORS[crit.code](ctx, crit, tpn)
