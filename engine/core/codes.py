"""Tie-break codes and modifiers, parsed into :class:`Criterion` values; the registry of codes.

:data:`CODES` has one row per code with everything the engine and the app need to know about it: its
meaning, family, how it prints, how far it looks, and its words for people.

One code per system everywhere (engine, files, command line, UI).  Modifiers use FIDE's descriptor
syntax: ``BH/C1``, ``SB/C2``, ``ARO/M1``, ``BH/C1/N``, ``BH/P``, ``AOB/F``, ``KS/L40``, ``KS/L+1``,
``RTNG/R``.  An unknown code or modifier is an error, never silently skipped.

>>> parse_code("bh/c1/n")
Criterion(code='BH', cut=1, median=0, plain=True, forfeits_played=False, fore=False, limit_pct=None, limit_shift=0, reverse=False)
>>> str(parse_code("BH/C1/N")), str(parse_code("GE"))
('BH/C1/N', 'REP')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, Mapping

from engine.core.errors import EventError
from engine.core.said import said
from engine.core.words import word_for


class Printing(Enum):
    """How a code's values are written in text outputs (command line, CSV, Excel)."""

    #: exactly as computed: ``12.5``, ``9.75``, whole numbers as they are
    EXACT = "exact"
    #: a whole number: FIDE rounds the average half up, so the calculator already gives an int
    ROUNDED = "rounded"
    #: two decimals: the linear performances are exact fractions no rule rounds, shown to the hundredth
    TWO_DECIMALS = "two decimals"
    #: the decimals the value's rounding rule gives for the number of rounds (AOB: 2 to 5)
    BY_ROUNDS = "by rounds"


#: what a code's value is: a sum of per-round values, a count, an average, a place in a tied group, a yes/no
ValueKind = Literal["sum", "count", "average", "position", "flag"]


@dataclass(frozen=True)
class Words:
    """A code in plain words for parents and TDs: its name, two sentences, a tiny example checkable by hand."""

    name: str
    sentences: str
    example: str


@dataclass(frozen=True)
class CodeInfo:
    """Everything about one tie-break code, in one row of :data:`CODES`.

    Adding a tie-break is this row plus one module ``engine/tiebreaks/<family>.py`` that marks its traced
    calculator with :func:`engine.tiebreaks.context.calculates` (or :func:`~engine.tiebreaks.context.splits`
    for a group-dependent code) and its fast column with :func:`engine.tiebreaks.fast.fast_column`;
    ``tests/engine/test_registry.py`` fails while any part is missing.
    """

    code: str
    name: str
    #: the module of :mod:`engine.tiebreaks` that computes it
    family: str
    modifiers: str = ""            # letters allowed: C M N P F L R
    higher_is_better: bool = True
    group_dependent: bool = False  # DE, H2H, LOTS
    rating_based: bool = False
    kind: ValueKind = "sum"
    depends_on_rules: bool = True
    prints: Printing = Printing.EXACT
    #: how far into the pairing graph a value looks (0: the player's own rounds and data, 1: also his
    #: opponents' rounds, 2: also theirs' opponents'); None for group-dependent codes and for a value that
    #: reads the whole field (Papi's performance estimates a rating from every player's score).  The search for what
    #: would flip an order reuses a value when no change is that close (:mod:`engine.ranking.flips`).
    reach: int | None = None
    #: what a person calls it in a sentence, singular and plural; "{}" is where a modifier suffix goes
    said: tuple[str, str] = ("", "")
    #: what it measures, in the words a parent uses ("{}" takes a "leaving out ..." phrase for a cut)
    everyday: str = ""
    #: its name is everyday already: an answer uses the description alone
    self_explaining: bool = False
    words: Words = Words("", "", "")


CODES: Mapping[str, CodeInfo] = {c.code: c for c in [
    CodeInfo("PTS", "Points", "counts", depends_on_rules=False, reach=0,
         said=("points", "points"),
         everyday="points",
         words=Words("Points",
                     "Your score: 1 for a win, ½ for a draw, 0 for a loss, plus whatever your byes and forfeits were "
                     "worth. Tie-breaks are only looked at between players who finish on the same points.",
                     "Three wins, one draw and a loss in five rounds: 1 + 1 + 1 + ½ + 0 = 3½ points.")),
    CodeInfo("BH", "Buchholz (Solkoff)", "buchholz", modifiers="CMNP", reach=1,
         said=("Buchholz{}", "Buchholz{} scores"),
         everyday="the total score of the opponents each played{}",
         words=Words("Buchholz (Solkoff)",
                     "Add up the final scores of all your opponents. Beating strong opposition is harder, so the "
                     "player who met the stronger field ranks higher; the rule set says how byes and forfeits "
                     "count.",
                     "Opponents finished on 3, 2½, 4 and 1½: Buchholz 3 + 2½ + 4 + 1½ = 11.")),
    CodeInfo("MED", "Median (Harkness)", "buchholz", modifiers="P", reach=1,
         said=("Median{}", "Medians{}"),
         everyday="the total score of the opponents each played{}",
         words=Words("Median (Harkness)",
                     "Buchholz with the best and the worst opponent's score left out (the two best and two worst in "
                     "events of nine rounds or more). One very strong or very weak pairing then cannot decide the "
                     "tie on its own.",
                     "Opponents on 1, 2, 3 and 4: drop 1 and 4, Median 2 + 3 = 5.")),
    CodeInfo("MM", "Modified Median", "buchholz", modifiers="P", reach=1,
         said=("Modified Median{}", "Modified Medians{}"),
         everyday="the total score of the opponents each played{}",
         words=Words("Modified Median",
                     "Buchholz with a cut that depends on your own score: above 50 % drop your weakest opponent, "
                     "exactly 50 % drop the weakest and the strongest, below 50 % drop the strongest. In events of "
                     "nine rounds or more, two are dropped at each end instead of one.",
                     "A 3/4 score with opponents on 1, 2, 3 and 4: plus score, so drop the 1: 2 + 3 + 4 = 9.")),
    CodeInfo("FB", "Fore Buchholz", "buchholz", modifiers="CMNP", reach=1,
         said=("Fore Buchholz{}", "Fore Buchholz{} scores"),
         everyday="the total score of the opponents each played, counting everybody's last game as a draw{}",
         words=Words("Fore Buchholz",
                     "Buchholz worked out as if every game of the last round had been drawn. It can be known before "
                     "the last round ends, so prize-giving is not held up.",
                     "An opponent who won the last round to reach 4 counts 3½ instead; one who lost it to stay on 2 "
                     "counts 2½.")),
    CodeInfo("AOB", "Average of opponents' Buchholz", "buchholz", modifiers="F", kind="average",
         prints=Printing.BY_ROUNDS, reach=2,
         said=("average of opponents' Buchholz{}", "averages of opponents' Buchholz{}"),
         everyday="how strong the opponents' own opponents were",
         words=Words("Average of opponents' Buchholz",
                     "For each opponent you played over the board, take that opponent's own Buchholz, then average them. It "
                     "rewards a strong field one step further out than Buchholz does.",
                     "Opponents' Buchholz 9, 14 and 13: (9 + 14 + 13) / 3 = 12.")),
    CodeInfo("OBH", "Sum of opponents' Buchholz", "buchholz", reach=2,
         said=("sum of opponents' Buchholz{}", "sums of opponents' Buchholz{}"),
         everyday="how strong the opponents' own opponents were, added up",
         words=Words("Sum of opponents' Buchholz",
                     "For each opponent you played over the board, take that opponent's own Buchholz, then add them "
                     "up. Swiss-Chess prints it as \"BuSumm\" (Buchholz-Summe): it looks one step further out than "
                     "Buchholz, like the average of opponents' Buchholz but without dividing.",
                     "Opponents' Buchholz 9, 14 and 13: 9 + 14 + 13 = 36.")),
    CodeInfo("PS", "Progressive score", "progressive", modifiers="C", depends_on_rules=False, reach=0,
         said=("progressive score{}", "progressive scores{}"),
         everyday="each one's running score added up round after round, so early points weigh more{}",
         words=Words("Progressive score",
                     "Write your running score after each round and add the running totals up. Early wins count in "
                     "every later total, so the player who led from the start ranks higher.",
                     "Draw, draw, win, win: running totals ½, 1, 2, 3, so ½ + 1 + 2 + 3 = 6½.")),
    CodeInfo("CUM", "Cumulative (US Chess)", "progressive", depends_on_rules=False, reach=0,
         said=("Cumulative score{}", "Cumulative scores{}"),
         everyday="each one's running score added up round after round, so early points weigh more",
         words=Words("Cumulative (US Chess)",
                     "The progressive score, with one point taken off for each unplayed win (a full-point bye or a "
                     "forfeit win) and a half point for a half-point bye. Points won early weigh more, but a bye is "
                     "not allowed to give a free head start.",
                     "Bye, win, loss, draw, win: running 1, 2, 2, 2½, 3½ sum to 11; minus 1 for the bye gives 10.")),
    CodeInfo("OCUM", "Cumulative of opposition", "progressive", depends_on_rules=False, reach=1,
         said=("Opposition Cumulative{}", "Opposition Cumulatives{}"),
         everyday="the running scores of the opponents each played, added up",
         words=Words("Cumulative of opposition",
                     "Add up the Cumulative tie-break of every opponent you played over the board. It measures the "
                     "strength of your opposition by how early and how often they scored.",
                     "Opponents' Cumulative 1, 7, 13, 7 and 11: 1 + 7 + 13 + 7 + 11 = 39.")),
    CodeInfo("SB", "Sonneborn-Berger (Neustadtl)", "sonneborn", modifiers="CMNP", reach=1,
         said=("Sonneborn-Berger{}", "Sonneborn-Berger{} scores"),
         everyday="the scores of the opponents each beat, plus half the scores of those each drew with{}",
         words=Words("Sonneborn-Berger (Neustadtl)",
                     "Add the full final score of every opponent you beat and half the score of every opponent you "
                     "drew with; losses add nothing. Points taken from strong opponents are worth more than points "
                     "taken from weak ones.",
                     "Beat a 3-point and a 1½-point player, drew with a 3½-point player: 3 + 1½ + 1¾ = 6¼.")),
    CodeInfo("KS", "Koya", "counts", modifiers="L", depends_on_rules=False, reach=1,
         said=("Koya score{}", "Koya scores{}"),
         everyday="the points each scored against the opponents who finished on at least half the points",
         words=Words("Koya",
                     "Count only the points you scored against opponents who finished on at least 50 % (or another "
                     "announced limit). It is meant for round robins: results against the top half decide.",
                     "In 5 rounds the limit is 2½: a win over a 3-point player and a draw with a 2½-point player give "
                     "1½.")),
    CodeInfo("KASH", "Kashdan", "counts", depends_on_rules=False, reach=0,
         said=("Kashdan score{}", "Kashdan scores{}"),
         everyday="a count that rewards fighting chess: 4 for a win, 2 for a draw, 1 for a loss",
         words=Words("Kashdan",
                     "Score 4 for a win, 2 for a draw and 1 for a loss, counting games played over the board only. It "
                     "rewards fighting chess: on equal points, fewer draws and more games played rank higher.",
                     "Two wins, one draw, one loss and a bye: 4 + 4 + 2 + 1 + 0 = 11.")),
    CodeInfo("H2H", "Result between tied players (US head-to-head)", "encounter",
         higher_is_better=False, group_dependent=True, kind="position", depends_on_rules=False,
         said=("head-to-head{}", "head-to-heads{}"),
         everyday="the result between the tied players", self_explaining=True,
         words=Words("Result between tied players (US Chess)",
                     "If the tied players met, compare their results in those games: the player with the better "
                     "wins-minus-losses record against the others ranks higher. Games not played over the board do "
                     "not count.",
                     "Ana beat Bo and no other games were played among the three: Ana +1, Cy 0, Bo −1, so Ana, Cy, "
                     "Bo.")),
    CodeInfo("DE", "Direct encounter", "encounter",
         modifiers="P", higher_is_better=False, group_dependent=True, kind="position", depends_on_rules=False,
         said=("direct encounter{}", "direct encounters{}"),
         everyday="the result between the tied players", self_explaining=True,
         words=Words("Direct encounter (FIDE)",
                     "Among the tied players, rank by the points scored in the games between them. In a Swiss, where "
                     "not all met, a player goes first only if their points there beat the most any other could have "
                     "had.",
                     "Ana beat Bo and Cy, who did not meet: Ana's 2 beats their best possible 1, so Ana is first; Bo "
                     "and Cy stay tied.")),
    CodeInfo("WIN", "Number of wins (played or not)", "counts", kind="count", depends_on_rules=False, reach=0,
         said=("number of wins{}", "numbers of wins{}"),
         everyday="the number of wins", self_explaining=True,
         words=Words("Number of wins",
                     "Count the rounds in which you got a win's points, whether the game was played or not (byes and "
                     "forfeit wins count). On equal points, the player with more wins and fewer draws ranks higher.",
                     "Two wins over the board and a full-point bye: 3 wins.")),
    CodeInfo("WON", "Games won over the board", "counts", kind="count", depends_on_rules=False, reach=0,
         said=("number of games won over the board{}", "numbers of games won over the board{}"),
         everyday="the number of games won at the board", self_explaining=True,
         words=Words("Games won over the board",
                     "Count only the games you actually won at the board. Byes and forfeit wins do not count here.",
                     "Two wins over the board and a full-point bye: 2.")),
    CodeInfo("BPG", "Games played with Black", "counts", kind="count", depends_on_rules=False, reach=0,
         said=("number of games with Black{}", "numbers of games with Black{}"),
         everyday="the number of games played with Black", self_explaining=True,
         words=Words("Games played with Black",
                     "Count the games you played with the black pieces over the board. Black is a small handicap, so "
                     "more games with Black ranks higher.",
                     "White, Black, Black, bye, White: 2.")),
    CodeInfo("BWG", "Games won with Black", "counts", kind="count", depends_on_rules=False, reach=0,
         said=("number of wins with Black{}", "numbers of wins with Black{}"),
         everyday="the number of games won with Black", self_explaining=True,
         words=Words("Games won with Black",
                     "Count the games you won with the black pieces over the board. Winning with Black is harder, so "
                     "it ranks higher.",
                     "Won with White, won with Black, drew with Black: 1.")),
    CodeInfo("REP", "Rounds one elected to play", "counts", kind="count", depends_on_rules=False, reach=0,
         said=("number of rounds elected to play{}", "numbers of rounds elected to play{}"),
         everyday="the number of rounds each came to play", self_explaining=True,
         words=Words("Rounds one elected to play",
                     "The number of rounds minus those you chose not to play: requested byes, absences and forfeit "
                     "losses. A bye you were given because of an odd number of players still counts as a round you "
                     "came to play.",
                     "Five rounds with one half-point bye: 5 − 1 = 4.")),
    CodeInfo("VUR", "Voluntarily unplayed rounds (fewer is better)", "counts",
         higher_is_better=False, kind="count", depends_on_rules=False, reach=0,
         said=("number of voluntarily unplayed rounds{}", "numbers of voluntarily unplayed rounds{}"),
         everyday="the number of rounds each chose not to play (fewer goes first)", self_explaining=True,
         words=Words("Voluntarily unplayed rounds (fewer is better)",
                     "Count the rounds you chose not to play: requested byes, absences and forfeit losses. Fewer "
                     "ranks higher, because the player who turned up every round did more to earn the score.",
                     "A half-point bye and a forfeit loss: 2.")),
    CodeInfo("ARO", "Average rating of opponents", "ratings",
         modifiers="CM", rating_based=True, kind="average", depends_on_rules=False, prints=Printing.ROUNDED, reach=0,
         said=("average rating of opponents{}", "average ratings of opponents{}"),
         everyday="the average rating of the opponents each played{}", self_explaining=True,
         words=Words("Average rating of opponents",
                     "The average pre-event rating of the opponents you played over the board. A higher average means "
                     "a tougher draw.",
                     "Opponents rated 1800, 1600 and 2000: (1800 + 1600 + 2000) / 3 = 1800.")),
    CodeInfo("TPR", "Tournament performance rating", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.ROUNDED, reach=0,
         said=("performance rating{}", "performance ratings{}"),
         everyday="the rating each played like in this event",
         words=Words("Tournament performance rating (FIDE)",
                     "Your opponents' average rating plus a bonus (or minus a penalty) from FIDE's table for the "
                     "percentage you scored. It is the rating you played like in this event.",
                     "Average opposition 1820 and 70 % scored: 1820 + 149 = 1969.")),
    CodeInfo("PTP", "Perfect tournament performance", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.ROUNDED, reach=0,
         said=("perfect tournament performance{}", "perfect tournament performances{}"),
         everyday="the rating each played like in this event, worked out exactly",
         words=Words("Perfect tournament performance (FIDE)",
                     "The lowest rating at which FIDE's expected-score table would predict at least your score "
                     "against these opponents. It is a performance rating without the rounding of the percentage "
                     "table.",
                     "Against five opponents, 3½ points: at 2029 the expected scores add to 3.50, at 2028 to 3.49, so "
                     "2029.")),
    CodeInfo("PERF", "Linear performance", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.TWO_DECIMALS, reach=0,
         said=("linear performance{}", "linear performances{}"),
         everyday="a quick performance rating from the opponents' ratings and the results",
         words=Words("Linear performance",
                     "Add your opponents' ratings, add 400 for each win and subtract 400 for each loss, and divide by "
                     "the games played. It is the quick performance formula many US directors use.",
                     "Opponents' ratings add to 9100 in 5 games, 3 wins and 1 loss: (9100 + 400 × 2) / 5 = 1980.")),
    CodeInfo("APRO", "Average of opponents' TPR", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.ROUNDED, reach=1,
         said=("average of opponents' performance ratings{}", "averages of opponents' performance ratings{}"),
         everyday="how well the opponents played in this event",
         words=Words("Average of opponents' TPR",
                     "The average of your opponents' own tournament performance ratings. It rewards meeting opponents "
                     "who played well in this event, not only opponents with high ratings.",
                     "Opponents' TPRs 1900, 1750 and 2000: (1900 + 1750 + 2000) / 3 = 1883⅓, shown 1883.")),
    CodeInfo("APPO", "Average of opponents' PTP", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.ROUNDED, reach=1,
         said=("average of opponents' perfect performances{}", "averages of opponents' perfect performances{}"),
         everyday="how well the opponents played in this event",
         words=Words("Average of opponents' PTP",
                     "The average of your opponents' perfect tournament performances. Like APRO, it measures how well "
                     "your opponents played here.",
                     "Opponents' PTPs 1800 and 2000: (1800 + 2000) / 2 = 1900.")),
    CodeInfo("OPERF", "Opponents' average linear performance", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.TWO_DECIMALS, reach=1,
         said=("opponents' average linear performance{}", "opponents' average linear performances{}"),
         everyday="how well the opponents played in this event",
         words=Words("Opponents' average linear performance",
                     "The average of your opponents' linear performances. It is the US-style version of APRO.",
                     "Opponents' linear performances 1850 and 1950: (1850 + 1950) / 2 = 1900.")),
    CodeInfo("LPERF", "Lichess Swiss performance", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.TWO_DECIMALS, reach=0,
         said=("lichess performance{}", "lichess performances{}"),
         everyday="the lichess performance rating", self_explaining=True,
         words=Words("Lichess Swiss performance",
                     "For each pairing take the opponent's rating, plus 500 for a win or minus 500 for a loss, and "
                     "average. It is the second tie-break of lichess Swiss events.",
                     "Beat a 1500 and lost to a 1700: (2000 + 1200) / 2 = 1600.")),
    CodeInfo("PPR", "Papi performance", "ratings",
         rating_based=True, kind="average", depends_on_rules=False, prints=Printing.ROUNDED, reach=None,
         said=("Papi performance{}", "Papi performances{}"),
         everyday="the rating each played like in this event, as the French federation's program works it out",
         words=Words("Papi performance",
                     "The performance the French federation's program Papi prints (\"Perf\"): the opponents' average "
                     "rating, each held within 400 points of your own, plus the table value for your percentage, "
                     "rounded. Forfeits and byes do not count; a rating marked as estimated is replaced by Papi's "
                     "estimate for your score.",
                     "Opponents 1500, 1600 and 1700, 2 points of 3 (66.67 %): 1600 + 117 + 0.67 × 8 = 1722.33, "
                     "shown 1722.")),
    CodeInfo("TFL", "Time of first loss (later is better)", "counts",
         kind="count", depends_on_rules=False, reach=0,
         said=("time of first loss{}", "times of first loss{}"),
         everyday="how late each lost a game for the first time (later goes first)", self_explaining=True,
         words=Words("Time of first loss (later is better)",
                     "The player whose first loss came later ranks higher, and a player with no loss ranks highest. "
                     "It favours the player who kept winning while the leaders were still being decided.",
                     "Ana lost first in round 4, Bo in round 2: Ana ranks higher.")),
    CodeInfo("LATE", "On time (tardiness)", "counts", kind="flag", depends_on_rules=False, reach=0,
         said=("on-time mark{}", "on-time marks{}"),
         everyday="who was there on time for the first round", self_explaining=True,
         words=Words("On time (tardiness)",
                     "A player who arrived after round 1 was paired ranks below one who was on time. It is a simple "
                     "yes-or-no check for latecomers.",
                     "Bo arrived after the pairings of round 1 were made: on equal points Ana, who was on time, ranks "
                     "higher.")),
    CodeInfo("RTNG", "Rating (higher first)", "counts",
         modifiers="R", kind="count", depends_on_rules=False, reach=0,
         said=("rating{}", "ratings{}"),
         everyday="the rating before the event", self_explaining=True,
         words=Words("Rating (higher first)",
                     "The higher pre-event rating ranks higher. It is a last, simple fallback before drawing lots.",
                     "Rated 1850 against 1720: the 1850 ranks higher.")),
    CodeInfo("TPN", "Pairing number (lower first)", "counts",
         modifiers="R", higher_is_better=False, kind="count", depends_on_rules=False, reach=0,
         said=("pairing number{}", "pairing numbers{}"),
         everyday="the starting number (the lower goes first)", self_explaining=True,
         words=Words("Pairing number (lower first)",
                     "The lower tournament pairing number (starting rank) ranks higher. It is a fixed, "
                     "known-in-advance last fallback.",
                     "Pairing numbers 4 and 9: number 4 ranks higher.")),
    CodeInfo("LOTS", "Drawing of lots", "encounter",
         higher_is_better=False, group_dependent=True, kind="position", depends_on_rules=False,
         said=("drawing of lots", "drawings of lots"),
         everyday="a drawing of lots", self_explaining=True,
         words=Words("Drawing of lots",
                     "When everything else is equal, a random draw decides. The app records the seed so anyone can "
                     "replay it.",
                     "Ana and Bo are equal on every tie-break: a recorded draw (seed 7) decides which of them is "
                     "placed first.")),

]}

#: the codes whose values come from ratings (void under FIDE when somebody is unrated and no substitute is set)
RATING_CODES: frozenset[str] = frozenset(c for c, info in CODES.items() if info.rating_based)

ALIASES: Mapping[str, str] = {"GE": "REP", "SOLKOFF": "BH", "BUCHHOLZ": "BH", "NEUSTADTL": "SB", "BUSUMM": "OBH"}

_MOD = re.compile(r"^(C|M)(\d+)$|^(N|P|F|R)$|^L([+-]\d+)$|^L(\d+)$")


def written_modifiers(*, cut: int = 0, median: int = 0, plain: bool = False, forfeits_played: bool = False,
                      fore: bool = False, limit_pct: int | None = None, limit_shift: int = 0, reverse: bool = False,
                      factor: int | None = None) -> str:
    """The modifiers as they are written after a code, in the one order every code is spelled in, an individual
    tie-break's (``BH/C1/N``) as a team tie-break's (``BH:GP/C1/F``, ``SSSC/K4``)::

        >>> written_modifiers(cut=1, plain=True), written_modifiers(median=1, forfeits_played=True, fore=True)
        ('/C1/N', '/M1/P/F')
        >>> written_modifiers(limit_pct=50), written_modifiers(limit_shift=-1, reverse=True), written_modifiers(factor=4)
        ('/L50', '/L-1/R', '/K4')
    """
    text = f"/C{cut}" if cut else ""
    text += f"/M{median}" if median else ""
    text += "/N" if plain else ""
    text += "/P" if forfeits_played else ""
    text += "/F" if fore else ""
    text += f"/L{limit_pct}" if limit_pct is not None else ""
    text += f"/L{limit_shift:+d}" if limit_shift else ""
    text += "/R" if reverse else ""
    text += f"/K{factor}" if factor is not None else ""
    return text


def modifier_words(*, cut: int = 0, median: int = 0, plain: bool = False, forfeits_played: bool = False,
                   fore: bool = False, limit_pct: int | None = None, limit_shift: int = 0, reverse: bool = False,
                   cuts_rounds: bool = False) -> list[str]:
    """The same modifiers in words, in the same order (``["cut 1", "plain cut"]`` for ``/C1/N``).  ``cuts_rounds``:
    the cut leaves out the first rounds (the progressive score's) rather than the lowest values."""
    words = []
    if cut:
        words.append(f"cut {cut}" if not cuts_rounds else
                     "without the first round" if cut == 1 else f"without the first {cut} rounds")
    if median:
        words.append(f"median {median}")
    if plain:
        words.append("plain cut")
    if forfeits_played:
        words.append("forfeits as played")
    if fore:
        words.append("on Fore Buchholz")
    if limit_pct is not None:
        words.append(f"limit {limit_pct}%")
    if limit_shift:
        words.append(f"limit {limit_shift:+d} {word_for(abs(limit_shift), 'half-point')}")
    if reverse:
        words.append("reversed")
    return words


@dataclass(frozen=True)
class Criterion:
    """One parsed tie-break descriptor."""

    code: str
    cut: int = 0
    median: int = 0
    plain: bool = False
    forfeits_played: bool = False
    fore: bool = False
    limit_pct: int | None = None
    limit_shift: int = 0
    reverse: bool = False

    @property
    def info(self) -> CodeInfo:
        return CODES[self.code]

    @property
    def higher_is_better(self) -> bool:
        return self.info.higher_is_better != self.reverse

    def __str__(self) -> str:
        return self.code + written_modifiers(cut=self.cut, median=self.median, plain=self.plain,
                                             forfeits_played=self.forfeits_played, fore=self.fore,
                                             limit_pct=self.limit_pct, limit_shift=self.limit_shift,
                                             reverse=self.reverse)

    def modifier_words(self) -> list[str]:
        """The modifiers in words, e.g. ``["cut 1", "plain cut"]`` for ``BH/C1/N``."""
        return modifier_words(cut=self.cut, median=self.median, plain=self.plain,
                              forfeits_played=self.forfeits_played, fore=self.fore, limit_pct=self.limit_pct,
                              limit_shift=self.limit_shift, reverse=self.reverse, cuts_rounds=self.code == "PS")

    def variant_words(self) -> list[str]:
        """The modifiers that make a variant rather than a cut, in words (``["plain cut", "reversed"]``): the
        words every sentence naming a criterion uses, here and in the answer to "why is A above B?"."""
        return modifier_words(plain=self.plain, forfeits_played=self.forfeits_played, fore=self.fore,
                              limit_pct=self.limit_pct, limit_shift=self.limit_shift, reverse=self.reverse)

    @property
    def label(self) -> str:
        extra = self.modifier_words()
        return self.info.name + (f" ({', '.join(extra)})" if extra else "")


def parse_code(text: str) -> Criterion:
    """Parse one descriptor; raise :class:`EventError` for anything unknown."""
    raw = text.strip()
    if not raw:
        raise EventError(said("empty tie-break code"))
    parts = raw.upper().split("/")
    head = ALIASES.get(parts[0], parts[0])
    if head not in CODES:
        raise EventError(said("unknown tie-break code {code} in {raw}; known codes: {known}", code=repr(parts[0]),
                              raw=repr(raw), known=", ".join(CODES)))
    info = CODES[head]
    fields: dict[str, Any] = {}
    for mod in parts[1:]:
        m = _MOD.match(mod)
        letter = mod[:1]
        if not m or letter not in info.modifiers:
            allowed = ", ".join("/" + c for c in info.modifiers)
            raise EventError(said("modifier /{mod} is not valid for {head} in {raw} (allowed: {allowed})", mod=mod,
                                  head=head, raw=repr(raw), allowed=allowed) if info.modifiers else
                             said("modifier /{mod} is not valid for {head} in {raw} (allowed: none)", mod=mod,
                                  head=head, raw=repr(raw)))
        if m.group(1) == "C":
            fields["cut"] = int(m.group(2))
        elif m.group(1) == "M":
            fields["median"] = int(m.group(2))
        elif m.group(3) == "N":
            fields["plain"] = True
        elif m.group(3) == "P":
            fields["forfeits_played"] = True
        elif m.group(3) == "F":
            fields["fore"] = True
        elif m.group(3) == "R":
            fields["reverse"] = True
        elif m.group(4) is not None:
            fields["limit_shift"] = int(m.group(4))
        elif m.group(5) is not None:
            fields["limit_pct"] = int(m.group(5))
    if fields.get("cut") and fields.get("median"):
        raise EventError(said("{raw}: a cut and a median cannot be combined", raw=repr(raw)))
    return Criterion(head, **fields)


def parse_codes(text: str | list[str]) -> list[Criterion]:
    """Parse a comma- or space-separated list.  ``PTS`` may be given; it is always first anyway.  A code
    given twice (``BH,BH``, or ``BH,SOLKOFF``) is refused: the second could never separate anybody.

    >>> [str(c) for c in parse_codes("BH/C1, bh, SB")]
    ['BH/C1', 'BH', 'SB']
    """
    items = text if isinstance(text, list) else re.split(r"[,\s]+", text.strip())
    items = [i for i in items if i.strip()]
    if not items:
        raise EventError(said("no tie-break codes given"))
    criteria = [parse_code(i) for i in items]
    seen: set[str] = set()
    for item, crit in zip(items, criteria):
        if str(crit) in seen:
            raise EventError(said("tie-break {code} is given twice in {given}: a criterion can only break a tie once",
                                  code=str(crit), given=", ".join(i.strip() for i in items)))
        seen.add(str(crit))
    return criteria
