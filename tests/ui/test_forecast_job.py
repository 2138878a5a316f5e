"""The forecast's job takes the ordering the page resolved, and nothing below it reads a name again.

Before, one run turned the rule set's name back into a rule set and the codes into an ordering several times on
its way through the places, the prizes and the tie-break columns; now the names are resolved once, at the edge.
"""
from __future__ import annotations

from engine.core import ordering as ordering_module
from engine.core.ordering import Ordering, ordering_of
from engine.prizes.prize_list import Prize
from engine.teaching.scenarios import load_scenario
from ui.forecast import EXAMPLE
from ui.work.forecast_job import work


def test_the_job_resolves_no_name_on_the_way_down(monkeypatch):
    import engine.forecast.asked
    import engine.forecast.places
    import engine.forecast.prize_chances
    import engine.tiebreaks.context
    import engine.tiebreaks.fast
    event = load_scenario(EXAMPLE).event
    chosen = ordering_of(preset="uscf")
    resolved: list[str] = []

    def counting_rule_set(name):
        resolved.append(f"rule set {name}")
        raise AssertionError("a rule-set name was read again below the page")

    real_ordering_of = ordering_module.ordering_of

    def counting_ordering_of(criteria=None, *args, **kwargs):
        if not isinstance(criteria, Ordering):
            resolved.append(f"ordering {criteria!r}")
        return real_ordering_of(criteria, *args, **kwargs)

    # the calculators take a resolved rule set and no longer import the lookup at all; where a module still
    # does, a call to it below the page fails the test
    for module in (engine.tiebreaks.fast, engine.tiebreaks.context, ordering_module):
        if hasattr(module, "rule_set"):
            monkeypatch.setattr(module, "rule_set", counting_rule_set)
    for module in (engine.forecast.places, engine.forecast.prize_chances, engine.forecast.asked):
        if hasattr(module, "ordering_of"):
            monkeypatch.setattr(module, "ordering_of", counting_ordering_of)
    prizes = [Prize("1st", 10000, place=1), Prize("2nd", 5000, place=2)]
    fc, _, pc = work(event, chosen, 3, None, "uniform", 0.3, 1000, 1, prizes, "uscf", lambda share, text: None)
    assert resolved == []
    # the answers themselves: each player's chances of the places (and of lower ones) add up to one, exactly
    assert fc.method == "exact" and pc is not None
    assert all(sum(places.values()) == 1 for places in fc.places.values())
    # and the check sees a name read again: codes given as text are resolved where the forecast starts
    engine.forecast.places.forecast(event, "MM, BH", chosen.rules, model="uniform")
    assert resolved == ["ordering 'MM, BH'"]
