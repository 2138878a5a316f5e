"""The forecast before the last round: hand-made events with answers worked by hand, the pruned exact
answer against brute force over every game (property test), sampled answers against exact ones, and
the conditions in words."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import EventError
from engine.core.model import HALF, ONE, ZERO, Entry, EventType, Player, make_event
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.events.generator import UnplayedRates, generate_event
from engine.forecast.needs import conditions
from engine.forecast.places import Question, forecast, game_probabilities, relevant_games, resolve, scope
from engine.forecast.prize_chances import prize_forecast
from engine.formats.jsonfmt import load_json
from engine.prizes.prize_list import Prize
from engine.ranking.standings import standings
from tests.paths import REPO_ROOT as ROOT
from tests.pending_rounds import last_round_pending

THIRD = Fraction(1, 3)


def build(n_players: int, rounds: list[list[tuple[int, int, str]]], pending: list[tuple[int, int]],
          event_type: EventType = EventType.SWISS):
    """An event from boards ``(white, black, result)`` per round ("1", "=", "0" from White's side) and a
    last round of ``pending`` boards (white, black) still to be played."""
    entries = {t: [] for t in range(1, n_players + 1)}
    for boards in rounds:
        for w, b, res in boards:
            pts = {"1": ONE, "=": HALF, "0": ZERO}[res]
            entries[w].append(Entry.game(b, "W", pts))
            entries[b].append(Entry.game(w, "B", ONE - pts))
    for w, b in pending:
        entries[w].append(Entry.scheduled(b, "W"))
        entries[b].append(Entry.scheduled(w, "B"))
    players = [Player(t, f"P{t}", rating=2000) for t in range(1, n_players + 1)]
    return make_event("hand-made", players, entries, rounds=len(rounds) + (1 if pending else 0),
                      event_type=event_type)


def sole_leader():
    """P1 has 3/3; nobody else has more than 1½, so at most 2½ after the last round."""
    return build(6, [[(1, 2, "1"), (3, 4, "="), (5, 6, "=")],
                     [(1, 3, "1"), (2, 5, "="), (4, 6, "=")],
                     [(1, 4, "1"), (2, 6, "="), (3, 5, "=")]],
                 [(1, 5), (2, 4), (3, 6)])


def two_leaders():
    """P1 and P2 have 3/3 and meet; everyone else has 1.  P1 met 3, 4, 5 and P2 met 6, 7, 8; in the last
    round 3-4 and 7-8 are each one player's opponents among themselves, 5-6 is one of each."""
    return build(8, [[(1, 3, "1"), (2, 6, "1"), (4, 7, "="), (5, 8, "=")],
                     [(1, 4, "1"), (2, 7, "1"), (3, 5, "="), (6, 8, "=")],
                     [(1, 5, "1"), (2, 8, "1"), (3, 7, "="), (4, 6, "=")]],
                 [(1, 2), (3, 4), (5, 6), (7, 8)])


def round_robin():
    """A 4-player round robin (Berger order) before its last round: 1 beat 4, 2 beat 3, 4-3 and 1-2 drawn."""
    return build(4, [[(1, 4, "1"), (2, 3, "1")], [(4, 3, "="), (1, 2, "=")]], [(2, 4), (3, 1)],
                 EventType.ROUND_ROBIN)


# -- hand-made answers --------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
@pytest.mark.parametrize("model", ["uniform", "elo"])
def test_a_sole_leader_is_first_whatever_happens(preset, model):
    p = PRESETS[preset]
    fc = forecast(sole_leader(), p.criteria, p.rules, question=Question(places=1), model=model)
    assert fc.method == "exact" and fc.places[1] == {1: pytest.approx(1)}
    # nobody else can reach 3 points: she is the only player in reach of first place
    assert list(fc.places) == [1]


def test_two_leaders_a_draw_leaves_it_to_buchholz_and_a_third_board():
    ev = two_leaders()
    fc = forecast(ev, "BH", "fide", question=Question(places=None, player=1), model="uniform")
    # worked by hand: a win (1/3) gives 1st, a loss (1/3) 2nd; after a draw both have 3½ and
    # BH(P1) - BH(P2) = score(P5) - score(P6): P5 not losing (2/3) keeps P1 first (alone or shared)
    assert fc.places[1] == {1: Fraction(5, 9), 2: Fraction(4, 9)}
    cond = conditions(ev, fc, 1)
    by = {b.result: b for b in cond.branches}
    assert by["win"].places == {1: 1} and by["loss"].places == {2: 1}
    assert by["draw"].places == {1: Fraction(2, 3), 2: THIRD}
    assert [(g.white, g.black) for g in by["draw"].deciding] == [(5, 6)]
    assert by["draw"].text == "A draw gives 1st if P5 does not lose to P6 (67 %); otherwise 2nd (33 %)."
    assert by["win"].text == "A win gives 1st whatever happens on the other boards."


def test_two_leaders_only_the_games_that_touch_their_opponents_matter():
    ev = two_leaders()
    games = relevant_games(ev, "BH", Question(places=1))
    assert {(g.white, g.black) for g in games} == {(1, 2), (3, 4), (5, 6), (7, 8)}
    # with a criterion that looks only at the player's own games, the other boards cannot matter
    own = relevant_games(ev, "WIN", Question(places=1))
    assert {(g.white, g.black) for g in own} == {(1, 2)}


def test_round_robin_last_round_by_hand():
    ev = round_robin()
    p = PRESETS["fide-rr"]
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=None, player=1), model="uniform")
    # P1 (1½) and P2 (1½) play 3 and 4.  P1 is first when she scores at least as much as P2 (6 of 9;
    # level on points they drew each other and stay level on every tie-break: a shared first place);
    # 2nd when she draws and P2 wins; 3rd when she loses and P2 does not: P3 then has 1½ too and beat her.
    assert fc.places[1] == {1: Fraction(2, 3), 2: Fraction(1, 9), 3: Fraction(2, 9)}


def test_elo_probabilities_follow_the_stated_model():
    ev = build(2, [], [(1, 2)])
    g = ev.pending_games()[0]
    w, d, b = game_probabilities(ev, g, "elo", draw_rate=0.3)
    assert (w, d, b) == pytest.approx((0.35, 0.3, 0.35))       # equal ratings: E = ½, d = 0.3
    ev2 = ev.with_players([Player(1, "A", rating=2400), Player(2, "B", rating=2000)])
    w, d, b = game_probabilities(ev2, g, "elo", draw_rate=0.3)
    e = 1 / (1 + 10 ** (-400 / 400))                            # 10/11
    assert d == pytest.approx(0.3 * (1 - abs(2 * e - 1)))
    assert w + d / 2 == pytest.approx(e) and w + d + b == pytest.approx(1)
    assert game_probabilities(ev, g, "uniform") == (THIRD, THIRD, THIRD)
    with pytest.raises(EventError, match="draw rate"):
        game_probabilities(ev, g, "elo", draw_rate=1.5)


def test_no_pending_games_is_a_clear_error():
    ev = load_json(ROOT / "scenarios" / "example.json")
    with pytest.raises(EventError, match="no games still to be played"):
        forecast(ev, "BH", "fide")


# -- pruned exact = brute force ---------------------------------------------------------------------------

CRITERIA = {"uscf": PRESETS["uscf"], "fide-swiss": PRESETS["fide-swiss"], "fide-swiss-a": PRESETS["fide-swiss-a"],
            "washington": PRESETS["washington"], "lichess": PRESETS["lichess"]}


def brute_force(ev, preset, question, options=None):
    """Every outcome of every pending game, ranked by the full standings."""
    games = ev.pending_games()
    out: dict[int, dict[int, Fraction]] = {}
    for outcome in product(range(3), repeat=len(games)):
        st_ = standings(resolve(ev, games, outcome), preset.criteria, preset.rules, options)
        for row in st_.rows:
            if question.player is not None and row.tpn != question.player:
                continue
            key = row.rank if question.places is None else min(row.rank, question.places + 1)
            d = out.setdefault(row.tpn, {})
            d[key] = d.get(key, 0) + Fraction(1, 3 ** len(games))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([5, 6, 7, 8]), rounds=st.integers(2, 4),
       preset=st.sampled_from(sorted(CRITERIA)), places=st.integers(1, 3), ask_player=st.booleans(),
       played_first=st.booleans())
def test_pruned_exact_equals_brute_force(seed, players, rounds, preset, places, ask_player, played_first):
    ev = last_round_pending(generate_event(players, rounds, seed=seed, rates=UnplayedRates.typical()))
    p = CRITERIA[preset]
    options = Options(played_score_first=played_first, unrated="exclude", seed=3)
    question = Question(places=None, player=1 + seed % players) if ask_player else Question(places=places)
    if not ev.pending_games():
        # every last-round board of this event was a bye or a forfeit (seed 3590, 5 players, 2 rounds): nothing is
        # left to play, and the forecast says so instead of answering
        with pytest.raises(EventError, match="no games still to be played"):
            forecast(ev, p.criteria, p.rules, options, question=question, model="uniform", max_exact_games=10)
        return
    fc = forecast(ev, p.criteria, p.rules, options, question=question, model="uniform", max_exact_games=10)
    assert fc.method == "exact"
    truth = brute_force(ev, p, question, options)
    for tpn, dist in fc.places.items():
        assert dist == dict(sorted(truth[tpn].items())), (tpn, dist, truth[tpn])
    # every player left out can never take one of the places asked about
    if question.places is not None:
        for tpn, dist in truth.items():
            if tpn not in fc.places:
                assert set(dist) == {question.places + 1}


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
def test_the_example_after_round_four_equals_the_full_standings_of_all_2187_outcomes(preset):
    ev = load_json(ROOT / "scenarios" / "before-the-last-round.json")
    p = PRESETS[preset]
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=3), model="uniform")
    truth = brute_force(ev, p, Question(places=3))
    assert {t: d for t, d in fc.places.items()} == {t: dict(sorted(truth[t].items())) for t in fc.places}
    assert fc.places[2][1] == (Fraction(472, 729) if preset == "uscf" else Fraction(425, 729))


def test_pruning_leaves_out_games_far_from_the_places_asked_about():
    ev = last_round_pending(generate_event(40, 5, seed=4))
    p = PRESETS["uscf"]
    sc = scope(ev, p.criteria, Question(places=1))
    assert 0 < len(sc.relevant) < len(ev.pending_games())
    assert set(sc.fixed) == set(ev.pending_games()) - set(sc.relevant)


# -- sampled against exact ------------------------------------------------------------------------------

def test_sampled_answers_fall_inside_their_intervals_around_the_exact_ones():
    ev = load_json(ROOT / "scenarios" / "before-the-last-round.json")
    p = PRESETS["fide-swiss"]
    exact = forecast(ev, p.criteria, p.rules, question=Question(places=3), model="elo", draw_rate=0.3)
    assert exact.method == "exact"
    inside = total = 0
    for seed in range(1, 7):       # six independent samples: 95 % intervals hold the truth about 95 % of the time
        sampled = forecast(ev, p.criteria, p.rules, question=Question(places=3), model="elo", draw_rate=0.3,
                           method="sampled", samples=1500, seed=seed, workers=1)
        assert sampled.method == "sampled" and sampled.samples == 1500
        for tpn, dist in exact.places.items():
            for place, p_exact in dist.items():
                lo, hi = sampled.intervals[tpn].get(place, (0.0, 0.0))
                total += 1
                inside += lo <= p_exact <= hi
    assert inside >= 0.9 * total, (inside, total)


def test_a_sample_depends_on_its_seed_only_not_on_the_number_of_processes():
    ev = load_json(ROOT / "scenarios" / "before-the-last-round.json")
    p = PRESETS["uscf"]
    one = forecast(ev, p.criteria, p.rules, question=Question(places=3), method="sampled", samples=600, seed=5,
                   workers=1)
    two = forecast(ev, p.criteria, p.rules, question=Question(places=3), method="sampled", samples=600, seed=5,
                   workers=2)
    other = forecast(ev, p.criteria, p.rules, question=Question(places=3), method="sampled", samples=600, seed=6,
                     workers=1)
    assert one.places == two.places and one.places != other.places


# -- the example event, and prizes ------------------------------------------------------------------------

def test_example_charline_draw_depends_on_alyx_david():
    ev = load_json(ROOT / "scenarios" / "before-the-last-round.json")
    p = PRESETS["fide-swiss"]
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=None, player=3), model="uniform")
    draw = next(b for b in conditions(ev, fc, 3).branches if b.result == "draw")
    assert [(g.white, g.black) for g in draw.deciding] == [(1, 4)]
    assert draw.text == "A draw gives 3rd if Alyx–David is not drawn (67 %); otherwise 2nd (33 %)."


def test_prize_chances_share_the_cash_and_give_each_trophy_once():
    ev = two_leaders()
    prizes = [Prize("1st", 30000, place=1), Prize("2nd", 10000, place=2),
              Prize("Trophy", None, place=1, indivisible=True)]
    pc = prize_forecast(ev, "BH", prizes, "uscf", "fide", model="uniform")
    # US Chess 32B: level on points the two leaders pool $400 and take $200 each, whatever the tie-break;
    # a draw (1/3) leaves them level.  Expected cash of P1: 1/3·300 + 1/3·100 + 1/3·200 = $200.
    assert pc.expected_cash[1] == 20000 and pc.expected_cash[2] == 20000
    # the trophy follows the tie-break order: P1 takes it with a win, or a draw and P5 not losing to P6
    # (on equal Buchholz the tie stays and the first in order, P1, is listed first)
    assert pc.chance[1]["Trophy"] + pc.chance[2]["Trophy"] == 1
    assert pc.chance[1]["Trophy"] == Fraction(1, 3) + Fraction(1, 3) * Fraction(2, 3)


def test_example_a_win_gives_charline_first_even_in_a_tie_down_to_aro():
    """Worked by hand: after Charline beats Bruno she has 4.  A draw between Alyx and David leaves both
    on 3½; David beating Alyx leaves David's BH/C1 at most 12½ (his half-point bye is cut first) against
    her 13 or more; Alyx beating David can tie her: with Genevieve beating Maria, Opal beating Paul and
    Reine beating Stephan both have BH/C1 12 (hers 13½ - 1½, his 13½ - 1½) and BH 13½, they never met,
    and ARO/C1 decides: (1950+1850+2050+2150)/4 = 2000 for her against (1800+1600+2150+2050)/4 = 1900."""
    ev = load_json(ROOT / "scenarios" / "before-the-last-round.json")
    p = PRESETS["fide-swiss"]
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=None, player=3), model="uniform")
    win = next(b for b in conditions(ev, fc, 3).branches if b.result == "win")
    assert win.places == {1: 1} and win.chance == THIRD
    games = ev.pending_games()
    deep = standings(resolve(ev, games, [0, 0, 1, 1, 2, 0, 2]), p.criteria, p.rules)
    top = {r.tpn: r.values for r in deep.rows[:2]}
    assert [r.tpn for r in deep.rows[:2]] == [3, 1]
    assert top[3]["BH/C1"] == top[1]["BH/C1"] == 12 and top[3]["BH"] == top[1]["BH"] == Fraction(27, 2)
    assert (top[3]["ARO/C1"], top[1]["ARO/C1"]) == (2000, 1900)
    assert deep.separated_by[0].criterion == "ARO/C1"


def test_conditions_name_players_naturally_and_list_their_cases():
    """Names as a sentence says them ("Andrey Ivanov", not the file's "Ivanov, Andrey"), and
    a place reached in two different ways is a numbered list of cases, not one chain of "and" and "or".

    Two other games decide; 1st comes when both Whites win (40 %) or both Blacks win (30 %), else 2nd."""
    from fractions import Fraction as F

    from engine.core.model import PendingGame, Player, make_event
    from engine.forecast.needs import _sentence
    names = ["Ivanov, Andrey", "Lee, Cara", "Moss, Dan", "Park, Eve"]
    event = make_event("Names", [Player(tpn=i, name=n, rating=None) for i, n in enumerate(names, start=1)],
                       {i: [] for i in range(1, 5)}, rounds=1)
    games = [PendingGame(1, 1, 2), PendingGame(1, 3, 4)]
    rows = []
    for a in range(3):
        for b in range(3):
            p = {(0, 0): F(4, 10), (2, 2): F(3, 10)}.get((a, b), F(3, 70))
            rows.append(((a, b), p, 1 if (a, b) in ((0, 0), (2, 2)) else 2))
    text = _sentence("A draw", rows, (0, 1), games, event, F(1), None, True)
    assert text == ("A draw gives 1st (70 %) in any of these cases: (1) Andrey Ivanov beats Cara Lee and Dan Moss "
                    "beats Eve Park; (2) Cara Lee beats Andrey Ivanov and Eve Park beats Dan Moss. "
                    "Otherwise 2nd (30 %).")
    assert "," not in text.split(":")[1].replace(";", "")
