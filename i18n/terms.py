"""The names the engine's registries give (tie-break codes, rule sets, presets), marked for translation.

The engine keeps one English name per registry row; this table repeats each one inside ``NP_`` so that
``pybabel extract`` finds it, and the app shows it through ``tp(context, name)``.  A unit test keeps the two
in step: a row added to a registry without its name here fails, as does a name changed in one place only.
"""
from __future__ import annotations

from i18n.catalog import NP_

#: the contexts of the three kinds of name (the extractor needs each written out in every NP_ call)
CODE = "tie-break"
RULES = "rule set"
PRESET = "preset"

CODE_NAMES: dict[str, str] = {
    "PTS": NP_("tie-break", "Points"),
    "BH": NP_("tie-break", "Buchholz (Solkoff)"),
    "MED": NP_("tie-break", "Median (Harkness)"),
    "MM": NP_("tie-break", "Modified Median"),
    "FB": NP_("tie-break", "Fore Buchholz"),
    "AOB": NP_("tie-break", "Average of opponents' Buchholz"),
    "OBH": NP_("tie-break", "Sum of opponents' Buchholz"),
    "PS": NP_("tie-break", "Progressive score"),
    "CUM": NP_("tie-break", "Cumulative (US Chess)"),
    "OCUM": NP_("tie-break", "Cumulative of opposition"),
    "SB": NP_("tie-break", "Sonneborn-Berger (Neustadtl)"),
    "KS": NP_("tie-break", "Koya"),
    "KASH": NP_("tie-break", "Kashdan"),
    "H2H": NP_("tie-break", "Result between tied players (US head-to-head)"),
    "DE": NP_("tie-break", "Direct encounter"),
    "WIN": NP_("tie-break", "Number of wins (played or not)"),
    "WON": NP_("tie-break", "Games won over the board"),
    "BPG": NP_("tie-break", "Games played with Black"),
    "BWG": NP_("tie-break", "Games won with Black"),
    "REP": NP_("tie-break", "Rounds one elected to play"),
    "VUR": NP_("tie-break", "Voluntarily unplayed rounds (fewer is better)"),
    "ARO": NP_("tie-break", "Average rating of opponents"),
    "TPR": NP_("tie-break", "Tournament performance rating"),
    "PTP": NP_("tie-break", "Perfect tournament performance"),
    "PERF": NP_("tie-break", "Linear performance"),
    "APRO": NP_("tie-break", "Average of opponents' TPR"),
    "APPO": NP_("tie-break", "Average of opponents' PTP"),
    "OPERF": NP_("tie-break", "Opponents' average linear performance"),
    "LPERF": NP_("tie-break", "Lichess Swiss performance"),
    "TFL": NP_("tie-break", "Time of first loss (later is better)"),
    "LATE": NP_("tie-break", "On time (tardiness)"),
    "RTNG": NP_("tie-break", "Rating (higher first)"),
    "TPN": NP_("tie-break", "Pairing number (lower first)"),
    "LOTS": NP_("tie-break", "Drawing of lots"),
}

RULE_LABELS: dict[str, str] = {
    "uscf": NP_("rule set", "US Chess (adjusted scores: every unplayed round counts ½, own unplayed rounds 0)"),
    "fide": NP_("rule set", "FIDE C.07 2026 (dummy opponent, capped)"),
    "fide2024": NP_("rule set", "FIDE C.07 2023/2024 (dummy opponent = own score)"),
    "fide2009": NP_("rule set", "FIDE 2009 (virtual opponent)"),
    "raw": NP_("rule set", "Raw (no adjustment: real scores, own unplayed rounds add nothing)"),
    "lichess": NP_("rule set", "Lichess Swiss (real points; a PAB is a win against a virtual opponent)"),
}

RULE_SHORT: dict[str, str] = {
    "uscf": NP_("rule set", "US Chess"),
    "fide": NP_("rule set", "FIDE 2026"),
    "fide2024": NP_("rule set", "FIDE 2023/2024"),
    "fide2009": NP_("rule set", "FIDE 2009"),
    "raw": NP_("rule set", "no adjustment"),
    "lichess": NP_("rule set", "Lichess"),
}

RULE_CITATIONS: dict[str, str] = {
    "uscf": NP_("rule set", "US Chess rule 34E (adjusted scores)"),
    "fide": NP_("rule set",
                "FIDE C.07 art. 16, 2026 revision (in force since 1 March 2026), as FIDE's reference calculator applies it"),
    "fide2024": NP_("rule set", "FIDE C.07 art. 16, 2024"),
    "fide2009": NP_("rule set", "FIDE 2009 tie-break rules, virtual opponent"),
    "raw": NP_("rule set", "no adjustment, for teaching (what many club spreadsheets do)"),
    "lichess": NP_("rule set", "lichess Swiss scoring (its SwissScoring source)"),
}

PRESET_LABELS: dict[str, str] = {
    "uscf": NP_("preset", "US Chess recommended (individual Swiss)"),
    "fide-swiss": NP_("preset", "FIDE Swiss, legacy list B (historical; Buchholz first)"),
    "fide-swiss-a": NP_("preset", "FIDE Swiss, legacy list A (historical; direct encounter first)"),
    "fide-rr": NP_("preset", "FIDE round robin"),
    "washington": NP_("preset", "Washington (Northwest) scholastic"),
    "puddletown": NP_("preset", "Puddletown (Modified Median, then head-to-head)"),
    "lichess": NP_("preset", "Lichess Swiss"),
    "uscf-wintd": NP_("preset", "US Chess, WinTD order (MM, Solkoff, SB, Cumulative)"),
    "uscf-wintd-old": NP_("preset", "US Chess, older WinTD order"),
    "puddletown-h2h-last": NP_("preset", "Puddletown with head-to-head last"),
}
