"""The parent's answer: why one player is above another, in at most three plain sentences.

"We both have 3 points and my son beat her: why is she above him?"  A TD's answer has three parts, and
so does :func:`plain_answer`: who is above and the rule that decided it in everyday words with both
numbers; then, when the two players met, their game and why it did or did not count at that point of
this event's order; and, for a shared place, what would break it.  No tie-break codes, no notation:

    Hana is above Farid: both scored 3, and the first tie-break, the Modified Median (the total score of
    the opponents each played, leaving out the weakest), gives Hana 12½ against Farid's 11½. Farid won
    their game in round 5, but this event looks at the result between tied players only after three
    other tie-breaks.

The answer is built on :func:`engine.ranking.why_above.compare_players` (the walk through the ordering), so it
names exactly the criterion the standings used.  :class:`Answer` also carries the decision ladder (every
criterion of the ordering with both values: equal, decided or not reached) for the picture and the card,
and the key working of the deciding criterion in words.

>>> from engine.core.example import fide_exercise
>>> from engine.ranking.why_above import compare_players
>>> plain_answer(compare_players(fide_exercise(), 16, 4, "MM,BH,CUM,OCUM", "uscf")).decided_by
'BH'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from engine.core.codes import Criterion, parse_code
from engine.core.exact import Number, nice
from engine.core.model import HALF, ONE, ZERO, Event
from engine.core.render import KIND_WORDS
from engine.core.said import CodeName, Joined, Listed, num, said
from engine.core.words import join_names, number_word, ordinal_word, plural, possessive
from engine.ranking.why_above import PairComparison, Step, plain_name, who

__all__ = ["Meeting", "Rung", "Answer", "plain_answer", "everyday", "meetings", "ladder", "key_working",]




# -- the rules in everyday words --------------------------------------------------------------------------


def left_out(crit: Criterion, score: Fraction | None, rounds: int) -> tuple[int, int]:
    """How many of the weakest and of the strongest values a cut, a median or the Modified Median (for a player
    on ``score`` of ``rounds``) leaves out; for the progressive score's cut, the first rounds left out."""
    low = high = 0
    if crit.code == "MED":
        low = high = 2 if rounds >= 9 else 1
    elif crit.code == "MM" and score is not None:
        k = 2 if rounds >= 9 else 1
        half = Fraction(rounds, 2)
        low, high = (k, 0) if score > half else (k, k) if score == half else (0, k)
    else:
        low, high = crit.cut, crit.median
        if crit.median:
            low = crit.median
    return low, high


def _leaving_out(crit: Criterion, score: Fraction | None, rounds: int) -> str:
    """", leaving out the weakest" and the like, for cuts, medians and the Modified Median."""
    low, high = left_out(crit, score, rounds)
    if not low and not high:
        return ""
    if crit.code == "PS":
        return f", leaving out the first {plural(crit.cut, 'round')}" if crit.cut == 1 else \
            f", leaving out the first {number_word(crit.cut)} rounds"
    parts = []
    if high:
        parts.append("the strongest" if high == 1 else f"the {number_word(high)} strongest")
    if low:
        parts.append("the weakest" if low == 1 else f"the {number_word(low)} weakest")
    return ", leaving out " + " and ".join(parts)


def everyday(crit: Criterion | str, rules: str = "fide", score: Fraction | None = None, rounds: int = 0) -> str:
    """The rule in everyday words, as the answer says it: ``the Solkoff (the total score of the opponents
    each played)``, ``the number of wins``.  ``score`` and ``rounds`` let the Modified Median say which
    end it leaves out for these two players.

    >>> everyday("BH/C1", "fide")
    'the Buchholz Cut-1 (the total score of the opponents each played, leaving out the weakest)'
    >>> everyday("WIN")
    'the number of wins'
    """
    c = parse_code(crit) if isinstance(crit, str) else crit
    words = c.info.everyday.replace("{}", _leaving_out(c, score, rounds))
    if c.info.self_explaining:
        return words
    return f"the {plain_name(c, rules)[0]} ({words})"


# -- their games ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Meeting:
    """One pairing of the two players: the round, the result from A's side, played or by forfeit.

    ``points_b`` is B's side of the same pairing.  It matters only when the game was not played: then both
    players may have lost by forfeit (neither turned up), and A's zero is not B's win.
    """

    round: int
    points_a: Fraction
    played: bool
    points_b: Fraction | None = None

    @property
    def double_forfeit(self) -> bool:
        """Neither player played and neither scored: both lost the pairing by forfeit."""
        return not self.played and self.points_a == ZERO and self.points_b == ZERO

    @property
    def result(self) -> str:
        """``1-0``, ``1/2-1/2`` or ``0-1``, A's points first (the PGN way of writing it); ``0-0`` when both
        lost by forfeit."""
        if self.double_forfeit:
            return "0-0"
        return {ONE: "1-0", HALF: "1/2-1/2", ZERO: "0-1"}.get(self.points_a, f"{nice(self.points_a)}-?")


def meetings(event: Event, a: int, b: int, rounds: int | None = None) -> list[Meeting]:
    """Every round in which ``a`` was paired with ``b`` (games and forfeits), up to ``rounds``."""
    n = event.rounds if rounds is None else rounds
    out = []
    for r, e in enumerate(event.entries[a][:n], 1):
        if e.kind.has_opponent and e.opponent == b:
            theirs = event.entries[b][r - 1] if b in event.entries and r <= len(event.entries[b]) else None
            points_b = theirs.points if theirs is not None and theirs.opponent == a else None
            out.append(Meeting(r, e.points, e.played, points_b))
    return out


# -- the ladder -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rung:
    """One criterion of the ordering for the picture: both values as text and what it did."""

    position: int                 # 0 for points, then 1, 2, ... in the event's order
    code: str
    name: str                     # "Solkoff", "points"
    text_a: str
    text_b: str
    #: "equal", "decided", "not used" (rating criteria switched off) or "not reached"
    outcome: str


def _value_text(step: Step, value: Number | None) -> str:
    if step.group_dependent:
        return "–" if value is None else f"place {value} in the tie"
    return "none" if value is None else nice(value)


def ladder(cmp: PairComparison) -> list[Rung]:
    """Every criterion of the ordering, points first, with both players' values where they were reached."""
    rungs = []
    for i, step in enumerate(cmp.steps):
        outcome = "not used" if step.skipped else "decided" if step.separates else "equal"
        name = "points" if step.code == "PTS" else step.single
        rungs.append(Rung(i, step.code, name, _value_text(step, step.value_a), _value_text(step, step.value_b),
                          outcome))
    for i, code in enumerate(cmp.codes[len(cmp.steps):], len(cmp.steps)):
        rungs.append(Rung(i, code, plain_name(code, cmp.rules)[0], "", "", "not reached"))
    return rungs


# -- the answer -----------------------------------------------------------------------------------------

@dataclass
class Answer:
    """The plain answer and what the picture and the card show."""

    comparison: PairComparison
    text: str
    decided_by: str | None
    met: list[Meeting]
    ladder: list[Rung]
    working: list[str] = field(default_factory=list)
    #: the answer sentence by sentence (``text`` joins them)
    sentences: list[str] = field(default_factory=list)


def _encounter_position(cmp: PairComparison) -> int | None:
    """Where the result between tied players (DE or H2H) stands in the ordering (1 = first tie-break)."""
    for i, code in enumerate(cmp.codes):
        if parse_code(code).code in ("DE", "H2H"):
            return i
    return None


def _game_words(event: Event, a: int, b: int, games: list[Meeting]) -> tuple[str, int | None]:
    """``Farid won their game in round 5`` (and the winner, None for a draw, an even score or a pairing
    both players lost by forfeit).

    A pairing lost by both players (neither turned up) is nobody's win, whichever player is named first:
    FIDE C.07 counts it for each of them as an unplayed round they lost, US Chess as a forfeit loss for both.
    """
    if len(games) == 1:
        g = games[0]
        if g.double_forfeit:
            return f"Their round {g.round} game was not played: both lost by forfeit", None
        if not g.played:
            winner = a if g.points_a > ZERO else b
            loser = b if winner == a else a
            return (f"{who(event, winner)} won their round {g.round} pairing by forfeit ({who(event, loser)} did "
                    "not play)", winner)
        if g.points_a == HALF:
            return f"They drew their game in round {g.round}", None
        winner = a if g.points_a == ONE else b
        return f"{who(event, winner)} won their game in round {g.round}", winner
    mine = sum((g.points_a for g in games), ZERO)
    theirs = sum((ONE - g.points_a if g.points_b is None else g.points_b for g in games), ZERO)
    rounds = join_names([str(g.round) for g in games])
    both_lost = [g for g in games if g.double_forfeit]
    lost = ""
    if both_lost:
        lost = (f"; their round {both_lost[0].round} game was not played: both lost by forfeit" if len(both_lost) == 1
                else f"; their games in rounds {join_names([str(g.round) for g in both_lost])} were not played: both "
                     "lost by forfeit")
    if mine == theirs:
        return f"They scored equally in their {number_word(len(games))} games (rounds {rounds}){lost}", None
    winner, pts = (a, mine) if mine > theirs else (b, theirs)
    return (f"{who(event, winner)} scored {nice(pts)} of {len(games)} in their games (rounds {rounds}){lost}",
            winner)


def _game_sentence(cmp: PairComparison, games: list[Meeting]) -> str:
    """Their game, and why it did or did not count at that point of this event's order."""
    if not games:
        return ""
    event, above = cmp.event, cmp.above
    a, b = cmp.a, cmp.b
    text, winner = _game_words(event, a, b, games)
    played = [g for g in games if g.played]
    decided = cmp.decided_by
    if all(g.double_forfeit for g in games):
        return f"{text}, so neither of them scored from it."
    if decided == "PTS":
        if winner is None or winner == above:
            like = " like every other game" if any(g.played for g in games) else ""
            return f"{text}, which counted in their points{like}."
        return f"{text}, but points over the whole event come first."
    if not played:
        return f"{text}, so it was never a game between them at the board."
    deciding = cmp.deciding
    if deciding is not None and deciding.group_dependent and parse_code(decided or "").code in ("DE", "H2H"):
        return ""                                        # the answer's first sentences are about the game
    if winner is None:
        return f"{text}, so it could not separate them."
    where = _encounter_position(cmp)
    n_steps = len(cmp.steps)
    if where is None:
        return f"{text}, but this event's order does not use the result between tied players."
    if where >= n_steps:                                 # looked at only after the deciding rule
        before = where - 1
        return (f"{text}, but this event looks at the result between tied players only after "
                f"{plural(before, 'other tie-break')}.")
    step = cmp.steps[where]
    others = [t for t in step.group if t not in (a, b)]
    if others:
        return (f"{text}, but the result between tied players was looked at among all the players tied at that "
                f"point ({join_names([who(event, t) for t in step.group])}), and there it did not separate them.")
    return f"{text}, but the result between tied players did not separate them."


def _numbers(cmp: PairComparison, step: Step) -> tuple[Number | None, Number | None]:
    va, vb = step.value_a, step.value_b
    return (va, vb) if cmp.above == cmp.a else (vb, va)


def _reached(index: int) -> str:
    """``, and the first tie-break`` / `` and were not separated by the first two tie-breaks; the third``."""
    if index == 1:
        return ", and the first tie-break"
    before = "tie-break" if index == 2 else f"{number_word(index - 1)} tie-breaks"
    return f" and were not separated by the first {before}; the {ordinal_word(index)}"


def _gives(step: Step, above: str, below: str, v_above: Number | None, v_below: Number | None) -> str:
    if v_below is None:
        return f"gives {above} {nice(v_above)} while {below} has none"
    if v_above is None:
        return f"gives {below} none and {above} {nice(v_below)}"
    tail = "" if step.higher_is_better else " (the lower goes first)"
    return f"gives {above} {nice(v_above)} against {possessive(below)} {nice(v_below)}{tail}"


def _encounter_answer(cmp: PairComparison, step: Step, index: int, games: list[Meeting]) -> list[str]:
    """Decided by the result between tied players: the game itself (or the games among a tied group)."""
    event = cmp.event
    assert cmp.above is not None and cmp.below is not None
    an, bn = who(event, cmp.above), who(event, cmp.below)
    pts = nice(cmp.steps[0].value_a)
    lead = (f"{an} is above {bn}: both scored {pts}" +
            ("" if index == 1 else _reached(index).split(";")[0]) +
            ", and the next rule in this event's order is the result between the tied players.")
    others = [t for t in step.group if t not in (cmp.a, cmp.b)]
    numbers: dict[int, tuple[Fraction, Fraction | None]] = {}
    for g, nums in (step.split.passes if step.split else []):
        if cmp.above in g and cmp.below in g:
            numbers = nums
    text, _ = _game_words(event, cmp.a, cmp.b, games) if games else ("", None)
    if not others:
        return [lead, f"{text}." if text else f"{an} is ahead in the games between them."]
    members = join_names([who(event, t) for t in step.group])
    if numbers and cmp.above in numbers and cmp.below in numbers:
        sa, ma = numbers[cmp.above]
        sb, mb = numbers[cmp.below]
        if parse_code(step.code).code == "H2H":
            second = (f"Among the players tied at that point ({members}), {possessive(an)} wins minus losses "
                      f"against the others come to {_signed(sa)} and {possessive(bn)} to {_signed(sb)}.")
        elif mb is not None:
            second = (f"Among the players tied at that point ({members}), {an} scored {nice(sa)} in the games "
                      f"between them, more than {bn} could have had even by winning every game not played "
                      f"({nice(mb)}).")
        else:
            second = (f"Among the players tied at that point ({members}), {an} scored {nice(sa)} in the games "
                      f"between them and {bn} {nice(sb)}.")
    else:
        second = f"Among the players tied at that point ({members}), {an} did better in the games between them."
    return [lead, second] + ([f"{text}."] if text else [])


def _signed(x: Number) -> str:
    return ("+" if x > 0 else "−" if x < 0 else "") + nice(-x if x < 0 else x)


def plain_answer(cmp: PairComparison) -> Answer:
    """The answer in at most three sentences, no codes (see the module text)."""
    event = cmp.event
    n = cmp.rounds or max(event.last_result_round(), 1)
    games = meetings(event, cmp.a, cmp.b, n)
    points = cmp.steps[0].value_a
    sentences: list[str] = []
    if cmp.tied:
        an, bn = who(event, cmp.a), who(event, cmp.b)
        rank = cmp.ranks[cmp.a]
        sentences.append(f"{an} and {bn} share place {rank}: both scored {nice(points)}, and they are equal on "
                         f"every tie-break of this event.")
        game = _game_sentence(cmp, games)
        if game:
            sentences.append(game)
        sentences.append("If one of them must be placed higher, the organiser draws lots or holds a play-off.")
    else:
        assert cmp.above is not None and cmp.below is not None
        an, bn = who(event, cmp.above), who(event, cmp.below)
        step = cmp.steps[-1]
        index = len(cmp.steps) - 1
        if step.code == "PTS":
            v_above, v_below = _numbers(cmp, step)
            sentences.append(f"{an} is above {bn} on points: {an} scored {nice(v_above)} and {bn} {nice(v_below)}.")
            game = _game_sentence(cmp, games)
            if game:
                sentences.append(game)
        elif step.group_dependent and parse_code(step.code).code == "LOTS":
            if index == 1:
                sentences.append(f"{an} is above {bn}: both scored {nice(points)}, and this event's order goes "
                                 f"straight to a drawing of lots, which put {an} first.")
            else:
                reach = "the tie-break" if index == 2 else f"the {number_word(index - 1)} tie-breaks"
                sentences.append(f"{an} is above {bn}: both scored {nice(points)} and they are equal on {reach} "
                                 f"before it, so a drawing of lots put {an} first.")
            game = _game_sentence(cmp, games)
            if game:
                sentences.append(game)
        elif step.group_dependent:
            sentences.extend(_encounter_answer(cmp, step, index, games))
        else:
            crit = parse_code(step.code)
            score = Fraction(points) if points is not None else None
            rule = everyday(crit, cmp.rules, score, n)
            v_above, v_below = _numbers(cmp, step)
            first = (f"{an} is above {bn}: both scored {nice(points)}{_reached(index)}, {rule}, "
                     f"{_gives(step, an, bn, v_above, v_below)}")
            if cmp.cause:
                first += ", " + cmp.cause
            sentences.append(first + ".")
            game = _game_sentence(cmp, games)
            if game:
                sentences.append(game)
    sentences = sentences[:3]
    return Answer(cmp, " ".join(sentences), cmp.decided_by, games, ladder(cmp), key_working(cmp), sentences)


# -- the key working --------------------------------------------------------------------------------------

def key_working(cmp: PairComparison) -> list[str]:
    """The working of the deciding criterion for both players, one line each, in words (for the card); each
    line a record, which the card writes in the reader's language."""
    step = cmp.deciding
    if step is None:
        names = Joined((CodeName(s.single, s.code) for s in cmp.steps[1:]), ", ") if cmp.steps[1:] else said("none")
        return [said("Equal on points and on every tie-break: {names}.", names=names)]
    event = cmp.event
    if step.code == "PTS":
        return [said("{name}: {points}", name=who(event, t), points=_points_line(event, t))
                for t in (cmp.above, cmp.below) if t is not None]
    if step.group_dependent:
        return _group_working(cmp, step)
    lines: list[str] = []
    for t, trace, value in ((cmp.a, step.trace_a, step.value_a), (cmp.b, step.trace_b, step.value_b)):
        parts = []
        for row in trace.rows:
            if row.value is None:
                continue
            kind = KIND_WORDS.get(row.kind, row.kind)
            if row.opponent is not None and row.kind not in ("G",):
                item = said("round {round} {opponent} ({kind}) {value}", round=row.round,
                            opponent=who(event, row.opponent), kind=kind, value=num(row.value))
            elif row.opponent is not None:
                item = said("round {round} {opponent} {value}", round=row.round, opponent=who(event, row.opponent),
                            value=num(row.value))
            else:
                item = said("round {round} {kind} {value}", round=row.round, kind=kind, value=num(row.value))
            if row.dropped:
                item = said("{item} (left out)", item=item)
            parts.append(item)
        fields = dict(name=who(event, t), code=CodeName(step.single, step.code),
                      value=num(value) if value is not None else said("none"))
        if parts and step_sums(step):
            lines.append(said("{name}'s {code} {value}: {rounds}", rounds=Joined(parts, "; "), **fields))
        else:
            lines.append(said("{name}'s {code} {value}", **fields))
    return lines


def _group_working(cmp: PairComparison, step: Step) -> list[str]:
    """The tied group, and each member's number in the games between them (or the drawing of lots)."""
    event = cmp.event
    members = Listed(who(event, t) for t in step.group)
    if parse_code(step.code).code == "LOTS":
        return [said("Tied at that point: {players}.", players=members),
                said("A drawing of lots, recorded so it can be replayed (seed {seed}), put {name} first of the two.",
                     seed=cmp.seed, name=who(event, cmp.above or cmp.a))]
    lines: list[str] = [said("Tied at that point: {players}.", players=members)]
    h2h = parse_code(step.code).code == "H2H"
    for group, numbers in (step.split.passes if step.split else []):
        parts = Joined((Joined((who(event, t), _signed(numbers[t][0]) if h2h else num(numbers[t][0])), " ")
                        for t in group if t in numbers), ", ")
        among = Listed(who(event, t) for t in group)
        lines.append(said("In the games between {players}, wins minus losses: {values}.", players=among, values=parts)
                     if h2h else said("In the games between {players}, points: {values}.", players=among,
                                      values=parts))
    for g in meetings(event, cmp.a, cmp.b, cmp.rounds or max(event.last_result_round(), 1)):
        fields = dict(round=g.round, a=who(event, cmp.a), b=who(event, cmp.b), result=g.result.replace("1/2", "½"))
        if g.played:
            lines.append(said("Round {round}: {a} against {b} {result}.", **fields))
        elif g.double_forfeit:
            lines.append(said("Round {round}: {a} against {b} {result} (both lost by forfeit).", **fields))
        else:
            lines.append(said("Round {round}: {a} against {b} {result} (by forfeit).", **fields))
    return lines


def step_sums(step: Step) -> bool:
    """Whether the criterion's value is a sum of its rows (then the rows are the working)."""
    return parse_code(step.code).info.kind in ("sum",)


def _points_line(event: Event, tpn: int) -> str:
    parts = []
    for r, e in enumerate(event.entries[tpn], 1):
        kind = KIND_WORDS.get(e.kind.value, e.kind.value)
        if e.kind.has_opponent and e.opponent is not None:
            if not e.played:
                parts.append(said("round {round} {points} against {opponent} ({kind})", round=r, points=num(e.points),
                                  opponent=who(event, e.opponent), kind=kind))
            else:
                parts.append(said("round {round} {points} against {opponent}", round=r, points=num(e.points),
                                  opponent=who(event, e.opponent)))
        else:
            parts.append(said("round {round} {points} ({kind})", round=r, points=num(e.points), kind=kind))
    return said("{points} points: {rounds}", points=num(event.score(tpn)), rounds=Joined(parts, "; "))
