"""The command line: ``standings``, ``explain``, ``why``, ``forecast``, ``pair``, ``convert``, ``check``, and the
references ``codes`` and ``presets``.

Bad input never shows a traceback: exit status 2 and one line on standard error naming the file,
line and problem.  A file read with repairs (a bye written in an unusual way, a points column that
disagrees with the results) is still read, and each repair is one ``warning:`` line on standard error
naming the file and line, so the user learns that the file was not quite what it claimed; ``--quiet``
hides them.
"""
from __future__ import annotations

import argparse
import csv
import gc
import json
import re
import subprocess
import sys
import tomllib
from contextlib import contextmanager
from functools import partial
from importlib import metadata
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, NoReturn, Sequence, TextIO, cast

from engine.core.codes import ALIASES
from engine.core.collector import collector_paused
from engine.core.errors import EventError, plain_reason, shown_file
from engine.core.exact import Number
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_SAMPLES, MAX_SEED, bounded_int
from engine.core.model import Event
from engine.core.ordering import Ordering, RoundOutOfRange, ordering_of
from engine.core.printing import format_value, value_texts
from engine.core.rules import UNRATED_REMEDY, Options, parse_unrated, shown_value
from engine.core.said import Joined, Lowered, Said, said, term
from engine.formats.export import neutralise
from i18n import render
from i18n.argparse_words import argparse_speaking
from i18n.catalog import Translator, translator
from i18n.languages import SUPPORTED, from_environment
from i18n.numbers import localised_decimals, number
from i18n.said import error_text
from i18n.said import render as render_said

if TYPE_CHECKING:
    from engine.ranking.flips import FlipSearch
    from engine.ranking.why_answer import Answer


def cli_wording(message: str) -> str:
    """The engine's plain-words message as the command line says it: the remedy names the option to use.

    The engine speaks to the app's users ("leave unrated opponents out ..."); at the command line the
    same advice is the option itself (``--unrated exclude``), and a round is the ``--round`` option.
    """
    message = message.replace(UNRATED_REMEDY, "use --unrated exclude or a rating")
    return re.sub(r"(^|: )round (\d+) is outside", r"\1--round \2 is outside", message)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, like every other bad input
        raise EventError(message)


def version() -> str:
    """This program's version: the installed package's, else the one written in the repository's
    ``pyproject.toml`` (a clone run as ``python -m engine`` without installing)."""
    try:
        return metadata.version("tiebreak-lab")
    except metadata.PackageNotFoundError:
        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        try:
            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


def build() -> str | None:
    """Which build this is, when it runs from a git clone: the commit and its date, and whether files were
    changed since (``"28b2e90 of 2026-12-06"``).  None when installed from a package or git cannot say.

    The version alone stays the same across every commit between two releases; the build tells them apart."""
    root = Path(__file__).resolve().parents[1]
    if not (root / ".git").exists():
        return None
    try:
        head = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %cs"], capture_output=True,
                              text=True, timeout=5)
        dirty = subprocess.run(["git", "-C", str(root), "diff", "--quiet", "HEAD", "--"], capture_output=True,
                               timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    if head.returncode != 0 or len(head.stdout.split()) != 2:
        return None
    commit, date = head.stdout.split()
    return f"{commit} of {date}" + (", with changes not yet committed" if dirty.returncode == 1 else "")


def version_line() -> str:
    """What ``--version`` prints: the version, and the build when known (``Tiebreak Lab 0.4.0, build 28b2e90 of
    2026-12-06``); changes since that version are listed under "Unreleased" in CHANGELOG.md."""
    built = build()
    return f"Tiebreak Lab {version()}" + (f", build {built}" if built else "")


class _Version(argparse.Action):
    """``--version``, worked out only when asked for (asking git costs a few milliseconds every run)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, help: str | None = None,
                 **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def _whole(tr: Translator, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, refused with one line naming the range in the
    reader's language (an unbounded ``--samples`` or ``--seed`` would run for hours or print a traceback)."""
    def read(text: str) -> int:
        try:
            value = bounded_int(text)
        except (ValueError, EventError):
            raise argparse.ArgumentTypeError(tr.t("{value} is not a whole number", value=shown_value(text))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(tr.t("{value} is outside {low}..{high}", value=number(value, tr.lang),
                                                  low=number(low, tr.lang), high=number(high, tr.lang)))
        return value
    read.__name__ = "whole number"
    return read


def _share(tr: Translator) -> Callable[[str], float]:
    """An argparse type: a share from 0 to 1 (the draw rate), refused in the reader's language."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(tr.t("{value} is not a number", value=shown_value(text))) from None
        if not 0 <= value <= 1:                     # also refuses nan
            raise argparse.ArgumentTypeError(tr.t("{value} is outside {low}..{high}", value=shown_value(text),
                                                  low=number(0, tr.lang), high=number(1, tr.lang)))
        return value
    read.__name__ = "share"
    return read


def _parser(tr: Translator | None = None, prog: str = "python -m engine") -> argparse.ArgumentParser:
    """The command line's parser, its help in ``tr``'s language (English without it); the option and command
    names and the choices stay as they are typed.  argparse's own words (``usage:``, the section heads) follow
    the language only when it is built and used inside :func:`i18n.argparse_words.argparse_speaking`."""
    tr = tr or translator("en")
    p = _Parser(prog=prog, description=tr.t("Chess tie-breaks, computed and explained."))
    p.add_argument("--version", action=_Version, help=tr.t("print the version and which build it is"))
    p.add_argument("--lang", choices=SUPPORTED, default=None,
                   help=tr.t("the language of the help, the messages, the standings table, explain's working and "
                             "why's answer (en, de, fr, es, ru); without it, the one the environment's locale names "
                             "(LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _ranking_commands(sub, tr)
    _file_commands(sub, tr)
    sub.add_parser("codes", help=tr.t("list the tie-break codes, modifiers and rule sets, one line each"))
    sub.add_parser("presets", help=tr.t("list the named tie-break orders and their rule sets"))
    for command in sub.choices.values():          # --lang also after the command's name; the one given last wins
        command.add_argument("--lang", choices=SUPPORTED, default=argparse.SUPPRESS,
                             help=tr.t("the language of the help, the messages, the standings table, explain's "
                                       "working and why's answer (en, de, fr, es, ru)"))
    return p


_Commands = argparse._SubParsersAction  # the type of ``add_subparsers()``'s result, which argparse leaves unnamed


def _ranking_commands(sub: "_Commands[_Parser]", tr: Translator) -> None:
    """``standings``, ``explain``, ``why`` and ``forecast``: the commands that rank an event."""
    event_help = tr.t("the event file (TRF, JSON, CSV wallchart, PGN, a team file)")
    player = _whole(tr, 1, MAX_PLAYERS)
    s = sub.add_parser("standings", help=tr.t("rank an event (players, or teams in a team event)"))
    s.add_argument("event", help=event_help)
    _ordering_options(s, tr)
    s.add_argument("--format", choices=["table", "text", "csv", "json"], default="table",
                   help=tr.t("how to print the standings (text is the table)"))
    e = sub.add_parser("explain", help=tr.t("show the working of one tie-break for one player (or --team)"))
    e.add_argument("event", help=event_help)
    e.add_argument("--player", type=player, help=tr.t("the player's pairing number"))
    e.add_argument("--team", type=player, help=tr.t("a team's number, in a team event"))
    e.add_argument("--tiebreak", required=True,
                   help=tr.t("the code of the tie-break to explain (MM, BH/C1, SB ...)"))
    _ordering_options(e, tr)
    e.add_argument("--format", choices=["text", "json"], default="text", help=tr.t("how to print the working"))
    w = sub.add_parser("why", help=tr.t("why one player is above another, in plain words, and what would have "
                                        "changed it"))
    w.add_argument("event", help=event_help)
    w.add_argument("--players", help=tr.t("two pairing numbers, A,B"))
    w.add_argument("--teams", help=tr.t("two team numbers, A,B, in a team event"))
    _ordering_options(w, tr)
    w.add_argument("--format", choices=["text", "json"], default="text", help=tr.t("how to print the answer"))
    f = sub.add_parser("forecast", help=tr.t("before the last round: every player's chances of each final place"))
    f.add_argument("event", help=tr.t("the event file (TRF, JSON, CSV wallchart, PGN)"))
    _ordering_options(f, tr, rounds=False)
    f.add_argument("--model", choices=["elo", "uniform"], default="elo",
                   help=tr.t("the chances of each result: from the ratings, or every result equally likely"))
    f.add_argument("--draw-rate", type=_share(tr), default=0.3, dest="draw_rate",
                   help=tr.t("the share of draws, 0 to 1 (0.3)"))
    f.add_argument("--places", type=player, help=tr.t("how many top places to ask about"))
    f.add_argument("--player", type=player, help=tr.t("what this player (pairing number) needs"))
    f.add_argument("--samples", type=_whole(tr, 1, MAX_SAMPLES),
                   help=tr.t("how many last rounds to play out when sampling"))
    f.add_argument("--format", choices=["text", "json"], default="text", help=tr.t("how to print the chances"))


def _file_commands(sub: "_Commands[_Parser]", tr: Translator) -> None:
    """``pair``, ``convert`` and ``check``: the commands that write an event or read another program's tables."""
    r = sub.add_parser("pair", help=tr.t("pair the event's next round, as the app's Build page does; never a round "
                                         "past the event's last one unless --extra-round"))
    r.add_argument("event", help=tr.t("the event file (TRF, JSON, CSV wallchart, PGN)"))
    r.add_argument("--method", choices=["dutch", "fast", "berger"], default=None,
                   help=tr.t("dutch: the FIDE Dutch system; fast: a simple Swiss for big demonstrations; berger: the "
                             "round-robin tables (default: dutch for a Swiss, berger for a round robin)"))
    r.add_argument("--absent", default="", help=tr.t("pairing numbers to leave out of this round, such as 5,12"))
    r.add_argument("--extra-round", action="store_true", dest="extra_round",
                   help=tr.t("pair one round more than the event declares, adding it (a Swiss only)"))
    r.add_argument("--format", choices=["json", "trf"], default="json",
                   help=tr.t("json: the round's boards and byes; trf: the whole event with the round paired"))
    _quiet(r, tr)
    c = sub.add_parser("convert", help=tr.t("convert an event between formats (by file ending): read .trf .txt "
                                            ".json (ours or Chess-JSON) .csv .pgn; write .trf .txt .json .csv"))
    c.add_argument("input", help=tr.t("the event file to read"))
    c.add_argument("output", help=tr.t("the file to write; its ending decides the format"))
    _quiet(c, tr)
    k = sub.add_parser("check", help=tr.t("check standings another program published (chess-results, Vega, Papi, "
                                          "Swiss-Chess, a table with --games): which settings reproduce each "
                                          "column, why values differ"))
    k.add_argument("published", nargs="+", help=tr.t("the published table; for Vega its standings and crosstable "
                                                     "pages; for a Swiss-Chess ranking also its pairing lists"))
    k.add_argument("--games", help=tr.t("the event's games (TRF, JSON, CSV wallchart, PGN) when the table has no "
                                        "rounds"))
    k.add_argument("--format", choices=["text", "json"], default="text", help=tr.t("how to print the findings"))
    _quiet(k, tr)


def _quiet(p: argparse.ArgumentParser, tr: Translator) -> None:
    p.add_argument("--quiet", action="store_true",
                   help=tr.t("do not print the warnings of the file reader (repairs made while reading)"))


def _ordering_options(p: argparse.ArgumentParser, tr: Translator, rounds: bool = True) -> None:
    """The options that name an ordering, the same for every command that ranks: a preset or codes (neither:
    the file's own order, else the usual one for its type), a rule set, the round counted (``rounds``), what
    rating criteria do with unrated players, the local rule, the seed of a drawing of lots; and ``--quiet``."""
    g = p.add_mutually_exclusive_group()
    g.add_argument("--tiebreaks", help=tr.t("the order after points, codes separated by commas (BH/C1,BH,SB)"))
    g.add_argument("--preset", help=tr.t("a named order (see the presets command)"))
    p.add_argument("--rules", help=tr.t("the rule set for unplayed games (see the codes command)"))
    if rounds:
        p.add_argument("--round", type=_whole(tr, 1, MAX_ROUNDS), help=tr.t("the standings after this round"))
    p.add_argument("--unrated", default=None,
                   help=tr.t("what rating criteria do with unrated players: off, exclude or a rating"))
    p.add_argument("--played-score-first", action="store_true",
                   help=tr.t("local rule: on equal points, a player who scored over the board ranks above one "
                             "whose whole score came from byes and forfeits (off by default)"))
    p.add_argument("--seed", type=_whole(tr, 0, MAX_SEED), help=tr.t("replay a drawing of lots with this seed"))
    _quiet(p, tr)


def _load(args: argparse.Namespace, path: str, echo: bool = True) -> Event:
    """Read the event; print each warning of the reader on standard error unless ``--quiet``."""
    from engine.formats.loader import load_event, reader_warnings
    event = load_event(path)
    if echo:
        _warn(args, reader_warnings(event))
    return event


def _warn(args: argparse.Namespace, warnings: list[str]) -> None:
    """One ``warning:`` line each on standard error, unless ``--quiet``."""
    if not args.quiet:
        for warning in warnings:
            print(warning_line(_translator(args), warning), file=sys.stderr)


def _translator(args: argparse.Namespace) -> Translator:
    return getattr(args, "tr", None) or translator("en")


def warning_line(tr: Translator, warning: str, wording: bool = False) -> str:
    """One ``warning:`` line in the reader's language: a warning the engine wrote as a record written again
    (:func:`i18n.said.render`), its place kept; one written only in English as it is (in the command line's words,
    :func:`cli_wording`, with ``wording``)."""
    text = render_said(tr, warning)
    if wording and text == str(warning):
        text = cli_wording(text)
    return tr.t("warning: {message}", message=text)


def _ordering(args: argparse.Namespace) -> Ordering:
    """The ordering the options name: a preset or codes, a rule set, then the options (the default for unrated
    players depends on the rule set)."""
    o = ordering_of(getattr(args, "tiebreaks", None), args.rules, preset=getattr(args, "preset", None))
    return o.with_options(_options(args, o.rules.name))


def _options(args: argparse.Namespace, rules: str) -> Options:
    unrated = parse_unrated(args.unrated) if args.unrated else ("exclude" if rules == "uscf" else "off")
    return Options(unrated=unrated, round=args.round, seed=args.seed,
                   played_score_first=args.played_score_first)


def _event_ordering(args: argparse.Namespace, event: Event) -> tuple[Ordering, str]:
    """The ordering for an event when the options name none, as the app chooses it, and a line saying which:
    the file's own tie-break list (TRF records 202/212, Chess-JSON) when it has one, else the usual preset for
    its type (FIDE's round-robin list for a round robin, US Chess for a Swiss)."""
    chosen, order_line = _default_order(event, args.rules)
    return chosen.with_options(_options(args, chosen.rules.name)), order_line


def _default_order(event: Event, rules_option: str | None) -> tuple[Ordering, str]:
    """The order ``standings`` and ``forecast`` use when none is named (see :func:`_event_ordering`), without
    options, and the line that says which it is."""
    from engine.core.presets import PRESETS
    from engine.events.settings import default_ordering
    preset, codes, rules = default_ordering(event)
    chosen = ordering_of(list(codes), rules_option or rules)
    order = Joined(codes, ", ") if codes else said("nothing else")
    if event.file_tiebreaks:
        return chosen, said("order: points, then {order} (the file's own tie-break list); choose another with "
                            "--preset or --tiebreaks", order=order)
    label = term("preset", PRESETS[preset].label)
    if event.is_round_robin:
        return chosen, said("order: points, then {order} (preset {preset}, {label}: the usual order for a round "
                            "robin, as the file names none); choose another with --preset or --tiebreaks",
                            order=order, preset=preset, label=label)
    return chosen, said("order: points, then {order} (preset {preset}, {label}: the usual order for a Swiss, as "
                        "the file names none); choose another with --preset or --tiebreaks", order=order,
                        preset=preset, label=label)


def cmd_standings(args: argparse.Namespace, out: TextIO) -> int:
    from engine.ranking.standings import standings
    event = _load(args, args.event)
    if args.tiebreaks is None and args.preset is None:
        chosen, order_line = _event_ordering(args, event)
        print(render_said(_translator(args), order_line), file=getattr(args, "err", None) or sys.stderr)
    else:
        chosen = _ordering(args)
    st = standings(event, chosen)
    codes = [str(c) for c in st.criteria]
    for w in st.warnings:
        print(warning_line(_translator(args), w, wording=True), file=sys.stderr)
    if st.seed is not None and any(c.code == "LOTS" for c in st.criteria):
        print(_translator(args).t("lots drawn with seed {seed} (replay with --seed {seed})", seed=st.seed),
              file=sys.stderr)
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
    columns += [value_texts(c, list(map(itemgetter(c), per_row)), st.round) for c in codes]
    rows = list(zip(*columns))
    if args.format == "csv":
        header = ["rank", "tpn", "name"] + codes          # a file for programs: the same keys in every language
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        # a name such as =HYPERLINK(...) must stay text in a spreadsheet, as in the app's exports
        writer.writerows((*r[:2], neutralise(r[2]), *r[3:]) for r in rows)
        return 0
    tr: Translator = args.tr
    header = [tr.tp("command line", "rank"), tr.tp("command line", "tpn"), tr.tp("command line", "name")] + codes
    if tr.lang != "en":                   # the language's decimal comma: "12,60"; "2½" and the names stay as they are
        rows = [(*r[:3], *(localised_decimals(v, tr.lang) for v in r[3:])) for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    out.write(tr.tp("command line", "Rules: {rules}; after round {round}",
                    rules=render.rules_label(tr, st.rules.name), round=st.round) + "\n")
    out.write("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip() + "\n")
    for r in rows:
        out.write("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() + "\n")
    return 0


def _json_value(code: str, value: Number | None) -> int | float | str | None:
    if value is None:
        return None
    text = format_value(code, value)
    try:
        f = float(text)
        return int(f) if f.is_integer() and "." not in text else f
    except ValueError:
        return text


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    """The working of one tie-break for one player, in the language of ``--lang`` (JSON keeps its keys)."""
    from engine.ranking.standings import explain
    from i18n.trace import trace_document, trace_text
    event = _load(args, args.event)
    res = explain(event, args.player, args.tiebreak, _ordering(args))
    name = event.player(args.player).name
    tr: Translator = args.tr
    if args.format == "json":
        out.write(cli_wording(json.dumps(trace_document(tr, res, name), ensure_ascii=False, indent=1)) + "\n")
    else:
        out.write(cli_wording(trace_text(tr, res, name)) + "\n")
    return 0


def cmd_forecast(args: argparse.Namespace, out: TextIO) -> int:
    """The chances of each final place while games are still to be played (engine.forecast.places)."""
    from engine.forecast.report import forecast_report, report_text
    event = _load(args, args.event)
    order_line = None
    if args.tiebreaks is None and args.preset is None:     # the order standings would use, and a line saying it
        chosen, order_line = _default_order(event, args.rules)
    else:
        chosen = ordering_of(args.tiebreaks, args.rules, preset=args.preset)
    unrated = parse_unrated(args.unrated) if args.unrated else ("exclude" if chosen.rules.name == "uscf" else "off")
    options = Options(unrated=unrated, seed=None, played_score_first=args.played_score_first)
    places = args.places if args.places is not None or args.player is not None else 3
    doc = forecast_report(event, chosen.with_options(options), places=places, player=args.player, model=args.model,
                          draw_rate=args.draw_rate, samples=args.samples, seed=args.seed)
    if order_line is not None:          # after the work: an event that cannot be forecast gets one line only
        print(render_said(_translator(args), order_line), file=getattr(args, "err", None) or sys.stderr)
    if args.format == "json":
        json.dump({"rules": chosen.rules.name, "tiebreaks": [str(c) for c in chosen.criteria], **doc}, out,
                  ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        out.write(report_text(doc))
    return 0


def cmd_pair(args: argparse.Namespace, out: TextIO) -> int:
    """Pair the next round (:func:`engine.pairing.next_round.pair_next_round`) and print it.

    JSON: ``round``, ``boards`` as ``[white, black]`` pairing numbers in board order, ``byes`` as ``[number,
    kind]`` for every player with a bye in the round (the pairing-allocated one included, whether the file had
    it or the pairing gave it), ``left_out`` for the players not paired.  TRF: the event with the round's games
    entered as still to be played.  A round past the event's last one is refused (exit 2), unless
    ``--extra-round``.
    """
    from engine.formats.trf import write_trf
    from engine.pairing.methods import pairings_for
    from engine.pairing.next_round import Method, next_round, pair_next_round
    event = _load(args, args.event)
    if next_round(event) is None and not (args.extra_round and not event.is_round_robin):
        raise EventError(_nothing_to_pair(event))
    method: Method = args.method or cast(Method, pairings_for(event)[0])
    absent = _numbers(args.absent, "--absent")
    for t in absent:
        event.player(t)                 # an unknown pairing number is one line naming it
    paired, rp = pair_next_round(event, method, absent, extra_round=args.extra_round)
    if args.format == "trf":
        out.write(write_trf(paired))          # CRLF line ends, as TRF asks
        return 0
    byes = [[t, paired.entry(t, rp.round).kind.code] for t in paired.tpns
            if paired.entry(t, rp.round).kind.code in ("PAB", "FPB", "HPB", "ZPB")]
    left_out = [t for t in paired.tpns if paired.entry(t, rp.round).kind.code == "ABS"]
    doc = {"round": rp.round, "method": method, "boards": [[w, b] for w, b in rp.boards], "byes": byes,
           "left_out": left_out}
    json.dump(doc, out, ensure_ascii=False)
    out.write("\n")
    return 0


def _nothing_to_pair(event: Event) -> Said:
    """Why ``pair`` has nothing to do, as one record: the Build page's words
    (:func:`engine.pairing.next_round.all_paired_text`) and the round it would have paired."""
    from engine.pairing.next_round import all_paired_text
    why = all_paired_text(event)
    if event.is_round_robin:
        return said("{reason}: there is no round {round} to pair", reason=Lowered(why), round=round_to_pair_of(event))
    return said("{reason}: there is no round {round} to pair (--extra-round pairs one more and adds it)",
                reason=Lowered(why), round=round_to_pair_of(event))


def round_to_pair_of(event: Event) -> int:
    """The first round nobody is paired in (the one ``pair`` would fill)."""
    return event.first_round_to_pair()


def _numbers(text: str, option: str) -> list[int]:
    """``"5, 12"`` -> ``[5, 12]``; anything else is one line naming the option."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p.isdigit() and len(p) <= 6 for p in parts):
        raise EventError(said("{option} takes pairing numbers separated by commas, such as 5,12, not {text}",
                              option=option, text=shown_value(text)))
    return [int(p) for p in parts]


def _pair(text: str) -> tuple[int, int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise EventError(said("--players takes two pairing numbers separated by a comma, such as 4,16, not {text}",
                              text=repr(text)))
    return int(parts[0]), int(parts[1])


def cmd_why(args: argparse.Namespace, out: TextIO) -> int:
    """The parent's answer (:mod:`engine.ranking.why_answer`), then what would have changed it, one change a line."""
    from engine.ranking.flips import search_flips
    from engine.ranking.why_above import compare_players, with_lots_seed
    from engine.ranking.why_answer import plain_answer
    event = _load(args, args.event)
    a, b = _pair(args.players)
    chosen = _ordering(args)
    if not chosen.criteria and event.file_tiebreaks and not getattr(args, "tiebreaks", None):
        chosen = ordering_of(list(event.file_tiebreaks), chosen.rules, chosen.options)
    chosen = with_lots_seed(chosen)            # one drawing of lots for the answer and the flips alike
    seed = chosen.options.seed if any(c.code == "LOTS" for c in chosen.criteria) else None
    answer = plain_answer(compare_players(event, a, b, chosen))
    found = search_flips(event, a, b, chosen)
    flips = [(f, "single") for f in found.keeping] + ([(found.pair, "pair")] if found.pair else []) + \
        [(f, "single") for f in found.own]
    if args.format == "json":
        from i18n.why import answer_text
        doc = {"answer": answer_text(args.tr, answer), "decided_by": answer.decided_by,
               "above": answer.comparison.above, "below": answer.comparison.below,
               # a pairing both lost by forfeit is "0-0", not played, and says so (the key only then)
               "met": [{"round": m.round, "result": m.result, "played": m.played,
                        **({"both_lost_by_forfeit": True} if m.double_forfeit else {})} for m in answer.met],
               "flips": [{"change": f.change_text, "then": f.outcome, "keeps_points": f.keeps_points,
                          "changes": kind, "entries": f.size, "points_moved": _json_value("PTS", f.points_moved),
                          "decided_by": f.decided_by, "above": f.above} for f, kind in flips],
               "search_complete": found.complete}
        if seed is not None:
            doc["seed"] = seed
        json.dump(doc, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    tr: Translator = args.tr
    out.writelines(render_said(tr, line) + "\n" for line in _why_lines(answer, found, seed))
    return 0


def _why_lines(answer: "Answer", found: "FlipSearch", seed: int | None) -> list[str]:
    """``why`` as text, line by line, each line a record (English as it is, another language from its
    catalog): the answer, the drawing of lots, then the changes that would reverse the two, numbered."""
    from engine.core.said import Joined, Listed, said
    cmp = answer.comparison
    lines: list[str] = [Joined(answer.sentences, " ")]
    if seed is not None:
        lines.append(said("Drawing of lots: seed {seed}, the same for the answer and every change below (another "
                          "draw: --seed N).", seed=seed))
    names = Listed([cmp.name(cmp.a), cmp.name(cmp.b)])
    lines.append(said("Changes that keep the points of {names} as they are:", names=names))
    lines += [Joined((f"{i}.", f.sentence), " ") for i, f in enumerate(found.keeping, 1)] or [_none_kept(answer, found)]
    lines.append(said("Changes to the points of {names} themselves:", names=names))
    lines += [Joined((f"{i}.", f.sentence), " ") for i, f in enumerate(found.own, 1)]
    if not found.own:
        lines.append(said("none of one game or one bye reverses them"))
    return lines


def _none_kept(answer: "Answer", found: "FlipSearch") -> str:
    """Why no change keeps their points as they are: their points differ, or only a pair of changes does (or
    none)."""
    from engine.core.said import said
    if answer.decided_by == "PTS":
        return said("none can: their points differ")
    if found.pair is not None:
        return said("no single change does; the smallest pair that does: {change}", change=found.pair.sentence)
    if found.pairs_tried:
        return said("no single change does, nor any pair of the closest ones")
    return said("no single change does")


def cmd_convert(args: argparse.Namespace, out: TextIO) -> int:
    """Any readable format to any writable one, by the endings.

    A PGN has no byes: its players without a game in a round stay absent (ABS), and one warning line on
    standard error lists them so they can be corrected in the written file (it replaces the PGN
    reader's own warning, saying what to do).  Other readers' warnings are printed as they are.
    """
    from engine.formats.loader import event_text, reader_warnings, write_atomically, writer_warnings
    from engine.formats.pgn import missing_rounds, missing_text_of
    event = _load(args, args.input, echo=False)
    try:
        text = event_text(event, args.output)   # built whole before the output file is touched
    except EventError as exc:
        raise exc.located(file=args.output) from None
    missing = missing_rounds(event)
    if missing:
        _warn(args, [f"no game in the PGN for {missing_text_of(event.players, missing)}: written as absent "
                     f"(ABS); change them to PAB, HPB, ZPB or FPB where that is what happened"])
    else:
        _warn(args, reader_warnings(event))
    _warn(args, writer_warnings(event, args.output))
    write_atomically(args.output, text.encode("utf-8"))
    out.write(f"wrote {args.output}: {len(event.players)} players, {event.rounds} rounds\n")
    return 0


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """A second opinion on published standings; differences are findings (exit 0), unreadable input exit 2."""
    from engine.teaching.check_report import check_files, report_text
    games = _load(args, args.games) if args.games else None
    check = check_files(args.published, games)
    if args.format == "json":
        out.write(json.dumps(check.as_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        out.write(report_text(check, args.say) + "\n")
    return 0


def cmd_codes(args: argparse.Namespace, out: TextIO) -> int:
    """Every tie-break code with its name and a one-line meaning, then the modifiers and the rule sets, in the
    reader's language; codes, modifier forms and rule-set keys as they are typed."""
    from engine.core.codes import CODES
    from engine.core.rules import RULE_SETS
    from engine.teams.commands import codes_text
    from i18n.terms import RULE_HEADINGS
    tr: Translator = args.tr
    rows = [(code, render.code_name(tr, code), " ".join("/" + m for m in _modifier_letters(info.modifiers)),
             render.code_meaning(tr, code)) for code, info in CODES.items()]
    _table(out, (tr.tp("reference list", "code"), tr.tp("reference list", "name"), tr.tp("reference list", "modifiers"),
                 tr.tp("reference list", "meaning")), rows)
    out.write("\n" + tr.tp("command line", "Modifiers (written after the code, e.g. {examples}):",
                           examples="BH/C1, SB/C2, ARO/M1, KS/L40") + "\n")
    for form, key in MODIFIER_FORMS:
        out.write(f"  {form:<6} {render.modifier_meaning(tr, key)}\n")
    out.write("\n" + tr.tp("command line", "Aliases: {aliases}",
                           aliases=", ".join(f"{a} = {c}" for a, c in ALIASES.items())) + "\n")
    out.write("\n" + tr.tp("command line", "Rule sets (--rules): how byes, forfeits and absences count for "
                                           "opponent-based tie-breaks") + "\n")
    for name in RULE_SETS:
        line = tr.tp("command line", "{heading}: {citation}", heading=tr.tp("rule set", RULE_HEADINGS[name]),
                     citation=render.rules_citation(tr, name))
        out.write(f"  {name:<9} {line}\n")
    codes_text(out, args.say)
    return 0


#: how each modifier is written, with the key of its sentence in engine.explanations.MODIFIERS
MODIFIER_FORMS = (("/Cn", "cut"), ("/Mn", "median"), ("/N", "plain"), ("/P", "forfeits_played"),
                  ("/F", "fore"), ("/Ln", "limit_pct"), ("/L+n", "limit_shift"), ("/R", "reverse"))


def _modifier_letters(letters: str) -> list[str]:
    """``"CMNP"`` -> ``["Cn", "Mn", "N", "P"]``: the modifier forms a code accepts."""
    return [{"C": "Cn", "M": "Mn", "L": "Ln"}.get(c, c) for c in letters]


def cmd_presets(args: argparse.Namespace, out: TextIO) -> int:
    """The named orders: name, rule set, the criteria after points, and where each comes from, in the reader's
    language; preset keys, rule-set keys and codes as they are typed."""
    from engine.core.presets import MAIN_PRESETS, PRESETS
    from engine.teams.commands import presets_text
    from i18n.terms import PRESET_SOURCES
    tr: Translator = args.tr
    rows = [(name if name in MAIN_PRESETS else tr.tp("command line", "{preset} (variant)", preset=name), p.rules,
             ", ".join(p.codes), render.preset_label(tr, name)) for name, p in PRESETS.items()]
    _table(out, (tr.tp("reference list", "preset"), tr.tp("reference list", "rules"),
                 tr.tp("reference list", "order after points"), tr.tp("reference list", "what it is")), rows)
    out.write("\n" + tr.tp("command line", "Every preset ranks on points first, then the criteria in order; players "
                                           "equal on all of them share the place (add LOTS with --tiebreaks to draw "
                                           "lots).") + "\n\n" + tr.tp("command line", "Sources:") + "\n")
    for name in PRESETS:
        out.write(f"  {name:<20} {tr.tp('preset source', PRESET_SOURCES[name])}\n")
    presets_text(out, args.say)
    return 0


def _table(out: TextIO, header: Sequence[str], rows: Sequence[tuple[str, ...]]) -> None:
    """A plain text table, columns padded to their widest cell; the last column is not padded."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header[:-1])]
    for row in [tuple(header), *rows]:
        cells = [c.ljust(w) for c, w in zip(row, widths)] + [row[-1]]
        out.write("  ".join(cells).rstrip() + "\n")


COMMANDS = {"standings": cmd_standings, "explain": cmd_explain, "why": cmd_why, "forecast": cmd_forecast,
            "pair": cmd_pair, "convert": cmd_convert, "check": cmd_check, "codes": cmd_codes, "presets": cmd_presets}


@contextmanager
def _command_run(exiting: bool) -> Iterator[None]:
    """Run one command with the cyclic garbage collector paused (:func:`engine.core.collector.collector_paused`).

    A command builds millions of small objects that form no cycles (entries, columns, values) and keeps
    most of them until it ends; the collector would re-scan them all again and again while they are
    built (about a third of the time of a 50,000-player ranking) and find nothing to free.  Reference
    counting still frees everything as usual.

    When the process ends right after (``exiting``: ``python -m engine``), the objects are frozen instead:
    the standings keep the event alive through a reference cycle, and the collection at exit would visit
    every object once more only for the operating system to reclaim the memory anyway.
    """
    with collector_paused():
        try:
            yield
        finally:
            if exiting:
                gc.freeze()


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None,
         prog: str = "python -m engine") -> int:
    """Run one command; ``argv`` None means the program's own command line (``python -m engine``), which
    exits right after.  Returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:   # written to ``out``, like every answer
        out.write(version_line() + "\n")
        return 0
    tr = translator(_language(sys.argv[1:] if argv is None else argv))    # for an error before the options are read
    try:
        with argparse_speaking(tr):           # argparse's own words (usage:, its refusals) in the same language
            args = _parser(tr, prog).parse_args(argv)
        args.err = err                    # where a command says which order it chose
        args.tr = tr = translator(args.lang or from_environment() or "en")
        args.say = partial(render_said, tr)     # the team answers' records, in the reader's language
        with _command_run(exiting=argv is None):
            from engine.teams.commands import handles, run
            if handles(args):
                return run(args, out)
            if args.command == "explain" and args.player is None or args.command == "why" and args.players is None:
                raise EventError(said("explain needs --player (or --team/--teams for a team event)")
                                 if args.command == "explain" else
                                 said("why needs --players (or --team/--teams for a team event)"))
            return COMMANDS[args.command](args, out)
    except RoundOutOfRange as e:      # the engine's words name no option; here the option is --round
        print(error_line(tr, EventError(said("--round {round} is outside the event's rounds 1..{rounds}",
                                             round=e.requested, rounds=e.rounds))), file=err)
        return 2
    except EventError as e:
        print(error_line(tr, e), file=err)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except (MemoryError, RecursionError, OverflowError, ValueError, OSError) as e:
        print(tr.t("error: {message}", message=plain_reason(e)), file=err)     # our words, never a traceback
        return 2
    except Exception as e:  # a reader or a library tripped over something we did not foresee: still one line
        print(f"error: {_inputs(argv)}the command stopped on something unexpected in its input "
              f"({plain_reason(e)})", file=err)
        return 2


def error_line(tr: Translator, exc: EventError) -> str:
    """The one ``error:`` line of a refused command, in the reader's language (``--lang`` or the locale): the
    error written again from its record (:func:`i18n.said.error_text`), its place as it is; a message the engine
    wrote only in English is shown in the command line's words (:func:`cli_wording`)."""
    english = str(exc)
    text = error_text(tr, exc)
    return tr.t("error: {message}", message=cli_wording(text) if text == english else text)


def _language(argv: Sequence[str]) -> str:
    """The language a command line asks for before it is read whole (its options may be the error): the last
    ``--lang`` that names one of ours, else the locale's, else English."""
    chosen = None
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg[7:] if arg.startswith("--lang=") else None
        if value in SUPPORTED:
            chosen = value
    return chosen or from_environment() or "en"


def _inputs(argv: Sequence[str] | None) -> str:
    """``club.trf: `` for the files a command line names that exist (where an unexpected problem must be)."""
    named = [a for a in (sys.argv[1:] if argv is None else argv)[1:] if not a.startswith("-") and Path(a).is_file()]
    return f"{', '.join(shown_file(n) for n in named)}: " if named else ""


def run() -> None:
    """The ``tiebreak`` command that ``pip install .`` puts on the path: the same as ``python -m engine``."""
    sys.exit(main(prog="tiebreak"))
