"""The Glossary's tables of names and words, its search, and the key of each code's box in the reference
(what the page and its tests share)."""
from __future__ import annotations

from typing import Callable, Sequence

from i18n.catalog import N_
from ui.render.text import search_key


def code_box(code: str) -> str:
    """The session-state key of ``code``'s box in the Glossary's reference: True while it is open (its
    text is written only then)."""
    return f"glossary.code.{code}"


#: (system, also called, code, a short note) — the names a parent meets on results sheets (shown through ``t``)
SAME_THING = [
    (N_("Solkoff"), N_("Buchholz (FIDE and most of Europe)"), "BH",
     N_("Sum of the opponents' scores. The names differ, the sum is the same; the unplayed-round rules differ.")),
    (N_("Median"), N_("Harkness, Median-Buchholz; FIDE Buchholz Median-1"), "MED",
     N_("Buchholz without the highest and lowest opponent (two each from 9 rounds on in US Chess).")),
    (N_("Modified Median"), N_("(US Chess only)"), "MM",
     N_("Median that drops only the lowest with a plus score, only the highest with a minus score.")),
    (N_("Buchholz Cut 1"), N_("BH-C1, Buchholz minus the lowest"), "BH/C1",
     N_("Looks like Modified Median for plus scores, but uses FIDE's unplayed-round rules.")),
    (N_("Cumulative"), N_("Progressive score (FIDE), running score"), "CUM / PS",
     N_("Sum of the running scores; US Chess subtracts unplayed wins and half-point byes, FIDE does not.")),
    (N_("Opposition cumulative"), N_("Opponents' cumulative, cumulative of opposition"), "OCUM",
     N_("Sum of the opponents' Cumulative values.")),
    (N_("Sonneborn-Berger"), N_("Neustadtl, SB"), "SB",
     N_("Beaten opponents' scores plus half the drawn opponents' scores.")),
    (N_("Head-to-head"), N_("Result between tied players (US), direct encounter (FIDE), common game"), "H2H / DE",
     N_("US Chess counts wins minus losses among the tied; FIDE separates only when the games settle it.")),
    (N_("Most wins"), N_("Baumbach; FIDE WIN (any win) and WON (over the board)"), "WIN / WON",
     N_("FIDE counts a bye or forfeit win in WIN, not in WON.")),
    (N_("Most blacks"), N_("Games with Black"), "BPG",
     N_("Only games played over the board count.")),
    (N_("Kashdan"), N_("—"), "KASH",
     N_("4 for a win, 2 for a draw, 1 for a loss, 0 for an unplayed round.")),
    (N_("Koya"), N_("—"), "KS",
     N_("Points scored against the players on 50 % or more (round robins).")),
    (N_("Rounds elected to play"), N_("GE (games elected), REP since 2026"), "REP",
     N_("Rounds minus requested byes, absences and forfeit losses.")),
    (N_("Average rating of opposition"), N_("ARO, average rating of opponents"), "ARO",
     N_("Mean rating of the opponents met over the board.")),
    (N_("Performance rating"), N_("TPR (FIDE table), linear or 'Harkness' performance"), "TPR / PERF",
     N_("The rating that the result 'was worth'.")),
    (N_("Opponents' performance"), N_("APRO (FIDE, TPR), APPO (FIDE, perfect performance)"), "APRO / APPO",
     N_("Mean of the opponents' performance ratings.")),
    (N_("Time of first loss"), N_("Time of loss"), "TFL",
     N_("The later the first loss, the better.")),
    (N_("Tardiness"), N_("Late arrival"), "LATE",
     N_("On-time players rank above late arrivals.")),
    (N_("Drawing of lots"), N_("Coin flip"), "LOTS",
     N_("The very last resort.")),
]

#: (idea, US Chess says, FIDE says), shown through ``t``
VOCABULARY = [
    (N_("Tie-break: a rule that orders players who finished on the same score; an event lists several, each "
        "looked at only while players are still level"), N_("Tiebreak, tiebreaker (rule 34)"),
     N_("Tie-break (FIDE Handbook C.07)")),
    (N_("The person who runs the event"), N_("Tournament director (TD)"),
     N_("Arbiter; chief arbiter")),
    (N_("The results table"), N_("Wallchart"),
     N_("Crosstable; TRF file")),
    (N_("A player's starting number"), N_("Pairing number"),
     N_("Tournament pairing number (TPN), starting rank")),
    (N_("Players on the same score"), N_("Score group"),
     N_("Score bracket")),
    (N_("Point for the odd player out"), N_("Full-point bye"),
     N_("Pairing-allocated bye (PAB)")),
    (N_("A half point asked for in advance"), N_("Half-point bye"),
     N_("Half-point bye (HPB), a requested bye")),
    (N_("Skipping a round for nothing"), N_("Zero-point bye"),
     N_("Zero-point bye (ZPB); every round after a withdrawal")),
    (N_("Opponent did not show"), N_("Forfeit win"),
     N_("Forfeit win: unplayed, not a voluntarily unplayed round")),
    (N_("Player did not show"), N_("Forfeit loss"),
     N_("Forfeit loss: a voluntarily unplayed round (VUR)")),
    (N_("An opponent's byes and forfeits, seen from you"), N_("Adjusted score: every unplayed round counts ½"),
     N_("Real points, except requested byes with nothing played after them count ½")),
    (N_("Your own byes and forfeits"), N_("An opponent with 0 points"),
     N_("A dummy opponent with your own score (capped at half the rounds since March 2026)")),
    (N_("Where the rules are written"), N_("US Chess rulebook, rule 34 (tie-breaks) and 32 (prizes)"),
     N_("FIDE Handbook C.07 (tie-break regulations)")),
    (N_("Money for tied players"), N_("Shared equally; class prizes by rule 32B3"),
     N_("Set by the tournament regulations: shared, by tie-break order, or the Hort system")),
    (N_("Prizes for a rating band"), N_("Class prize, under-rating prize (U1800)"),
     N_("Rating prize, category prize")),
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


def translated_rows(rows: Sequence[Sequence[str]], query: str, t: Callable[[str], str],
                    keep: int | None = None) -> list[tuple[str, ...]]:
    """The rows in the session's language (``t``; the column ``keep``, a code, as it is), those the search
    finds in either language: a reader may know the English name or their own."""
    q = search_key(query)
    out = []
    for row in rows:
        shown = tuple(cell if i == keep else t(cell) for i, cell in enumerate(row))
        if not q or any(q in search_key(cell) for cell in (*row, *shown)):
            out.append(shown)
    return out
