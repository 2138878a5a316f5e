"""Timing of the flip search on generated 300-player, 9-round events (not a test: run it and read it).

    .venv/bin/python tools/bench_flips.py [--seed 1] [--pairs 5]

For each preset it ranks the event once (full standings, timed separately), takes the pair a user would
look at first (two neighbours on the same points decided latest, :func:`engine.ranking.why_above.closest_pair`) and
a few more neighbours on the same points, and times :func:`engine.ranking.flips.find_flips` with the app's limit of
10 flips, and once more with no limit (every candidate change evaluated: the worst case).  Times are
wall-clock; the CPU time is printed too, since other work on a shared 2-core machine inflates wall time.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.ordering import ordering_of  # noqa: E402
from engine.core.presets import PRESETS  # noqa: E402
from engine.core.rules import Options  # noqa: E402
from engine.events.generator import UnplayedRates, generate_event  # noqa: E402
from engine.ranking.flips import PairJudge, _sources, candidates, find_flips  # noqa: E402
from engine.ranking.standings import standings  # noqa: E402
from engine.ranking.why_above import closest_pair  # noqa: E402


def pairs_to_time(st, count: int) -> list[tuple[int, int]]:
    first = closest_pair(st)
    out = [first] if first else []
    for sep in st.separated_by:
        if len(out) >= count:
            break
        pair = (sep.above, sep.below)
        if sep.criterion not in (None, "PTS") and pair not in out:
            out.append(pair)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    options = Options(seed=1)
    for label, rates in (("no byes", None), ("typical byes/forfeits", UnplayedRates.typical())):
        event = generate_event(300, 9, seed=args.seed, rates=rates)
        for preset in ("uscf", "fide-swiss"):
            p = PRESETS[preset]
            t0 = time.perf_counter()
            st = standings(event, p.criteria, p.rules, options)
            full = time.perf_counter() - t0
            limited, limited_cpu, unlimited, counts = [], [], [], []
            for a, b in pairs_to_time(st, args.pairs):
                t0, c0 = time.perf_counter(), time.process_time()
                flips = find_flips(event, a, b, p.criteria, p.rules, options, limit=10)
                limited.append(time.perf_counter() - t0)
                limited_cpu.append(time.process_time() - c0)
                t0 = time.perf_counter()
                find_flips(event, a, b, p.criteria, p.rules, options, limit=10 ** 9)
                unlimited.append(time.perf_counter() - t0)
                judge = PairJudge(event, a, b, ordering_of(p.criteria, p.rules, options))
                counts.append(len(candidates(event, a, b, _sources(judge, judge.verdict()), judge.n)))
                del flips
            print(f"300x9 seed {args.seed}, {label}, preset {preset}: full standings {full:.2f} s; "
                  f"find_flips(limit=10) per pair: mean {statistics.mean(limited):.3f} s, max {max(limited):.3f} s "
                  f"(CPU max {max(limited_cpu):.3f} s); "
                  f"every candidate: mean {statistics.mean(unlimited):.3f} s, max {max(unlimited):.3f} s "
                  f"({min(counts)}-{max(counts)} candidates; {len(limited)} pairs)")


if __name__ == "__main__":
    main()
