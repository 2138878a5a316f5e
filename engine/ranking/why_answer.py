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

Each sentence is a record (:class:`~engine.core.said.Said`): its English, and the whole-sentence template this
module chose for the case with the values that fill it.  Which sentence fits is decided here only; the
other languages (``i18n/why.py``) write the same records from their catalogs' translations of the templates.

>>> from engine.core.example import fide_exercise
>>> from engine.ranking.why_above import compare_players
>>> plain_answer(compare_players(fide_exercise(), 16, 4, "MM,BH,CUM,OCUM", "uscf")).decided_by
'BH'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.codes import Criterion, parse_code
from engine.core.exact import Number, nice
from engine.core.model import HALF, ONE, ZERO, Event
from engine.core.render import KIND_WORDS
from engine.core.said import CodeName, Joined, Listed, Said, Spelled, num, said, said_n, term
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


def _leaving_out(crit: Criterion, score: Fraction | None, rounds: int) -> Said | None:
    """"leaving out the weakest" and the like, for cuts, medians and the Modified Median (None: nothing left out)."""
    low, high = left_out(crit, score, rounds)
    if not low and not high:
        return None
    if crit.code == "PS":
        return said_n("leaving out the first round", "leaving out the first {n} rounds", crit.cut,
                      n=Spelled(crit.cut))
    if low and high:
        if low == high:
            return said_n("leaving out the strongest and the weakest",
                          "leaving out the {n} strongest and the {n} weakest", low, n=Spelled(low))
        return said("leaving out the {high} strongest and the {low} weakest", high=Spelled(high), low=Spelled(low))
    if high:
        return said_n("leaving out the strongest", "leaving out the {n} strongest", high, n=Spelled(high))
    return said_n("leaving out the weakest", "leaving out the {n} weakest", low, n=Spelled(low))


def everyday(crit: Criterion | str, rules: str = "fide", score: Fraction | None = None, rounds: int = 0) -> Said:
    """The rule in everyday words, as the answer says it: ``the Solkoff (the total score of the opponents
    each played)``, ``the number of wins``.  ``score`` and ``rounds`` let the Modified Median say which
    end it leaves out for these two players.  A record: the registry's words are a message of their own
    (context "everyday"), the tie-break's name a :class:`~engine.core.said.CodeName`.

    >>> everyday("BH/C1", "fide")
    'the Buchholz Cut-1 (the total score of the opponents each played, leaving out the weakest)'
    >>> everyday("WIN")
    'the number of wins'
    """
    c = parse_code(crit) if isinstance(crit, str) else crit
    words = term("everyday", c.info.everyday.replace("{}", ""))
    leaving = _leaving_out(c, score, rounds) if "{}" in c.info.everyday else None
    if leaving is not None:
        words = said("{words}, {leaving_out}", words=words, leaving_out=leaving)
    if c.info.self_explaining:
        return words
    return said("the {name} ({words})", name=CodeName(plain_name(c, rules)[0], str(c)), words=words)


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
    #: the answer sentence by sentence (``text`` joins them), each a record another language is written from
    sentences: list[Said] = field(default_factory=list)


def _encounter_position(cmp: PairComparison) -> int | None:
    """Where the result between tied players (DE or H2H) stands in the ordering (1 = first tie-break)."""
    for i, code in enumerate(cmp.codes):
        if parse_code(code).code in ("DE", "H2H"):
            return i
    return None


def _game_words(event: Event, a: int, b: int, games: list[Meeting]) -> tuple[Said, int | None]:
    """``Farid won their game in round 5`` (and the winner, None for a draw, an even score or a pairing
    both players lost by forfeit).

    A pairing lost by both players (neither turned up) is nobody's win, whichever player is named first:
    FIDE C.07 counts it for each of them as an unplayed round they lost, US Chess as a forfeit loss for both.
    """
    if len(games) == 1:
        g = games[0]
        if g.double_forfeit:
            return said("Their round {round} game was not played: both lost by forfeit", round=g.round), None
        if not g.played:
            winner = a if g.points_a > ZERO else b
            loser = b if winner == a else a
            return said("{winner} won their round {round} pairing by forfeit ({loser} did not play)",
                        winner=who(event, winner), round=g.round, loser=who(event, loser)), winner
        if g.points_a == HALF:
            return said("They drew their game in round {round}", round=g.round), None
        winner = a if g.points_a == ONE else b
        return said("{winner} won their game in round {round}", winner=who(event, winner), round=g.round), winner
    mine = sum((g.points_a for g in games), ZERO)
    theirs = sum((ONE - g.points_a if g.points_b is None else g.points_b for g in games), ZERO)
    rounds = Listed(str(g.round) for g in games)
    ahead: int | None = None
    if mine == theirs:
        text = said("They scored equally in their {n} games (rounds {rounds})", n=Spelled(len(games)), rounds=rounds)
    else:
        ahead, pts = (a, mine) if mine > theirs else (b, theirs)
        text = said("{winner} scored {points} of {n} in their games (rounds {rounds})", winner=who(event, ahead),
                    points=num(pts), n=len(games), rounds=rounds)
    both_lost = [g for g in games if g.double_forfeit]
    if len(both_lost) == 1:
        text = said("{games}; their round {round} game was not played: both lost by forfeit", games=text,
                    round=both_lost[0].round)
    elif both_lost:
        text = said("{games}; their games in rounds {rounds} were not played: both lost by forfeit", games=text,
                    rounds=Listed(str(g.round) for g in both_lost))
    return text, ahead


def _game_sentence(cmp: PairComparison, games: list[Meeting]) -> Said | None:
    """Their game, and why it did or did not count at that point of this event's order (None: no sentence)."""
    if not games:
        return None
    game, winner = _game_words(cmp.event, cmp.a, cmp.b, games)
    played = any(g.played for g in games)
    decided = cmp.decided_by
    if all(g.double_forfeit for g in games):
        return said("{game}, so neither of them scored from it.", game=game)
    if decided == "PTS":
        if winner is None or winner == cmp.above:
            return said("{game}, which counted in their points like every other game.", game=game) if played else \
                said("{game}, which counted in their points.", game=game)
        return said("{game}, but points over the whole event come first.", game=game)
    if not played:
        return said("{game}, so it was never a game between them at the board.", game=game)
    deciding = cmp.deciding
    if deciding is not None and deciding.group_dependent and parse_code(decided or "").code in ("DE", "H2H"):
        return None                                      # the answer's first sentences are about the game
    if winner is None:
        return said("{game}, so it could not separate them.", game=game)
    return _not_counted(cmp, game)


def _not_counted(cmp: PairComparison, game: Said) -> Said:
    """A game one of them won that did not decide: where the result between tied players stands in the order."""
    where = _encounter_position(cmp)
    if where is None:
        return said("{game}, but this event's order does not use the result between tied players.", game=game)
    if where >= len(cmp.steps):                          # looked at only after the deciding rule
        before = where - 1
        return said_n("{game}, but this event looks at the result between tied players only after {n} other "
                      "tie-break.", "{game}, but this event looks at the result between tied players only after {n} "
                      "other tie-breaks.", before, n=Spelled(before), game=game)
    step = cmp.steps[where]
    if [t for t in step.group if t not in (cmp.a, cmp.b)]:
        return said("{game}, but the result between tied players was looked at among all the players tied at that "
                    "point ({players}), and there it did not separate them.", game=game,
                    players=Listed(who(cmp.event, t) for t in step.group))
    return said("{game}, but the result between tied players did not separate them.", game=game)


def _numbers(cmp: PairComparison, step: Step) -> tuple[Number | None, Number | None]:
    va, vb = step.value_a, step.value_b
    return (va, vb) if cmp.above == cmp.a else (vb, va)


def _decided(cmp: PairComparison, step: Step, index: int, rule: Said) -> Said:
    """The first sentence without its full stop (a cause may follow): who is above, both scored the same, the
    rule (the first tie-break, or the one after those that did not separate them), both numbers."""
    assert cmp.above is not None and cmp.below is not None
    v_above, v_below = _numbers(cmp, step)
    f = dict(above=who(cmp.event, cmp.above), below=who(cmp.event, cmp.below), points=num(cmp.steps[0].value_a),
             rule=rule, a=num(v_above), b=num(v_below))
    if index == 1:
        if v_below is None:
            return said("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                        "{above} {a} while {below} has none", **f)
        if v_above is None:
            return said("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                        "{below} none and {above} {b}", **f)
        if step.higher_is_better:
            return said("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                        "{above} {a} against {below}'s {b}", **f)
        return said("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                    "{above} {a} against {below}'s {b} (the lower goes first)", **f)
    before, position = index - 1, Spelled(index, ordinal=True)
    if v_below is None:
        return said_n("{above} is above {below}: both scored {points} and were not separated by the first "
                      "tie-break; the {position}, {rule}, gives {above} {a} while {below} has none",
                      "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                      "tie-breaks; the {position}, {rule}, gives {above} {a} while {below} has none",
                      before, n=Spelled(before), position=position, **f)
    if v_above is None:
        return said_n("{above} is above {below}: both scored {points} and were not separated by the first "
                      "tie-break; the {position}, {rule}, gives {below} none and {above} {b}",
                      "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                      "tie-breaks; the {position}, {rule}, gives {below} none and {above} {b}",
                      before, n=Spelled(before), position=position, **f)
    if step.higher_is_better:
        return said_n("{above} is above {below}: both scored {points} and were not separated by the first "
                      "tie-break; the {position}, {rule}, gives {above} {a} against {below}'s {b}",
                      "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                      "tie-breaks; the {position}, {rule}, gives {above} {a} against {below}'s {b}",
                      before, n=Spelled(before), position=position, **f)
    return said_n("{above} is above {below}: both scored {points} and were not separated by the first tie-break; "
                  "the {position}, {rule}, gives {above} {a} against {below}'s {b} (the lower goes first)",
                  "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                  "tie-breaks; the {position}, {rule}, gives {above} {a} against {below}'s {b} (the lower goes "
                  "first)", before, n=Spelled(before), position=position, **f)


def _encounter_answer(cmp: PairComparison, step: Step, index: int, games: list[Meeting]) -> list[Said]:
    """Decided by the result between tied players: the game itself (or the games among a tied group)."""
    event = cmp.event
    assert cmp.above is not None and cmp.below is not None
    f = dict(above=who(event, cmp.above), below=who(event, cmp.below), points=num(cmp.steps[0].value_a))
    if index == 1:
        lead = said("{above} is above {below}: both scored {points}, and the next rule in this event's order is the "
                    "result between the tied players.", **f)
    else:
        lead = said_n("{above} is above {below}: both scored {points} and were not separated by the first tie-break, "
                      "and the next rule in this event's order is the result between the tied players.",
                      "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                      "tie-breaks, and the next rule in this event's order is the result between the tied players.",
                      index - 1, n=Spelled(index - 1), **f)
    text = _game_words(event, cmp.a, cmp.b, games)[0] if games else None
    tail = [said("{clause}.", clause=text)] if text is not None else []
    if not [t for t in step.group if t not in (cmp.a, cmp.b)]:
        return [lead] + (tail or [said("{above} is ahead in the games between them.", above=f["above"])])
    return [lead, _among(cmp, step, f)] + tail


def _among(cmp: PairComparison, step: Step, f: dict[str, Any]) -> Said:
    """The tied group's games: each one's number in them (wins minus losses, or points)."""
    assert cmp.above is not None and cmp.below is not None
    members = Listed(who(cmp.event, t) for t in step.group)
    numbers: dict[int, tuple[Fraction, Fraction | None]] = {}
    for g, values in (step.split.passes if step.split else []):
        if cmp.above in g and cmp.below in g:
            numbers = values
    if not (numbers and cmp.above in numbers and cmp.below in numbers):
        return said("Among the players tied at that point ({players}), {above} did better in the games between "
                    "them.", players=members, **f)
    (sa, _), (sb, mb) = numbers[cmp.above], numbers[cmp.below]
    if parse_code(step.code).code == "H2H":
        return said("Among the players tied at that point ({players}), {above}'s wins minus losses against the "
                    "others come to {a} and {below}'s to {b}.", players=members, a=_signed(sa), b=_signed(sb), **f)
    if mb is not None:
        return said("Among the players tied at that point ({players}), {above} scored {a} in the games between "
                    "them, more than {below} could have had even by winning every game not played ({most}).",
                    players=members, a=num(sa), most=num(mb), **f)
    return said("Among the players tied at that point ({players}), {above} scored {a} in the games between "
                "them and {below} {b}.", players=members, a=num(sa), b=num(sb), **f)


def _signed(x: Number) -> Joined:
    """Wins minus losses with its sign: ``+1``, ``−½`` (a true minus), ``0``."""
    return Joined(("+" if x > 0 else "−" if x < 0 else "", num(-x if x < 0 else x)), "")


def _lots(cmp: PairComparison, index: int) -> Said:
    """Decided by a drawing of lots: straight away, or after the tie-breaks that left them equal."""
    assert cmp.above is not None and cmp.below is not None
    f = dict(above=who(cmp.event, cmp.above), below=who(cmp.event, cmp.below), points=num(cmp.steps[0].value_a))
    if index == 1:
        return said("{above} is above {below}: both scored {points}, and this event's order goes straight to a "
                    "drawing of lots, which put {above} first.", **f)
    return said_n("{above} is above {below}: both scored {points} and they are equal on the tie-break before it, "
                  "so a drawing of lots put {above} first.",
                  "{above} is above {below}: both scored {points} and they are equal on the {n} tie-breaks before "
                  "it, so a drawing of lots put {above} first.", index - 1, n=Spelled(index - 1), **f)


def _first(cmp: PairComparison, n: int) -> list[Said]:
    """The sentence before their game: who is above (or that they share a place) and what decided it (not the
    result between tied players, whose sentences are about the game: :func:`_encounter_answer`)."""
    event, points = cmp.event, cmp.steps[0].value_a
    if cmp.tied:
        return [said("{a} and {b} share place {rank}: both scored {points}, and they are equal on every tie-break of "
                     "this event.", a=who(event, cmp.a), b=who(event, cmp.b), rank=cmp.ranks[cmp.a],
                     points=num(points))]
    assert cmp.above is not None and cmp.below is not None
    step, index = cmp.steps[-1], len(cmp.steps) - 1
    if step.code == "PTS":
        v_above, v_below = _numbers(cmp, step)
        return [said("{above} is above {below} on points: {above} scored {a} and {below} {b}.",
                     above=who(event, cmp.above), below=who(event, cmp.below), a=num(v_above), b=num(v_below))]
    if step.group_dependent and parse_code(step.code).code == "LOTS":
        return [_lots(cmp, index)]
    rule = everyday(parse_code(step.code), cmp.rules, Fraction(points) if points is not None else None, n)
    clause = _decided(cmp, step, index, rule)
    return [said("{clause}, {cause}.", clause=clause, cause=cmp.cause) if cmp.cause else
            said("{clause}.", clause=clause)]


def plain_answer(cmp: PairComparison) -> Answer:
    """The answer in at most three sentences, no codes (see the module text).  Each sentence is a record
    (:class:`~engine.core.said.Said`): its English, and the whole-sentence template and values another
    language writes it from."""
    event = cmp.event
    n = cmp.rounds or max(event.last_result_round(), 1)
    games = meetings(event, cmp.a, cmp.b, n)
    last = cmp.steps[-1]
    if not cmp.tied and last.group_dependent and parse_code(last.code).code != "LOTS":
        sentences = _encounter_answer(cmp, last, len(cmp.steps) - 1, games)
    else:
        sentences = _first(cmp, n)
        game = _game_sentence(cmp, games)
        if game is not None:
            sentences.append(game)
        if cmp.tied:
            sentences.append(said("If one of them must be placed higher, the organiser draws lots or holds a "
                                  "play-off."))
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
