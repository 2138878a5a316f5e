"""The command line (RULES.md §10): ``standings``, ``explain`` and ``convert``.

Bad input never shows a traceback: exit status 2 and one line on standard error naming the file,
line and problem.
"""
from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import sys
from contextlib import contextmanager
from operator import itemgetter
from typing import Iterator, Sequence

from engine.core.codes import Criterion, parse_codes
from engine.core.errors import EventError
from engine.core.printing import format_value, value_texts
from engine.core.presets import preset
from engine.core.rules import Options, parse_unrated, rule_set
from engine.core.trace import trace_json

class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every other bad input
        raise EventError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m engine", description="Chess tie-breaks, computed and explained.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("standings", help="rank an event")
    s.add_argument("event")
    g = s.add_mutually_exclusive_group(required=True)
    g.add_argument("--tiebreaks")
    g.add_argument("--preset")
    _common(s)
    s.add_argument("--seed", type=int)
    s.add_argument("--format", choices=["table", "csv", "json"], default="table")
    e = sub.add_parser("explain", help="show the working of one tie-break for one player")
    e.add_argument("event")
    e.add_argument("--player", type=int, required=True)
    e.add_argument("--tiebreak", required=True)
    g = e.add_mutually_exclusive_group()
    g.add_argument("--tiebreaks")
    g.add_argument("--preset")
    _common(e)
    e.add_argument("--seed", type=int)
    e.add_argument("--format", choices=["text", "json"], default="text")
    c = sub.add_parser("convert", help="convert an event between formats (by file ending): read .trf .txt .json "
                                        "(ours or Chess-JSON) .csv .pgn; write .trf .txt .json .csv")
    c.add_argument("input")
    c.add_argument("output")
    return p


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules")
    p.add_argument("--round", type=int)
    p.add_argument("--unrated", default=None)


def _load(path: str):
    from engine.formats.loader import load_event
    return load_event(path)


def _ordering(args) -> tuple[list[Criterion], str]:
    if getattr(args, "preset", None):
        pr = preset(args.preset)
        return pr.criteria, args.rules or pr.rules
    codes = parse_codes(args.tiebreaks) if getattr(args, "tiebreaks", None) else []
    return codes, args.rules or "fide"


def _options(args, rules: str) -> Options:
    unrated = parse_unrated(args.unrated) if args.unrated else ("exclude" if rules == "uscf" else "off")
    return Options(unrated=unrated, round=args.round, seed=args.seed)


def cmd_standings(args, out) -> int:
    from engine.ranking.standings import standings
    event = _load(args.event)
    crits, rules = _ordering(args)
    rule_set(rules)
    st = standings(event, crits, rules, _options(args, rules))
    codes = [str(c) for c in st.criteria]
    for w in st.warnings:
        print(f"warning: {w}", file=sys.stderr)
    if st.seed is not None and any(c.code == "LOTS" for c in st.criteria):
        print(f"lots drawn with seed {st.seed} (replay with --seed {st.seed})", file=sys.stderr)
    if args.format == "json":
        doc = {"rules": st.rules.name, "tiebreaks": codes[1:], "round": st.round,
               "rows": [{"rank": r.rank, "tpn": r.tpn, "name": r.name,
                         **{c: _json_value(c, r.values[c]) for c in codes}} for r in st.rows],
               "separated_by": [{"above": s.above, "below": s.below, "criterion": s.criterion}
                                for s in st.separated_by]}
        if st.seed is not None:
            doc["seed"] = st.seed
        json.dump(doc, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    columns = [[str(r.rank) for r in st.rows], [str(r.tpn) for r in st.rows], [r.name for r in st.rows]]
    per_row = [r.values for r in st.rows]
    columns += [value_texts(c, list(map(itemgetter(c), per_row))) for c in codes]
    rows = list(zip(*columns))
    header = ["rank", "tpn", "name"] + codes
    if args.format == "csv":
        w = csv.writer(out, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
        return 0
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    out.write(f"Rules: {st.rules.label}; after round {st.round}\n")
    out.write("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip() + "\n")
    for r in rows:
        out.write("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() + "\n")
    return 0


def _json_value(code: str, value):
    if value is None:
        return None
    text = format_value(code, value)
    try:
        f = float(text)
        return int(f) if f.is_integer() and "." not in text else f
    except ValueError:
        return text


def cmd_explain(args, out) -> int:
    from engine.ranking.standings import explain
    from engine.core.render import trace_text
    event = _load(args.event)
    crits, rules = _ordering(args)
    rule_set(rules)
    res = explain(event, args.player, args.tiebreak, rules, _options(args, rules), crits)
    name = event.player(args.player).name
    if args.format == "json":
        json.dump(trace_json(res, name), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        out.write(trace_text(res, name) + "\n")
    return 0


def cmd_convert(args, out) -> int:
    """Any readable format to any writable one, by the endings (RULES.md §10).

    A PGN has no byes: its players without a game in a round stay absent (ABS), and one warning line on
    standard error lists them so they can be corrected in the written file.
    """
    from engine.formats.loader import event_text, save_event
    from engine.formats.pgn import missing_rounds, missing_text_of
    event = _load(args.input)
    event_text(event, args.output)          # refuse an unwritable ending before anything else is said
    missing = missing_rounds(event)
    if missing:
        print(f"warning: no game in the PGN for {missing_text_of(event.players, missing)}: written as absent "
              f"(ABS); change them to PAB, HPB, ZPB or FPB where that is what happened", file=sys.stderr)
    save_event(event, args.output)
    out.write(f"wrote {args.output}: {len(event.players)} players, {event.rounds} rounds\n")
    return 0


@contextmanager
def _collector_paused(exiting: bool) -> Iterator[None]:
    """Run one command without Python's cyclic garbage collector, then restore it.

    A command builds millions of small objects that form no cycles (entries, columns, values) and keeps
    most of them until it ends; the collector would re-scan them all again and again while they are
    built (about a third of the time of a 50,000-player ranking) and find nothing to free.  Reference
    counting still frees everything as usual.

    When the process ends right after (``exiting``: ``python -m engine``), the objects are frozen instead:
    the standings keep the event alive through a reference cycle, and the collection at exit would visit
    every object once more only for the operating system to reclaim the memory anyway.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if exiting:
            gc.freeze()
        if enabled:
            gc.enable()


def main(argv: Sequence[str] | None = None, out=None, err=None) -> int:
    """Run one command; ``argv`` None means the program's own command line (``python -m engine``), which
    exits right after.  Returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = _parser().parse_args(argv)
        with _collector_paused(exiting=argv is None):
            return {"standings": cmd_standings, "explain": cmd_explain, "convert": cmd_convert}[args.command](args, out)
    except EventError as e:
        print(f"error: {e}", file=err)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
