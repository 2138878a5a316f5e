"""Exercises in the style of FIDE's tie-break training material, generated from any event.

FIDE's arbiters train on one crosstable with "compute X for player n" questions and worked answers.
:func:`generate` makes as many as wanted from whatever event is loaded, deterministically by seed
(a trainer gives a whole class the same seed and so the same set), and :func:`check` marks an answer
exactly: ``3½``, ``3.5``, ``7/2`` and ``3 1/2`` are the same number; an ordering may be written
``3, 1, 16, 4`` or ``#3 #1 #16 #4``.  The hints are the engine's own trace, one step at a time, and
the full working is :func:`engine.core.render.trace_text` — no rule is re-worded here.

>>> from engine.events.generator import generate_event
>>> ex = generate(generate_event(10, 5, seed=2), seed=7, count=2, kinds=["value"])
>>> [e.kind for e in ex], check(ex[0], str(ex[0].answer))[0]
(['value', 'value'], True)
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence, Union

from engine.core.codes import CODES, parse_code
from engine.core.errors import EventError
from engine.core.exact import Number, nice, parse_number
from engine.core.model import Event
from engine.core.presets import PRESETS
from engine.core.render import KIND_WORDS, trace_text
from engine.core.rules import RULE_SETS
from engine.core.said import Said, num, said
from engine.core.trace import Row
from engine.core.words import ordinal
from engine.prizes.money import money, shown_cents
from engine.prizes.prize_list import Prize
from engine.prizes.split import distribute
from engine.ranking.standings import Standings, StandingsRow, explain, standings

KINDS = ("value", "order", "separator", "prize")
KIND_LABELS = {"value": "Compute a value", "order": "Order a tied group", "separator": "Which criterion separated?",
               "prize": "Share the prize fund"}

#: the systems asked about under each rule set (the ones a TD computes by hand)
VALUE_CODES = {
    "uscf": ("BH", "MED", "MM", "CUM", "OCUM", "SB", "KASH"),
    "fide": ("BH", "BH/C1", "BH/M1", "SB", "PS", "FB", "WIN", "WON", "BPG", "REP", "ARO"),
}
ORDER_CODES = {"uscf": ("MM", "BH", "CUM", "SB", "KASH", "MED"), "fide": ("BH/C1", "BH", "SB", "PS", "WIN", "ARO/C1")}
SEPARATOR_PRESETS = ("uscf", "fide-swiss", "washington", "puddletown")
#: prize funds a trainer might meet, biggest prize first
PRIZE_FUNDS = ((300, 200, 100, 60), (500, 300, 200, 100, 50), (1000, 500, 350, 200, 150, 100),
               (400, 250, 150), (300, 150))

Groups = tuple[tuple[int, ...], ...]
#: the standings already computed for a set of exercises, by (codes, rules)
StandingsCache = dict[tuple[object, ...], Standings]
Answer = Union[Fraction, Groups, str, None]


@dataclass(frozen=True)
class Exercise:
    """One question, its exact answer, the hints (one trace step each) and the full working.

    The fields after ``working`` say exactly what was asked, so a test (or a trainer) can recompute
    the answer through the engine's public API.  Each hint is a :class:`~engine.core.said.Said` record (its
    English text, and the template another language writes it from); ``table`` is the working of an ordering
    or a separator question as cells (the heading row first: words as records, codes as they are; values as
    :func:`~engine.core.said.num`), for a reader in another language; ``places`` are the places a prize
    question's tied group occupies.
    """

    kind: str
    prompt: str
    answer: Answer
    hints: tuple[str, ...]
    working: str
    rules: str = "fide"
    player: int | None = None
    code: str | None = None
    codes: tuple[str, ...] = ()
    group: tuple[int, ...] = ()
    pair: tuple[int, int] | None = None
    preset: str | None = None
    prizes: tuple[int, ...] = ()
    #: the tied group's points (an ordering or a prize question names them)
    points: Number | None = None
    table: tuple[tuple[str, ...], ...] = ()
    places: tuple[int, int] | None = None

    @property
    def answer_text(self) -> str:
        """The answer as a person writes it: ``10½``, ``#3, #1, (#16 = #4)``, ``MM``, ``$162.50``."""
        return answer_text(self)


def answer_text(ex: Exercise) -> str:
    if ex.kind == "order":
        assert isinstance(ex.answer, tuple)
        return ", ".join(f"#{g[0]}" if len(g) == 1 else "(" + " = ".join(f"#{t}" for t in g) + ")"
                         for g in ex.answer)
    if ex.kind == "separator" or isinstance(ex.answer, str):
        return "none (a shared place)" if ex.answer == "none" else str(ex.answer)
    assert not isinstance(ex.answer, tuple)      # only an ordering's answer is groups
    if ex.kind == "prize" and ex.answer is not None:
        return money(ex.answer)                  # a prize answer is in cents
    return nice(ex.answer) if ex.answer is not None else "none"


# -- generation --------------------------------------------------------------------------------------

def generate(event: Event, seed: int, count: int = 10, kinds: Sequence[str] = KINDS) -> list[Exercise]:
    """``count`` exercises about ``event``, the same for the same event, seed, count and kinds.

    Kinds are taken in turn; a kind that the event cannot support (no tied group, say) is skipped for
    another.  Questions do not repeat within a set while fresh ones can be found.
    """
    kinds = [k for k in kinds if k in KINDS]
    if not kinds:
        raise EventError(said("choose at least one exercise kind: {kinds}", kinds=", ".join(KINDS)))
    if count < 1:
        return []
    rng = random.Random(seed)
    cache: StandingsCache = {}
    out: list[Exercise] = []
    seen: set[str] = set()
    makers = {"value": _value, "order": _order, "separator": _separator, "prize": _prize}
    attempts = 0
    i = 0
    while len(out) < count and attempts < count * 12:
        attempts += 1
        kind = kinds[i % len(kinds)]
        i += 1
        ex = makers[kind](event, rng, cache)
        if ex is None or ex.prompt in seen:
            continue
        seen.add(ex.prompt)
        out.append(ex)
    return out


def _standings(event: Event, codes: tuple[str, ...], rules: str, cache: StandingsCache) -> Standings:
    key = (codes, rules)
    if key not in cache:
        cache[key] = standings(event, [parse_code(c) for c in codes], rules)
    return cache[key]


def _who(event: Event, tpn: int) -> str:
    name = event.player(tpn).name
    return f"#{tpn} {name}".strip()


def _code_words(code: str) -> str:
    return f"{parse_code(code).label} [{code}]"


def _row_hint(row: Row) -> Said:
    """One trace row as a hint sentence (a whole sentence for each case: with a note, dropped, both)."""
    kind = KIND_WORDS.get(row.kind, row.kind)
    what: str = kind if row.opponent is None else said("opponent #{opponent}", opponent=row.opponent) \
        if row.kind == "G" else said("opponent #{opponent} ({kind})", opponent=row.opponent, kind=kind)
    value = num(row.value) if row.value is not None else said("nothing")
    fields = {"round": row.round, "what": what, "value": value}
    reason = row.drop_reason or said("cut")
    if row.note and row.dropped:
        return said("Round {round}, {what}: counts {value} — {note} — dropped ({reason})", **fields,
                    note=row.note, reason=reason)
    if row.note:
        return said("Round {round}, {what}: counts {value} — {note}", **fields, note=row.note)
    if row.dropped:
        return said("Round {round}, {what}: counts {value} — dropped ({reason})", **fields, reason=reason)
    return said("Round {round}, {what}: counts {value}", **fields)


def _value(event: Event, rng: random.Random, cache: StandingsCache) -> Exercise | None:
    rules = rng.choice(("uscf", "fide"))
    codes = [c for c in VALUE_CODES[rules] if not (parse_code(c).info.rating_based and not event.rated_everyone())]
    code = rng.choice(codes)
    tpn = rng.choice(event.tpns)
    res = explain(event, tpn, code, rules)
    if res.value is None:
        return None
    hints = tuple(_row_hint(r) for r in res.trace.rows) + tuple(res.trace.steps)
    prompt = (f"Compute {_code_words(code)} for {_who(event, tpn)} under {RULE_SETS[rules].short} rules.")
    return Exercise("value", prompt, Fraction(res.value), hints, trace_text(res, event.player(tpn).name), rules,
                    player=tpn, code=code)


def _points(row: StandingsRow) -> Number:
    """A standings row's points (every player has points)."""
    pts = row.values["PTS"]
    assert pts is not None
    return pts


def _tied_groups(st: Standings, minimum: int = 2) -> list[list[int]]:
    by: dict[Number, list[int]] = {}
    for r in st.rows:
        by.setdefault(_points(r), []).append(r.tpn)
    return [g for g in by.values() if len(g) >= minimum]


def _order(event: Event, rng: random.Random, cache: StandingsCache) -> Exercise | None:
    rules = rng.choice(("uscf", "fide"))
    pool = [c for c in ORDER_CODES[rules] if not (parse_code(c).info.rating_based and not event.rated_everyone())]
    first, second = rng.sample(pool, 2)
    st = _standings(event, (first, second), rules, cache)
    groups = _tied_groups(st)
    if not groups:
        return None
    group = rng.choice(groups)
    rows = [r for r in st.rows if r.tpn in group]
    answer: list[tuple[int, ...]] = []
    for r in rows:
        if answer and st.row(answer[-1][0]).rank == r.rank:
            answer[-1] = answer[-1] + (r.tpn,)
        else:
            answer.append((r.tpn,))
    pts = nice(rows[0].values["PTS"])
    members = ", ".join(f"#{t}" for t in sorted(group))
    prompt = (f"Order the players tied on {pts} points ({members}) by {_code_words(first)}, then "
              f"{_code_words(second)}, under {RULE_SETS[rules].short} rules. Write players still tied in any order.")
    hints = []
    for code in (first, second):
        for tpn in sorted(group):
            hints.append(said("{player}: {code} = {value}", player=_who(event, tpn), code=code,
                              value=num(st.row(tpn).values[code])))
    working = "\n".join([f"{'#':>4}  {'name':<20} {first:>8} {second:>8}  rank"] +
                        [f"{r.tpn:>4}  {r.name[:20]:<20} {_show(r.values[first]):>8} {_show(r.values[second]):>8}"
                         f"  {r.rank}" for r in rows])
    table = (("#", said("name"), first, second, said("rank")),) + tuple(
        (str(r.tpn), r.name, num(r.values[first]), num(r.values[second]), str(r.rank)) for r in rows)
    return Exercise("order", prompt, tuple(answer), tuple(hints), working, rules, codes=(first, second),
                    group=tuple(sorted(group)), points=rows[0].values["PTS"], table=table)


def _show(v: Number | None) -> str:
    return nice(v) if v is not None else "–"


def _separator(event: Event, rng: random.Random, cache: StandingsCache) -> Exercise | None:
    name = rng.choice(SEPARATOR_PRESETS)
    preset = PRESETS[name]
    st = _standings(event, preset.codes, preset.rules, cache)
    pairs = [s for s in st.separated_by if s.criterion != "PTS"]
    if not pairs:
        return None
    sep = rng.choice(pairs)
    a, b = st.row(sep.above), st.row(sep.below)
    order = ", ".join(preset.codes)
    prompt = (f"In the {preset.label} order (points, then {order}; {RULE_SETS[preset.rules].short} rules), "
              f"{_who(event, a.tpn)} is listed just above {_who(event, b.tpn)}. Which criterion separated them? "
              f"Answer with its code or name, or 'none' if they share the place.")
    hints: list[Said] = []
    working = [f"{'criterion':<10} {'#' + str(a.tpn):>8} {'#' + str(b.tpn):>8}"]
    table: list[tuple[str, ...]] = [(said("criterion"), f"#{a.tpn}", f"#{b.tpn}")]
    for c in st.criteria:
        code = str(c)
        va, vb = a.values.get(code), b.values.get(code)
        fields = {"code": code, "a": a.tpn, "b": b.tpn, "va": num(va), "vb": num(vb)}
        if c.info.group_dependent:
            hints.append(said("{code}: #{a} {va}, #{b} {vb} (places inside the tied group) — different", **fields)
                         if va != vb else
                         said("{code}: #{a} {va}, #{b} {vb} (places inside the tied group) — equal", **fields))
        else:
            hints.append(said("{code}: #{a} {va}, #{b} {vb} — different", **fields) if va != vb else
                         said("{code}: #{a} {va}, #{b} {vb} — equal", **fields))
        working.append(f"{code:<10} {_show(va):>8} {_show(vb):>8}")
        table.append((code, num(va), num(vb)))
        if code == sep.criterion:
            break
    answer = sep.criterion or "none"
    return Exercise("separator", prompt, answer, tuple(hints), "\n".join(working), preset.rules,
                    pair=(a.tpn, b.tpn), preset=name, codes=tuple(preset.codes), table=tuple(table))


def _prize(event: Event, rng: random.Random, cache: StandingsCache) -> Exercise | None:
    fund = rng.choice(PRIZE_FUNDS)
    st = _standings(event, (), "uscf", cache)
    places: dict[Number, list[int]] = {}
    position = 0
    starts: dict[Number, int] = {}
    for r in st.rows:
        pts = _points(r)
        if pts not in places:
            starts[pts] = position + 1
            places[pts] = []
        places[pts].append(r.tpn)
        position += 1
    candidates = [(pts, g) for pts, g in places.items() if len(g) >= 2 and starts[pts] <= len(fund)]
    if not candidates:
        return None
    pts, group = rng.choice(candidates)
    first = starts[pts]
    shared = [fund[p - 1] for p in range(first, first + len(group)) if p <= len(fund)]
    share = _engine_share(event, st, fund, group[0])
    prizes = ", ".join(f"{ordinal(i)} ${p}" for i, p in enumerate(fund, start=1))
    prompt = (f"Prize fund: {prizes}. Cash prizes are shared equally among tied players (US Chess 32B2, no class "
              f"prizes). How much does each of the players tied on {nice(pts)} points get?")
    last = first + len(group) - 1
    hints = (f"{len(group)} players are tied on {nice(pts)}: they occupy places {first}–{last}.",
             f"The prizes for those places: {' + '.join(f'${p}' for p in shared) or 'none'} = ${sum(shared)}"
             + (" (places beyond the prize list pay nothing)" if last > len(fund) else "") + ".",
             f"Shared equally: ${sum(shared)} ÷ {len(group)} = {money(share)} each.")
    return Exercise("prize", prompt, share, hints, "\n".join(hints), "uscf", group=tuple(sorted(group)),
                    prizes=tuple(fund), points=pts, places=(first, last))


def _engine_share(event: Event, st: Standings, fund: Sequence[int], tpn: int) -> Fraction:
    """What :func:`engine.prizes.split.distribute` (US Chess 32B, place prizes only) gives ``tpn``, in cents
    (the fund is in whole dollars)."""
    prizes = [Prize(ordinal(i), amount * 100, place=i) for i, amount in enumerate(fund, start=1)]
    return Fraction(distribute(st, event, prizes, "uscf").exact(tpn))


# -- checking ----------------------------------------------------------------------------------------

_NONE_WORDS = {"none", "no", "nothing", "shared", "shared place", "tie", "tied", "-", "–"}


def _name_index() -> dict[str, str]:
    """Lower-case names of every code, and their parts ("Buchholz (Solkoff)" gives both words)."""
    out: dict[str, str] = {}
    for code, info in CODES.items():
        out[info.name.lower()] = code
        for part in re.split(r"[()]", info.name):
            if part.strip():
                out.setdefault(part.strip().lower(), code)
    out.update({"solkoff": "BH", "buchholz": "BH", "neustadtl": "SB", "sonneborn-berger": "SB",
                "sonneborn berger": "SB", "cumulative": "CUM", "progressive": "PS", "median": "MED",
                "harkness": "MED", "head-to-head": "H2H", "head to head": "H2H", "kashdan": "KASH",
                "koya": "KS", "direct encounter": "DE", "points": "PTS", "most wins": "WIN",
                "opposition cumulative": "OCUM", "cumulative of opposition": "OCUM"})
    return out


def parse_ordering(text: str) -> list[int]:
    """``3, 1, 16, 4`` or ``#3 #1 #16 #4`` -> [3, 1, 16, 4]."""
    return [int(t) for t in re.findall(r"[0-9]+", text)]


def typed_cents(text: str) -> Fraction:
    """An amount of dollars typed as an answer, exactly, in cents: ``$162.50`` -> 16250, ``266 2/3`` -> 80000/3.

    Unlike :func:`engine.prizes.money.parse_money` (a prize list, whole cents) a learner may write an exact
    share as a fraction."""
    return parse_number(text.replace("≈", "").replace("$", "").replace("€", "").replace(",", "").strip()) * 100


#: what a marked answer says, by kind, in English (the app writes the same verdicts in the reader's language);
#: ``{text}`` is the answer as typed (quoted), ``{answer}`` the right one as :func:`answer_text` writes it
CHECK_TEXTS: dict[str, str] = {
    "empty": "Type an answer first.",
    "unreadable": "Could not read {text} as a number: write it like 10½, 10.5, 21/2 or 10 1/2.",
    "correct": "Correct: {answer}.",
    "correct_rounded": "Correct: {answer} (rounded to the cent).",
    "too_high": "Not quite: {given} is too high. Take a hint to see the next step.",
    "too_low": "Not quite: {given} is too low. Take a hint to see the next step.",
    "not_each_once": "List each tied player exactly once ({problems}).",
    "missing": "missing {players}",
    "not_in_group": "not in this group: {players}",
    "twice": "a player is listed twice",
    "comes_before": "Not quite: #{first} should come before #{second}.",
    "unknown_code": "{text} is not a tie-break code or name I know (try MM, BH/C1, Solkoff …).",
    "almost": "Almost: the criterion is {criterion} (mind the modifier).",
    "wrong_criterion": "Not quite. Take a hint: each one shows the next criterion in the order.",
}

#: a verdict: right or not, the kind of sentence (a key of :data:`CHECK_TEXTS`) and its values; a
#: ``not_each_once`` verdict's ``problems`` are (kind, values) pairs themselves
Verdict = tuple[bool, str, dict[str, Any]]


def check(ex: Exercise, text: str) -> tuple[bool, str]:
    """Mark an answer: (correct, feedback in one or two sentences, in English)."""
    correct, kind, values = verdict(ex, text)
    return correct, verdict_text(kind, values)


def verdict_text(kind: str, values: dict[str, Any]) -> str:
    """A verdict written out in English."""
    shown = dict(values)
    if "problems" in values:
        shown["problems"] = "; ".join(verdict_text(k, v) for k, v in values["problems"])
    return CHECK_TEXTS[kind].format(**shown)


def verdict(ex: Exercise, text: str) -> Verdict:
    """Mark an answer: (correct, the kind of feedback, its values) -- see :data:`CHECK_TEXTS`."""
    t = (text or "").strip()
    if not t:
        return False, "empty", {}
    if ex.kind == "order":
        return _check_order(ex, t)
    if ex.kind == "separator":
        return _check_separator(ex, t)
    try:
        given = typed_cents(t) if ex.kind == "prize" else parse_number(t)
    except (ValueError, ZeroDivisionError):
        return False, "unreadable", {"text": repr(t)}
    assert isinstance(ex.answer, (Fraction, int))      # a value or a prize: a number
    exact = Fraction(ex.answer)
    if given == exact:
        return True, "correct", {"answer": answer_text(ex)}
    if ex.kind == "prize" and abs(given - exact) < 1 and shown_cents(given) == shown_cents(exact):
        return True, "correct_rounded", {"answer": answer_text(ex)}
    shown = money(given).lstrip("≈") if ex.kind == "prize" else nice(given)
    return False, "too_high" if given > exact else "too_low", {"given": shown, "number": given}


def _check_order(ex: Exercise, t: str) -> Verdict:
    given = parse_ordering(t)
    group = set(ex.group)
    if sorted(given) != sorted(group):
        missing = sorted(group - set(given))
        extra = sorted(set(given) - group)
        parts: list[tuple[str, dict[str, Any]]] = []
        if missing:
            parts.append(("missing", {"players": ", ".join(f"#{m}" for m in missing)}))
        if extra:
            parts.append(("not_in_group", {"players": ", ".join(f"#{m}" for m in extra)}))
        if len(given) != len(set(given)):
            parts.append(("twice", {}))
        return False, "not_each_once", {"problems": parts}
    assert isinstance(ex.answer, tuple)          # an ordering exercise's answer is its groups
    position = {t_: i for i, g in enumerate(ex.answer) for t_ in g}
    for x, y in zip(given, given[1:]):
        if position[x] > position[y]:
            return False, "comes_before", {"first": y, "second": x}
    return True, "correct", {"answer": answer_text(ex)}


def _check_separator(ex: Exercise, t: str) -> Verdict:
    low = re.sub(r"\(.*\)", "", t).strip().lower()
    if low in _NONE_WORDS or (low.split() or [""])[0] in ("none", "shared", "tied"):
        given = "none"
    else:
        try:
            given = str(parse_code(t))
        except EventError:
            code = _name_index().get(low)
            if code is None:
                return False, "unknown_code", {"text": repr(t)}
            given = code
    if given == ex.answer:
        return True, "correct", {"answer": answer_text(ex)}
    if ex.answer != "none" and given == parse_code(str(ex.answer)).code and given != ex.answer:
        return False, "almost", {"criterion": ex.answer}
    return False, "wrong_criterion", {}

