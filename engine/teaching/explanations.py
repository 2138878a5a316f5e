"""Plain-words explanations of every tie-break code, rule set, modifier and prize method, as data.

Written for parents, players and tournament directors.  Each criterion has a name, exactly two sentences
saying what it counts and why it is fair, and a tiny worked example whose numbers can be checked by hand;
those words live in the code's row (:data:`engine.core.codes.CODES`), next to everything else about it.
The TD announcement sheet, the teaching pages and the glossary all read these texts, so a rule is worded once.

>>> from engine.core.codes import CODES
>>> sorted(CODES) == sorted(CRITERIA)
True
>>> explain_code("BH/C1").name
'Buchholz (Solkoff), cut 1'
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from engine.core.codes import CODES, parse_code
from engine.core.words import word_for


@dataclass(frozen=True)
class Explanation:
    """What one criterion means: its name, two sentences, a tiny example."""

    code: str
    name: str
    sentences: str
    example: str


#: code -> its explanation, from the code's row (:data:`engine.core.codes.CODES`)
CRITERIA: Mapping[str, Explanation] = {
    code: Explanation(code, info.words.name, info.words.sentences, info.words.example) for code, info in CODES.items()}


#: modifiers of a code (FIDE's descriptor letters, e.g. /C1): one sentence each, with ``n`` for the command line's
#: reference list (a given code's cut, median and limit shift are worded by :func:`_cut_sentence` and
#: :func:`modifier_sentences`, with its own number)
MODIFIERS: Mapping[str, str] = {
    "cut": "Leaves out the n least significant values: those of the lowest-scoring (for ratings, lowest-rated) "
           "opponents; for a progressive score, the running totals of the first n rounds.",
    "median": "Leaves out the n highest and the n lowest values.",
    "limit_shift": "Moves the 50 % limit by n half-points.",
    "plain": "Cuts remove the lowest values without first removing rounds the player chose not to play.",
    "forfeits_played": "Forfeits count as games played against the scheduled opponent.",
    "fore": "Computed on Fore Buchholz instead of Buchholz.",
    "limit_pct": "The limit is {n} % of the maximum score.",
    "reverse": "Reversed: the lower value ranks higher.",
}

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _count(n: int, one: str, many: str) -> str:
    """``the lowest value`` / ``the two lowest values``: a count in words, never "value(s)"."""
    return one if n == 1 else many.format(n=_NUMBER_WORDS.get(n, str(n)))


def _cut_sentence(code: str, cut: int, median: int) -> str:
    """What a cut or a median removes, in words, for the kind of value ``code`` adds up."""
    if code == "PS":
        return (f"The running {word_for(cut, 'total')} of the first "
                f"{_count(cut, 'round is', '{n} rounds are')} left out, so a slow start counts for less.")
    whose = "lowest-rated" if code == "ARO" else "lowest-scoring"
    if median:
        both = _count(median, 'highest and the lowest value are', '{n} highest and the {n} lowest values are')
        return (f"Median {median}: the {both} "
                "left out, so neither the strongest nor the weakest opponents decide the tie alone.")
    cut_out = _count(cut, f'the value of the {whose} opponent is', f'the values of the {{n}} {whose} opponents are')
    return (f"Cut {cut}: {cut_out} "
            "left out, so a weak or missing opponent does not decide the tie.")


#: the values each cuttable criterion's example adds up: (opening words, [(sort key, value, how it reads)],
#: divide for an average).  The sort key is what "least significant" means: the opponent's score or rating.
_CUT_EXAMPLES: Mapping[str, tuple[str, list[tuple[Fraction, Fraction, str]], bool]] = {
    "BH": ("Opponents finished on 3, 2½, 4 and 1½",
           [(Fraction(3), Fraction(3), "3"), (Fraction(5, 2), Fraction(5, 2), "2½"), (Fraction(4), Fraction(4), "4"),
            (Fraction(3, 2), Fraction(3, 2), "1½")], False),
    "FB": ("With each opponent's last game counted as a draw, they finished on 3½, 2½ and 2",
           [(Fraction(7, 2), Fraction(7, 2), "3½"), (Fraction(5, 2), Fraction(5, 2), "2½"),
            (Fraction(2), Fraction(2), "2")], False),
    "SB": ("Beat a 3-point and a 1½-point player, drew with a 3½-point player: 3, 1½ and 1¾",
           [(Fraction(3), Fraction(3), "3"), (Fraction(3, 2), Fraction(3, 2), "1½"),
            (Fraction(7, 2), Fraction(7, 4), "1¾")], False),
    "ARO": ("Opponents rated 1800, 1600 and 2000",
            [(Fraction(1800), Fraction(1800), "1800"), (Fraction(1600), Fraction(1600), "1600"),
             (Fraction(2000), Fraction(2000), "2000")], True),
}


def _cut_example(code: str, cut: int, median: int) -> str | None:
    """The criterion's example with the cut made: what is left out, then the sum (or average) of the rest."""
    from engine.core.exact import nice
    if code == "PS":
        totals = [("½", Fraction(1, 2)), ("1", Fraction(1)), ("2", Fraction(2)), ("3", Fraction(3))]
        if cut >= len(totals):
            return None
        rest = totals[cut:]
        dropped = " and ".join(t for t, _ in totals[:cut])
        return (f"Draw, draw, win, win: running totals ½, 1, 2, 3; leaving out the first {_count(cut, 'round', '{n} rounds')} "
                f"({dropped}): {' + '.join(t for t, _ in rest)} = {nice(sum((v for _, v in rest), Fraction(0)))}.")
    if code not in _CUT_EXAMPLES:
        return None
    opening, values, average = _CUT_EXAMPLES[code]
    ranked = sorted(values, key=lambda v: v[0])
    low, high = (median, median) if median else (cut, 0)
    if low + high >= len(values):
        return None
    lows, highs = ranked[:low], (ranked[len(ranked) - high:] if high else [])
    kept = [v for v in values if v not in lows + highs]
    total = sum((v for _, v, _ in kept), Fraction(0))
    adding = " + ".join(t for _, _, t in kept)
    if average:
        result = f"({adding}) / {len(kept)} = {nice(total / len(kept))}" if len(kept) > 1 else f"{nice(total)}"
    else:
        result = f"{adding} = {nice(total)}" if len(kept) > 1 else nice(total)
    by = "rated" if code == "ARO" else "scoring"

    def whose(items: list[tuple[Fraction, Fraction, str]], end: str) -> str:
        owners = _count(len(items), f"the {end}-{by} opponent's", f"the {{n}} {end}-{by} opponents'")
        return f"{owners} {' and '.join(t for _, _, t in items)}"
    which = f"median {median} leaves out {whose(lows, 'lowest')} and {whose(highs, 'highest')}" if median \
        else f"cut {cut} leaves out {whose(lows, 'lowest')}"
    return f"{opening}; {which}: {result}."


#: how each prize method shares cash (for the announcement sheet and the Prizes page)
PRIZE_METHODS_TEXT: Mapping[str, str] = {
    "uscf": ("Under this method tie-breaks never decide cash: players on the same score share it equally. The tied "
             "players pool the best prizes they can win between them, one prize per player, and divide the pool; "
             "a player who would get more by taking a class prize (for example a rating prize) that the others "
             "cannot win takes that instead, and the others share the rest (US Chess rule 32B). Each share is "
             "rounded down to the cent."),
    "equal": ("Under this method tie-breaks never decide cash: players on the same score add up the prizes for the places "
              "they occupy and share them equally. Each player receives at most one cash prize; class prizes go "
              "to the best eligible players who have no cash prize yet. Each share is rounded down to the cent."),
    "order": ("The prizes follow the final ranking after tie-breaks: the player placed 3rd on tie-breaks "
              "receives the 3rd prize. Only players the tie-breaks cannot separate at all share their places' "
              "prizes equally."),
    "hort": ("The Hort system: each tied player keeps half of the prize for the place their tie-breaks give them, "
             "and the other halves of all the tied places' prizes are pooled and shared equally. A player who is "
             "not tied receives their full prize."),
}

TROPHIES_TEXT = ("Trophies, titles and qualifying places cannot be divided: they go by the tie-break order "
                 "announced here, and a player takes at most one of them.")

ORDER_FIXED_TEXT = ("This order is fixed and announced before round 1; it is not changed during the event. The "
                    "tie-breaks are applied one at a time, each only between players still tied on points and "
                    "on every earlier tie-break.")


#: where each criterion is written down, by its official name (or, for the few without one, who uses it)
OFFICIAL_RULE: Mapping[str, str] = {
    "PTS": "The score itself (FIDE C.07 and US Chess rule 34 break ties only among equal scores)",
    "BH": "FIDE C.07 art. 8.1; US Chess rule 34E (Solkoff)",
    "MED": "US Chess rule 34E (Median); FIDE C.07 art. 8.1 with the median modifier",
    "MM": "US Chess rule 34E",
    "FB": "FIDE C.07 art. 8.3",
    "AOB": "FIDE C.07 art. 8.2",
    "OBH": "No rulebook article: Swiss-Chess's \"Buchholz-Summe\" (BuSumm), the sum FIDE C.07 art. 8.2 averages",
    "PS": "FIDE C.07 art. 7.5",
    "CUM": "US Chess rule 34E",
    "OCUM": "US Chess rule 34E",
    "SB": "FIDE C.07 art. 9.1; US Chess rule 34E",
    "KS": "FIDE C.07 art. 9.2",
    "KASH": "US Chess rule 34E",
    "H2H": "US Chess rule 34E (result between tied players)",
    "DE": "FIDE C.07 art. 6",
    "WIN": "FIDE C.07 art. 7.1",
    "WON": "FIDE C.07 art. 7.2",
    "BPG": "FIDE C.07 art. 7.3",
    "BWG": "FIDE C.07 art. 7.4",
    "REP": "FIDE C.07 art. 7.6",
    "VUR": "FIDE C.07 art. 16.2 (the rounds a player chose not to play)",
    "ARO": "FIDE C.07 art. 10.1",
    "TPR": "FIDE C.07 art. 10.2, with FIDE's rating tables (Handbook B.02)",
    "PTP": "FIDE C.07 art. 10.3, with FIDE's table of expected scores (Handbook B.02)",
    "PERF": "No rulebook article: the linear formula some US pairing programs print",
    "PPR": "No rulebook article: the performance the French federation's program Papi prints, with FIDE's table of "
           "percentages (FIDE B.02)",
    "APRO": "FIDE C.07 art. 10.4",
    "APPO": "FIDE C.07 art. 10.5",
    "OPERF": "No rulebook article: the opponents' linear performances, as some US programs print",
    "LPERF": "Lichess Swiss rules (an online platform, not a federation)",
    "TFL": "A local rule of some US events; not in the FIDE regulations",
    "LATE": "A local rule of some US events; not in the FIDE regulations",
    "RTNG": "FIDE C.07 (2026 revision); Washington scholastic tournament rules",
    "TPN": "FIDE C.07 (2026 revision)",
    "LOTS": "FIDE C.07 art. 4.2; US Chess rule 34E, the last resort",
}

#: the modifier letters a code may carry (FIDE's descriptor syntax): letter, name, an example code
MODIFIER_LETTERS: tuple[tuple[str, str, str], ...] = (
    ("C", "cut", "BH/C1"),
    ("M", "median", "BH/M1"),
    ("N", "plain", "BH/C1/N"),
    ("P", "forfeits_played", "SB/P"),
    ("F", "fore", "AOB/F"),
    ("L", "limit_pct", "KS/L40"),
    ("L+ / L-", "limit_shift", "KS/L+1"),
    ("R", "reverse", "RTNG/R"),
)

#: the ordering's options, by what they do (the reference page lists them)
OPTIONS_TEXT: tuple[tuple[str, str], ...] = (
    ("Unrated players",
     "FIDE leaves every rating criterion empty when somebody has no rating. US Chess practice leaves unrated "
     "opponents out of the averages. A third choice gives every unrated player one rating you type in."),
    ("Compute after round",
     "Work everything out as it stood after an earlier round, for example to check a list published mid-event."),
    ("Cumulative: what unplayed wins and byes take off",
     "US Chess takes 1 off the Cumulative for each unplayed win and ½ for a half-point bye; the other choices "
     "take off only the wins, nothing (as FIDE's progressive score), or leave unplayed points out of every "
     "running total."),
    ("Kashdan points for an unplayed round", "0 as US Chess counts it, or 2 as if it were a draw."),
    ("Seed for the drawing of lots", "The same seed always gives the same draw, so anyone can replay it."),
    ("Local variants",
     "Ways some events, programs or forums read a rule differently: Modified Median dropping only opponents "
     "actually played, lichess's Sonneborn-Berger cut and direct encounter, opponents met only by forfeit "
     "counted in Cumulative of opposition, forfeits counted as games in US head-to-head, Kashdan and most "
     "blacks, and a zero-point bye or absence counted as a first loss. Each is off unless you tick it."),
)


def modifier_sentences(code: str) -> list[str]:
    """The sentences for the modifiers of ``code`` (``BH/C1`` -> the cut sentence)."""
    c = parse_code(code)
    out = []
    if c.cut or c.median:
        out.append(_cut_sentence(c.code, c.cut, c.median))
    if c.plain:
        out.append(MODIFIERS["plain"])
    if c.forfeits_played:
        out.append(MODIFIERS["forfeits_played"])
    if c.fore:
        out.append(MODIFIERS["fore"])
    if c.limit_pct is not None:
        out.append(MODIFIERS["limit_pct"].format(n=c.limit_pct))
    if c.limit_shift:
        half_points = _count(abs(c.limit_shift), "one half-point", "{n} half-points")
        out.append(f"The 50 % limit is moved {'up' if c.limit_shift > 0 else 'down'} by {half_points}.")
    if c.reverse:
        out.append(MODIFIERS["reverse"])
    return out


def explain_code(code: str) -> Explanation:
    """The explanation of a code with modifiers: the base text, the name extended, the modifier sentences
    appended to the second sentence's paragraph."""
    c = parse_code(code)
    base = CRITERIA[c.code]
    extra = modifier_sentences(code)
    if not extra:
        return base
    suffix = c.modifier_words()
    example = (_cut_example(c.code, c.cut, c.median) if c.cut or c.median else None) or base.example
    return Explanation(str(c), f"{base.name}, {', '.join(suffix)}", base.sentences + " " + " ".join(extra),
                       example)



def _check() -> None:
    """Every code is written down somewhere official (or says who uses it)."""
    assert set(OFFICIAL_RULE) == set(CODES), set(CODES) ^ set(OFFICIAL_RULE)


_check()
