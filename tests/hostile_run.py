"""One hostile case, run the way a user would meet it: ``python -m tests.hostile_run CASE OUTDIR``.

A file goes through ``standings`` and through ``convert`` to each writable format (``OUTDIR/out.trf``,
``out.json``, ``out.csv``, which the caller fills with precious content first; a third argument may name
fewer, e.g. ``out.json`` for the megabyte cases); a ``.link`` file goes through
the share-link decoder and, when it opens, the standings of its event; a ``.paste`` or ``.xlsx`` file (a
published table) goes through ``check``.  The last line printed is a JSON
report: per command its exit status and what it wrote on standard error, and the process's peak resident
memory and CPU time.  Anything but our own error escapes
as a traceback and a non-zero exit status, which the test treats as a failure.

``python -m tests.hostile_run --pages FILE`` instead times the pages' work on a large event (:func:`run_pages`)
and prints the CPU seconds of each step as JSON.
"""
from __future__ import annotations

import io
import json
import resource
import sys
import time
from pathlib import Path
from typing import Callable

OUTPUTS = ("out.trf", "out.json", "out.csv")


def run_cli(argv: list[str]) -> dict:
    from engine.cli import main
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out=out, err=err)
    return {"argv": argv[0], "status": status, "stderr": err.getvalue()}


def run_link(path: Path) -> list[dict]:
    from engine.core.codes import parse_codes
    from engine.core.errors import EventError
    from engine.formats.sharelink import decode
    from engine.ranking.standings import standings
    try:
        shared = decode(path.read_text(encoding="ascii"))
    except EventError as exc:
        return [{"argv": "decode", "status": 2, "stderr": f"error: {exc}\n"}]
    standings(shared.event, parse_codes(",".join(shared.codes)) if shared.codes else [], shared.rules,
              shared.options)
    return [{"argv": "decode", "status": 0, "stderr": ""}]


def cpu_of(work: Callable[[], object], tries: int = 2) -> float:
    """The least CPU seconds of ``tries`` runs of ``work`` (a shared machine's other work only ever adds)."""
    best = float("inf")
    for _ in range(tries):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def run_pages(path: Path) -> dict[str, float]:
    """CPU seconds of each page's work on the event in ``path`` (tools.hostile_corpus.PAGE_WORK): what the
    Compare page shows (four orderings as it offers them; every criterion alone, both ways, from the comparison's
    columns, as its job does) and the Why page (its standings, then the answer for the closest pair)."""
    from engine.core.ordering import Ordering, ordering_of
    from engine.formats.loader import load_event
    from engine.ranking.compare_orderings import compare, single_criterion_ranks
    from engine.ranking.standings import shared_fast_values, standings
    from engine.ranking.why_above import closest_pair, compare_players
    from engine.ranking.why_answer import plain_answer
    event = load_event(path)
    chosen = Ordering.from_preset("uscf")
    orderings = [Ordering.from_preset(p) for p in ("uscf", "fide-swiss", "fide-swiss-a")]
    orderings.append(ordering_of(chosen, "fide", name="yours · fide"))
    codes = list(dict.fromkeys(c for o in orderings for c in o.codes))
    out = {"compare": cpu_of(lambda: compare(event, orderings))}        # a fresh set of columns each time
    provider = shared_fast_values()
    compare(event, orderings, values_provider=provider)                  # the columns the job goes on with
    out["single criteria"] = cpu_of(lambda: [single_criterion_ranks(event, codes, chosen, points_first=first,
                                                                    values_provider=provider)
                                             for first in (True, False)])
    fide = Ordering.from_preset("fide-swiss")

    def why() -> object:
        table = standings(event, fide)
        a, b = closest_pair(table) or (table.rows[0].tpn, table.rows[1].tpn)
        return plain_answer(compare_players(event, a, b, fide, table=table))
    out["why"] = cpu_of(why)
    return out


def main(case: str, outdir: str, outputs: tuple[str, ...] = OUTPUTS) -> None:
    path = Path(case)
    if path.suffix == ".link":
        report = run_link(path)
    elif path.suffix in (".paste", ".xlsx"):    # a published table: the check of another program's standings
        report = [run_cli(["check", case]), run_cli(["check", case, "--format", "json"])]
    else:
        report = [run_cli(["standings", case, "--preset", "fide-swiss-a"])]
        report += [run_cli(["convert", case, str(Path(outdir) / name)]) for name in outputs]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"steps": report, "peak_mb": peak_mb(), "cpu": usage.ru_utime + usage.ru_stime}))


def peak_mb() -> float:
    """This process's own peak resident memory, in MB: the kernel's high-water mark of its address space
    (``VmHWM``), which starts afresh when the program is loaded.  ``ru_maxrss`` does not: a process forked from a
    large one (the test run that started it, grown to some 850 MB over a whole ``make test``) inherits its
    parent's peak, so every case seemed to need 850 MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__" and sys.argv[1] == "--pages":
    print(json.dumps({"cpu": run_pages(Path(sys.argv[2]))}))
elif __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], tuple(sys.argv[3].split(",")) if len(sys.argv) > 3 else OUTPUTS)
