"""The scenario library: teaching events with a narrative, checkable claims and "try this" changes.

A scenario is two files in ``scenarios/``: ``<slug>.json`` (an event in our JSON format) and
``<slug>.md`` (a short narrative for parents and coaches).  The narrative ends in fenced blocks that a
program can read, so the story's numbers are *tested* against the engine instead of trusted:

````text
```claims
rules=uscf; player=1; code=CUM; value=9
preset=uscf; player=2; code=RANK; value=1
rules=uscf; ordering=H2H; player=3; code=H2H; value=2
```
```try
label=Ana's round-4 draw becomes a half-point bye; player=1; round=4; result=HPB; also=7:4:HPB
```
```highlight
player=1; code=CUM; rules=uscf; rounds=4
```
````

One item per line, ``key=value`` pairs separated by ``;``.  Claim keys: ``player``, ``code`` (a
tie-break code with modifiers, ``PTS``, or ``RANK`` for the final place), ``value`` (``9``, ``10½``,
``10.5``, ``21/2`` or ``none``), and optionally ``rules`` (a rule set), ``preset`` (a named ordering,
which also gives the rule set), ``ordering`` (the criteria before a group-dependent code, or the
whole ordering for ``RANK``), ``round`` (standings after that round) and ``options``
(``cumulative:one,kashdan_unplayed:2``).  A try changes one result (``result`` in wallchart
notation; a game or forfeit is mirrored on the opponent) plus any ``also=player:round:notation``
changes it needs.  A highlight names the trace rows the Lessons page marks.

Pure: no Streamlit.  Every problem is an :class:`EventError` naming the file and line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from fractions import Fraction
from pathlib import Path
from typing import Any

from engine.core.codes import parse_code, parse_codes
from engine.core.errors import EventError
from engine.core.exact import Number, nice, parse_number
from engine.core.model import Entry, Event, Kind
from engine.core.notation import parse_notation
from engine.core.presets import preset as get_preset
from engine.core.rules import Options, rule_set
from engine.formats.loader import load_event
from engine.ranking.standings import explain, standings

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
BLOCKS = ("claims", "try", "highlight")
_FENCE = re.compile(r"^```\s*([A-Za-z]*)\s*$")


@dataclass(frozen=True)
class Claim:
    """A number the narrative states, and how to recompute it."""

    player: int
    code: str
    value: Number | None
    rules: str = "fide"
    preset: str | None = None
    ordering: tuple[str, ...] = ()
    round: int | None = None
    options: tuple[tuple[str, Any], ...] = ()
    line: int = 0
    #: PRIZE claims: the prize list (``name:dollars`` place prizes in order, ``name:dollars:max_rating``
    #: class prizes) and the sharing method of :mod:`engine.prizes.split`
    prizes: tuple[tuple[str, Fraction, int | None], ...] = ()
    method: str = "uscf"

    @property
    def opts(self) -> Options:
        return Options(round=self.round, **dict(self.options))

    @property
    def text(self) -> str:
        """``CUM of #1 = 9 (uscf)``: the claim as one line for a table."""
        how = self.preset or self.rules
        extra = f", ordering {', '.join(self.ordering)}" if self.ordering else ""
        extra += f", after round {self.round}" if self.round else ""
        extra += "".join(f", {k} {v}" for k, v in self.options)
        return f"{self.code} of #{self.player} = {nice(self.value) if self.value is not None else 'none'} " \
               f"({how}{extra})"


@dataclass(frozen=True)
class Try:
    """A "try this" change: one result replaced (and its mirror), plus any changes it needs."""

    label: str
    player: int
    round: int
    result: str
    also: tuple[tuple[int, int, str], ...] = ()
    line: int = 0


@dataclass(frozen=True)
class Highlight:
    """Trace rows to mark: ``player``'s ``code`` under ``rules``, rounds ``rounds``."""

    player: int
    code: str
    rules: str
    rounds: tuple[int, ...] = ()
    line: int = 0


#: claim codes that are not one player's tie-break value (a rank, the points, a prize): they have no
#: working of their own to show row by row
WHOLE_EVENT_CODES = frozenset({"RANK", "PTS", "PRIZE"})


@dataclass(frozen=True)
class Scenario:
    slug: str
    title: str
    event: Event
    #: the narrative as shown (the machine-readable blocks removed)
    narrative_markdown: str
    claims: tuple[Claim, ...]
    tries: tuple[Try, ...] = ()
    highlights: tuple[Highlight, ...] = ()

    @property
    def rules(self) -> str:
        """The rule set the story is told under: the first claim's."""
        return self.claims[0].rules

    @property
    def ordering(self) -> tuple[tuple[str, ...], str]:
        """The tie-break order a "try this" change is ranked by, and its rule set.

        The first preset a claim names; else the first ordering a RANK claim gives; else the codes the
        claims under the story's rule set mention (up to four), in the order they first appear.
        """
        for c in self.claims:
            if c.preset:
                return tuple(get_preset(c.preset).codes), c.rules
        for c in self.claims:
            if c.code == "RANK" and c.ordering:
                return c.ordering, c.rules
        codes: list[str] = []
        for c in self.claims:
            if c.rules == self.rules and c.code not in WHOLE_EVENT_CODES and c.code not in codes and not c.options:
                codes.append(c.code)
        return tuple(codes[:4]), self.rules

    @property
    def working(self) -> tuple[Highlight, ...]:
        """The tie-break workings a lesson shows: the story's highlights (up to three), else the first claim
        about a tie-break value (a prize lesson's cash claims have no working of their own), else none."""
        if self.highlights:
            return self.highlights[:3]
        first = next((c for c in self.claims if c.code not in WHOLE_EVENT_CODES), None)
        return (Highlight(first.player, first.code, first.rules),) if first else ()


# -- listing and loading ----------------------------------------------------------------------------

def list_scenarios(directory: Path | str | None = None) -> list[str]:
    """The slugs of every scenario (a narrative with its event file), sorted: the example first."""
    d = Path(directory) if directory else SCENARIO_DIR
    slugs = [p.stem for p in d.glob("*.md") if (d / f"{p.stem}.json").exists()]
    return sorted(slugs, key=lambda s: (s != "example", s))


def load_scenario(slug: str, directory: Path | str | None = None) -> Scenario:
    """Read ``<slug>.json`` and ``<slug>.md``; raise :class:`EventError` naming the file and line."""
    d = Path(directory) if directory else SCENARIO_DIR
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug):
        raise EventError(f"{slug!r} is not a scenario name (lower-case letters, digits and dashes)")
    md_path, data_path = d / f"{slug}.md", d / f"{slug}.json"
    if not md_path.exists() or not data_path.exists():
        raise EventError(f"there is no scenario {slug!r} (it needs {slug}.md and {slug}.json)", file=str(d))
    event = load_event(data_path)
    text = md_path.read_text(encoding="utf-8")
    return parse_scenario(slug, event, text, source=md_path.name)


@dataclass(frozen=True)
class Translation:
    """A lesson's story in another language: its title, its narrative as shown and its "try this" labels (in
    the order of the English ``try`` block; fewer, or none, leaves the rest in English)."""

    title: str
    narrative_markdown: str
    try_labels: tuple[str, ...] = ()


def translated_narrative(slug: str, lang: str, directory: Path | str | None = None) -> Translation | None:
    """The lesson's story in ``lang`` (``i18n/<lang>/<slug>.md`` beside the scenarios), or None when it has
    none.  The file is a ``# Title`` line, the story, and optionally a ```tries block with one label a line;
    the numbers, claims and changes stay the English file's: a translation only retells them."""
    d = Path(directory) if directory else SCENARIO_DIR
    if not re.fullmatch(r"[a-z]{2}", lang) or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug):
        return None
    path = d / "i18n" / lang / f"{slug}.md"
    if not path.exists():
        return None
    title, shown, labels, block = "", [], [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if block is not None:
            if line.startswith("```"):
                block = None
            elif line.strip():
                labels.append(line.strip())
            continue
        if line.startswith("```tries"):
            block = "tries"
            continue
        if not title and line.startswith("# "):
            title = line[2:].strip()
            continue
        shown.append(line)
    if not title:
        raise EventError("the narrative must start with a '# Title' line", file=path.name, line=1)
    return Translation(title, "\n".join(shown).strip() + "\n", tuple(labels))


def parse_scenario(slug: str, event: Event, text: str, source: str = "<narrative>") -> Scenario:
    """Split the narrative from its blocks and read the blocks against ``event``."""
    shown: list[str] = []
    blocks: dict[str, list[tuple[int, str]]] = {b: [] for b in BLOCKS}
    current: str | None = None
    title = ""
    for number, line in enumerate(text.splitlines(), start=1):
        fence = _FENCE.match(line.strip())
        if current is not None:
            if fence and not fence.group(1):
                current = None
            elif line.strip() and not line.strip().startswith("#"):
                blocks[current].append((number, line.strip()))
            continue
        if fence and fence.group(1) in BLOCKS:
            current = fence.group(1)
            continue
        if not title and line.startswith("# "):
            title = line[2:].strip()
            continue
        shown.append(line)
    if current is not None:
        raise EventError(f"the ```{current} block is not closed", file=source)
    if not title:
        raise EventError("the narrative must start with a '# Title' line", file=source, line=1)
    claims = tuple(_claim(fields_, source, n, event) for n, fields_ in _items(blocks["claims"], source))
    if not claims:
        raise EventError("the narrative has no ```claims block: its numbers could not be checked", file=source)
    tries = tuple(_try(f, source, n, event) for n, f in _items(blocks["try"], source))
    default_rules = claims[0].rules if not claims[0].preset else get_preset(claims[0].preset).rules
    highlights = tuple(_highlight(f, source, n, event, default_rules) for n, f in _items(blocks["highlight"], source))
    return Scenario(slug, title, event, "\n".join(shown).strip() + "\n", claims, tries, highlights)


def _items(lines: list[tuple[int, str]], source: str) -> list[tuple[int, dict[str, str]]]:
    out = []
    for number, line in lines:
        item: dict[str, str] = {}
        for part in line.split(";"):
            if not part.strip():
                continue
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise EventError(f"expected key=value, not {part.strip()!r}", file=source, line=number)
            item[key.strip().lower()] = value.strip()
        out.append((number, item))
    return out


def _need(item: dict[str, str], key: str, source: str, line: int) -> str:
    if key not in item or not item[key]:
        raise EventError(f"missing {key}=", file=source, line=line)
    return item[key]


def _int(text: str, what: str, source: str, line: int) -> int:
    if not re.fullmatch(r"[0-9]+", text):
        raise EventError(f"{what} must be a whole number, not {text!r}", file=source, line=line)
    return int(text)


def _player(item: dict[str, str], event: Event, source: str, line: int, key: str = "player") -> int:
    tpn = _int(_need(item, key, source, line), key, source, line)
    if tpn not in event.entries:
        raise EventError(f"there is no player {tpn} in the scenario's event", file=source, line=line)
    return tpn


_OPTION_FIELDS = {f.name: f for f in fields(Options)}


def _options(text: str, source: str, line: int) -> tuple[tuple[str, Any], ...]:
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, _, raw = part.partition(":")
        key = key.strip()
        if key not in _OPTION_FIELDS or key == "round":
            raise EventError(f"unknown option {key!r}; known: {', '.join(_OPTION_FIELDS)}", file=source, line=line)
        default = getattr(Options(), key)
        raw = raw.strip()
        value: Any
        if isinstance(default, bool):
            value = raw.lower() in ("1", "true", "yes", "on")
        elif isinstance(default, int) and default is not None and re.fullmatch(r"-?[0-9]+", raw):
            value = int(raw)
        elif key == "unrated" and re.fullmatch(r"[0-9]+", raw):
            value = int(raw)
        elif key == "seed":
            value = _int(raw, "seed", source, line)
        else:
            value = raw
        out.append((key, value))
    try:
        Options(**dict(out))
    except TypeError as exc:
        raise EventError(f"bad options {text!r}: {exc}", file=source, line=line) from None
    return tuple(out)


def _claim(item: dict[str, str], source: str, line: int, event: Event) -> Claim:
    unknown = set(item) - {"player", "code", "value", "rules", "preset", "ordering", "round", "options", "prizes",
                           "method"}
    if unknown:
        raise EventError(f"unknown claim field(s) {', '.join(sorted(unknown))}", file=source, line=line)
    tpn = _player(item, event, source, line)
    code = _need(item, "code", source, line).upper()
    try:
        if code not in ("RANK", "PRIZE"):
            code = str(parse_code(code))
        ordering = tuple(str(c) for c in parse_codes(item["ordering"])) if item.get("ordering") else ()
        preset = item.get("preset") or None
        if preset:
            get_preset(preset)
        rules = item.get("rules") or (get_preset(preset).rules if preset else "fide")
        rule_set(rules)
    except EventError as exc:
        raise EventError(exc.message, file=source, line=line) from None
    if code == "RANK" and not (preset or ordering):
        raise EventError("a RANK claim needs preset= or ordering=", file=source, line=line)
    raw = _need(item, "value", source, line)
    try:
        value = None if raw.lower() == "none" else parse_number(raw)
    except (ValueError, ZeroDivisionError):
        raise EventError(f"value must be a number like 9, 10½ or 10.5, not {raw!r}", file=source, line=line) from None
    rnd = _int(item["round"], "round", source, line) if item.get("round") else None
    if rnd is not None and not 1 <= rnd <= event.rounds:
        raise EventError(f"round {rnd} is outside the event's rounds 1..{event.rounds}", file=source, line=line)
    prizes = _prizes(item.get("prizes", ""), source, line)
    if code == "PRIZE" and not prizes:
        raise EventError("a PRIZE claim needs prizes=1st:300,2nd:200,...", file=source, line=line)
    return Claim(tpn, code, value, rules, preset, ordering, rnd, _options(item.get("options", ""), source, line),
                 line, prizes, item.get("method") or "uscf")


def _prizes(text: str, source: str, line: int) -> tuple[tuple[str, Fraction, int | None], ...]:
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        bits = [b.strip() for b in part.split(":")]
        try:
            if len(bits) not in (2, 3) or not bits[0]:
                raise ValueError
            out.append((bits[0], parse_number(bits[1]), int(bits[2]) if len(bits) == 3 else None))
        except (ValueError, ZeroDivisionError):
            raise EventError(f"a prize is name:dollars or name:dollars:max_rating, not {part!r}", file=source,
                             line=line) from None
    return tuple(out)


def _try(item: dict[str, str], source: str, line: int, event: Event) -> Try:
    tpn = _player(item, event, source, line)
    rnd = _int(_need(item, "round", source, line), "round", source, line)
    if not 1 <= rnd <= event.rounds:
        raise EventError(f"round {rnd} is outside the event's rounds 1..{event.rounds}", file=source, line=line)
    also = []
    for part in filter(None, (p.strip() for p in item.get("also", "").split(","))):
        bits = part.split(":")
        if len(bits) != 3:
            raise EventError(f"also= takes player:round:result items, not {part!r}", file=source, line=line)
        also.append((_int(bits[0], "player", source, line), _int(bits[1], "round", source, line), bits[2].strip()))
    t = Try(_need(item, "label", source, line), tpn, rnd, _need(item, "result", source, line), tuple(also), line)
    try:
        apply_try(event, t)
    except EventError as exc:
        raise EventError(f"this change does not give a valid event: {exc}", file=source, line=line) from None
    return t


def _highlight(item: dict[str, str], source: str, line: int, event: Event, default_rules: str) -> Highlight:
    tpn = _player(item, event, source, line)
    try:
        code = str(parse_code(_need(item, "code", source, line)))
        rules = item.get("rules") or default_rules
        rule_set(rules)
    except EventError as exc:
        raise EventError(exc.message, file=source, line=line) from None
    rounds = tuple(_int(r.strip(), "round", source, line) for r in item.get("rounds", "").split(",") if r.strip())
    return Highlight(tpn, code, rules, rounds, line)


# -- claims against the engine ----------------------------------------------------------------------

def claim_value(event: Event, claim: Claim) -> Number | None:
    """What the engine computes for the claim (the number the narrative must state)."""
    opts = claim.opts
    if claim.code == "PRIZE":
        return prize_value(event, claim)
    if claim.code == "RANK":
        crits = get_preset(claim.preset).criteria if claim.preset else [parse_code(c) for c in claim.ordering]
        return standings(event, crits, claim.rules, opts).row(claim.player).rank
    crit = parse_code(claim.code)
    if crit.info.group_dependent:
        order = [parse_code(c) for c in claim.ordering]
        if not any(str(c) == str(crit) for c in order):
            order.append(crit)
        return standings(event, order, claim.rules, opts).row(claim.player).values[str(crit)]
    return explain(event, claim.player, crit, claim.rules, opts).value


def prize_value(event: Event, claim: Claim) -> Fraction:
    """The dollars :func:`engine.prizes.split.distribute` gives the claim's player (exact, before rounding)."""
    from engine.prizes.prize_list import Prize
    from engine.prizes.split import distribute
    crits = get_preset(claim.preset).criteria if claim.preset else [parse_code(c) for c in claim.ordering]
    st = standings(event, crits, claim.rules, claim.opts)
    prizes, place = [], 0
    for name, dollars, max_rating in claim.prizes:
        cents = int(dollars * 100)
        if max_rating is None:
            place += 1
            prizes.append(Prize(name, cents, place=place))
        else:
            prizes.append(Prize(name, cents, kind="class", rating_max=max_rating))
    d = distribute(st, event, prizes, claim.method)
    return Fraction(d.exact(claim.player)) / 100


def check_claims(scenario: Scenario) -> list[tuple[Claim, Number | None, bool]]:
    """Every claim with the engine's value and whether they agree."""
    out = []
    for c in scenario.claims:
        actual = claim_value(scenario.event, c)
        same = actual == c.value if actual is None or c.value is None else Fraction(actual) == Fraction(c.value)
        out.append((c, actual, same))
    return out


# -- "try this" -------------------------------------------------------------------------------------

def _set(entries: dict[int, list[Entry]], event: Event, tpn: int, rnd: int, token: str) -> None:
    e = parse_notation(token, "try", tpn, rnd, pab_points=event.pab_points)
    if tpn not in entries:
        raise EventError(f"there is no player {tpn}")
    entries[tpn][rnd - 1] = e
    if e.kind.has_opponent:
        if e.opponent not in entries:
            raise EventError(f"there is no player {e.opponent}")
        colour = {"W": "B", "B": "W"}.get(e.colour or "")
        if e.kind is Kind.G:
            mirror = Entry.game(tpn, colour, 1 - e.points, e.rated)
        elif e.kind is Kind.FW:
            mirror = Entry(Kind.FL, tpn, colour, Fraction(0))
        elif e.kind is Kind.SCH:
            mirror = Entry.scheduled(tpn, colour)
        else:
            mirror = Entry(Kind.FW, tpn, colour, Fraction(1))
        entries[e.opponent][rnd - 1] = mirror


def apply_try(event: Event, change: Try) -> Event:
    """A validated copy of ``event`` with the change made (the original is never touched)."""
    entries = {t: list(row) for t, row in event.entries.items()}
    _set(entries, event, change.player, change.round, change.result)
    for tpn, rnd, token in change.also:
        _set(entries, event, tpn, rnd, token)
    return event.with_entries(entries, rounds=event.rounds)


@dataclass
class Moved:
    """One player's rank and values before and after a change."""

    tpn: int
    name: str
    rank_before: int
    rank_after: int
    before: dict[str, Number | None] = field(default_factory=dict)
    after: dict[str, Number | None] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return self.rank_before != self.rank_after or self.before != self.after


def what_moved(before: Event, after: Event, codes: list[str], rules: str,
               options: Options | None = None) -> list[Moved]:
    """Every player whose rank or values changed, in the new order (points first, then ``codes``)."""
    crits = parse_codes(codes) if codes else []
    old = standings(before, crits, rules, options)
    new = standings(after, crits, rules, options)
    keys = [str(c) for c in new.criteria]
    out = []
    for row in new.rows:
        o = old.row(row.tpn)
        m = Moved(row.tpn, row.name, o.rank, row.rank, {k: o.values.get(k) for k in keys},
                  {k: row.values.get(k) for k in keys})
        if m.changed:
            out.append(m)
    return out
