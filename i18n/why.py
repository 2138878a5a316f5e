"""The parent's answer (:func:`engine.ranking.why_answer.plain_answer`) in a reader's language.

The engine walks the ordering and keeps what it found as data (who is above, the deciding rule, both values,
their games, the tied group); English is the engine's own text, kept as it is.  Here the same facts are
written again in German, French, Spanish or Russian, one whole-sentence template per case (word order and
grammatical case differ, so no sentence is glued from translated pieces): the rule in everyday words, the
numbers with the language's decimals, the names as given, lists joined the language's way.
"""
from __future__ import annotations

from fractions import Fraction

from babel.lists import format_list

from engine.core.codes import Criterion, parse_code
from engine.core.exact import Number
from engine.core.model import HALF, ONE, ZERO
from engine.ranking.why_above import PairComparison, Step, who
from engine.ranking.why_answer import Answer, Meeting, left_out, meetings
from i18n.catalog import NP_, Translator
from i18n.languages import DEFAULT
from i18n.numbers import points
from i18n.render import criterion_name
from i18n.said import render

#: each rule in everyday words, as the answer says it (the registry's words without the place where the
#: English puts "leaving out the weakest"; the translation says that part whole, below)
EVERYDAY: dict[str, str] = {
    "PTS": NP_("everyday", "points"),
    "BH": NP_("everyday", "the total score of the opponents each played"),
    "MED": NP_("everyday", "the total score of the opponents each played"),
    "MM": NP_("everyday", "the total score of the opponents each played"),
    "FB": NP_("everyday", "the total score of the opponents each played, counting everybody's last game as a draw"),
    "AOB": NP_("everyday", "how strong the opponents' own opponents were"),
    "OBH": NP_("everyday", "how strong the opponents' own opponents were, added up"),
    "PS": NP_("everyday", "each one's running score added up round after round, so early points weigh more"),
    "CUM": NP_("everyday", "each one's running score added up round after round, so early points weigh more"),
    "OCUM": NP_("everyday", "the running scores of the opponents each played, added up"),
    "SB": NP_("everyday", "the scores of the opponents each beat, plus half the scores of those each drew with"),
    "KS": NP_("everyday", "the points each scored against the opponents who finished on at least half the points"),
    "KASH": NP_("everyday", "a count that rewards fighting chess: 4 for a win, 2 for a draw, 1 for a loss"),
    "H2H": NP_("everyday", "the result between the tied players"),
    "DE": NP_("everyday", "the result between the tied players"),
    "WIN": NP_("everyday", "the number of wins"),
    "WON": NP_("everyday", "the number of games won at the board"),
    "BPG": NP_("everyday", "the number of games played with Black"),
    "BWG": NP_("everyday", "the number of games won with Black"),
    "REP": NP_("everyday", "the number of rounds each came to play"),
    "VUR": NP_("everyday", "the number of rounds each chose not to play (fewer goes first)"),
    "ARO": NP_("everyday", "the average rating of the opponents each played"),
    "TPR": NP_("everyday", "the rating each played like in this event"),
    "PTP": NP_("everyday", "the rating each played like in this event, worked out exactly"),
    "PERF": NP_("everyday", "a quick performance rating from the opponents' ratings and the results"),
    "APRO": NP_("everyday", "how well the opponents played in this event"),
    "APPO": NP_("everyday", "how well the opponents played in this event"),
    "OPERF": NP_("everyday", "how well the opponents played in this event"),
    "LPERF": NP_("everyday", "the lichess performance rating"),
    "TFL": NP_("everyday", "how late each lost a game for the first time (later goes first)"),
    "LATE": NP_("everyday", "who was there on time for the first round"),
    "RTNG": NP_("everyday", "the rating before the event"),
    "TPN": NP_("everyday", "the starting number (the lower goes first)"),
    "LOTS": NP_("everyday", "a drawing of lots"),
}


def answer_sentences(tr: Translator, answer: Answer) -> list[str]:
    """The answer sentence by sentence in the language of ``tr`` (English: the engine's own sentences)."""
    if tr.lang == DEFAULT:
        return list(answer.sentences)
    return _sentences(tr, answer.comparison)[:3]


def answer_text(tr: Translator, answer: Answer) -> str:
    """The whole answer in the language of ``tr``."""
    return answer.text if tr.lang == DEFAULT else " ".join(answer_sentences(tr, answer))


def _pts(tr: Translator, value: Number | None) -> str:
    return points(value, tr.lang) if value is not None else tr.t("none")


def _names(tr: Translator, items: list[str]) -> str:
    return format_list(items, locale=tr.lang) if items else ""


def _sentences(tr: Translator, cmp: PairComparison) -> list[str]:
    event = cmp.event
    n = cmp.rounds or max(event.last_result_round(), 1)
    games = meetings(event, cmp.a, cmp.b, n)
    score = cmp.steps[0].value_a
    if cmp.tied:
        out = [tr.t("{a} and {b} share place {rank}: both scored {points}, and they are equal on every tie-break of "
                    "this event.", a=who(event, cmp.a), b=who(event, cmp.b), rank=cmp.ranks[cmp.a],
                    points=_pts(tr, score))]
        out += _game(tr, cmp, games)
        return out + [tr.t("If one of them must be placed higher, the organiser draws lots or holds a play-off.")]
    assert cmp.above is not None and cmp.below is not None
    above, below = who(event, cmp.above), who(event, cmp.below)
    step = cmp.steps[-1]
    index = len(cmp.steps) - 1
    if step.code == "PTS":
        va, vb = _numbers(cmp, step)
        return [tr.t("{above} is above {below} on points: {above} scored {a} and {below} {b}.", above=above,
                     below=below, a=_pts(tr, va), b=_pts(tr, vb))] + _game(tr, cmp, games)
    fields = dict(above=above, below=below, points=_pts(tr, score))
    if step.group_dependent and parse_code(step.code).code == "LOTS":
        if index == 1:
            first = tr.t("{above} is above {below}: both scored {points}, and this event's order goes straight to a "
                         "drawing of lots, which put {above} first.", **fields)
        else:
            first = tr.tn("{above} is above {below}: both scored {points} and they are equal on the tie-break before "
                          "it, so a drawing of lots put {above} first.",
                          "{above} is above {below}: both scored {points} and they are equal on the {n} tie-breaks "
                          "before it, so a drawing of lots put {above} first.", index - 1, **fields)
        return [first] + _game(tr, cmp, games)
    if step.group_dependent:
        return _encounter(tr, cmp, step, index, games, fields)
    first = _first(tr, cmp, step, index, n, fields)
    cause = render(tr, cmp.cause) if cmp.cause else ""
    sentence = tr.t("{clause}, {cause}.", clause=first, cause=cause) if cause else tr.t("{clause}.", clause=first)
    return [sentence] + _game(tr, cmp, games)


def _numbers(cmp: PairComparison, step: Step) -> tuple[Number | None, Number | None]:
    va, vb = step.value_a, step.value_b
    return (va, vb) if cmp.above == cmp.a else (vb, va)


def rule_words(tr: Translator, crit: Criterion, score: Fraction | None, rounds: int) -> str:
    """The rule in everyday words: its name and what it counts (``the Buchholz Cut-1 (the total score of the
    opponents each played, leaving out the weakest)`` in English), in the language of ``tr``."""
    words = tr.tp("everyday", EVERYDAY[crit.code]) if crit.code in EVERYDAY else crit.info.everyday.replace("{}", "")
    leaving = _leaving(tr, crit, score, rounds)
    if leaving:
        words = tr.t("{words}, {leaving_out}", words=words, leaving_out=leaving)
    if crit.info.self_explaining:
        return words
    return tr.t("the {name} ({words})", name=criterion_name(tr, str(crit)), words=words)


def _leaving(tr: Translator, crit: Criterion, score: Fraction | None, rounds: int) -> str:
    if "{}" not in crit.info.everyday:
        return ""
    low, high = left_out(crit, score, rounds)
    if not low and not high:
        return ""
    if crit.code == "PS":
        return tr.tn("leaving out the first round", "leaving out the first {n} rounds", crit.cut)
    if low and high:
        if low == high:
            return tr.tn("leaving out the strongest and the weakest", "leaving out the {n} strongest and the {n} "
                         "weakest", low)
        return tr.t("leaving out the {high} strongest and the {low} weakest", high=high, low=low)
    if high:
        return tr.tn("leaving out the strongest", "leaving out the {n} strongest", high)
    return tr.tn("leaving out the weakest", "leaving out the {n} weakest", low)


def _first(tr: Translator, cmp: PairComparison, step: Step, index: int, rounds: int, fields: dict[str, str]) -> str:
    """The first sentence without its full stop (a cause may follow): who is above, the rule, both numbers."""
    score = Fraction(cmp.steps[0].value_a) if cmp.steps[0].value_a is not None else None
    rule = rule_words(tr, parse_code(step.code), score, rounds)
    va, vb = _numbers(cmp, step)
    values = dict(fields, rule=rule, a=_pts(tr, va), b=_pts(tr, vb), position=index)
    if index == 1:
        if vb is None:
            return tr.t("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                        "{above} {a} while {below} has none", **values)
        if va is None:
            return tr.t("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                        "{below} none and {above} {b}", **values)
        if step.higher_is_better:
            return tr.t("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                        "{above} {a} against {below}'s {b}", **values)
        return tr.t("{above} is above {below}: both scored {points}, and the first tie-break, {rule}, gives "
                    "{above} {a} against {below}'s {b} (the lower goes first)", **values)
    before = index - 1
    if vb is None:
        return tr.tn("{above} is above {below}: both scored {points} and were not separated by the first "
                     "tie-break; tie-break {position}, {rule}, gives {above} {a} while {below} has none",
                     "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                     "tie-breaks; tie-break {position}, {rule}, gives {above} {a} while {below} has none",
                     before, **values)
    if va is None:
        return tr.tn("{above} is above {below}: both scored {points} and were not separated by the first "
                     "tie-break; tie-break {position}, {rule}, gives {below} none and {above} {b}",
                     "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                     "tie-breaks; tie-break {position}, {rule}, gives {below} none and {above} {b}",
                     before, **values)
    if step.higher_is_better:
        return tr.tn("{above} is above {below}: both scored {points} and were not separated by the first "
                     "tie-break; tie-break {position}, {rule}, gives {above} {a} against {below}'s {b}",
                     "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                     "tie-breaks; tie-break {position}, {rule}, gives {above} {a} against {below}'s {b}",
                     before, **values)
    return tr.tn("{above} is above {below}: both scored {points} and were not separated by the first tie-break; "
                 "tie-break {position}, {rule}, gives {above} {a} against {below}'s {b} (the lower goes first)",
                 "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                 "tie-breaks; tie-break {position}, {rule}, gives {above} {a} against {below}'s {b} (the lower goes "
                 "first)", before, **values)


def _game_clause(tr: Translator, cmp: PairComparison, games: list[Meeting]) -> tuple[str, int | None]:
    """Their game (or games) as one clause, and the winner (None for a draw, an even score or a pairing both
    players lost by forfeit)."""
    event, a, b = cmp.event, cmp.a, cmp.b
    if len(games) == 1:
        g = games[0]
        if g.double_forfeit:
            return tr.t("Their round {round} game was not played: both lost by forfeit", round=g.round), None
        if not g.played:
            winner = a if g.points_a > ZERO else b
            loser = b if winner == a else a
            return tr.t("{winner} won their round {round} pairing by forfeit ({loser} did not play)",
                        winner=who(event, winner), round=g.round, loser=who(event, loser)), winner
        if g.points_a == HALF:
            return tr.t("They drew their game in round {round}", round=g.round), None
        winner = a if g.points_a == ONE else b
        return tr.t("{winner} won their game in round {round}", winner=who(event, winner), round=g.round), winner
    mine = sum((g.points_a for g in games), ZERO)
    theirs = sum((ONE - g.points_a if g.points_b is None else g.points_b for g in games), ZERO)
    rounds = _names(tr, [str(g.round) for g in games])
    ahead: int | None = None
    if mine == theirs:
        clause = tr.t("They scored equally in their {n} games (rounds {rounds})", n=len(games), rounds=rounds)
    else:
        ahead, pts = (a, mine) if mine > theirs else (b, theirs)
        clause = tr.t("{winner} scored {points} of {n} in their games (rounds {rounds})", winner=who(event, ahead),
                      points=points(pts, tr.lang), n=len(games), rounds=rounds)
    both_lost = [g for g in games if g.double_forfeit]
    if len(both_lost) == 1:
        clause = tr.t("{games}; their round {round} game was not played: both lost by forfeit", games=clause,
                      round=both_lost[0].round)
    elif both_lost:
        clause = tr.t("{games}; their games in rounds {rounds} were not played: both lost by forfeit", games=clause,
                      rounds=_names(tr, [str(g.round) for g in both_lost]))
    return clause, ahead


def _game(tr: Translator, cmp: PairComparison, games: list[Meeting]) -> list[str]:
    """Their game, and why it did or did not count at that point of this event's order (none, or one sentence)."""
    if not games:
        return []
    event, above = cmp.event, cmp.above
    game, winner = _game_clause(tr, cmp, games)
    played = [g for g in games if g.played]
    decided = cmp.decided_by
    if all(g.double_forfeit for g in games):
        return [tr.t("{game}, so neither of them scored from it.", game=game)]
    if decided == "PTS":
        if winner is None or winner == above:
            if played:
                return [tr.t("{game}, which counted in their points like every other game.", game=game)]
            return [tr.t("{game}, which counted in their points.", game=game)]
        return [tr.t("{game}, but points over the whole event come first.", game=game)]
    if not played:
        return [tr.t("{game}, so it was never a game between them at the board.", game=game)]
    deciding = cmp.deciding
    if deciding is not None and deciding.group_dependent and parse_code(decided or "").code in ("DE", "H2H"):
        return []
    if winner is None:
        return [tr.t("{game}, so it could not separate them.", game=game)]
    where = next((i for i, code in enumerate(cmp.codes) if parse_code(code).code in ("DE", "H2H")), None)
    if where is None:
        return [tr.t("{game}, but this event's order does not use the result between tied players.", game=game)]
    if where >= len(cmp.steps):
        return [tr.tn("{game}, but this event looks at the result between tied players only after {n} other "
                      "tie-break.", "{game}, but this event looks at the result between tied players only after {n} "
                      "other tie-breaks.", where - 1, game=game)]
    step = cmp.steps[where]
    if [t for t in step.group if t not in (cmp.a, cmp.b)]:
        return [tr.t("{game}, but the result between tied players was looked at among all the players tied at that "
                     "point ({players}), and there it did not separate them.", game=game,
                     players=_names(tr, [who(event, t) for t in step.group]))]
    return [tr.t("{game}, but the result between tied players did not separate them.", game=game)]


def _encounter(tr: Translator, cmp: PairComparison, step: Step, index: int, games: list[Meeting],
               fields: dict[str, str]) -> list[str]:
    """Decided by the result between tied players: the game itself, or the games among a tied group."""
    event = cmp.event
    assert cmp.above is not None and cmp.below is not None
    if index == 1:
        lead = tr.t("{above} is above {below}: both scored {points}, and the next rule in this event's order is the "
                    "result between the tied players.", **fields)
    else:
        lead = tr.tn("{above} is above {below}: both scored {points} and were not separated by the first tie-break, "
                     "and the next rule in this event's order is the result between the tied players.",
                     "{above} is above {below}: both scored {points} and were not separated by the first {n} "
                     "tie-breaks, and the next rule in this event's order is the result between the tied players.",
                     index - 1, **fields)
    game = _game_clause(tr, cmp, games)[0] if games else ""
    tail = [tr.t("{clause}.", clause=game)] if game else []
    others = [t for t in step.group if t not in (cmp.a, cmp.b)]
    if not others:
        return [lead] + (tail or [tr.t("{above} is ahead in the games between them.", above=fields["above"])])
    members = _names(tr, [who(event, t) for t in step.group])
    numbers: dict[int, tuple[Fraction, Fraction | None]] = {}
    for g, nums in (step.split.passes if step.split else []):
        if cmp.above in g and cmp.below in g:
            numbers = nums
    if numbers and cmp.above in numbers and cmp.below in numbers:
        (sa, _), (sb, mb) = numbers[cmp.above], numbers[cmp.below]
        if parse_code(step.code).code == "H2H":
            second = tr.t("Among the players tied at that point ({players}), {above}'s wins minus losses against the "
                          "others come to {a} and {below}'s to {b}.", players=members, a=_signed(tr, sa),
                          b=_signed(tr, sb), **fields)
        elif mb is not None:
            second = tr.t("Among the players tied at that point ({players}), {above} scored {a} in the games between "
                          "them, more than {below} could have had even by winning every game not played ({most}).",
                          players=members, a=points(sa, tr.lang), most=points(mb, tr.lang), **fields)
        else:
            second = tr.t("Among the players tied at that point ({players}), {above} scored {a} in the games between "
                          "them and {below} {b}.", players=members, a=points(sa, tr.lang), b=points(sb, tr.lang),
                          **fields)
    else:
        second = tr.t("Among the players tied at that point ({players}), {above} did better in the games between "
                      "them.", players=members, **fields)
    return [lead, second] + tail


def _signed(tr: Translator, x: Number) -> str:
    return ("+" if x > 0 else "−" if x < 0 else "") + points(-x if x < 0 else x, tr.lang)
