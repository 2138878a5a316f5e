"""One hostile case, run the way a user would meet it: ``python -m tests.hostile_run CASE OUTDIR``.

A file goes through ``standings`` and through ``convert`` to each writable format (``OUTDIR/out.trf``,
``out.json``, ``out.csv``, which the caller fills with precious content first; a third argument may name
fewer, e.g. ``out.json`` for the megabyte cases); a ``.link`` file goes through
the share-link decoder and, when it opens, the standings of its event.  The last line printed is a JSON
report: per command its exit status and what it wrote on standard error, and the process's peak resident
memory and CPU time.  Anything but our own error escapes
as a traceback and a non-zero exit status, which the test treats as a failure.
"""
from __future__ import annotations

import io
import json
import resource
import sys
from pathlib import Path

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


def main(case: str, outdir: str, outputs: tuple[str, ...] = OUTPUTS) -> None:
    path = Path(case)
    if path.suffix == ".link":
        report = run_link(path)
    elif path.suffix == ".paste":       # a published table: the check of another program's standings
        report = [run_cli(["check", case]), run_cli(["check", case, "--format", "json"])]
    else:
        report = [run_cli(["standings", case, "--preset", "fide-swiss-a"])]
        report += [run_cli(["convert", case, str(Path(outdir) / name)]) for name in outputs]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"steps": report, "peak_mb": usage.ru_maxrss / 1024,
                      "cpu": usage.ru_utime + usage.ru_stime}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], tuple(sys.argv[3].split(",")) if len(sys.argv) > 3 else OUTPUTS)
