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

#: each rule set's heading and its paragraph in the Glossary's reference
RULE_HEADINGS: dict[str, str] = {
    "uscf": NP_("rule set", "US Chess adjusted scores"),
    "fide": NP_("rule set", "FIDE 2026 (dummy opponent, capped)"),
    "fide2024": NP_("rule set", "FIDE 2023/2024 (dummy opponent)"),
    "fide2009": NP_("rule set", "FIDE 2009 (virtual opponent)"),
    "raw": NP_("rule set", "Raw scores (no adjustment)"),
    "lichess": NP_("rule set", "Lichess Swiss"),
}

RULE_PARAGRAPHS: dict[str, str] = {
    "uscf": NP_("rule set",
                "Byes and forfeits are not games, so US Chess adjusts them. Every round an opponent did not play"
                " counts as ½ in their score (a full-point bye makes them look ½ weaker, a forfeit loss ½ "
                "stronger), and each of your own unplayed rounds counts as an opponent with 0. A bye therefore "
                "adds nothing to your Solkoff and is usually the score a median drops."),
    "fide": NP_("rule set",
                "FIDE's rules in force since 1 March 2026. An opponent's score counts as it stands, except that "
                "requested byes and absences at the end of their event count as draws. Each of your own unplayed"
                " rounds counts as a game against a dummy opponent with your own final score, capped at 50 % of "
                "the maximum (for a bye) or at the scheduled opponent's score (for a forfeit); rounds you chose "
                "not to play are the first to be cut."),
    "fide2024": NP_("rule set",
                "FIDE's rules of 2023 and 2024. An opponent's score counts as it stands, except that requested "
                "byes and absences at the end of their event count as draws. Each of your own unplayed rounds "
                "counts as a game against a dummy opponent with your own final score, without any cap; rounds "
                "you chose not to play are the first to be cut."),
    "fide2009": NP_("rule set",
                "The older FIDE rule, still used by some programs. Every unplayed round of an opponent counts as"
                " a draw, and each of your own unplayed rounds is a game against a virtual opponent who starts "
                "with your score before that round, takes the opposite result and then draws every later round."),
    "raw": NP_("rule set",
                "No adjustment at all: opponents count their real final scores and your own unplayed rounds add "
                "nothing. This is what many club spreadsheets do; the app offers it to show why official numbers"
                " differ."),
    "lichess": NP_("rule set",
                "Lichess counts opponents' real points. A pairing-allocated bye is scored as a win against a "
                "virtual opponent (the FIDE 2009 rule), and other rounds you did not play add nothing."),
}

#: the chooser's less used options as the Glossary explains them: (name, words), in the engine's order
OPTIONS: tuple[tuple[str, str], ...] = (
    (NP_("option", "Unrated players"),
     NP_("option", "FIDE leaves every rating criterion empty when somebody has no rating. US Chess practice leaves "
                    "unrated opponents out of the averages. A third choice gives every unrated player one rating you"
                    " type in.")),
    (NP_("option", "Compute after round"),
     NP_("option", "Work everything out as it stood after an earlier round, for example to check a list published "
                    "mid-event.")),
    (NP_("option", "Cumulative: what unplayed wins and byes take off"),
     NP_("option", "US Chess takes 1 off the Cumulative for each unplayed win and ½ for a half-point bye; the other"
                    " choices take off only the wins, nothing (as FIDE's progressive score), or leave unplayed "
                    "points out of every running total.")),
    (NP_("option", "Kashdan points for an unplayed round"),
     NP_("option", "0 as US Chess counts it, or 2 as if it were a draw.")),
    (NP_("option", "Seed for the drawing of lots"),
     NP_("option", "The same seed always gives the same draw, so anyone can replay it.")),
    (NP_("option", "Local variants"),
     NP_("option", "Ways some events, programs or forums read a rule differently: Modified Median dropping only "
                    "opponents actually played, lichess's Sonneborn-Berger cut and direct encounter, opponents met "
                    "only by forfeit counted in Cumulative of opposition, forfeits counted as games in US "
                    "head-to-head, Kashdan and most blacks, and a zero-point bye or absence counted as a first loss."
                    " Each is off unless you tick it.")),
)

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

#: where each code is written down (the Glossary's "Rule:" line)
OFFICIAL_RULES: dict[str, str] = {
    "PTS": NP_("official rule", "The score itself (FIDE C.07 and US Chess rule 34 break ties only among equal scores)"),
    "BH": NP_("official rule", "FIDE C.07 art. 8.1; US Chess rule 34E (Solkoff)"),
    "MED": NP_("official rule", "US Chess rule 34E (Median); FIDE C.07 art. 8.1 with the median modifier"),
    "MM": NP_("official rule", "US Chess rule 34E"),
    "FB": NP_("official rule", "FIDE C.07 art. 8.3"),
    "AOB": NP_("official rule", "FIDE C.07 art. 8.2"),
    "PS": NP_("official rule", "FIDE C.07 art. 7.5"),
    "CUM": NP_("official rule", "US Chess rule 34E"),
    "OCUM": NP_("official rule", "US Chess rule 34E"),
    "SB": NP_("official rule", "FIDE C.07 art. 9.1; US Chess rule 34E"),
    "KS": NP_("official rule", "FIDE C.07 art. 9.2"),
    "KASH": NP_("official rule", "US Chess rule 34E"),
    "H2H": NP_("official rule", "US Chess rule 34E (result between tied players)"),
    "DE": NP_("official rule", "FIDE C.07 art. 6"),
    "WIN": NP_("official rule", "FIDE C.07 art. 7.1"),
    "WON": NP_("official rule", "FIDE C.07 art. 7.2"),
    "BPG": NP_("official rule", "FIDE C.07 art. 7.3"),
    "BWG": NP_("official rule", "FIDE C.07 art. 7.4"),
    "REP": NP_("official rule", "FIDE C.07 art. 7.6"),
    "VUR": NP_("official rule", "FIDE C.07 art. 16.2 (the rounds a player chose not to play)"),
    "ARO": NP_("official rule", "FIDE C.07 art. 10.1"),
    "TPR": NP_("official rule", "FIDE C.07 art. 10.2, with FIDE's rating tables (Handbook B.02)"),
    "PTP": NP_("official rule", "FIDE C.07 art. 10.3, with FIDE's table of expected scores (Handbook B.02)"),
    "PERF": NP_("official rule", "No rulebook article: the linear formula some US pairing programs print"),
    "APRO": NP_("official rule", "FIDE C.07 art. 10.4"),
    "APPO": NP_("official rule", "FIDE C.07 art. 10.5"),
    "OPERF": NP_("official rule", "No rulebook article: the opponents' linear performances, as some US programs print"),
    "LPERF": NP_("official rule", "Lichess Swiss rules (an online platform, not a federation)"),
    "TFL": NP_("official rule", "A local rule of some US events; not in the FIDE regulations"),
    "LATE": NP_("official rule", "A local rule of some US events; not in the FIDE regulations"),
    "RTNG": NP_("official rule", "FIDE C.07 (2026 revision); Washington scholastic tournament rules"),
    "TPN": NP_("official rule", "FIDE C.07 (2026 revision)"),
    "LOTS": NP_("official rule", "FIDE C.07 art. 4.2; US Chess rule 34E, the last resort"),
}

#: where each preset comes from (the Glossary's table of presets)
PRESET_SOURCES: dict[str, str] = {
    "uscf": NP_("preset source",
                  "US Chess rule 34E: the order its rulebook recommends for individual Swiss events, as TDs "
                  "and club rules quote it"),
    "fide-swiss": NP_("preset source",
                  "The later of two lists FIDE once recommended; FIDE C.07 art. 4.1 now lets the organiser "
                  "choose the list"),
    "fide-swiss-a": NP_("preset source",
                  "The earlier of two lists FIDE once recommended; FIDE C.07 art. 4.1 now lets the organiser "
                  "choose the list"),
    "fide-rr": NP_("preset source",
                  "FIDE's older recommendation for round robins and FIDE event regulations (World Junior); "
                  "Buchholz is never used in a round robin"),
    "washington": NP_("preset source",
                  "The Washington (Northwest) scholastic tie-break rules"),
    "puddletown": NP_("preset source",
                  "Puddletown's club rules; their head-to-head step, printed under Modified Median, is read "
                  "as the second criterion"),
    "lichess": NP_("preset source",
                  "lichess Swiss scoring (lichess's own rules: Sonneborn-Berger, then performance)"),
    "uscf-wintd": NP_("preset source",
                  "The order in the newer help pages of WinTD (a US tournament program)"),
    "uscf-wintd-old": NP_("preset source",
                  "The order in the older help pages of WinTD"),
    "puddletown-h2h-last": NP_("preset source",
                  "The other reading of Puddletown's rules: head-to-head last"),
}
