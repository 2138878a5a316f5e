"""Why is A above B?  Walk the ordering criterion by criterion for two players and say it plainly.

The question behind most tie-break disputes is not "what is the order?" but "why is the other player
ahead of my child?".  :func:`compare_players` walks the ordering in use — points first, then
each criterion — with both players' values and both traces side by side, and stops at the first
criterion that separates them.  For direct encounter and head-to-head it keeps the tied group at that
point and its mini-table.  :func:`sentence` says the result in plain words, with ½ notation:

    Both scored 3½. Their Modified Medians are equal (10½). Stephan's Solkoff is 12 against David's 10½,
    mostly because David's half-point bye counts as an opponent on 0.

The "mostly because" part compares the two traces' rows: when the gap comes from a round the rule set
adjusts (the player's own bye, forfeit or absence counted through a zero / dummy / virtual opponent, or an
opponent whose score is adjusted for his unplayed rounds), it names that round.  Players equal on every
criterion share the place; the text then says how lots (seeded and recorded, FIDE C.07 art. 4.2) or an
Armageddon play-off (FIDE C.07 art. 3 leaves its details to the regulations) would decide.

Pure: no Streamlit, no pandas.  The words are reused by :mod:`engine.ranking.flips` for its "what would have
flipped it" sentences.

>>> from engine.core.example import fide_exercise
>>> c = compare_players(fide_exercise(), 16, 4, "MM,BH,CUM,OCUM", "uscf")
>>> c.above, c.decided_by
(16, 'BH')
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Sequence

from engine.core.codes import CODES, Criterion, parse_code
from engine.core.errors import EventError
from engine.core.exact import Number, nice
from engine.core.model import Event, Kind
from engine.core.ordering import Criteria, Ordering, ordering_of
from engine.core.rules import Options, RuleSet
from engine.core.said import num, said
from engine.core.trace import Row, Trace
from engine.core.words import counted, join_names, possessive, spoken_name
from engine.ranking.standings import Standings, skipped_rating, standings
from engine.tiebreaks.context import Context, Split
from engine.tiebreaks.encounter import group_trace, lots, mini_table

__all__ = ["REPLAY_SEED", "with_lots_seed", "Armageddon", "ARMAGEDDON", "Step", "PairComparison", "compare_players",
           "sentence", "closest_pair", "plain_name", "who"]


# -- play-off parameters (FIDE C.07 art. 3: the regulations fix them) ----------------------------------

@dataclass(frozen=True)
class Armageddon:
    """A single decisive game; a draw counts as a win for Black.  Times and colour choice are parameters."""

    white_minutes: int = 6
    black_minutes: int = 5
    colour_choice: str = "the winner of a drawing of lots chooses the colour"

    def words(self) -> str:
        return (f"an Armageddon game: White has {self.white_minutes} minutes and Black {self.black_minutes}, a "
                f"draw counts as a win for Black, and {self.colour_choice}")


#: our default where sources differ (6 against 5 minutes, or 5 against 4): 6:5, the lot winner chooses the colour
ARMAGEDDON = Armageddon()


# -- plain names for sentences -------------------------------------------------------------------------

#: the systems whose trace rows are opponents' scores (or SB products): their gaps can come from a bye
#: codes whose value adds up opponents' scores (the Buchholz family and Sonneborn-Berger, not the sum of opponents'
#: Buchholz, whose rows are Buchholz scores), read from the registry:
#: an unplayed round changes them through the score it stands for
_OPPONENT_SUMS = frozenset(c for c, info in CODES.items()
                           if info.family in ("buchholz", "sonneborn") and info.kind == "sum" and info.reach == 1)


def plain_name(code: str | Criterion, rules: str = "fide") -> tuple[str, str]:
    """The name a person uses, singular and plural: ``BH`` is "Solkoff" under US Chess rules, ``BH/C1``
    "Buchholz Cut-1".

    >>> plain_name("BH", "uscf"), plain_name("BH/C1")
    (('Solkoff', 'Solkoffs'), ('Buchholz Cut-1', 'Buchholz Cut-1 scores'))
    """
    crit = parse_code(code) if isinstance(code, str) else code
    if crit.code == "BH" and rules == "uscf":
        single, plural = "Solkoff{}", "Solkoffs{}"
    else:
        single, plural = crit.info.said
    suffix = ""
    if crit.cut:
        suffix += f" Cut-{crit.cut}" if crit.code != "PS" else \
            f" without the first {counted(crit.cut, 'round')}"
    if crit.median:
        suffix += f" Median-{crit.median}"
    extras = crit.variant_words()
    if extras:
        suffix += f" ({', '.join(extras)})"
    return single.format(suffix), plural.format(suffix)


def who(event: Event, tpn: int) -> str:
    """A player as the sentences name them: the name as it reads in a sentence (``Andrey Ivanov`` for a file's
    ``Ivanov, Andrey``, :func:`~engine.core.words.spoken_name`), or ``#12`` when there is none."""
    name = spoken_name(event.player(tpn).name.strip())
    return name or f"#{tpn}"


def _signed(x: Number) -> str:
    return ("+" if x > 0 else "") + nice(x)


# -- the comparison ------------------------------------------------------------------------------------

@dataclass
class Step:
    """One criterion of the walk, with both players' values and working."""

    code: str
    single: str                    # "Solkoff"
    plural: str                    # "Solkoffs"
    higher_is_better: bool
    value_a: Number | None
    value_b: Number | None
    trace_a: Trace
    trace_b: Trace
    separates: bool
    #: a rating criterion left out because somebody is unrated (the FIDE default: FIDE C.07 art. 10)
    skipped: bool = False
    group_dependent: bool = False
    #: DE / H2H / LOTS: the players tied when the criterion was reached, its split and mini-table
    group: list[int] = field(default_factory=list)
    split: Split | None = None
    table: dict[int, dict[int, str]] | None = None


@dataclass
class PairComparison:
    """Why ``above`` stands over ``below`` (or that they share a place), criterion by criterion."""

    event: Event
    a: int
    b: int
    rules: str
    codes: list[str]                       # the ordering, PTS first
    steps: list[Step]                      # up to and including the separating one
    decided_by: str | None                 # the separating criterion; None: equal on everything
    above: int | None                      # None when they share the place
    below: int | None
    ranks: dict[int, int]
    seed: int | None = None
    #: equal on everything: the players sharing the place, and who a seeded drawing of lots puts first
    tied_group: list[int] = field(default_factory=list)
    lots_order: list[int] = field(default_factory=list)
    playoff: Armageddon = ARMAGEDDON
    #: the "mostly because ..." clause (empty when the gap is not due to an adjusted round)
    cause: str = ""
    #: the rounds the standings counted (the last with a result, or the round asked for)
    rounds: int = 0

    @property
    def tied(self) -> bool:
        return self.above is None

    @property
    def deciding(self) -> Step | None:
        return self.steps[-1] if self.steps and self.steps[-1].separates else None

    def name(self, tpn: int) -> str:
        return who(self.event, tpn)


def check_pair(event: Event, a: int, b: int) -> None:
    """Two different players of the event, or an :class:`EventError` in plain words (every question about
    a pair asks this first)."""
    if a == b:
        raise EventError(said("choose two different players to compare"))
    for t in (a, b):
        if t not in event.entries:
            raise EventError(said("there is no player with pairing number {tpn}", tpn=t))


#: the seed of a drawing of lots when none is given: the answer, its flips and its card must all draw the
#: same lots on every run (FIDE C.07 art. 4.2: a drawing of lots is recorded so that it can be replayed)
REPLAY_SEED = 0


def with_lots_seed(ordering: Ordering) -> Ordering:
    """The ordering with its drawing of lots seeded once: its own seed when it has one, else
    :data:`REPLAY_SEED`.  Everything that explains one order (the answer, the flips) starts from this, so
    that a drawing of lots cannot come out one way in the answer and another in the flips."""
    if ordering.options.seed is not None or not any(c.code == "LOTS" for c in ordering.criteria):
        return ordering
    return ordering.with_options(replace(ordering.options, seed=REPLAY_SEED))


def compare_players(event: Event, a: int, b: int, ordering: Ordering | Criteria,
                    rules: RuleSet | str | None = None, options: Options | None = None, *,
                    table: Standings | None = None, playoff: Armageddon = ARMAGEDDON) -> PairComparison:
    """Walk the ordering for players ``a`` and ``b``; stop at the first criterion that separates them.

    ``table`` may pass standings already computed for the same event and ordering (the app caches them);
    otherwise they are computed here.  Group-dependent criteria (DE, H2H, LOTS) use the tied group the
    standings had at that point.
    """
    check_pair(event, a, b)
    st = table if table is not None else standings(event, with_lots_seed(ordering_of(ordering, rules, options)))
    ctx = st.context
    assert ctx is not None
    ranks = {a: st.row(a).rank, b: st.row(b).rank}
    first, second = (a, b) if st.position(a) < st.position(b) else (b, a)
    steps: list[Step] = []
    decided: str | None = None
    for crit in st.criteria:
        step = _step(ctx, st, crit, a, b)
        steps.append(step)
        if step.separates:
            decided = step.code
            break
    sep_above = first if decided else None
    cmp = PairComparison(event, a, b, ctx.rules.name, [str(c) for c in st.criteria], steps, decided,
                     sep_above, second if decided else None, ranks, seed=st.seed, playoff=playoff,
                     rounds=st.round)
    if decided is None:
        cmp.tied_group = sorted(r.tpn for r in st.rows if r.rank == ranks[a])
        seed = st.seed if st.seed is not None else (ctx.options.seed or 0)
        cmp.seed = seed
        cmp.lots_order = [c[0] for c in lots(seed, cmp.tied_group).classes]
    else:
        cmp.cause = _cause(ctx, cmp)
    return cmp


def _step(ctx: Context, st: Standings, crit: Criterion, a: int, b: int) -> Step:
    code = str(crit)
    single, plural = plain_name(crit, ctx.rules.name)
    va, vb = st.row(a).values.get(code), st.row(b).values.get(code)
    if crit.info.group_dependent:
        group = st.groups.get(code, {}).get(a, [a, b])
        split = st.splits.get(code, {}).get(a, Split([sorted(group)]))
        ta = group_trace(ctx, crit, a, group, split, va if isinstance(va, int) else None, st.seed)
        tb = group_trace(ctx, crit, b, group, split, vb if isinstance(vb, int) else None, st.seed)
        class_of = {t: i for i, c in enumerate(split.classes) for t in c}
        separates = class_of.get(a) != class_of.get(b)
        table = mini_table(ctx, sorted(group)) if crit.code != "LOTS" else None
        return Step(code, single, plural, crit.higher_is_better, va, vb, ta, tb, separates,
                    group_dependent=True, group=sorted(group), split=split, table=table)
    skip = skipped_rating(ctx, crit)
    ta, tb = ctx.result(crit, a).trace, ctx.result(crit, b).trace
    return Step(code, single, plural, crit.higher_is_better, va, vb, ta, tb, separates=(not skip and va != vb),
                skipped=skip)


def closest_pair(st: Standings) -> tuple[int, int] | None:
    """Two neighbours on the same points whose order was decided latest in the ordering (a shared place
    counts as latest of all): the pair a parent is most likely to ask about.  Without such a pair, the
    top two; None with fewer than two players."""
    if len(st.rows) < 2:
        return None
    codes = [str(c) for c in st.criteria]
    best: tuple[int, int] | None = None
    best_depth = 0
    for sep in st.separated_by:
        depth = len(codes) if sep.criterion is None else codes.index(sep.criterion)
        if depth > best_depth:
            best, best_depth = (sep.above, sep.below), depth
    return best or (st.rows[0].tpn, st.rows[1].tpn)


# -- "mostly because": which adjusted round made the gap ------------------------------------------------

def _real_score(ctx: Context, tpn: int) -> Fraction:
    return ctx.score(tpn)


def _own_unplayed(row: Row) -> bool:
    """The player's own bye, absence or forfeit, counted through a zero / dummy / virtual opponent (a
    forfeit that counts as a game against the scheduled opponent is an ordinary row)."""
    if row.opponent is None:
        return True
    return row.kind in (Kind.FW.value, Kind.FL.value) and "the forfeit counts as a game against them" not in row.note


def _row_phrase(ctx: Context, tpn: int, row: Row, model: str) -> str:
    """``David's half-point bye counts as an opponent on 0`` — one special row in words (a record: the app
    writes it in the reader's language)."""
    name = who(ctx.event, tpn)
    kind = Kind(row.kind).description if row.kind in Kind.__members__ else row.kind
    value = num(row.value)
    if _own_unplayed(row):
        if model == "zero":
            return said("{name}'s {kind} counts as an opponent on {value}", name=name, kind=kind, value=value)
        if model == "dummy":
            return said("{name}'s {kind} counts as a game against a dummy opponent on {value}", name=name, kind=kind,
                        value=value)
        if model in ("virtual", "lichess"):
            return said("{name}'s {kind} counts as a virtual opponent on {value}", name=name, kind=kind, value=value)
        return said("{name}'s {kind} counts {value}", name=name, kind=kind, value=value)
    opp = row.opponent
    assert opp is not None
    return said("{name}'s opponent {other} counts as {value} instead of the {real} {other} really scored (adjusted "
                "for unplayed rounds)", name=name, other=who(ctx.event, opp), value=value,
                real=num(_real_score(ctx, opp)))


def _special_effects(ctx: Context, code: str, tpn: int, trace: Trace, winner: bool) -> list[tuple[Fraction, str]]:
    """Kept rows the rule set adjusts, each with how much it helped (winner) or hurt (loser) the player."""
    kept = trace.kept()
    base = parse_code(code).code
    played = [Fraction(r.value) for r in kept if r.value is not None and not _own_unplayed(r)]
    typical = sum(played, Fraction(0)) / len(played) if played else Fraction(0)
    model = ctx.rules.own_model
    out: list[tuple[Fraction, str]] = []
    for row in kept:
        value = Fraction(row.value) if row.value is not None else Fraction(0)
        if _own_unplayed(row):
            effect = (value - typical) if winner else (typical - value)
        elif base != "SB" and row.opponent is not None and value != _real_score(ctx, row.opponent):
            real = _real_score(ctx, row.opponent)
            effect = (value - real) if winner else (real - value)
        else:
            continue
        if effect > 0:
            out.append((effect, _row_phrase(ctx, tpn, row, model)))
    return out


def _cause(ctx: Context, cmp: PairComparison) -> str:
    step = cmp.deciding
    if step is None or step.group_dependent or parse_code(step.code).code not in _OPPONENT_SUMS:
        return ""
    if step.value_a is None or step.value_b is None or cmp.above is None or cmp.below is None:
        return ""
    gap = abs(Fraction(step.value_a) - Fraction(step.value_b))
    if gap == 0:
        return ""
    up, down = (step.trace_a, step.trace_b) if cmp.above == cmp.a else (step.trace_b, step.trace_a)
    effects = (_special_effects(ctx, step.code, cmp.below, down, winner=False)
               + _special_effects(ctx, step.code, cmp.above, up, winner=True))
    if not effects:
        return ""
    effect, phrase = max(effects, key=lambda e: e[0])
    return said("mostly because {phrase}", phrase=phrase) if effect * 2 >= gap else \
        said("partly because {phrase}", phrase=phrase)


# -- the sentence -------------------------------------------------------------------------------------

def equal_clause(single: str, plural: str, code: str, value: Number | None, skipped: bool = False) -> str:
    """``Their Modified Medians are equal (10½).``"""
    if skipped:
        return f"The {single} is not used (somebody is unrated and no substitute rating is set)."
    if code == "PTS":
        return f"Both scored {nice(value)}."
    if value is None:
        return f"Neither has a {single}."
    return f"Their {plural} are equal ({nice(value)})."


def separate_clause(single: str, code: str, higher_is_better: bool, above_name: str, below_name: str,
                    v_above: Number | None, v_below: Number | None, would: bool = False) -> str:
    """``Stephan's Solkoff is 12 against David's 10½`` (no full stop: a cause may follow)."""
    if code == "PTS":
        verb = "would score" if would else "scored"
        return f"{above_name} {verb} {nice(v_above)} against {possessive(below_name)} {nice(v_below)}"
    verb = "would be" if would else "is"
    if v_below is None:
        return f"{possessive(above_name)} {single} {verb} {nice(v_above)}; {below_name} has none"
    lower = "" if higher_is_better else " (lower is better)"
    return f"{possessive(above_name)} {single} {verb} {nice(v_above)} against {possessive(below_name)} " \
           f"{nice(v_below)}{lower}"


def group_clause(event: Event, code: str, group: Sequence[int], split: Split | None, above: int, below: int,
                 seed: int | None, would: bool = False) -> str:
    """How DE / H2H / LOTS put ``above`` over ``below`` inside the tied group (no full stop)."""
    base = parse_code(code).code
    members = join_names([who(event, t) for t in group])
    an, bn = who(event, above), who(event, below)
    verb = "would put" if would else "puts"
    if base == "LOTS":
        return f"the drawing of lots (seed {seed}) among {members} {verb} {an} above {bn}"
    numbers: dict[int, tuple[Fraction, Fraction | None]] = {}
    for g, nums in (split.passes if split else []):
        if above in g and below in g:
            numbers = nums
    if not numbers:
        return f"{'head-to-head' if base == 'H2H' else 'direct encounter'} {verb} {an} above {bn}"
    sa, ma = numbers[above]
    sb, mb = numbers[below]
    if base == "H2H":
        return (f"in the games among the players tied at that point ({members}), {an} is {_signed(sa)} "
                f"(wins minus losses) against {possessive(bn)} {_signed(sb)}, so head-to-head {verb} {an} above")
    if mb is None:
        return (f"in the games among the players tied at that point ({members}), {an} scored {nice(sa)} "
                f"against {possessive(bn)} {nice(sb)}, so direct encounter {verb} {an} above")
    return (f"in the games among the players tied at that point ({members}), {an} scored {nice(sa)}, more than "
            f"{bn} could have had even winning every missing game ({nice(mb)}), so direct encounter {verb} "
            f"{an} above")


def group_tied_clause(event: Event, code: str, group: Sequence[int], a: int, b: int) -> str:
    """``Direct encounter does not separate them (their game was drawn).``"""
    base = parse_code(code).code
    label = {"H2H": "Head-to-head", "LOTS": "The drawing of lots"}.get(base, "Direct encounter")
    games = [e for e in event.entries[a] if e.opponent == b and e.played]
    if not games:
        why = "they did not play each other"
    else:
        mine = sum((e.points for e in games), Fraction(0))
        if mine * 2 == len(games):
            why = "their game was drawn" if len(games) == 1 else "they scored equally against each other"
        else:
            winner, loser = (a, b) if mine * 2 > len(games) else (b, a)
            why = (f"{possessive(who(event, winner))} win over {who(event, loser)} is not enough while not "
                   "everybody tied has met")
    if len(group) > 2:
        why += f"; tied at that point: {join_names([who(event, t) for t in group])}"
    return f"{label} does not separate them ({why})."




def sentence(cmp: PairComparison) -> str:
    """The whole answer in plain words, one clause per criterion walked."""
    event = cmp.event
    parts: list[str] = []
    for step in cmp.steps:
        if not step.separates:
            if step.group_dependent:
                parts.append(group_tied_clause(event, step.code, step.group, cmp.a, cmp.b))
            else:
                parts.append(equal_clause(step.single, step.plural, step.code, step.value_a, step.skipped))
            continue
        assert cmp.above is not None and cmp.below is not None
        if step.group_dependent:
            text = group_clause(event, step.code, step.group, step.split, cmp.above, cmp.below, cmp.seed)
            parts.append(text[0].upper() + text[1:] + ".")
            continue
        v_above = step.value_a if cmp.above == cmp.a else step.value_b
        v_below = step.value_b if cmp.above == cmp.a else step.value_a
        text = separate_clause(step.single, step.code, step.higher_is_better, who(event, cmp.above),
                               who(event, cmp.below), v_above, v_below)
        if cmp.cause:
            text += ", " + cmp.cause
        parts.append(text + ".")
    if cmp.tied:
        parts.append(tied_text(cmp))
    return " ".join(parts)


def tied_text(cmp: PairComparison) -> str:
    """Equal on everything: the shared place, and how lots or a play-off would decide (FIDE C.07 art. 3 and 4.2)."""
    event = cmp.event
    rank = cmp.ranks[cmp.a]
    sharing = len(cmp.tied_group)
    place = f"place {rank}" if sharing == 1 else f"places {rank}–{rank + sharing - 1}"
    first = next((t for t in cmp.lots_order if t in (cmp.a, cmp.b)), None)
    lots_words = (f" (with seed {cmp.seed} the draw puts {who(event, first)} first; add the drawing of lots to "
                  "the ordering)"
                  if first is not None else "")
    return (f"They are equal on every criterion of this ordering, so they share {place}. "
            f"If one of them must be placed higher, draw lots{lots_words} or play off with "
            f"{cmp.playoff.words()} (FIDE C.07 art. 3 and 4.2; US Chess rule 34E names lots last).")
