"""Rebuild the scenario event files (``scenarios/<slug>.json``) from the small specs below.

Run ``.venv/bin/python scenarios/build_scenarios.py`` after changing a spec; the narratives
(``scenarios/<slug>.md``) are written by hand and their claims are checked by ``tests/engine/test_scenarios.py``.

Why a builder: a teaching example needs a few *focus* players with exactly the results and
opponents' scores a story needs (Elizabeth's opponents scoring 2, 4, 3, 4, 4), while every other
player only has to make the crosstable consistent.  A spec fixes the focus rounds and every player's
final score; :func:`solve` pairs the free rounds (no rematches) and finds their results with a tiny
max-flow in half-points, so the file is a real, validated event.  The random choices are seeded,
so a rebuild writes the same files.  ``example.json`` (FIDE's exercise) is not built here.
"""
from __future__ import annotations

import random
import sys
from collections import deque
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.model import Entry, Kind, Player, make_event  # noqa: E402
from engine.formats.jsonfmt import parse_notation, write_json  # noqa: E402

HERE = Path(__file__).resolve().parent
H = Fraction(1, 2)
RESULT_ONLY = {"W": 2, "D": 1, "L": 0}      # a game whose result is fixed but whose opponent is free


def _mirror(e: Entry, me: int) -> Entry:
    """The opponent's side of entry ``e`` of player ``me``."""
    other = {"W": "B", "B": "W"}.get(e.colour or "", None)
    if e.kind is Kind.G:
        return Entry.game(me, other, 1 - e.points)
    if e.kind is Kind.FW:
        return Entry(Kind.FL, me, None, Fraction(0))
    return Entry(Kind.FW, me, None, Fraction(1))


def _max_flow(n: int, edges: list[tuple[int, int, int]], s: int, t: int) -> tuple[int, dict[tuple[int, int], int]]:
    """Edmonds-Karp on a small graph; returns the flow value and the flow on each given edge."""
    cap: dict[tuple[int, int], int] = {}
    adj: dict[int, set[int]] = {i: set() for i in range(n)}
    for u, v, c in edges:
        cap[(u, v)] = cap.get((u, v), 0) + c
        cap.setdefault((v, u), 0)
        adj[u].add(v)
        adj[v].add(u)
    flow = 0
    orig = dict(cap)
    while True:
        parent = {s: s}
        q = deque([s])
        while q and t not in parent:
            u = q.popleft()
            for v in adj[u]:
                if v not in parent and cap[(u, v)] > 0:
                    parent[v] = u
                    q.append(v)
        if t not in parent:
            break
        v, push = t, 10 ** 9
        while v != s:
            push = min(push, cap[(parent[v], v)])
            v = parent[v]
        v = t
        while v != s:
            cap[(parent[v], v)] -= push
            cap[(v, parent[v])] += push
            v = parent[v]
        flow += push
    return flow, {(u, v): orig[(u, v)] - cap[(u, v)] for u, v, _ in edges}


def solve(name: str, players: list[Player], rounds: int, targets: dict[int, Fraction | float | int],
          fixed: dict[int, list[str | None]], *, seed: int = 1, event_type: str = "swiss",
          attempts: int = 4000):
    """A validated event in which every player ends on ``targets[tpn]``.

    ``fixed[tpn]`` lists the player's rounds: a wallchart token (``+W3``, ``PAB``, ``ABS``; a game or
    forfeit is mirrored onto the opponent), ``"W"``/``"D"``/``"L"`` for a game with a fixed result
    against a free opponent, or ``None`` for a free round.  Free rounds become games among the free
    players, without rematches; their results come from a max-flow so every target is met.
    """
    rng = random.Random(seed)
    slots: dict[int, list[object]] = {p.tpn: [None] * rounds for p in players}
    for tpn, row in fixed.items():
        for r, tok in enumerate(row):
            if tok is None or tok in RESULT_ONLY:
                if slots[tpn][r] is None:
                    slots[tpn][r] = tok
                continue
            e = parse_notation(tok, name, tpn, r + 1)
            slots[tpn][r] = e
            if e.kind.has_opponent:
                slots[e.opponent][r] = _mirror(e, tpn)
    met0 = {p.tpn: {s.opponent for s in slots[p.tpn] if isinstance(s, Entry) and s.opponent} for p in players}
    tpns = [p.tpn for p in players]
    for _ in range(attempts):
        met = {t: set(m) for t, m in met0.items()}
        games: list[tuple[int, int, int, int | None]] = []   # (round, a, b, a's fixed half-points or None)
        ok = True
        for r in range(rounds):
            free = [t for t in tpns if slots[t][r] is None or slots[t][r] in RESULT_ONLY]
            # result-only slots first (each must meet a fully free player), then the strongest targets,
            # each paired with one of the weakest candidates left: a Swiss-like top-against-bottom draw
            jitter = {t: rng.random() for t in free}
            free.sort(key=lambda t: (slots[t][r] is None, -Fraction(targets[t]) - jitter[t]))
            pool = list(free)
            while pool:
                a = pool.pop(0)
                cands = [b for b in pool if b not in met[a] and (slots[a][r] is None or slots[b][r] is None)]
                if not cands:
                    ok = False
                    break
                cands.sort(key=lambda t: Fraction(targets[t]) + 2 * jitter[t])
                b = rng.choice(cands[:3])
                pool.remove(b)
                met[a].add(b)
                met[b].add(a)
                fa = slots[a][r]
                fb = slots[b][r]
                games.append((r, a, b, RESULT_ONLY[fa] if fa else (2 - RESULT_ONLY[fb] if fb else None)))
            if not ok:
                break
        if not ok:
            continue
        need = {t: int(2 * Fraction(targets[t])) for t in tpns}
        for t in tpns:
            for s in slots[t]:
                if isinstance(s, Entry):
                    need[t] -= int(2 * s.points)
        for r, a, b, fa in games:
            if fa is not None:
                need[a] -= fa
                need[b] -= 2 - fa
        if any(v < 0 for v in need.values()):
            continue
        open_games = [g for g in games if g[3] is None]
        if sum(need.values()) != 2 * len(open_games):
            raise SystemExit(f"{name}: targets do not add up ({sum(need.values())} half-points for "
                             f"{len(open_games)} open games)")
        index = {t: 1 + len(open_games) + i for i, t in enumerate(tpns)}
        sink = 1 + len(open_games) + len(tpns)
        edges = []
        for gi, (r, a, b, _) in enumerate(open_games, start=1):
            edges += [(0, gi, 2), (gi, index[a], 2), (gi, index[b], 2)]
        edges += [(index[t], sink, need[t]) for t in tpns]
        value, flows = _max_flow(sink + 1, edges, 0, sink)
        if value != 2 * len(open_games):
            continue
        result = {t: list(slots[t]) for t in tpns}
        whites = {t: 0 for t in tpns}
        for gi, (r, a, b, fa) in enumerate(games, start=1):
            ha = fa if fa is not None else flows[(open_games.index((r, a, b, fa)) + 1, index[a])]
            if whites[a] > whites[b]:
                ca, cb = "B", "W"
            else:
                ca, cb = "W", "B"
            whites[a] += ca == "W"
            whites[b] += cb == "W"
            result[a][r] = Entry.game(b, ca, Fraction(ha, 2))
            result[b][r] = Entry.game(a, cb, 1 - Fraction(ha, 2))
        return make_event(name, players, result, rounds=rounds, event_type=event_type)
    raise SystemExit(f"{name}: no pairing found in {attempts} attempts")


def _players(names: dict[int, str], ratings: dict[int, int] | None = None, late: set[int] = frozenset()):
    return [Player(t, n, rating=(ratings or {}).get(t), on_time=t not in late) for t, n in sorted(names.items())]


def _fillers(first: int, last: int) -> dict[int, str]:
    return {t: f"Player {t}" for t in range(first, last + 1)}


# -- the specs ---------------------------------------------------------------------------------------

def elizabeth_timothy():
    names = {1: "Elizabeth", 2: "Timothy", **_fillers(3, 20)}
    t = {1: 5, 2: 5, 3: 2, 4: 4, 5: 3, 6: 4, 7: 4, 8: 2.5, 9: 3, 10: 3, 11: 4, 12: 4,
         13: 1, 14: 1, 15: 1, 16: 1, 17: 1, 18: H, 19: H, 20: H}
    fixed = {1: ["+W3", "+B4", "+W5", "+B6", "+W7"], 2: ["+B8", "+W9", "+B10", "+W11", "+B12"]}
    return solve("Solkoff: Elizabeth and Timothy (Washington scholastic)", _players(names), 5, t, fixed, seed=3)


def mikaila_gray():
    names = {1: "Mikaila", 2: "Gray", **_fillers(3, 10)}
    t = {1: 2.5, 2: 2.5, 3: 4, 4: 3.5, 5: 3.5, 6: 3, 7: 2, 8: 2, 9: 1, 10: 1}
    fixed = {1: ["W", "L", "W", "D", "L"], 2: ["W", "W", "D", "L", "L"]}
    return solve("Cumulative: Mikaila and Gray (Washington scholastic)", _players(names), 5, t, fixed, seed=5)


def early_wins():
    names = {1: "Dana", 2: "Wes", **_fillers(3, 10)}
    t = {1: 3, 2: 3, 3: 3.5, 4: 2.5, 5: 2, 6: 1.5, 7: 1.5, 8: 1, 9: 1, 10: 1}
    fixed = {1: ["D", "D", "W", "W"], 2: ["W", "L", "W", "W"]}
    return solve("Cumulative: draw-draw-win-win against win-loss-win-win", _players(names), 4, t, fixed, seed=7)


def half_point_bye():
    names = {1: "Ana", 2: "Ben", **_fillers(3, 10)}
    t = {1: 2.5, 2: 2.5, 3: 4, 4: 3.5, 5: 3, 6: 3, 7: 2, 8: 2, 9: 1.5, 10: 1}
    fixed = {1: ["W", "L", "W", "D", "L"], 2: ["W", "L", "W", "HPB", "L"], 10: [None, None, None, "HPB", None]}
    return solve("Cumulative with a half-point bye (the 8½ variant)", _players(names), 5, t, fixed, seed=11)


def kashdan():
    names = {1: "Kai", 2: "Dru", 3: "Fay", 4: "Zed", **_fillers(5, 12)}
    t = {1: 3, 2: 3, 3: 3, 4: 3, 5: 4, 6: 3.5, 7: 2.5, 8: 2, 9: 2, 10: 1.5, 11: 1.5, 12: 1.5}
    fixed = {1: ["W", "W", "W", "L", "L"], 2: ["W", "D", "D", "D", "D"], 3: ["W", "W", "FPB", "L", "L"],
             4: ["W", "W", "W", "ZPB", "L"], 12: [None, None, "HPB", "PAB", None]}
    return solve("Kashdan rewards fewer draws", _players(names), 5, t, fixed, seed=13)


def withdrawn_opponent():
    names = {1: "Priya", 2: "Walt", 3: "Cora", 4: "Dev", 5: "Eli", 6: "Finn", **_fillers(7, 11)}
    t = {1: 4, 2: 0, 3: 3.5, 4: 4, 5: 4, 6: 4, 7: 2, 8: 1.5, 9: 1, 10: 1, 11: 1}
    fixed = {1: ["+W2", "+B3", "=W4", "=B5", "+W6"], 2: ["-B1", "ABS", "ABS", "ABS", "ABS"],
             7: ["PAB", None, None, None, None]}
    return solve("The withdrawn opponent's mystery Buchholz", _players(names), 5, t, fixed, seed=17)


def mm_bye():
    names = {1: "Pat", 2: "Quinn", **_fillers(3, 16)}
    t = {1: 3.5, 2: 3.5, 3: 2, 4: 2.5, 5: 4, 6: 3, 7: 2, 8: 2.5, 9: 3, 10: 3, 11: 4,
         12: 2, 13: 2, 14: 1.5, 15: 1, 16: 1}
    fixed = {1: ["+W3", "+B4", "PAB", "-W5", "=B6"], 2: ["+B7", "+W8", "=B9", "+W10", "-B11"],
             12: [None, None, "HPB", None, None]}
    return solve("Modified Median: the bye that costs nothing", _players(names), 5, t, fixed, seed=19)


def us_vs_fide():
    names = {1: "Avery", 2: "Blake", **_fillers(3, 16)}
    t = {1: 4, 2: 4, 3: 1, 4: 3, 5: 3, 6: 3, 7: 2, 8: 2, 9: 3, 10: 3, 11: 3,
         12: 2.5, 13: 2, 14: 2, 15: 1.5, 16: 1}
    fixed = {1: ["PAB", "+W3", "+B4", "+W5", "-B6"], 2: ["+W7", "+B8", "+W9", "+B10", "-W11"],
             16: ["ZPB", None, None, None, None]}
    return solve("US Chess and FIDE crown different winners", _players(names), 5, t, fixed, seed=23)


def prize_shared():
    names = {1: "Alice", 2: "Bo", 3: "Cy", 4: "Di", **_fillers(5, 12)}
    t = {1: 4.5, 2: 4, 3: 4, 4: 4, 5: 2.5, 6: 2, 7: 2, 8: 2, 9: 1.5, 10: 1.5, 11: 1, 12: 1}
    fixed = {1: ["W", "W", "+W3", "+B4", "=B2"], 2: ["W", "W", "W", "D", None], 3: ["W", "W", None, "W", "W"],
             4: ["W", "W", "W", None, "W"]}
    return solve("Prizes: cash is shared, the trophy goes by tie-break", _players(names), 5, t, fixed, seed=29)


def prize_class():
    names = {1: "Ray", 2: "Sam", 3: "Uma", **_fillers(4, 12)}
    ratings = {1: 2150, 2: 2020, 3: 1760, **{k: 2000 - 40 * k for k in range(4, 13)}}
    t = {1: 4, 2: 4, 3: 4, 4: 3, 5: 3, 6: 2.5, 7: 2.5, 8: 2, 9: 2, 10: 1.5, 11: 1, 12: 0.5}
    fixed = {1: ["W", "W", "W", "D", "D"], 2: ["W", "D", "W", "W", "D"], 3: ["D", "W", "W", "W", "D"]}
    return solve("Prizes: a class prize in a three-way tie", _players(names, ratings), 5, t, fixed, seed=31)


def prize_dispute():
    names = {1: "Gina", 2: "Hal", 3: "Ivo", 4: "Jan", 5: "Kim", 6: "Lee", **_fillers(7, 16)}
    ratings = {1: 2550, 2: 2510, 3: 2495, 4: 2390, 5: 2350, 6: 2310,
               **{k: 2300 - 50 * (k - 6) for k in range(7, 17)}}
    t = {1: 5, 2: 4, 3: 3.5, 4: 3.5, 5: 3.5, 6: 3.5, 7: 3, 8: 2.5, 9: 2.5, 10: 2, 11: 2, 12: 1.5,
         13: 1.5, 14: 1, 15: 0.5, 16: 0.5}
    fixed = {1: ["W", "W", "W", "+B2", "W"], 3: ["W", "W", "L", "D", "W"], 4: ["W", "L", "W", "W", "D"],
             5: ["L", "W", "W", "D", "W"], 6: ["W", "D", "W", "L", "W"]}
    return solve("Prizes: the four-way tie for 3rd (US Chess 32B3)", _players(names, ratings), 5, t, fixed, seed=37)


def prize_hort():
    names = {1: "Ada", 2: "Bea", 3: "Cal", 4: "Dot", 5: "Eve", 6: "Flo", **_fillers(7, 12)}
    t = {1: 4.5, 2: 4.5, 3: 4, 4: 3.5, 5: 3.5, 6: 3.5, 7: 1.5, 8: 1.5, 9: 1, 10: 1, 11: 1, 12: 0.5}
    fixed = {1: ["W", "W", "W", "D", "W"], 2: ["D", "W", "W", "W", "W"], 4: ["W", "W", "D", "L", "W"],
             5: ["W", "L", "W", "W", "D"], 6: ["L", "W", "W", "D", "W"]}
    return solve("Prizes: the Hort system", _players(names), 5, t, fixed, seed=41)


def mistake_cumulative():
    names = {1: "Mia", 2: "Noah", **_fillers(3, 10)}
    t = {1: 2.5, 2: 2, 3: 4, 4: 3.5, 5: 3.5, 6: 3, 7: 2.5, 8: 2, 9: 1.5, 10: 0.5}
    fixed = {1: ["W", "L", "W", "D", "L"], 2: ["W", "L", "W", "L", "L"]}
    return solve("Spot the mistake: four results for five running totals", _players(names), 5, t, fixed, seed=43)


def mistake_raw():
    names = {1: "Pia", 2: "Xavi", **_fillers(3, 12)}
    t = {1: 4.5, 2: 3.5, 3: 2, 4: 3, 5: 2.5, 6: 1, 7: 3, 8: 3, 9: 3, 10: 2.5, 11: 1.5, 12: 1}
    fixed = {1: ["+W2", "+B3", "=W4", "+B5", "+W6"], 2: ["-B1", "W", "FPB", "+F12", "D"],
             7: [None, None, "HPB", None, None]}
    return solve("Spot the mistake: final scores or adjusted scores?", _players(names), 5, t, fixed, seed=47)


def h2h_de():
    names = {1: "Xena", 2: "Yuri", 3: "Zoe", **_fillers(4, 10)}
    t = {1: 3.5, 2: 3.5, 3: 3.5, 4: 4, 5: 3, 6: 2, 7: 2, 8: 1.5, 9: 1, 10: 1}
    fixed = {1: ["+W2", "W", "D", "W", "L"], 2: [None, "W", "W", "D", "W"], 3: ["W", "D", "W", "L", "W"]}
    return solve("Head-to-head (US Chess) against direct encounter (FIDE)", _players(names), 5, t, fixed, seed=53)


def last_resort():
    names = {1: "Rita", 2: "Ravi", 3: "Lou", 4: "Nia", **_fillers(5, 12)}
    ratings = {1: 1900, 2: 1650, 3: 1800, **{k: 2000 - 60 * k for k in range(5, 13)}}   # Nia is unrated
    t = {1: 3, 2: 3, 3: 3, 4: 3, 5: 4, 6: 3.5, 7: 2, 8: 2, 9: 1.5, 10: 1.5, 11: 1.5, 12: 1}
    fixed = {3: ["ABS", None, None, None, None], 12: ["ABS", None, None, None, None]}
    return solve("The last resort: rating and tardiness", _players(names, ratings, late={3, 12}), 5, t, fixed,
                 seed=59)


def fixture_events():
    """Fixtures B, D and L, typed in from their crosstables (as tests/fixtures.py does)."""
    sys.path.insert(0, str(ROOT))
    from tests.fixtures import fixture_b, fixture_d, fixture_l
    b = fixture_b()
    d = fixture_d()
    lich = fixture_l()
    return {
        "round-robin": _renamed(b, "Round robin: six players, Sonneborn-Berger, Koya and direct encounter"),
        "one-bye-five-rules": _renamed(d, "One player, one bye, five rule sets"),
        "lichess-bye": _renamed(lich, "Lichess: the bye that looked like a bug"),
    }


def _renamed(event, name: str):
    return make_event(name, event.players, event.entries, rounds=event.rounds, event_type=event.event_type)


BUILDERS = {
    "solkoff-elizabeth-timothy": elizabeth_timothy, "cumulative-mikaila-gray": mikaila_gray,
    "cumulative-early-wins": early_wins, "cumulative-half-point-bye": half_point_bye,
    "kashdan-fewer-draws": kashdan, "withdrawn-opponent": withdrawn_opponent,
    "modified-median-bye": mm_bye, "us-vs-fide-winners": us_vs_fide, "prize-shared-cash": prize_shared,
    "prize-class-prize": prize_class, "prize-32b3-dispute": prize_dispute, "prize-hort": prize_hort,
    "mistake-four-results": mistake_cumulative, "mistake-raw-scores": mistake_raw,
    "head-to-head-vs-direct-encounter": h2h_de, "last-resort-rating-tardiness": last_resort,
}


def main(only: list[str]) -> None:
    events = {slug: build() for slug, build in BUILDERS.items() if not only or slug in only}
    events.update({k: v for k, v in fixture_events().items() if not only or k in only})
    for slug, event in events.items():
        (HERE / f"{slug}.json").write_text(write_json(event), encoding="utf-8")
        print(f"wrote scenarios/{slug}.json")


if __name__ == "__main__":
    main(sys.argv[1:])
