"""The command line's answers for team events: standings, explain, why, convert, codes, presets.

Called by :mod:`engine.cli` when the file holds a team event; every answer is plain text (or CSV/JSON).
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import TextIO

from engine.core.errors import EventError
from engine.core.exact import fmt
from engine.core.said import said
from engine.teams.codes import TEAM_CODES, TeamCriterion, parse_team_codes
from engine.teams.context import TeamContext, TeamOptions
from engine.teams.files import load_team_event, team_event_text
from engine.teams.model import KIND_WORDS, TeamEvent
from engine.teams.presets import TEAM_PRESETS, team_preset
from engine.teams.standings import team_standings
from engine.teams.text import nice
from engine.teams.tiebreaks import compute
from engine.teams.trf_teams import warnings_of
from engine.teams.why import why_above

FIDE_SAMPLE = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"


def rules_for(ev: TeamEvent, given: str | None) -> tuple[str, str]:
    """The rules named, or the edition in force on the event's first day (FIDE C.07 2026 from 1 March 2026)."""
    if given:
        return given, ""
    date = ev.date.replace(".", "/").replace("-", "/")
    if len(date) >= 10 and date[:4].isdigit() and date[:10] < "2026/03/01":
        return "fide2024", "the 2024 edition, in force on the event's dates"
    return "fide", "the 2026 edition" + (", in force on the event's dates" if date else "")


def _setup(args: argparse.Namespace, err: TextIO) -> tuple[TeamContext, list[TeamCriterion], str]:
    ev = load_team_event(args.event)
    if not getattr(args, "quiet", False):
        for w in warnings_of(ev):
            print(f"warning: {w}", file=err)
    through = getattr(args, "round", None)
    if through:
        if through > ev.rounds:
            raise EventError(said("--round {round} is outside the event's rounds 1..{rounds}", round=through,
                                  rounds=ev.rounds))
        ev = after_round(ev, through)
    options = TeamOptions()
    preset_key = getattr(args, "preset", None)
    rules = getattr(args, "rules", None)
    if preset_key:
        preset = team_preset(preset_key)
        ev = preset.apply(ev)
        criteria = preset.criteria
        options = preset.options
        rules = rules or preset.rules
        notice = f"order: {ev.scoring.primary}, then {preset.codes} (preset {preset.key}: {preset.source})"
    elif getattr(args, "tiebreaks", None):
        criteria = parse_team_codes(args.tiebreaks)
        notice = ""
    elif ev.file_tiebreaks:
        criteria = parse_team_codes(list(ev.file_tiebreaks))
        notice = f"order: {ev.scoring.primary}, then {', '.join(ev.file_tiebreaks)} (the file's own tie-break list)"
    else:
        criteria = parse_team_codes(FIDE_SAMPLE)
        notice = (f"order: {ev.scoring.primary}, then {FIDE_SAMPLE} (FIDE's sample team order, as the file names "
                f"none)")
    rules, why_rules = rules_for(ev, rules)
    ctx = TeamContext(ev, rules, options)
    if notice:
        notice += f"; rules: {ctx.rules_words}" + (f" ({why_rules})" if why_rules else "")
        notice += "; choose another with --preset or --tiebreaks"
    return ctx, criteria, notice


def after_round(ev: TeamEvent, rnd: int) -> TeamEvent:
    """The event as it stood after round ``rnd``: later matches, byes and awards left out."""
    from dataclasses import replace
    return replace(ev, matches=tuple(m for m in ev.matches if m.round <= rnd),
                   byes={k: v for k, v in ev.byes.items() if k[0] <= rnd},
                   awards=tuple(a for a in ev.awards if a.round <= rnd))


def _text(value: object) -> str:
    if value is None:
        return ""
    return fmt(value)  # type: ignore[arg-type]


def standings(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    ctx, criteria, notice = _setup(args, err)
    if notice:
        print(notice, file=err)
    st = team_standings(ctx, criteria)
    codes = [c.given or str(c) for c in criteria]
    header = ["rank", "tpn", "name"] + codes + ["MP", "GP"]
    rows = [[str(r.rank), str(r.tpn), r.name] + [_text(r.values.get(c)) for c in codes] + [fmt(r.mp), fmt(r.gp)]
            for r in st.rows]
    if args.format == "json":
        doc = {"rules": ctx.rules, "primary": ctx.event.scoring.primary, "tiebreaks": codes,
               "rows": [dict(zip(header, row)) for row in rows]}
        out.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
        return 0
    if args.format == "csv":
        w = csv.writer(out, lineterminator="\n")
        w.writerow(header)
        w.writerows([[*r[:2], ("'" + r[2]) if r[2][:1] in "=+-@" else r[2], *r[3:]] for r in rows])
        return 0
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    out.write(f"Rules: {ctx.rules_words}; primary score: "
              f"{'match points' if ctx.event.scoring.primary == 'MP' else 'game points'}\n")
    out.write("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip() + "\n")
    for r in rows:
        out.write("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() + "\n")
    return 0


def explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    ctx, criteria, _ = _setup(args, err)
    tpn = args.team
    ctx.event.team(tpn)
    crit = parse_team_codes(args.tiebreak)[0]
    name = ctx.name(tpn)
    if crit.info.group_dependent:
        st = team_standings(ctx, criteria if any(str(c) == str(crit) for c in criteria) else [crit])
        key = crit.given or str(crit)
        split = next((s for s in st.splits.get(key, []) if any(tpn in p for p in s.parts)), None)
        out.write(f"{crit.label} [{crit}] for #{tpn} {name}\nRules: {ctx.rules_words}\n")
        if split is None:
            out.write(f"- #{tpn} {name} was not level with another team when {crit} was reached: nothing to split.\n")
            return 0
        group = [t for p in split.parts for t in p]
        table = split.extra.get("mini_table")
        if table:
            out.write("Their matches against each other (game points):\n")
            for member in group:
                cells = [table["cells"].get(f"{member}-{o}", "-" if o != member else "x") for o in group]
                out.write(f"  #{member:<3} {ctx.name(member)[:20]:<20} " + "  ".join(f"{c:>7}" for c in cells) +
                          f"   MP {table['totals'][member]['MP']}  GP {table['totals'][member]['GP']}\n")
        for s in split.steps:
            out.write(f"- {s}\n")
        out.write(f"- Place of #{tpn} in the group: {split.place(tpn)} of {len(group)}.\n")
        out.write(f"Rule: {crit.info.citation}\n")
        return 0
    res = compute(ctx, crit, tpn)
    t = res.trace
    if getattr(args, "format", "text") == "json":
        doc = {"team": tpn, "name": name, "code": t.code, "label": t.label, "value": fmt(res.value),
               "rules": ctx.rules_words, "rows": [r.as_json() for r in t.rows], "steps": t.steps,
               "citation": t.citation}
        out.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
        return 0
    out.write(f"{t.label} [{t.code}] for #{tpn} {name}: {nice(res.value)}\n")
    if t.rows:
        out.write(f"{'Rd':>3}  {'Opp':>4}  {'Round':<22} {'Match':>7}  {'Value':>8}  Note\n")
        for r in t.rows:
            val = nice(r.value) if r.value is not None else "-"
            if r.dropped:
                val = f"({val})"
            note = r.note + (f"  [LEFT OUT: {r.drop_reason}]" if r.dropped else "")
            words = KIND_WORDS.get(r.kind, r.kind)
            out.write(f"{r.round:>3}  {r.opponent if r.opponent is not None else '':>4}  {words:<22} "
                      f"{r.result:>7}  {val:>8}  {note}\n")
    for s in t.steps:
        out.write(f"- {s}\n")
    if t.citation:
        out.write(f"Rule: {t.citation}\n")
    return 0


def why(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    ctx, criteria, notice = _setup(args, err)
    if notice:
        print(notice, file=err)
    parts = [p.strip() for p in args.teams.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise EventError(said("--teams takes two team numbers separated by a comma, such as 4,11, not {text}",
                              text=repr(args.teams)))
    a, b = int(parts[0]), int(parts[1])
    out.write("\n".join(why_above(ctx, criteria, a, b)) + "\n")
    return 0


def convert(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.formats.loader import write_atomically
    ev = load_team_event(args.input)
    if not getattr(args, "quiet", False):
        for w in warnings_of(ev):
            print(f"warning: {w}", file=err)
    try:
        text = team_event_text(ev, args.output)
    except EventError as exc:
        raise exc.located(file=args.output) from None
    write_atomically(args.output, text.encode("utf-8"))
    out.write(f"wrote {args.output}: {len(ev.teams)} teams, {len(ev.players)} players, {ev.rounds} rounds\n")
    return 0


def codes_text(out: TextIO) -> None:
    out.write("\nTeam events (FIDE C.07 arts. 11-16; a score after a colon, e.g. BH:MP, BH:GP/C1, ESB:MG):\n")
    for code, info in TEAM_CODES.items():
        shown = "MPvGP" if code == "MPVGP" else code
        extra = " ".join([":" + s for s in info.scores] + ["/" + {"C": "Cn", "M": "Mn", "K": "Kn"}.get(m, m)
                                                           for m in info.modifiers])
        out.write(f"  {shown:<7} {info.name}{' [' + extra + ']' if extra else ''}: {info.sentence}\n")
    out.write("  Team presets (--preset): " + ", ".join(TEAM_PRESETS) + "\n")


def presets_text(out: TextIO) -> None:
    out.write("\nTeam presets (for team events; the primary score first, then the order):\n")
    for key, p in TEAM_PRESETS.items():
        out.write(f"  {key:<14} {p.codes:<36} {p.name}. Source: {p.source}\n")


def run(args: argparse.Namespace, out: TextIO) -> int:
    err = getattr(args, "err", None) or sys.stderr
    return {"standings": standings, "explain": explain, "why": why, "convert": convert}[args.command](args, out, err)


def handles(args: argparse.Namespace) -> bool:
    """Whether the command is about a team event file (its first file holds teams)."""
    from engine.teams.files import is_team_file
    path = getattr(args, "event", None) or getattr(args, "input", None)
    return args.command in ("standings", "explain", "why", "convert") and isinstance(path, str) and \
        is_team_file(path)
