"""The command line's answers for team events: standings, explain, why, forecast, convert, codes, presets (and
pair's refusal).

Called by :mod:`engine.cli` when the file holds a team event; every answer is plain text (or CSV/JSON).
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from fractions import Fraction
from typing import Any, Callable, TextIO

from engine.core.errors import EventError
from engine.core.exact import fmt
from engine.core.said import Joined, Said, dec, num, said, term
from engine.teams.codes import TEAM_CODES, TeamCriterion, parse_team_codes
from engine.teams.context import TeamContext, TeamOptions
from engine.teams.files import load_team_event, team_event_text
from engine.teams.model import KIND_WORDS, TeamEvent
from engine.teams.presets import TEAM_PRESETS, TeamPreset, team_preset
from engine.teams.standings import team_standings
from engine.teams.tiebreaks import compute
from engine.teams.trf_teams import warnings_of
from engine.teams.why import why_above

FIDE_SAMPLE = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"


def rules_for(ev: TeamEvent, given: str | None) -> tuple[str, Said | None]:
    """The rules named, or the edition in force on the event's first day (FIDE C.07 2026 from 1 March 2026), with
    why that edition (None when the rules were named)."""
    if given:
        return given, None
    date = ev.date.replace(".", "/").replace("-", "/")
    if len(date) >= 10 and date[:4].isdigit() and date[:10] < "2026/03/01":
        return "fide2024", said("the 2024 edition, in force on the event's dates")
    return "fide", said("the 2026 edition, in force on the event's dates") if date else said("the 2026 edition")


def say(args: argparse.Namespace) -> Callable[[Any], str]:
    """How this command line writes a record (:class:`~engine.core.said.Said`, a number): in the reader's language
    when :mod:`engine.cli` gives the renderer (``args.say``), else its English."""
    return getattr(args, "say", None) or str


def print_warnings(args: argparse.Namespace, ev: TeamEvent, err: TextIO) -> None:
    """The file reader's repairs, one ``warning:`` line each in the reader's language, unless ``--quiet``."""
    if not getattr(args, "quiet", False):
        for w in warnings_of(ev):
            print(say(args)(said("warning: {message}", message=w)), file=err)


def _order_line(ev: TeamEvent, preset: TeamPreset | None, rules: Said) -> Said | None:
    """The line saying which order ranks the teams when the options named none (or a preset): the preset's, the
    file's own list, else FIDE's sample; None when the order was typed (``--tiebreaks``)."""
    primary = ev.scoring.primary
    if preset is not None:
        return said("order: {primary}, then {order} (preset {preset}: {source}); rules: {rules}; choose another "
                    "with --preset or --tiebreaks", primary=primary, order=preset.codes, preset=preset.key,
                    source=said(preset.source), rules=rules)
    if ev.file_tiebreaks:
        return said("order: {primary}, then {order} (the file's own tie-break list); rules: {rules}; choose another "
                    "with --preset or --tiebreaks", primary=primary, order=Joined(ev.file_tiebreaks, ", "),
                    rules=rules)
    return said("order: {primary}, then {order} (FIDE's sample team order, as the file names none); rules: "
                "{rules}; choose another with --preset or --tiebreaks", primary=primary, order=FIDE_SAMPLE,
                rules=rules)


def _setup(args: argparse.Namespace, err: TextIO) -> tuple[TeamContext, list[TeamCriterion], Said | None]:
    ev = load_team_event(args.event)
    print_warnings(args, ev, err)
    through = getattr(args, "round", None)
    if through:
        if through > ev.rounds:
            raise EventError(said("--round {round} is outside the event's rounds 1..{rounds}", round=through,
                                  rounds=ev.rounds))
        ev = after_round(ev, through)
    options = TeamOptions()
    preset_key = getattr(args, "preset", None)
    rules = getattr(args, "rules", None)
    preset = None
    if preset_key:
        preset = team_preset(preset_key)
        ev = preset.apply(ev)
        criteria = preset.criteria
        options = preset.options
        rules = rules or preset.rules
    elif getattr(args, "tiebreaks", None):
        criteria = parse_team_codes(args.tiebreaks)
    else:
        criteria = parse_team_codes(list(ev.file_tiebreaks) or FIDE_SAMPLE)
    rules, why_rules = rules_for(ev, rules)
    ctx = TeamContext(ev, rules, options)
    shown = said(ctx.rules_words) if why_rules is None else \
        said("{rules} ({why})", rules=said(ctx.rules_words), why=why_rules)
    typed = not preset_key and getattr(args, "tiebreaks", None)
    return ctx, criteria, None if typed else _order_line(ev, preset, shown)


def after_round(ev: TeamEvent, rnd: int) -> TeamEvent:
    """The event as it stood after round ``rnd``: later matches, byes and awards left out."""
    from dataclasses import replace
    return replace(ev, matches=tuple(m for m in ev.matches if m.round <= rnd),
                   byes={k: v for k, v in ev.byes.items() if k[0] <= rnd},
                   awards=tuple(a for a in ev.awards if a.round <= rnd))


def _value(value: object) -> object:
    """A standings cell as a record: a number written with the reader's decimal mark, nothing as empty."""
    if value is None:
        return ""
    return dec(value) if isinstance(value, (int, Fraction)) else value


def _table(out: TextIO, header: list[str], rows: list[list[str]]) -> None:
    """A plain text table, each column padded to its widest cell."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    out.write("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip() + "\n")
    for r in rows:
        out.write("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() + "\n")


def standings(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    ctx, criteria, notice = _setup(args, err)
    write = say(args)
    if notice:
        print(write(notice), file=err)
    st = team_standings(ctx, criteria)
    codes = [c.given or str(c) for c in criteria]
    header = ["rank", "tpn", "name"] + codes + ["MP", "GP"]
    values = [[r.values.get(c) for c in codes] + [r.mp, r.gp] for r in st.rows]
    if args.format in ("json", "csv"):           # files for programs: the same keys and numbers in every language
        rows = [[str(r.rank), str(r.tpn), r.name] + [str(_value(v)) for v in vs] for r, vs in zip(st.rows, values)]
        if args.format == "json":
            doc = {"rules": ctx.rules, "primary": ctx.event.scoring.primary, "tiebreaks": codes,
                   "rows": [dict(zip(header, row)) for row in rows]}
            out.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
            return 0
        w = csv.writer(out, lineterminator="\n")
        w.writerow(header)
        w.writerows([[*r[:2], ("'" + r[2]) if r[2][:1] in "=+-@" else r[2], *r[3:]] for r in rows])
        return 0
    heads = [write(term("command line", h)) for h in header[:3]] + header[3:]
    shown = [[str(r.rank), str(r.tpn), r.name] + [write(_value(v)) for v in vs] for r, vs in zip(st.rows, values)]
    rules = said(ctx.rules_words)
    out.write(write(said("Rules: {rules}; primary score: match points", rules=rules) if ctx.event.scoring.primary == "MP"
                    else said("Rules: {rules}; primary score: game points", rules=rules)) + "\n")
    _table(out, heads, shown)
    return 0


def _group_explain(args: argparse.Namespace, ctx: TeamContext, criteria: list[TeamCriterion],
                   crit: TeamCriterion, tpn: int, out: TextIO) -> int:
    """A group tie-break (the direct encounter and its follow-ups): the tied teams' own small crosstable and the
    steps that split them."""
    write, name = say(args), ctx.name(tpn)
    st = team_standings(ctx, criteria if any(str(c) == str(crit) for c in criteria) else [crit])
    key = crit.given or str(crit)
    split = next((s for s in st.splits.get(key, []) if any(tpn in p for p in s.parts)), None)
    out.write(write(said("{label} [{code}] for #{team} {name}", label=crit.label_said, code=str(crit), team=tpn,
                         name=name)) + "\n")
    out.write(write(said("Rules: {rules}", rules=said(ctx.rules_words))) + "\n")
    if split is None:
        out.write("- " + write(said("#{team} {name} was not level with another team when {code} was reached: nothing "
                                    "to split.", team=tpn, name=name, code=str(crit))) + "\n")
        return 0
    group = [t for p in split.parts for t in p]
    table = split.extra.get("mini_table")
    if table:
        out.write(write(said("Their matches against each other (game points):")) + "\n")
        for member in group:
            cells = [table["cells"].get(f"{member}-{o}", "-" if o != member else "x") for o in group]
            out.write(f"  #{member:<3} {ctx.name(member)[:20]:<20} " + "  ".join(f"{c:>7}" for c in cells) +
                      f"   MP {table['totals'][member]['MP']}  GP {table['totals'][member]['GP']}\n")
    for s in split.steps:
        out.write(f"- {write(s)}\n")
    out.write("- " + write(said("Place of #{team} in the group: {place} of {n}.", team=tpn, place=split.place(tpn),
                                n=len(group))) + "\n")
    out.write(write(said("Rule: {rule}", rule=said(crit.info.citation))) + "\n")
    return 0


def explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if getattr(args, "team", None) is None:
        raise EventError(said("explain needs --team for a team event"))
    ctx, criteria, _ = _setup(args, err)
    tpn = args.team
    ctx.event.team(tpn)
    crit = parse_team_codes(args.tiebreak)[0]
    name = ctx.name(tpn)
    if crit.info.group_dependent:
        return _group_explain(args, ctx, criteria, crit, tpn, out)
    res = compute(ctx, crit, tpn)
    t = res.trace
    write = say(args)
    if getattr(args, "format", "text") == "json":       # the same keys and numbers in every language, its sentences not
        rows = [r.as_json() for r in t.rows]
        for row, r in zip(rows, t.rows):
            row["note"] = write(r.note)
            if "drop_reason" in row:
                row["drop_reason"] = write(r.drop_reason)
        doc = {"team": tpn, "name": name, "code": t.code, "label": write(crit.label_said), "value": fmt(res.value),
               "rules": write(said(ctx.rules_words)), "rows": rows, "steps": [write(s) for s in t.steps],
               "citation": write(said(t.citation))}
        out.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
        return 0
    out.write(write(said("{label} [{code}] for #{player} {name}: {value}", label=crit.label_said, code=t.code,
                         player=tpn, name=name, value=num(res.value))) + "\n")
    if t.rows:
        heads = [write(term("working column", h)) for h in ("Rd", "Opp", "Round", "Match", "Value", "Note")]
        out.write(f"{heads[0]:>3}  {heads[1]:>4}  {heads[2]:<22} {heads[3]:>7}  {heads[4]:>8}  {heads[5]}\n")
        for r in t.rows:
            val = write(num(r.value)) if r.value is not None else "-"
            if r.dropped:
                val = f"({val})"
            note = write(said("{note}  [LEFT OUT: {reason}]", note=r.note, reason=r.drop_reason)) if r.dropped \
                else write(r.note)
            words = write(said(KIND_WORDS[r.kind])) if r.kind in KIND_WORDS else r.kind
            out.write(f"{r.round:>3}  {r.opponent if r.opponent is not None else '':>4}  {words:<22} "
                      f"{r.result:>7}  {val:>8}  {note}\n")
    for s in t.steps:
        out.write(f"- {write(s)}\n")
    if t.citation:
        out.write(write(said("Rule: {rule}", rule=said(t.citation))) + "\n")
    return 0


def why(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if getattr(args, "teams", None) is None:
        raise EventError(said("why needs --teams for a team event"))
    ctx, criteria, notice = _setup(args, err)
    write = say(args)
    if notice:
        print(write(notice), file=err)
    parts = [p.strip() for p in args.teams.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise EventError(said("--teams takes two team numbers separated by a comma, such as 4,11, not {text}",
                              text=repr(args.teams)))
    a, b = int(parts[0]), int(parts[1])
    out.write("\n".join(write(line) for line in why_above(ctx, criteria, a, b)) + "\n")
    return 0


def convert(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.formats.loader import write_atomically
    ev = load_team_event(args.input)
    print_warnings(args, ev, err)
    try:
        text = team_event_text(ev, args.output)
    except EventError as exc:
        raise exc.located(file=args.output) from None
    write_atomically(args.output, text.encode("utf-8"))
    # three counts in one sentence: each language phrases it around the numbers ("Mannschaften: 14"), no plural form
    out.write(say(args)(said("wrote {file}: {teams} teams, {players} players, {rounds} rounds", file=args.output,
                             teams=len(ev.teams), players=len(ev.players), rounds=ev.rounds)) + "\n")
    return 0


def forecast(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The last round taken as still to play, as the app's "Before the last round" page does for a team event:
    each open match's chances, each team's chance of each place, what each team needs from its own match."""
    from engine.teams.forecast import last_round_forecast, sample_size
    from engine.teams.forecast_words import (
        SHOWN_PLACES,
        match_lines,
        needs_lines,
        place_cells,
        place_heads,
        round_line,
        teams_by_chance,
    )
    if getattr(args, "player", None) is not None:
        raise EventError(said("a team event's forecast shows every team's chances: --player is for a single event"))
    ctx, criteria, notice = _setup(args, err)
    write = say(args)
    if notice:
        print(write(notice), file=err)
    ev = ctx.event
    limit = args.samples or sample_size(len(ev.teams))
    fc = last_round_forecast(ev, criteria, ctx.rules, ctx.options, limit, model=args.model, draw_rate=args.draw_rate)
    if not fc.matches:
        raise EventError(said("the last round has no match to leave open"))
    order = teams_by_chance(ev, fc)
    if args.format == "json":                    # for programs: numbers and keys the same in every language
        doc = {"round": fc.round, "outcomes": fc.outcomes, "sampled": fc.sampled, "model": fc.model,
               "teams": [{"tpn": t, "name": ev.name_of(t),
                          "places": {str(p): round(c, 6) for p, c in sorted(fc.places[t].items())}} for t in order]}
        out.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
        return 0
    shown = args.places or SHOWN_PLACES
    lines = [write(round_line(ev, fc))]
    if fc.model == "elo":
        lines.append(write(said("How the chances are weighed: each board's result by the two players' ratings, as "
                                "for single events (the stronger player is likelier to win, and a draw is likeliest "
                                "between equals); a match's score is its boards added up, so its chances follow "
                                "from its boards' chances.")))
    lines += [f"- {write(line)}" for line in match_lines(ev, fc)]
    out.write("\n".join(lines) + "\n\n")
    heads = [write(said("Team")), *(write(h) for h in place_heads(len(ev.tpns), shown))]
    _table(out, heads, [[ev.name_of(t), *place_cells(fc.places[t], len(ev.tpns), shown)] for t in order])
    out.write("\n" + write(said("What each team needs from its own match")) + "\n")
    out.write("\n".join(f"- {write(line)}" for line in needs_lines(ev, fc)) + "\n")
    return 0


def pair(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """A team event's next round is not paired here: said so, rather than pairing its players as one event."""
    raise EventError(said("{file} holds a team event: this program pairs the rounds of individual events only",
                          file=args.event))


def codes_text(out: TextIO, write: Callable[[Any], str] = str) -> None:
    """The team codes for ``codes``: each with its name, the scores and modifiers it takes, and its meaning, each
    sentence written by ``write`` (the reader's language; English by default); codes as they are typed."""
    out.write("\n" + write(said("Team events (FIDE C.07 arts. 11-16; a score after a colon, e.g. BH:MP, BH:GP/C1, "
                                "ESB:MG):")) + "\n")
    for code, info in TEAM_CODES.items():
        shown = "MPvGP" if code == "MPVGP" else code
        extra = " ".join([":" + s for s in info.scores] + ["/" + {"C": "Cn", "M": "Mn", "K": "Kn"}.get(m, m)
                                                           for m in info.modifiers])
        line = said("{name} [{forms}]: {meaning}", name=said(info.name), forms=extra, meaning=said(info.sentence)) \
            if extra else said("{name}: {meaning}", name=said(info.name), meaning=said(info.sentence))
        out.write(f"  {shown:<7} {write(line)}\n")
    out.write("  " + write(said("Team presets (--preset): {presets}", presets=", ".join(TEAM_PRESETS))) + "\n")


def presets_text(out: TextIO, write: Callable[[Any], str] = str) -> None:
    """The team presets for ``presets``: key, order, name and source, each sentence written by ``write`` (the
    reader's language; English by default); keys and codes as they are typed."""
    out.write("\n" + write(said("Team presets (for team events; the primary score first, then the order):")) + "\n")
    for key, p in TEAM_PRESETS.items():
        line = said("{name}. Source: {source}", name=said(p.name), source=said(p.source))
        out.write(f"  {key:<14} {p.codes:<36} {write(line)}\n")


def run(args: argparse.Namespace, out: TextIO) -> int:
    err = getattr(args, "err", None) or sys.stderr
    return {"standings": standings, "explain": explain, "why": why, "convert": convert, "forecast": forecast,
            "pair": pair}[args.command](args, out, err)


def handles(args: argparse.Namespace) -> bool:
    """Whether the command is about a team event file (its first file holds teams)."""
    from engine.teams.files import is_team_file
    path = getattr(args, "event", None) or getattr(args, "input", None)
    return args.command in ("standings", "explain", "why", "convert", "forecast", "pair") and isinstance(path, str) and \
        is_team_file(path)
