"""The fast path (engine.tiebreaks.fast) gives exactly the traced path's values, and the same standings.

Seeded random events with every kind of unplayed round (PAB, HPB, ZPB, FPB, forfeits and double forfeits,
withdrawals, late entries, unrated players), round robins (odd and even, with forfeits), a pairing bye worth
½, and computations stopped before the last round.  Every code that is not group-dependent, with the
modifiers it takes, is compared under every rule set, player by player: same value, same type (Fraction
or int), None where the traced path has no value.  Options vary from event to event (cycled, so that
every variant meets every rule set without multiplying the run time).  Whole standings with DE, H2H and
LOTS must be identical too: order, ranks, values and the criterion that separated each pair.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.codes import parse_code, parse_codes
from engine.core.errors import EventError
from engine.core.model import HALF, Entry, Event, Kind, make_event
from engine.core.ordering import RoundOutOfRange
from engine.core.rules import RULE_SETS, Options, rule_set
from engine.events.generator import UnplayedRates, generate_event, generate_round_robin
from engine.ranking.standings import standings, traced_values
from engine.tiebreaks.context import Context
from engine.tiebreaks.fast import FastValues

CODES = ("PTS BH BH/C1 BH/C2 BH/M1 BH/M2 BH/C1/N BH/P BH/C1/P MED MM MED/P MM/P FB FB/C1 FB/M1/N FB/P AOB AOB/F OBH "
         "PS PS/C1 PS/C3 CUM OCUM SB SB/C1 SB/C2 SB/M1 SB/C1/N SB/P SB/C1/P KS KS/L40 KS/L+1 KS/L-2 KASH WIN WON "
         "BPG BWG REP VUR ARO ARO/C1 ARO/C2 ARO/M1 TPR PTP PERF LPERF APRO APPO OPERF TFL LATE RTNG RTNG/R "
         "TPN").split()

OPTIONS = (
    Options(),
    Options(unrated="exclude", cumulative="one", kashdan_unplayed=2),
    Options(unrated=1500, cumulative="none", us_forfeits=True, ocum_forfeits=True, tfl_byes=True),
    Options(unrated="exclude", cumulative="strict", mm_forum=True, sb_cut_lichess=True),
    Options(unrated=0, kashdan_unplayed=2, sb_cut_lichess=True, us_forfeits=True),
)

ORDERINGS = ("DE", "BH/C1 BH DE WIN", "DE/P SB", "H2H MM", "SB/C1 DE PS LOTS", "ARO/C1 H2H LOTS", "KS DE TPN")


def half_point_pab(event: Event) -> Event:
    """The same event with a pairing bye worth ½ (a scale the quarter points must still represent)."""
    rows = {t: [Entry.bye(Kind.PAB, HALF) if e.kind is Kind.PAB else e for e in row]
            for t, row in event.entries.items()}
    return make_event(event.name, event.players, rows, rounds=event.rounds, event_type=event.event_type,
                      pab_points=HALF)


def events() -> list[tuple[str, Event]]:
    out: list[tuple[str, Event]] = []
    for i in range(14):
        players, rounds = 5 + (i * 7) % 16, 3 + (i * 5) % 8
        rates = UnplayedRates.every_kind() if i % 3 else UnplayedRates.typical()
        ev = generate_event(players, rounds, seed=500 + i, rates=rates, unrated_share=0.15 if i % 4 == 1 else 0.0)
        out.append((f"swiss {players}x{rounds} seed {500 + i}", ev))
    for i in range(4):
        players = 3 + 2 * i if i < 3 else 8
        ev = generate_round_robin(players, seed=900 + i, forfeit_rate=0.2 if i % 2 else 0.0,
                                  unrated_share=0.2 if i == 3 else 0.0)
        out.append((f"round robin {players} seed {900 + i}", ev))
    out.append(("swiss with a ½-point PAB", half_point_pab(generate_event(11, 6, seed=77,
                                                                          rates=UnplayedRates.every_kind()))))
    return out


EVENTS = events()


def options_for(index: int, rules_index: int, event: Event) -> Options:
    opts = OPTIONS[(index + rules_index) % len(OPTIONS)]
    if (index + rules_index) % 4 == 3 and event.rounds > 2:
        opts = opts.with_(round=event.rounds - 1)        # computed before the last round
    return opts


@pytest.mark.parametrize("index", range(len(EVENTS)), ids=[label for label, _ in EVENTS])
def test_fast_values_equal_traced_values(index: int) -> None:
    label, event = EVENTS[index]
    crits = [parse_code(c) for c in CODES]
    bad: list[str] = []
    for k, rules in enumerate(RULE_SETS):
        opts = options_for(index, k, event)
        ctx = Context(event, rule_set(rules), opts)
        fast = FastValues(event, rule_set(rules), opts)
        for crit in crits:
            mine = fast.values(crit)
            for t in event.tpns:
                want = ctx.result(crit, t).value
                got = mine[t]
                if got != want or type(got) is not type(want):
                    bad.append(f"{label} [{rules}, {opts}] {crit} player {t}: fast {got!r} traced {want!r}")
    assert not bad, f"{len(bad)} differences, e.g.:\n" + "\n".join(bad[:15])


@pytest.mark.parametrize("index", range(0, len(EVENTS), 2), ids=[label for label, _ in EVENTS[::2]])
def test_fast_standings_equal_traced_standings(index: int) -> None:
    label, event = EVENTS[index]
    for k, rules in enumerate(RULE_SETS):
        opts = options_for(index, k, event).with_(seed=index)
        order = parse_codes(ORDERINGS[(index + k) % len(ORDERINGS)])
        fast = standings(event, order, rules, opts)
        slow = standings(event, order, rules, opts, values_provider=traced_values)
        where = f"{label} [{rules}] {' '.join(map(str, order))}"
        assert [(r.rank, r.tpn, r.values) for r in fast.rows] == [(r.rank, r.tpn, r.values) for r in slow.rows], where
        assert [(s.above, s.below, s.criterion) for s in fast.separated_by] == \
            [(s.above, s.below, s.criterion) for s in slow.separated_by], where
        assert fast.warnings == slow.warnings, where


def test_a_round_outside_the_event_is_refused_by_both_paths() -> None:
    event = EVENTS[0][1]
    words = f"the event has rounds 1 to {event.rounds}, so it cannot be ranked after round {event.rounds + 1}"
    with pytest.raises(RoundOutOfRange, match=words) as fast:
        FastValues(event, rule_set("fide"), Options(round=event.rounds + 1))
    assert (fast.value.requested, fast.value.rounds) == (event.rounds + 1, event.rounds)
    with pytest.raises(RoundOutOfRange, match=words):
        standings(event, "BH", "fide", Options(round=event.rounds + 1))


def test_group_dependent_codes_are_not_values() -> None:
    with pytest.raises(EventError, match="depends on which players are tied"):
        FastValues(EVENTS[0][1], rule_set("fide")).values("DE")


def test_hand_computed_buchholz_with_a_vur_cut_first() -> None:
    """Four players, three rounds, FIDE 2024 (C.07 art. 16): #1 beats #2, takes a half-point bye, beats #3.

    #2 (0, 1, then a zero-point bye) did not play again after round 2, so as an opponent his ZPB counts
    as a draw: 1½.  #3 (1, zero-point bye, 0) played in round 3, so his real 1 counts.  #1's own HPB (a
    VUR) counts as a dummy with his own score 2½ (art. 16.4).  BH = 1½ + 2½ + 1 = 5; BH/C1 cuts the VUR
    first (art. 16.5), although it is not the lowest value: 1½ + 1 = 2½.
    """
    from engine.core.model import ONE, ZERO, Player
    g = Entry.game
    rows = {
        1: [g(2, "W", ONE), Entry.bye(Kind.HPB), g(3, "B", ONE)],
        2: [g(1, "B", ZERO), g(4, "W", ONE), Entry.bye(Kind.ZPB)],
        3: [g(4, "B", ONE), Entry.bye(Kind.ZPB), g(1, "W", ZERO)],
        4: [g(3, "W", ZERO), g(2, "B", ZERO), Entry.bye(Kind.PAB)],
    }
    ev = make_event("hand", [Player(t, f"P{t}", 2000) for t in range(1, 5)], rows)
    fast = FastValues(ev, rule_set("fide2024"))
    assert fast.values("BH")[1] == 5
    assert fast.values("BH/C1")[1] == Fraction(5, 2)


def _reversed_games(event: Event, rnd: int, count: int) -> tuple[Event, list[tuple[int, int]]]:
    """The event with the first ``count`` decisive games of round ``rnd`` given the other result (a win
    becomes a loss), and the (player, round index) cells that changed."""
    entries = {t: list(row) for t, row in event.entries.items()}
    changed: list[tuple[int, int]] = []
    for t in event.tpns:
        e = event.entry(t, rnd)
        if len(changed) >= 2 * count or e.kind is not Kind.G or e.opponent is None or e.points == HALF:
            continue
        if (t, rnd - 1) in changed or e.opponent < t:
            continue
        o = event.entry(e.opponent, rnd)
        entries[t][rnd - 1] = Entry.game(e.opponent, e.colour, 1 - e.points)
        entries[e.opponent][rnd - 1] = Entry.game(t, o.colour, 1 - o.points)
        changed += [(t, rnd - 1), (e.opponent, rnd - 1)]
    return event.with_entries(entries, rounds=event.rounds), changed


@pytest.mark.parametrize("index", [1, 2, 5, len(EVENTS) - 1], ids=[EVENTS[i][0] for i in (1, 2, 5, len(EVENTS) - 1)])
def test_rescored_values_after_rewriting_points_equal_the_rewritten_events(index: int) -> None:
    """What a forecast does for each outcome: rewrite some points in the columns, then ask ``rescored`` for
    values with the rows of a few players rebuilt.  Those players' values (their own rows and, for the
    criteria two steps away, their opponents') are the traced values of the event with those results."""
    label, event = EVENTS[index]
    # the latest round with a decisive game between two players
    after, changed = next(got for r in range(event.rounds, 0, -1) if (got := _reversed_games(event, r, 2))[1])
    crits = [parse_code(c) for c in CODES]
    for rules in RULE_SETS:
        fast = FastValues(event, rule_set(rules))
        for crit in crits:
            fast.values(crit)              # the lender's tables and values belong to the old results
        cols = fast.cols
        for t, r in changed:
            i = cols.index[t]
            new = int(after.entry(t, r + 1).points * cols.scale)
            cols.score[i] += new - cols.pts[i][r]
            cols.pts[i][r] = new
        watched = [changed[0][0], event.tpns[-1]]
        rows = {cols.index[t] for t in watched}
        rows |= {cols.index[e.opponent] for t in watched for e in after.entries[t] if e.opponent is not None}
        rescored = fast.rescored(sorted(rows))
        every_row = fast.rescored(range(len(cols.tpns)))
        ctx = Context(after, rule_set(rules))
        for crit in crits:
            mine, everyone = rescored.values(crit), every_row.values(crit)
            for t in watched:
                assert mine[t] == ctx.result(crit, t).value, f"{label} [{rules}] {crit} player {t}"
            assert everyone == {t: ctx.result(crit, t).value for t in after.tpns}, f"{label} [{rules}] {crit}"
