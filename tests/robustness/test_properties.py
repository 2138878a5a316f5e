"""Properties that hold for every event (hypothesis over seeded generated events)."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.codes import parse_code, parse_codes
from engine.core.model import make_event
from engine.core.rules import rule_set
from engine.events.generator import UnplayedRates, generate_event
from engine.ranking.standings import standings
from engine.tiebreaks.context import Context

RULES = ["uscf", "fide", "fide2024", "fide2009", "raw", "lichess"]

events = st.builds(
    lambda n, r, seed: generate_event(n, r, seed=seed, rates=UnplayedRates.every_kind()),
    st.integers(4, 16), st.integers(2, 10), st.integers(0, 10 ** 6))


@settings(max_examples=40, deadline=None)
@given(events)
def test_uscf_median_is_bh_m1_below_9_rounds_and_m2_from_9(event):
    ctx = Context(event, rule_set("uscf"))
    m = "BH/M2" if ctx.n >= 9 else "BH/M1"
    for t in event.tpns:
        assert ctx.result(parse_code("MED"), t).value == ctx.result(parse_code(m), t).value


@settings(max_examples=40, deadline=None)
@given(events, st.sampled_from(RULES))
def test_cuts_never_raise_a_value(event, rules):
    ctx = Context(event, rule_set(rules))
    v = {c: {t: ctx.result(parse_code(c), t).value for t in event.tpns}
         for c in ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "SB/C2", "MED", "PS", "PS/C1", "FB", "FB/C1")}
    for t in event.tpns:
        assert v["BH/C2"][t] <= v["BH/C1"][t] <= v["BH"][t]
        assert v["BH/M2"][t] <= v["BH/M1"][t] <= v["BH/C1"][t]
        assert v["SB/C2"][t] <= v["SB/C1"][t] <= v["SB"][t]
        assert v["MED"][t] <= v["BH"][t]
        assert v["PS/C1"][t] <= v["PS"][t] and v["FB/C1"][t] <= v["FB"][t]


def _renumber(event, perm: dict[int, int]):
    players = [replace(p, tpn=perm[p.tpn]) for p in event.players]
    entries = {perm[t]: [replace(e, opponent=perm[e.opponent]) if e.opponent is not None else e for e in row]
               for t, row in event.entries.items()}
    return make_event(event.name, players, entries, rounds=event.rounds)


@settings(max_examples=25, deadline=None)
@given(events, st.sampled_from(RULES), st.randoms(use_true_random=False))
def test_renumbering_players_changes_no_value(event, rules, rnd):
    tpns = event.tpns
    shuffled = list(tpns)
    rnd.shuffle(shuffled)
    perm = dict(zip(tpns, shuffled))
    other = _renumber(event, perm)
    a, b = Context(event, rule_set(rules)), Context(other, rule_set(rules))
    codes = ["BH", "BH/C1", "MED", "MM", "SB", "SB/C1", "FB", "AOB", "CUM", "OCUM", "PS", "KS", "KASH", "WIN", "WON",
             "BPG", "BWG", "REP", "TFL", "ARO", "TPR", "PTP", "APRO", "APPO"]
    for code in codes:
        c = parse_code(code)
        for t in tpns:
            assert a.result(c, t).value == b.result(c, perm[t]).value, (code, t)


@settings(max_examples=30, deadline=None)
@given(events, st.sampled_from(["fide", "uscf"]))
def test_ranking_is_consistent(event, rules):
    s = standings(event, parse_codes("BH/C1 BH DE SB WIN"), rules)
    assert sorted(s.order) == sorted(event.tpns)
    ranks = [r.rank for r in s.rows]
    assert ranks == sorted(ranks) and ranks[0] == 1
    for sep, (a, b) in zip(s.separated_by, zip(s.rows, s.rows[1:])):
        assert (sep.criterion is None) == (a.rank == b.rank)
        assert a.values["PTS"] >= b.values["PTS"]


@settings(max_examples=30, deadline=None)
@given(events)
def test_scores_are_the_sum_of_entry_points_and_totals_balance(event):
    ctx = Context(event, rule_set("fide"))
    games = sum(1 for t in event.tpns for e in ctx.entries(t) if e.played) // 2
    byes = sum(e.points for t in event.tpns for e in ctx.entries(t) if not e.played and e.opponent is None)
    forfeits = sum(e.points for t in event.tpns for e in ctx.entries(t) if e.kind.value in ("FW", "FL"))
    assert sum(ctx.score(t) for t in event.tpns) == games + byes + forfeits
