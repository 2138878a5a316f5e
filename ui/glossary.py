"""The Glossary's tables of names and words, its search, and the key of each code's box in the reference
(what the page and its tests share)."""
from __future__ import annotations

from typing import Sequence

from ui.render.text import search_key


def code_box(code: str) -> str:
    """The session-state key of ``code``'s box in the Glossary's reference: True while it is open (its
    text is written only then)."""
    return f"glossary.code.{code}"


#: (system, also called, code, a short note) — the names a parent meets on results sheets
SAME_THING = [
    ("Solkoff", "Buchholz (FIDE and most of Europe)", "BH",
     "Sum of the opponents' scores. The names differ, the sum is the same; the unplayed-round rules differ."),
    ("Median", "Harkness, Median-Buchholz; FIDE Buchholz Median-1", "MED",
     "Buchholz without the highest and lowest opponent (two each from 9 rounds on in US Chess)."),
    ("Modified Median", "(US Chess only)", "MM",
     "Median that drops only the lowest with a plus score, only the highest with a minus score."),
    ("Buchholz Cut 1", "BH-C1, Buchholz minus the lowest", "BH/C1",
     "Looks like Modified Median for plus scores, but uses FIDE's unplayed-round rules."),
    ("Cumulative", "Progressive score (FIDE), running score", "CUM / PS",
     "Sum of the running scores; US Chess subtracts unplayed wins and half-point byes, FIDE does not."),
    ("Opposition cumulative", "Opponents' cumulative, cumulative of opposition", "OCUM",
     "Sum of the opponents' Cumulative values."),
    ("Sonneborn-Berger", "Neustadtl, SB", "SB",
     "Beaten opponents' scores plus half the drawn opponents' scores."),
    ("Head-to-head", "Result between tied players (US), direct encounter (FIDE), common game", "H2H / DE",
     "US Chess counts wins minus losses among the tied; FIDE separates only when the games settle it."),
    ("Most wins", "Baumbach; FIDE WIN (any win) and WON (over the board)", "WIN / WON",
     "FIDE counts a bye or forfeit win in WIN, not in WON."),
    ("Most blacks", "Games with Black", "BPG", "Only games played over the board count."),
    ("Kashdan", "—", "KASH", "4 for a win, 2 for a draw, 1 for a loss, 0 for an unplayed round."),
    ("Koya", "—", "KS", "Points scored against the players on 50 % or more (round robins)."),
    ("Rounds elected to play", "GE (games elected), REP since 2026", "REP",
     "Rounds minus requested byes, absences and forfeit losses."),
    ("Average rating of opposition", "ARO, average rating of opponents", "ARO",
     "Mean rating of the opponents met over the board."),
    ("Performance rating", "TPR (FIDE table), linear or 'Harkness' performance", "TPR / PERF",
     "The rating that the result 'was worth'."),
    ("Opponents' performance", "APRO (FIDE, TPR), APPO (FIDE, perfect performance)", "APRO / APPO",
     "Mean of the opponents' performance ratings."),
    ("Time of first loss", "Time of loss", "TFL", "The later the first loss, the better."),
    ("Tardiness", "Late arrival", "LATE", "On-time players rank above late arrivals."),
    ("Drawing of lots", "Coin flip", "LOTS", "The very last resort."),
]

#: (idea, US Chess says, FIDE says)
VOCABULARY = [
    ("The person who runs the event", "Tournament director (TD)", "Arbiter; chief arbiter"),
    ("The results table", "Wallchart", "Crosstable; TRF file"),
    ("A player's starting number", "Pairing number", "Tournament pairing number (TPN), starting rank"),
    ("Players on the same score", "Score group", "Score bracket"),
    ("Point for the odd player out", "Full-point bye", "Pairing-allocated bye (PAB)"),
    ("A half point asked for in advance", "Half-point bye", "Half-point bye (HPB), a requested bye"),
    ("Skipping a round for nothing", "Zero-point bye", "Zero-point bye (ZPB); every round after a withdrawal"),
    ("Opponent did not show", "Forfeit win", "Forfeit win: unplayed, not a voluntarily unplayed round"),
    ("Player did not show", "Forfeit loss", "Forfeit loss: a voluntarily unplayed round (VUR)"),
    ("An opponent's byes and forfeits, seen from you", "Adjusted score: every unplayed round counts ½",
     "Real points, except requested byes with nothing played after them count ½"),
    ("Your own byes and forfeits", "An opponent with 0 points",
     "A dummy opponent with your own score (capped at half the rounds since March 2026)"),
    ("Where the rules are written", "US Chess rulebook, rule 34 (tie-breaks) and 32 (prizes)",
     "FIDE Handbook C.07 (tie-break regulations)"),
    ("Money for tied players", "Shared equally; class prizes by rule 32B3",
     "Set by the tournament regulations: shared, by tie-break order, or the Hort system"),
    ("Prizes for a rating band", "Class prize, under-rating prize (U1800)", "Rating prize, category prize"),
]


def rows_matching(rows: Sequence[Sequence[str]], query: str) -> list[Sequence[str]]:
    """The rows with a cell that contains the search (ignoring case and accents); every row when it is empty."""
    q = search_key(query)
    return [r for r in rows if not q or any(q in search_key(cell) for cell in r)]


def everyday_names(code: str) -> tuple[str, ...]:
    """The names a parent meets for a code on results sheets (the first table), so that searching "Solkoff",
    "Harkness" or "coin flip" also opens the code's entry in the reference."""
    return tuple(cell for system, also, codes, _ in SAME_THING
                 if code in [c.strip() for c in codes.split("/")] or codes == code for cell in (system, also))
