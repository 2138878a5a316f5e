"""The forecast as a plain document (the command line's JSON) and as text.

``{"method": "exact" | "sampled", "pending_games": k, "players": {"<tpn>": {"places": {"1": p1, ...}}},
"conditions": {"<tpn>": {"win": {...}, "draw": {...}, "loss": {...}}}}``: chances are decimals; exact
chances under the "all outcomes equally likely" model are also given as fractions (``"1/9"``); sampled
ones carry their 95 % interval.  In a top-places question the last key, e.g. ``"4+"``, gathers "that place
or lower".  Shared places count as the best of them, as in the standings.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NotRequired, TypedDict

from engine.core.model import Event
from engine.core.ordering import Criteria, Ordering, ordering_of
from engine.core.rules import Options, RuleSet
from engine.core.words import ordinal
from engine.forecast.asked import ask
from engine.forecast.places import Chance, Forecast, chance_text

DECIMALS = 6
#: sampled rounds when samples are asked for without a number (the app's default too)
SAMPLES = 10_000


class GameDoc(TypedDict):
    """A game still to be played."""

    round: int
    white: int
    black: int


class PairDoc(TypedDict):
    """A game whose result decides between her places."""

    white: int
    black: int


class PlayerDoc(TypedDict):
    """One player's chances: place key ("1", "2", ..., "4+" for "4th or lower") -> chance."""

    name: str
    places: dict[str, float]
    fractions: NotRequired[dict[str, str]]             #: exact chances of the uniform model, as "1/9"
    intervals: NotRequired[dict[str, list[float]]]     #: sampled chances: [low, high] of the 95 % interval


class BranchDoc(TypedDict):
    """One result of the player's own game: its chance, the places it leads to, the games deciding them."""

    chance: float
    places: dict[str, float]
    deciding_games: list[PairDoc]
    text: str


class _SomeRunsOnly(TypedDict, total=False):
    """The keys of :class:`ForecastDoc` present only for some runs (kept in the document's key order)."""

    draw_rate: float          #: the Elo model's draw rate
    samples: int              #: sampled runs: how many samples, and their seed
    seed: int | None
    places_asked: int         #: a top-places question: how many places
    not_exact: str            #: sampled although an exact answer was tried: why it was out of reach


class ForecastDoc(TypedDict):
    """The whole document (the command line's JSON)."""

    method: str
    pending_games: int
    model: str
    draw_rate: NotRequired[float]
    games: list[GameDoc]
    games_enumerated: int
    samples: NotRequired[int]
    seed: NotRequired[int | None]
    places_asked: NotRequired[int]
    not_exact: NotRequired[str]
    players: dict[str, PlayerDoc]
    conditions: dict[str, dict[str, BranchDoc]]        #: tpn -> her result ("win", ...) -> branch


def _key(place: int, fc: Forecast) -> str:
    return f"{place}+" if fc.lumped() == place else str(place)


def _decimal(p: Chance) -> float:
    return round(float(p), DECIMALS)


def _player_doc(event: Event, fc: Forecast, tpn: int) -> PlayerDoc:
    dist = fc.places[tpn]
    doc: PlayerDoc = {"name": event.player(tpn).name, "places": {_key(k, fc): _decimal(v) for k, v in dist.items()}}
    if fc.exact and all(isinstance(v, Fraction) for v in dist.values()):
        doc["fractions"] = {_key(k, fc): str(v) for k, v in dist.items()}
    if fc.intervals:
        doc["intervals"] = {_key(k, fc): [_decimal(lo), _decimal(hi)] for k, (lo, hi) in fc.intervals[tpn].items()}
    return doc


def forecast_report(event: Event, criteria: Ordering | Criteria, rules: RuleSet | str | None = None,
                    options: Options | None = None, *,
                    places: int | None = 3, player: int | None = None, model: str = "elo",
                    draw_rate: float = 0.3, samples: int | None = None, seed: int | None = None,
                    workers: int = 2) -> ForecastDoc:
    """Run the forecasts asked for (:func:`engine.forecast.asked.ask`, as the app does) and gather them into one
    document.  ``samples`` None: exact when few enough games matter; a number: that many sampled rounds."""
    answers = ask(event, ordering_of(criteria, rules, options), places=places, player=player, model=model,
                  draw_rate=draw_rate, workers=workers, seed=1 if seed is None else seed,
                  method="auto" if samples is None else "sampled", samples=SAMPLES if samples is None else samples)
    runs = answers.runs
    first = runs[0]
    rate: _SomeRunsOnly = {"draw_rate": draw_rate} if model == "elo" else {}
    how: _SomeRunsOnly = {} if first.exact else {"samples": first.samples, "seed": first.seed}
    if first.not_exact:
        how["not_exact"] = first.not_exact
    asked: _SomeRunsOnly = {} if places is None else {"places_asked": places}
    doc: ForecastDoc = {
        "method": "exact" if all(r.exact for r in runs) else "sampled",
        "pending_games": len(first.games), "model": model, **rate,
        "games": [{"round": g.round, "white": g.white, "black": g.black} for g in first.games],
        "games_enumerated": len(first.relevant) if first.exact else 0, **how, **asked,
        "players": {str(tpn): _player_doc(event, fc, tpn) for fc in runs for tpn in fc.places},
        "conditions": {}}
    if answers.player is not None and answers.conditions is not None and player is not None:
        fc, cond = answers.player, answers.conditions
        doc["conditions"][str(player)] = {
            b.result: {"chance": _decimal(b.chance), "places": {_key(k, fc): _decimal(v) for k, v in b.places.items()},
                       "deciding_games": [{"white": g.white, "black": g.black} for g in b.deciding],
                       "text": b.text}
            for b in cond.branches}
    return doc


def report_text(doc: ForecastDoc) -> str:
    """The document as lines for a terminal."""
    lines = [f"Forecast ({doc['method']}): {doc['pending_games']} games still to be played"
             + (f", {doc['samples']} samples (seed {doc['seed']})" if doc["method"] == "sampled" else "")]
    if "not_exact" in doc:
        lines.append(f"Not exact because {doc['not_exact']}; each chance has its 95 % interval.")
    for tpn, p in doc["players"].items():
        within = p.get("intervals", {})
        chances = ", ".join(f"{_place_text(k)} {chance_text(v)}" + (
            f" ({_percent(within[k][0])}–{_percent(within[k][1])})" if k in within else "")
            for k, v in p["places"].items())
        lines.append(f"#{tpn} {p['name']}: {chances}")
    for tpn, branches in doc["conditions"].items():
        lines.append(f"What #{tpn} needs:")
        lines += [f"  {b['text']}" for b in branches.values()]
    return "\n".join(lines) + "\n"


def _percent(x: float) -> str:
    """A bound of an interval in whole percent: ``0.4213`` -> ``42 %``."""
    return f"{round(100 * x)} %"


def _place_text(key: str) -> str:
    if key.endswith("+"):
        return f"{ordinal(int(key[:-1]))} or lower"
    return ordinal(int(key))
