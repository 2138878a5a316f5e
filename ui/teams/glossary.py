"""The Glossary's team words: each team term with the everyday names people use for it, its code and a line of
meaning, found by any of those names (shown on the Glossary page under its own heading)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.render.text import search_key
from ui.session.language import t

#: (term, also called, code, in one line)
TEAM_TERMS: list[tuple[str, str, str, str]] = [
    ("Match points", "Team points, match score, Mannschaftspunkte", "MP / MPTS",
     "What a team earns for the match as a whole: usually 2 for a win, 1 for a draw, 0 for a loss (some leagues "
     "give 3 for a win)."),
    ("Game points", "Board points, individual points, Brettpunkte", "GP / GPTS",
     "Every board's result added up: a 3–1 win brings 3 game points."),
    ("Primary score", "Main score, ranking score", "PTS",
     "Match points or game points, whichever the regulations rank by first; the other is the secondary score."),
    ("Match points versus game points", "Secondary score", "MPvGP",
     "The score that is not the primary one, used as a tie-break."),
    ("Team Buchholz", "Opponents' match points, adjusted match points, sum of opponents' points", "BH:MP / BH:GP",
     "The final scores of the teams played, added up; the Olympiad's third criterion leaves out the lowest."),
    ("Extended Sonneborn-Berger", "Team SB, Olympiad Sonneborn-Berger, Olympiad tie-break, ECU tie-break",
     "EMMSB / EMGSB / EGMSB / EGGSB / OSB",
     "For each opponent, its final score times what the team scored against it, added up; the cut leaves out "
     "the opponent with the fewest points, not the smallest product."),
    ("Extended direct encounter", "Head-to-head between teams, mutual match, result between the tied teams",
     "EDE (EDET, EDEB, EDEC ...)",
     "The tied teams' matches against each other as a small table; in a Swiss a team goes first only if it "
     "would be first whatever the matches they did not play."),
    ("Board count", "Board weighting", "BC",
     "Each board's points times its board number, added up: points on the top boards weigh less, so the lower "
     "total is better."),
    ("Top board results", "Top board decides, first board", "TBR",
     "Points on board 1; if equal, board 2; and so on."),
    ("Bottom board elimination", "Drop the last board", "BBE",
     "Points on all boards but the last; if equal, without the last two; and so on."),
    ("Berlin tie-break", "Berliner Wertung, board-weighted points", "BERLIN",
     "With n boards, a win on board 1 is worth n, on the last board 1, a draw half of it; higher is better."),
    ("Score and schedule strength combination", "SSSC", "SSSC",
     "The secondary score plus the team Buchholz divided by a factor that puts both on one scale."),
    ("Team bye", "Bye from the pairing, PAB, odd team out", "PAB",
     "The team without an opponent; usually worth a drawn match. Its game points go to the team, not to its "
     "players, so the players' points can add up to less than the team's."),
    ("Forfeited match", "Match lost by default, no-show team", "+- / -+ / --",
     "A whole match not played; the regulations say what it is worth."),
    ("Forfeited board", "Board default, empty board, unoccupied board", "+ / -",
     "One board not played inside a played match: a win for the side that was there; the match still counts as "
     "played."),
    ("Line-up", "Board order, team sheet, roster", "—",
     "The players in the order of their boards, strongest first; reserves after them."),
    ("Virtual opponent", "Dummy team", "—",
     "A team's own round without a match counts as a match against a team with the team's own score (since "
     "March 2026 no more than a draw's points for every round)."),
]


def team_glossary(query: str) -> None:
    """The team terms the search finds (every one when it is empty)."""
    q = search_key(query)
    rows = [r for r in TEAM_TERMS if not q or any(q in search_key(cell) for cell in r)]
    st.header(t("Team events"))
    if not rows:
        st.info(t("No team term matches the search."))
        return
    frame = pd.DataFrame(rows, columns=[t("Term"), t("Also called"), t("Code"), t("In one line")])
    st.table(frame.set_index(t("Term")))
