"""CPU of the Compare and Why pages' engine work on a large event (no quadratic path).

Not a test: prints one line per item and asserts nothing (``make bench`` runs it).  The event is a seeded
Swiss of ``--players`` players x 11 rounds with byes, forfeits and withdrawals, generated once and kept
in ``$TIEBREAK_BENCH_DIR`` (default ``/tmp/tiebreak-bench``).  The Why answer is timed with the standings
already made (the page takes them from its cache), and the standings are printed apart.

Before the quadratic paths were removed (same machine, 20,000 x 11): the comparison of four orderings 4.2–5.8 s of CPU, every
criterion alone with points not first 26 s (whether everybody was rated was asked once per player).  A large
event's comparison now runs in a job (:mod:`ui.work.compare_job`): its last two lines are what it costs in one process,
and what the app's own process still pays when the job does it.
"""
from __future__ import annotations

import argparse
import pickle
import time

from engine.core.ordering import Ordering, ordering_of
from engine.events.generator import UnplayedRates, generate_event
from engine.ranking.compare_orderings import compare, single_criterion_ranks
from engine.ranking.standings import standings
from engine.ranking.why_above import closest_pair, compare_players
from engine.ranking.why_answer import plain_answer
from tools.bench import SEED, bench_dir
from ui.work.compare_job import work as compare_work
from ui.work.jobs import LAPTOP_LIMITS, run_bounded


def cpu(fn) -> tuple[float, object]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=20_000)
    args = parser.parse_args(argv)
    path = bench_dir() / f"scale_{args.players}x11_seed{SEED}.pickle"
    if path.exists():
        event = pickle.loads(path.read_bytes())
    else:
        event = generate_event(args.players, 11, seed=SEED, rates=UnplayedRates.typical())
        path.write_bytes(pickle.dumps(event))
    # what the Compare page asks by default: three presets and the chosen ordering under FIDE's rule set
    chosen = Ordering.from_preset("uscf")
    orderings = [Ordering.from_preset(p) for p in ("uscf", "fide-swiss", "fide-swiss-a")]
    orderings.append(ordering_of(chosen, "fide", name="yours · fide"))
    seconds, result = cpu(lambda: compare(event, orderings))
    print(f"compare, 4 orderings, {args.players:,} players: {seconds:.2f} s CPU "
          f"(aim: under 2 s; {len(result.moves):,} players move)")
    codes = list(dict.fromkeys(c for o in orderings for c in o.codes))
    seconds, _ = cpu(lambda: single_criterion_ranks(event, codes, chosen))
    print(f"rank by each of {len(codes)} criteria alone: {seconds:.2f} s CPU")
    seconds, _ = cpu(lambda: single_criterion_ranks(event, codes, chosen, points_first=False))
    print(f"rank by each of {len(codes)} criteria alone, points not first: {seconds:.2f} s CPU")
    # the Compare page's job (ui/work/compare_job.py): the comparison and both heat maps from one set of columns
    seconds, _ = cpu(lambda: compare_work(event, orderings, codes, chosen, lambda share, text: None))
    print(f"the Compare page's job, all of it in one process: {seconds:.2f} s CPU")
    wall = time.perf_counter()
    seconds, _ = cpu(lambda: run_bounded(compare_work, event, orderings, codes, chosen, seconds=600,
                                         on_progress=lambda share, text: None, limit=LAPTOP_LIMITS))
    print(f"the same in a job: {seconds:.2f} s CPU of the app's process (sending the event, reading the answer), "
          f"{time.perf_counter() - wall:.1f} s wall")
    fide = Ordering.from_preset("fide-swiss")
    seconds, table = cpu(lambda: standings(event, fide))
    print(f"standings (fide-swiss, cached by the page): {seconds:.2f} s CPU")

    def why() -> object:
        a, b = closest_pair(table) or (table.rows[0].tpn, table.rows[1].tpn)
        return plain_answer(compare_players(event, a, b, fide, table=table))
    seconds, _ = cpu(why)
    print(f"why answer for the closest pair: {seconds:.2f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
