"""The forecast as a plain document (the command line's JSON) and as text.

``{"method": "exact" | "sampled", "pending_games": k, "players": {"<tpn>": {"places": {"1": p1, ...}}},
"conditions": {"<tpn>": {"win": {...}, "draw": {...}, "loss": {...}}}}``: chances are decimals; exact
chances under the "all outcomes equally likely" model are also given as fractions (``"1/9"``); sampled
ones carry their 95 % interval.  In a top-places question the last key, e.g. ``"4+"``, gathers "that place
or lower".  Shared places count as the best of them, as in the standings.
"""
from __future__ import annotations

from fractions import Fraction

from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.ordering import Criteria, Ordering, ordering_of
from engine.core.rules import Options, RuleSet
from engine.events.conditions import conditions
from engine.prizes.split import ordinal
from engine.events.forecast import Forecast, Question, chance_text, forecast

DECIMALS = 6


def _key(place: int, fc: Forecast) -> str:
    return f"{place}+" if fc.lumped() == place else str(place)


def _decimal(p: Fraction | float) -> float:
    return round(float(p), DECIMALS)


def _player_doc(event: Event, fc: Forecast, tpn: int) -> dict:
    dist = fc.places[tpn]
    doc: dict = {"name": event.player(tpn).name, "places": {_key(k, fc): _decimal(v) for k, v in dist.items()}}
    if fc.exact and all(isinstance(v, Fraction) for v in dist.values()):
        doc["fractions"] = {_key(k, fc): str(v) for k, v in dist.items()}
    if fc.intervals:
        doc["intervals"] = {_key(k, fc): [_decimal(lo), _decimal(hi)] for k, (lo, hi) in fc.intervals[tpn].items()}
    return doc


def forecast_report(event: Event, criteria: Ordering | Criteria, rules: RuleSet | str | None = None,
                    options: Options | None = None, *,
                    places: int | None = 3, player: int | None = None, model: str = "elo",
                    draw_rate: float = 0.3, samples: int | None = None, seed: int | None = None,
                    workers: int = 2) -> dict:
    """Run the forecasts asked for and gather them into one document."""
    if player is not None and player not in event.entries:
        raise EventError(f"there is no player with pairing number {player}")
    kwargs = dict(model=model, draw_rate=draw_rate, workers=workers, seed=1 if seed is None else seed)
    if samples is not None:
        kwargs.update(method="sampled", samples=samples)
    chosen = ordering_of(criteria, rules, options)
    runs: list[Forecast] = []
    if places is not None:
        runs.append(forecast(event, chosen, question=Question(places=places), **kwargs))
    if player is not None:
        runs.append(forecast(event, chosen, question=Question(places=None, player=player), **kwargs))
    first = runs[0]
    doc: dict = {"method": "exact" if all(r.exact for r in runs) else "sampled",
                 "pending_games": len(first.games), "model": model}
    if model == "elo":
        doc["draw_rate"] = draw_rate
    doc["games"] = [{"round": g.round, "white": g.white, "black": g.black} for g in first.games]
    doc["games_enumerated"] = len(first.relevant) if first.exact else 0
    if not first.exact:
        doc["samples"], doc["seed"] = first.samples, first.seed
    if places is not None:
        doc["places_asked"] = places
    doc["players"] = {}
    for fc in runs:
        for tpn in fc.places:
            doc["players"][str(tpn)] = _player_doc(event, fc, tpn)
    doc["conditions"] = {}
    if player is not None:
        fc = runs[-1]
        cond = conditions(event, fc, player)
        doc["conditions"][str(player)] = {
            b.result: {"chance": _decimal(b.chance), "places": {_key(k, fc): _decimal(v) for k, v in b.places.items()},
                       "deciding_games": [{"white": g.white, "black": g.black} for g in b.deciding],
                       "text": b.text}
            for b in cond.branches}
    return doc


def report_text(doc: dict) -> str:
    """The document as lines for a terminal."""
    lines = [f"Forecast ({doc['method']}): {doc['pending_games']} games still to be played"
             + (f", {doc['samples']} samples (seed {doc['seed']})" if doc["method"] == "sampled" else "")]
    for tpn, p in doc["players"].items():
        chances = ", ".join(f"{_place_text(k)} {chance_text(v)}" for k, v in p["places"].items())
        lines.append(f"#{tpn} {p['name']}: {chances}")
    for tpn, branches in doc["conditions"].items():
        lines.append(f"What #{tpn} needs:")
        lines += [f"  {b['text']}" for b in branches.values()]
    return "\n".join(lines) + "\n"


def _place_text(key: str) -> str:
    if key.endswith("+"):
        return f"{ordinal(int(key[:-1]))} or lower"
    return ordinal(int(key))
