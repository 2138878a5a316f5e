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
    "PPR": NP_("tie-break", "Papi performance"),
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
    "OBH": NP_("official rule", "No rulebook article: Swiss-Chess's \"Buchholz-Summe\" (BuSumm), the sum FIDE C.07 "
                                "art. 8.2 averages"),
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
    "PPR": NP_("official rule", "No rulebook article: the performance the French federation's program Papi prints, "
                               "with FIDE's table of percentages (FIDE B.02)"),
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

#: each code's explanation in the Glossary's reference: (its sentences, its worked example)
CODE_TEXTS: dict[str, tuple[str, str]] = {
    "PTS": (NP_("code explanation",
                "Your score: 1 for a win, ½ for a draw, 0 for a loss, plus whatever your byes and forfeits "
                "were worth. Tie-breaks are only looked at between players who finish on the same points."),
            NP_("code example",
                "Three wins, one draw and a loss in five rounds: 1 + 1 + 1 + ½ + 0 = 3½ points.")),
    "BH": (NP_("code explanation",
                "Add up the final scores of all your opponents. Beating strong opposition is harder, so the"
                " player who met the stronger field ranks higher; the rule set says how byes and forfeits "
                "count."),
            NP_("code example",
                "Opponents finished on 3, 2½, 4 and 1½: Buchholz 3 + 2½ + 4 + 1½ = 11.")),
    "MED": (NP_("code explanation",
                "Buchholz with the best and the worst opponent's score left out (the two best and two worst"
                " in events of nine rounds or more). One very strong or very weak pairing then cannot "
                "decide the tie on its own."),
            NP_("code example",
                "Opponents on 1, 2, 3 and 4: drop 1 and 4, Median 2 + 3 = 5.")),
    "MM": (NP_("code explanation",
                "Buchholz with a cut that depends on your own score: above 50 % drop your weakest opponent,"
                " exactly 50 % drop the weakest and the strongest, below 50 % drop the strongest. In events"
                " of nine rounds or more, two are dropped at each end instead of one."),
            NP_("code example",
                "A 3/4 score with opponents on 1, 2, 3 and 4: plus score, so drop the 1: 2 + 3 + 4 = 9.")),
    "FB": (NP_("code explanation",
                "Buchholz worked out as if every game of the last round had been drawn. It can be known "
                "before the last round ends, so prize-giving is not held up."),
            NP_("code example",
                "An opponent who won the last round to reach 4 counts 3½ instead; one who lost it to stay "
                "on 2 counts 2½.")),
    "AOB": (NP_("code explanation",
                "For each opponent you played over the board, take that opponent's own Buchholz, then "
                "average them. It rewards a strong field one step further out than Buchholz does."),
            NP_("code example",
                "Opponents' Buchholz 9, 14 and 13: (9 + 14 + 13) / 3 = 12.")),
    "OBH": (NP_("code explanation",
                "For each opponent you played over the board, take that opponent's own Buchholz, then add them up. "
                "Swiss-Chess prints it as \"BuSumm\" (Buchholz-Summe): it looks one step further out than Buchholz, "
                "like the average of opponents' Buchholz but without dividing."),
            NP_("code example",
                "Opponents' Buchholz 9, 14 and 13: 9 + 14 + 13 = 36.")),
    "PS": (NP_("code explanation",
                "Write your running score after each round and add the running totals up. Early wins count "
                "in every later total, so the player who led from the start ranks higher."),
            NP_("code example",
                "Draw, draw, win, win: running totals ½, 1, 2, 3, so ½ + 1 + 2 + 3 = 6½.")),
    "CUM": (NP_("code explanation",
                "The progressive score, with one point taken off for each unplayed win (a full-point bye or"
                " a forfeit win) and a half point for a half-point bye. Points won early weigh more, but a "
                "bye is not allowed to give a free head start."),
            NP_("code example",
                "Bye, win, loss, draw, win: running 1, 2, 2, 2½, 3½ sum to 11; minus 1 for the bye gives "
                "10.")),
    "OCUM": (NP_("code explanation",
                "Add up the Cumulative tie-break of every opponent you played over the board. It measures "
                "the strength of your opposition by how early and how often they scored."),
            NP_("code example",
                "Opponents' Cumulative 1, 7, 13, 7 and 11: 1 + 7 + 13 + 7 + 11 = 39.")),
    "SB": (NP_("code explanation",
                "Add the full final score of every opponent you beat and half the score of every opponent "
                "you drew with; losses add nothing. Points taken from strong opponents are worth more than "
                "points taken from weak ones."),
            NP_("code example",
                "Beat a 3-point and a 1½-point player, drew with a 3½-point player: 3 + 1½ + 1¾ = 6¼.")),
    "KS": (NP_("code explanation",
                "Count only the points you scored against opponents who finished on at least 50 % (or "
                "another announced limit). It is meant for round robins: results against the top half "
                "decide."),
            NP_("code example",
                "In 5 rounds the limit is 2½: a win over a 3-point player and a draw with a 2½-point player"
                " give 1½.")),
    "KASH": (NP_("code explanation",
                "Score 4 for a win, 2 for a draw and 1 for a loss, counting games played over the board "
                "only. It rewards fighting chess: on equal points, fewer draws and more games played rank "
                "higher."),
            NP_("code example",
                "Two wins, one draw, one loss and a bye: 4 + 4 + 2 + 1 + 0 = 11.")),
    "H2H": (NP_("code explanation",
                "If the tied players met, compare their results in those games: the player with the better "
                "wins-minus-losses record against the others ranks higher. Games not played over the board "
                "do not count."),
            NP_("code example",
                "Ana beat Bo and no other games were played among the three: Ana +1, Cy 0, Bo −1, so Ana, "
                "Cy, Bo.")),
    "DE": (NP_("code explanation",
                "Among the tied players, rank by the points scored in the games between them. In a Swiss, "
                "where not all met, a player goes first only if their points there beat the most any other "
                "could have had."),
            NP_("code example",
                "Ana beat Bo and Cy, who did not meet: Ana's 2 beats their best possible 1, so Ana is "
                "first; Bo and Cy stay tied.")),
    "WIN": (NP_("code explanation",
                "Count the rounds in which you got a win's points, whether the game was played or not (byes"
                " and forfeit wins count). On equal points, the player with more wins and fewer draws ranks"
                " higher."),
            NP_("code example",
                "Two wins over the board and a full-point bye: 3 wins.")),
    "WON": (NP_("code explanation",
                "Count only the games you actually won at the board. Byes and forfeit wins do not count "
                "here."),
            NP_("code example",
                "Two wins over the board and a full-point bye: 2.")),
    "BPG": (NP_("code explanation",
                "Count the games you played with the black pieces over the board. Black is a small "
                "handicap, so more games with Black ranks higher."),
            NP_("code example",
                "White, Black, Black, bye, White: 2.")),
    "BWG": (NP_("code explanation",
                "Count the games you won with the black pieces over the board. Winning with Black is "
                "harder, so it ranks higher."),
            NP_("code example",
                "Won with White, won with Black, drew with Black: 1.")),
    "REP": (NP_("code explanation",
                "The number of rounds minus those you chose not to play: requested byes, absences and "
                "forfeit losses. A bye you were given because of an odd number of players still counts as a"
                " round you came to play."),
            NP_("code example",
                "Five rounds with one half-point bye: 5 − 1 = 4.")),
    "VUR": (NP_("code explanation",
                "Count the rounds you chose not to play: requested byes, absences and forfeit losses. Fewer"
                " ranks higher, because the player who turned up every round did more to earn the score."),
            NP_("code example",
                "A half-point bye and a forfeit loss: 2.")),
    "ARO": (NP_("code explanation",
                "The average pre-event rating of the opponents you played over the board. A higher average "
                "means a tougher draw."),
            NP_("code example",
                "Opponents rated 1800, 1600 and 2000: (1800 + 1600 + 2000) / 3 = 1800.")),
    "TPR": (NP_("code explanation",
                "Your opponents' average rating plus a bonus (or minus a penalty) from FIDE's table for the"
                " percentage you scored. It is the rating you played like in this event."),
            NP_("code example",
                "Average opposition 1820 and 70 % scored: 1820 + 149 = 1969.")),
    "PTP": (NP_("code explanation",
                "The lowest rating at which FIDE's expected-score table would predict at least your score "
                "against these opponents. It is a performance rating without the rounding of the percentage"
                " table."),
            NP_("code example",
                "Against five opponents, 3½ points: at 2029 the expected scores add to 3.50, at 2028 to "
                "3.49, so 2029.")),
    "PERF": (NP_("code explanation",
                "Add your opponents' ratings, add 400 for each win and subtract 400 for each loss, and "
                "divide by the games played. It is the quick performance formula many US directors use."),
            NP_("code example",
                "Opponents' ratings add to 9100 in 5 games, 3 wins and 1 loss: (9100 + 400 × 2) / 5 = 1980.")),
    "APRO": (NP_("code explanation",
                "The average of your opponents' own tournament performance ratings. It rewards meeting "
                "opponents who played well in this event, not only opponents with high ratings."),
            NP_("code example",
                "Opponents' TPRs 1900, 1750 and 2000: (1900 + 1750 + 2000) / 3 = 1883⅓, shown 1883.")),
    "APPO": (NP_("code explanation",
                "The average of your opponents' perfect tournament performances. Like APRO, it measures how"
                " well your opponents played here."),
            NP_("code example",
                "Opponents' PTPs 1800 and 2000: (1800 + 2000) / 2 = 1900.")),
    "OPERF": (NP_("code explanation",
                "The average of your opponents' linear performances. It is the US-style version of APRO."),
            NP_("code example",
                "Opponents' linear performances 1850 and 1950: (1850 + 1950) / 2 = 1900.")),
    "LPERF": (NP_("code explanation",
                "For each pairing take the opponent's rating, plus 500 for a win or minus 500 for a loss, "
                "and average. It is the second tie-break of lichess Swiss events."),
            NP_("code example",
                "Beat a 1500 and lost to a 1700: (2000 + 1200) / 2 = 1600.")),
    "PPR": (NP_("code explanation",
                "The performance the French federation's program Papi prints (\"Perf\"): the opponents' average "
                "rating, each held within 400 points of your own, plus the table value for your percentage, "
                "rounded. Forfeits and byes do not count; a rating marked as estimated is replaced by Papi's "
                "estimate for your score."),
            NP_("code example",
                "Opponents 1500, 1600 and 1700, 2 points of 3 (66.67 %): 1600 + 117 + 0.67 × 8 = 1722.33, "
                "shown 1722.")),
    "TFL": (NP_("code explanation",
                "The player whose first loss came later ranks higher, and a player with no loss ranks "
                "highest. It favours the player who kept winning while the leaders were still being "
                "decided."),
            NP_("code example",
                "Ana lost first in round 4, Bo in round 2: Ana ranks higher.")),
    "LATE": (NP_("code explanation",
                "A player who arrived after round 1 was paired ranks below one who was on time. It is a "
                "simple yes-or-no check for latecomers."),
            NP_("code example",
                "Bo arrived after the pairings of round 1 were made: on equal points Ana, who was on time, "
                "ranks higher.")),
    "RTNG": (NP_("code explanation",
                "The higher pre-event rating ranks higher. It is a last, simple fallback before drawing "
                "lots."),
            NP_("code example",
                "Rated 1850 against 1720: the 1850 ranks higher.")),
    "TPN": (NP_("code explanation",
                "The lower tournament pairing number (starting rank) ranks higher. It is a fixed, "
                "known-in-advance last fallback."),
            NP_("code example",
                "Pairing numbers 4 and 9: number 4 ranks higher.")),
    "LOTS": (NP_("code explanation",
                "When everything else is equal, a random draw decides. The app records the seed so anyone "
                "can replay it."),
            NP_("code example",
                "Ana and Bo are equal on every tie-break: a recorded draw (seed 7) decides which of them is"
                " placed first.")),
}

#: the prize-sharing methods: their names and what each does (the Prizes page)
PRIZE_METHODS: dict[str, str] = {
    "uscf": NP_("prize method", "US Chess rule 32B: pooled, shared equally"),
    "equal": NP_("prize method", "Equal split of the tied places' prizes"),
    "order": NP_("prize method", "By tie-break order"),
    "hort": NP_("prize method", "Hort system: half by place, half shared"),
}

PRIZE_METHOD_TEXTS: dict[str, str] = {
    "uscf": NP_("prize method",
                 "Under this method tie-breaks never decide cash: players on the same score share it "
                 "equally. The tied players pool the best prizes they can win between them, one prize per "
                 "player, and divide the pool; a player who would get more by taking a class prize (for "
                 "example a rating prize) that the others cannot win takes that instead, and the others "
                 "share the rest (US Chess rule 32B). Each share is rounded down to the cent."),
    "equal": NP_("prize method",
                 "Under this method tie-breaks never decide cash: players on the same score add up the "
                 "prizes for the places they occupy and share them equally. Each player receives at most one"
                 " cash prize; class prizes go to the best eligible players who have no cash prize yet. Each"
                 " share is rounded down to the cent."),
    "order": NP_("prize method",
                 "The prizes follow the final ranking after tie-breaks: the player placed 3rd on tie-breaks "
                 "receives the 3rd prize. Only players the tie-breaks cannot separate at all share their "
                 "places' prizes equally."),
    "hort": NP_("prize method",
                 "The Hort system: each tied player keeps half of the prize for the place their tie-breaks "
                 "give them, and the other halves of all the tied places' prizes are pooled and shared "
                 "equally. A player who is not tied receives their full prize."),
}
