"""Plain-words explanations of every tie-break code, rule set, modifier and prize method, as data.

Written for parents, players and tournament directors from RULES.md (sections named in each entry's
code table, §10).  Each criterion has a name, exactly two sentences saying what it counts and why it
is fair, and a tiny worked example whose numbers can be checked by hand.  The TD announcement sheet,
the teaching pages and the glossary all read these texts, so a rule is worded once.

>>> from engine.core.codes import CODES
>>> sorted(CODES) == sorted(CRITERIA)
True
>>> explain_code("BH/C1").name
'Buchholz (Solkoff), cut 1'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from engine.core.codes import CODES, parse_code


@dataclass(frozen=True)
class Explanation:
    """What one criterion means: its name, two sentences, a tiny example."""

    code: str
    name: str
    sentences: str
    example: str


def _e(code: str, name: str, sentences: str, example: str) -> Explanation:
    return Explanation(code, name, sentences, example)


CRITERIA: Mapping[str, Explanation] = {e.code: e for e in [
    _e("PTS", "Points",
       "Your score: 1 for a win, ½ for a draw, 0 for a loss, plus whatever your byes and forfeits were worth. "
       "Tie-breaks are only looked at between players who finish on the same points.",
       "Three wins, one draw and a loss in five rounds: 1 + 1 + 1 + ½ + 0 = 3½ points."),
    _e("BH", "Buchholz (Solkoff)",
       "Add up the final scores of all your opponents. Beating strong opposition is harder, so the player who "
       "met the stronger field ranks higher; the rule set says how byes and forfeits count.",
       "Opponents finished on 3, 2½, 4 and 1½: Buchholz 3 + 2½ + 4 + 1½ = 11."),
    _e("MED", "Median (Harkness)",
       "Buchholz with the best and the worst opponent's score left out (the two best and two worst in events "
       "of nine rounds or more). One very strong or very weak pairing then cannot decide the tie on its own.",
       "Opponents on 1, 2, 3 and 4: drop 1 and 4, Median 2 + 3 = 5."),
    _e("MM", "Modified Median",
       "Buchholz with a cut that depends on your own score: above 50 % drop your weakest opponent, exactly 50 % "
       "drop the weakest and the strongest, below 50 % drop the strongest. In events of nine rounds or more, two "
       "are dropped at each end instead of one.",
       "A 3/4 score with opponents on 1, 2, 3 and 4: plus score, so drop the 1: 2 + 3 + 4 = 9."),
    _e("FB", "Fore Buchholz",
       "Buchholz worked out as if every game of the last round had been drawn. It can be known before the last "
       "round ends, so prize-giving is not held up.",
       "An opponent who won the last round to reach 4 counts 3½ instead; one who lost it to stay on 2 counts 2½."),
    _e("AOB", "Average of opponents' Buchholz",
       "For each opponent you played over the board, take his own Buchholz, then average them. It rewards a "
       "strong field one step further out than Buchholz does.",
       "Opponents' Buchholz 9, 14 and 13: (9 + 14 + 13) / 3 = 12."),
    _e("PS", "Progressive score",
       "Write your running score after each round and add the running totals up. Early wins count in every "
       "later total, so the player who led from the start ranks higher.",
       "Draw, draw, win, win: running totals ½, 1, 2, 3, so ½ + 1 + 2 + 3 = 6½."),
    _e("CUM", "Cumulative (US Chess)",
       "The progressive score, with one point taken off for each unplayed win (a full-point bye or a forfeit win) "
       "and a half point for a half-point bye. Points won early weigh more, but a bye is not allowed to give a "
       "free head start.",
       "Bye, win, loss, draw, win: running 1, 2, 2, 2½, 3½ sum to 11; minus 1 for the bye gives 10."),
    _e("OCUM", "Cumulative of opposition",
       "Add up the Cumulative tie-break of every opponent you played over the board. It measures the strength of "
       "your opposition by how early and how often they scored.",
       "Opponents' Cumulative 1, 7, 13, 7 and 11: 1 + 7 + 13 + 7 + 11 = 39."),
    _e("SB", "Sonneborn-Berger (Neustadtl)",
       "Add the full final score of every opponent you beat and half the score of every opponent you drew with; "
       "losses add nothing. Points taken from strong opponents are worth more than points taken from weak ones.",
       "Beat a 3-point and a 1½-point player, drew with a 3½-point player: 3 + 1½ + 1¾ = 6¼."),
    _e("KS", "Koya",
       "Count only the points you scored against opponents who finished on at least 50 % (or another announced "
       "limit). It is meant for round robins: results against the top half decide.",
       "In 5 rounds the limit is 2½: a win over a 3-point player and a draw with a 2½-point player give 1½."),
    _e("KASH", "Kashdan",
       "Score 4 for a win, 2 for a draw and 1 for a loss, counting games played over the board only. It rewards "
       "fighting chess: on equal points, fewer draws and more games played rank higher.",
       "Two wins, one draw, one loss and a bye: 4 + 4 + 2 + 1 + 0 = 11."),
    _e("H2H", "Result between tied players (US Chess)",
       "If the tied players met, compare their results in those games: the player with the better wins-minus-"
       "losses record against the others ranks higher. Games not played over the board do not count.",
       "Ana beat Bo and no other games were played among the three: Ana +1, Cy 0, Bo −1, so Ana, Cy, Bo."),
    _e("DE", "Direct encounter (FIDE)",
       "Among the tied players, rank by the points scored in the games between them. In a Swiss, where not all "
       "met, a player goes first only if his points there beat the most any other could have had.",
       "Ana beat Bo and Cy, who did not meet: Ana's 2 beats their best possible 1, so Ana is first; Bo and Cy "
       "stay tied."),
    _e("WIN", "Number of wins",
       "Count the rounds in which you got a win's points, whether the game was played or not (byes and forfeit "
       "wins count). On equal points, the player with more wins and fewer draws ranks higher.",
       "Two wins over the board and a full-point bye: 3 wins."),
    _e("WON", "Games won over the board",
       "Count only the games you actually won at the board. Byes and forfeit wins do not count here.",
       "Two wins over the board and a full-point bye: 2."),
    _e("BPG", "Games played with Black",
       "Count the games you played with the black pieces over the board. Black is a small handicap, so more "
       "games with Black ranks higher.",
       "White, Black, Black, bye, White: 2."),
    _e("BWG", "Games won with Black",
       "Count the games you won with the black pieces over the board. Winning with Black is harder, so it "
       "ranks higher.",
       "Won with White, won with Black, drew with Black: 1."),
    _e("REP", "Rounds one elected to play",
       "The number of rounds minus those you chose not to play: requested byes, absences and forfeit losses. "
       "A bye you were given because of an odd number of players still counts as a round you came to play.",
       "Five rounds with one half-point bye: 5 − 1 = 4."),
    _e("VUR", "Voluntarily unplayed rounds (fewer is better)",
       "Count the rounds you chose not to play: requested byes, absences and forfeit losses. Fewer ranks higher, "
       "because the player who turned up every round did more to earn the score.",
       "A half-point bye and a forfeit loss: 2."),
    _e("ARO", "Average rating of opponents",
       "The average pre-event rating of the opponents you played over the board. A higher average means a "
       "tougher draw.",
       "Opponents rated 1800, 1600 and 2000: (1800 + 1600 + 2000) / 3 = 1800."),
    _e("TPR", "Tournament performance rating (FIDE)",
       "Your opponents' average rating plus a bonus (or minus a penalty) from FIDE's table for the percentage "
       "you scored. It is the rating you played like in this event.",
       "Average opposition 1820 and 70 % scored: 1820 + 149 = 1969."),
    _e("PTP", "Perfect tournament performance (FIDE)",
       "The lowest rating at which FIDE's expected-score table would predict at least your score against these "
       "opponents. It is a performance rating without the rounding of the percentage table.",
       "Against five opponents, 3½ points: at 2029 the expected scores add to 3.50, at 2028 to 3.49, so 2029."),
    _e("PERF", "Linear performance",
       "Add your opponents' ratings, add 400 for each win and subtract 400 for each loss, and divide by the "
       "games played. It is the quick performance formula many US directors use.",
       "Opponents' ratings add to 9100 in 5 games, 3 wins and 1 loss: (9100 + 400 × 2) / 5 = 1980."),
    _e("APRO", "Average of opponents' TPR",
       "The average of your opponents' own tournament performance ratings. It rewards meeting opponents who "
       "played well in this event, not only opponents with high ratings.",
       "Opponents' TPRs 1900, 1750 and 2000: (1900 + 1750 + 2000) / 3 = 1883⅓, shown 1883."),
    _e("APPO", "Average of opponents' PTP",
       "The average of your opponents' perfect tournament performances. Like APRO, it measures how well your "
       "opponents played here.",
       "Opponents' PTPs 1800 and 2000: (1800 + 2000) / 2 = 1900."),
    _e("OPERF", "Opponents' average linear performance",
       "The average of your opponents' linear performances. It is the US-style version of APRO.",
       "Opponents' linear performances 1850 and 1950: (1850 + 1950) / 2 = 1900."),
    _e("LPERF", "Lichess Swiss performance",
       "For each pairing take the opponent's rating, plus 500 for a win or minus 500 for a loss, and average. It "
       "is the second tie-break of lichess Swiss events.",
       "Beat a 1500 and lost to a 1700: (2000 + 1200) / 2 = 1600."),
    _e("TFL", "Time of first loss (later is better)",
       "The player whose first loss came later ranks higher, and a player with no loss ranks highest. It favours "
       "the player who kept winning while the leaders were still being decided.",
       "Ana lost first in round 4, Bo in round 2: Ana ranks higher."),
    _e("LATE", "On time (tardiness)",
       "A player who arrived after round 1 was paired ranks below one who was on time. It is a simple yes-or-no "
       "check for latecomers.",
       "Bo arrived after the pairings of round 1 were made: on equal points Ana, who was on time, ranks higher."),
    _e("RTNG", "Rating (higher first)",
       "The higher pre-event rating ranks higher. It is a last, simple fallback before drawing lots.",
       "Rated 1850 against 1720: the 1850 ranks higher."),
    _e("TPN", "Pairing number (lower first)",
       "The lower tournament pairing number (starting rank) ranks higher. It is a fixed, known-in-advance last "
       "fallback.",
       "Pairing numbers 4 and 9: number 4 ranks higher."),
    _e("LOTS", "Drawing of lots",
       "When everything else is equal, a random draw decides. The app records the seed so anyone can replay it.",
       "Ana and Bo are equal on every tie-break: a recorded draw (seed 7) decides which of them is placed first."),
]}


#: one paragraph per rule set: the unplayed-round model (RULES.md §1)
RULE_SETS_TEXT: Mapping[str, tuple[str, str]] = {
    "uscf": ("US Chess adjusted scores",
             "Byes and forfeits are not games, so US Chess adjusts them. Every round an opponent did not play counts "
             "as ½ in his score (a full-point bye makes him look ½ weaker, a forfeit loss ½ stronger), and each of "
             "your own unplayed rounds counts as an opponent with 0. A bye therefore adds nothing to your Solkoff "
             "and is usually the score a median drops."),
    "fide": ("FIDE 2026 (dummy opponent, capped)",
             "FIDE's rules in force since 1 March 2026. An opponent's score counts as it stands, except that "
             "requested byes and absences at the end of his event count as draws. Each of your own unplayed rounds "
             "counts as a game against a dummy opponent with your own final score, capped at 50 % of the maximum "
             "(for a bye) or at the scheduled opponent's score (for a forfeit); rounds you chose not to play are "
             "the first to be cut."),
    "fide2024": ("FIDE 2023/2024 (dummy opponent)",
                 "FIDE's rules of 2023 and 2024. An opponent's score counts as it stands, except that requested "
                 "byes and absences at the end of his event count as draws. Each of your own unplayed rounds counts "
                 "as a game against a dummy opponent with your own final score, without any cap; rounds you chose "
                 "not to play are the first to be cut."),
    "fide2009": ("FIDE 2009 (virtual opponent)",
                 "The older FIDE rule, still used by some programs. Every unplayed round of an opponent counts as a "
                 "draw, and each of your own unplayed rounds is a game against a virtual opponent who starts with "
                 "your score before that round, takes the opposite result and then draws every later round."),
    "raw": ("Raw scores (no adjustment)",
            "No adjustment at all: opponents count their real final scores and your own unplayed rounds add "
            "nothing. This is what many club spreadsheets do; the app offers it to show why official numbers "
            "differ."),
    "lichess": ("Lichess Swiss",
                "Lichess counts opponents' real points. A pairing-allocated bye is scored as a win against a virtual "
                "opponent (the FIDE 2009 rule), and other rounds you did not play add nothing."),
}

#: modifiers of a code (RULES.md §10): one sentence each
MODIFIERS: Mapping[str, str] = {
    "cut": "The {n} least significant value(s) are left out (for a progressive score: the first {n} round(s)).",
    "median": "The {n} highest and {n} lowest values are left out.",
    "plain": "Cuts remove the lowest values without first removing rounds the player chose not to play.",
    "forfeits_played": "Forfeits count as games played against the scheduled opponent.",
    "fore": "Computed on Fore Buchholz instead of Buchholz.",
    "limit_pct": "The limit is {n} % of the maximum score.",
    "limit_shift": "The 50 % limit is moved by {n} half-point(s).",
    "reverse": "Reversed: the lower value ranks higher.",
}

#: how each prize method shares cash (for the announcement sheet and the Prizes page)
PRIZE_METHODS_TEXT: Mapping[str, str] = {
    "uscf": ("Cash is never decided by tie-breaks: players on the same score share the cash equally. The tied "
             "players pool the best prizes they can win between them, one prize per player, and divide the pool; "
             "a player who would get more by taking a class prize (for example a rating prize) that the others "
             "cannot win takes that instead, and the others share the rest (US Chess rule 32B). Each share is "
             "rounded down to the cent."),
    "equal": ("Cash is never decided by tie-breaks: players on the same score add up the prizes for the places "
              "they occupy and share them equally. Each player receives at most one cash prize; class prizes go "
              "to the best eligible players who have no cash prize yet. Each share is rounded down to the cent."),
    "order": ("The prizes follow the final ranking after tie-breaks: the player placed 3rd on tie-breaks "
              "receives the 3rd prize. Only players the tie-breaks cannot separate at all share their places' "
              "prizes equally."),
    "hort": ("The Hort system: each tied player keeps half of the prize for the place his tie-breaks give him, "
             "and the other halves of all the tied places' prizes are pooled and shared equally. A player who is "
             "not tied receives his full prize."),
}

TROPHIES_TEXT = ("Trophies, titles and qualifying places cannot be divided: they go by the tie-break order "
                 "announced here, and a player takes at most one of them.")

ORDER_FIXED_TEXT = ("This order is fixed and announced before round 1; it is not changed during the event. The "
                    "tie-breaks are applied one at a time, each only between players still tied on points and "
                    "on every earlier tie-break.")


def modifier_sentences(code: str) -> list[str]:
    """The sentences for the modifiers of ``code`` (``BH/C1`` -> the cut sentence)."""
    c = parse_code(code)
    out = []
    if c.cut:
        out.append(MODIFIERS["cut"].format(n=c.cut))
    if c.median:
        out.append(MODIFIERS["median"].format(n=c.median))
    if c.plain:
        out.append(MODIFIERS["plain"])
    if c.forfeits_played:
        out.append(MODIFIERS["forfeits_played"])
    if c.fore:
        out.append(MODIFIERS["fore"])
    if c.limit_pct is not None:
        out.append(MODIFIERS["limit_pct"].format(n=c.limit_pct))
    if c.limit_shift:
        out.append(MODIFIERS["limit_shift"].format(n=f"{c.limit_shift:+d}"))
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
    return Explanation(str(c), f"{base.name}, {', '.join(suffix)}", base.sentences + " " + " ".join(extra),
                       base.example)


def _check() -> None:
    """Every code has a text; every text has exactly two sentences."""
    missing = set(CODES) - set(CRITERIA)
    assert not missing, missing


_check()
