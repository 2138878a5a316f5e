"""Before the last round: the chance of each prize, for every player who can still win one.

Built on :mod:`engine.forecast.places`: the same outcomes (exact or sampled), each turned into a final
order of the players in reach of the prize places, then into a prize-giving by
:func:`engine.prizes.split.distribute` with the event's own sharing rule.  Trophies and other
indivisible prizes go by tie-break order; cash is shared as the chosen method says (US Chess 32B pools
and shares equally, whatever the tie-breaks).  Place prizes only: a class prize (best under 1600, best
girl) can go to a player far down the table, which this forecast does not follow.

A prize-giving depends only on the players on the scores that reach the prize places, so it is
computed once per distinct top of the table and reused.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Callable, Sequence, TypeAlias

from engine.core.chances import wilson
from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.ordering import Criteria, Ordering, ordering_of
from engine.core.rules import Options, RuleSet
from engine.core.said import said
from engine.forecast.places import (
    DRAW,
    MAX_EXACT_GAMES,
    Chance,
    Evaluator,
    OutcomeFinish,
    Question,
    game_probabilities,
    product_probability,
    scope,
)
from engine.prizes.prize_list import Prize
from engine.prizes.split import distribute
from engine.ranking.standings import StandingsRow

#: per player who receives something in one outcome: the prizes he has (or shares in), and his cash in cents
Awards: TypeAlias = dict[int, tuple[frozenset[str], Fraction]]


@dataclass(frozen=True)
class _Top:
    """The top of one outcome's final order, as the prize-giving reads standings (its rows)."""

    rows: list[StandingsRow]


@dataclass
class PrizeChances:
    """Per player: the chance of receiving each prize (a share of it counts), and the expected cash."""

    method: str                        #: exact or sampled
    sharing: str                       #: the prize-sharing method
    chance: dict[int, dict[str, Chance]] = field(default_factory=dict)
    expected_cash: dict[int, Chance] = field(default_factory=dict)   #: in cents
    any_cash: dict[int, Chance] = field(default_factory=dict)        #: chance of some cash
    samples: int = 0
    intervals: dict[int, dict[str, tuple[float, float]]] = field(default_factory=dict)
    left_out: list[str] = field(default_factory=list)      #: class prizes not forecast


def prize_forecast(event: Event, criteria: Ordering | Criteria, prizes: Sequence[Prize],
                   sharing: str = "uscf", rules: RuleSet | str | None = None, options: Options | None = None, *,
                   model: str = "elo", draw_rate: float = 0.3, method: str = "auto", samples: int = 10_000,
                   seed: int = 1, max_exact_games: int = MAX_EXACT_GAMES,
                   progress: Callable[[int, int], None] | None = None) -> PrizeChances:
    """The chance of each place prize (and trophy) for every player who can still win one.

    Kept as one function: the exact count and the sampling share the awards worked out once per finish
    (``awards``) and the tally of prizes every result gives (``add``), which close over the same state."""
    o = ordering_of(criteria, rules, options)
    crits, rules, options = list(o.criteria), o.rules, o.options
    placed = [p for p in prizes if p.kind == "place"]
    left_out = [p.name for p in prizes if p.kind != "place"]
    if not placed:
        raise EventError(said("the prize list has no place prizes to forecast"))
    games = event.pending_games()
    if not games:
        raise EventError(said("the event has no games still to be played: pair the next round first"))
    question = Question(places=max(p.place or 1 for p in placed))
    sc = scope(event, crits, question, games)
    if method == "auto":
        method = "exact" if len(sc.relevant) <= max_exact_games else "sampled"
    order = list(sc.relevant) + list(sc.fixed) if method == "exact" else list(games)
    ev = Evaluator(event, crits, rules, options, order, sc.universe, sc.offset, question)
    names = {p.tpn: p for p in event.players}
    memo: dict[tuple[OutcomeFinish, ...], Awards] = {}
    out = PrizeChances(method, sharing, left_out=left_out)

    last = question.places or 1               # the last place with a prize

    def awards(outcome: Sequence[int]) -> Awards:
        fin = ev.finish(outcome)
        cut_score = fin[min(last, len(fin)) - 1].points
        top = tuple(f for f in fin if f.position <= last or f.points == cut_score)
        got = memo.get(top)
        if got is None:
            rows = [StandingsRow(f.place, f.tpn, names[f.tpn].name, {"PTS": f.points}) for f in top]
            dist = distribute(_Top(rows), {f.tpn: names[f.tpn] for f in top}, placed, sharing)
            got = memo[top] = {a.tpn: (frozenset(a.shares_in) | frozenset(a.trophies), a.exact)
                               for a in dist.awards if a.exact or a.trophies or a.shares_in}
        return got

    #: how many results were added, and per player how many gave him some cash and each prize: one that
    #: every result gives him is certain, whatever the float sum of their chances came to
    tally: dict[tuple[int, str | None], int] = {}
    added = 0

    def add(got: Awards, p: Chance) -> None:
        nonlocal added
        added += 1
        for t, (won, cash) in got.items():
            if cash:
                out.any_cash[t] = out.any_cash.get(t, 0) + p
                tally[(t, None)] = tally.get((t, None), 0) + 1
            d = out.chance.setdefault(t, {})
            for name in won:
                d[name] = d.get(name, 0) + p
                tally[(t, name)] = tally.get((t, name), 0) + 1
            out.expected_cash[t] = out.expected_cash.get(t, 0) + cash * p

    if method == "exact":
        probs = [game_probabilities(event, g, model, draw_rate) for g in sc.relevant]
        tail = [DRAW] * len(sc.fixed)
        total = 3 ** len(sc.relevant)
        for i, outcome in enumerate(product(range(3), repeat=len(sc.relevant))):
            p = product_probability(probs, outcome) if probs else Fraction(1)
            add(awards(list(outcome) + tail), p if model == "uniform" else float(p))
            if progress and (i % max(1, total // 50) == 0 or i == total - 1):
                progress(i + 1, total)
    elif method == "sampled":
        rng = random.Random(seed)
        cum: list[tuple[float, float]] = []
        for g in games:
            w, d, _ = game_probabilities(event, g, model, draw_rate)
            cum.append((float(w), float(w) + float(d)))
        counts: dict[int, dict[str, int]] = {}
        for i in range(samples):
            outcome = tuple(0 if (u := rng.random()) < a else 1 if u < b else 2 for a, b in cum)
            got = awards(outcome)
            add(got, 1.0 / samples)
            for t, (won, _) in got.items():
                for name in won:
                    counts.setdefault(t, {})[name] = counts.setdefault(t, {}).get(name, 0) + 1
            if progress and (i % max(1, samples // 50) == 0 or i == samples - 1):
                progress(i + 1, samples)
        out.samples = samples
        out.intervals = {t: {n: wilson(c, samples) for n, c in d.items()} for t, d in counts.items()}
    else:
        raise EventError(said("unknown method {method}; choose auto, exact or sampled", method=repr(method)))
    if not (model == "uniform" and method == "exact"):
        # a sum of float chances (or of 1/samples) can come out a hair under 1 for a prize every result gives
        for (t, prize), n in tally.items():
            if n == added:
                if prize is None:
                    out.any_cash[t] = 1.0
                else:
                    out.chance[t][prize] = 1.0
    out.expected_cash = {t: (v if model == "uniform" and method == "exact" else float(v))
                         for t, v in out.expected_cash.items()}
    return out
