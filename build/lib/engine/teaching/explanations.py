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
from typing import Mapping

from engine.core.codes import CODES, parse_code


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
