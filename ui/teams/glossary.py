"""The Glossary's team words: each team term with the everyday names people use for it, its code and a line of
meaning, found by any of those names (shown on the Glossary page under its own heading)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n.catalog import N_
from ui.render.text import search_key
from ui.session.language import t

#: (term, also called, code, in one line)
TEAM_TERMS: list[tuple[str, str, str, str]] = [
    (N_("Match points"), N_("Team points, match score, Mannschaftspunkte"), "MP / MPTS",
     N_("What a team earns for the match as a whole: usually 2 for a win, 1 for a draw, 0 for a loss (some leagues "
     "give 3 for a win).")),
    (N_("Game points"), N_("Board points, individual points, Brettpunkte"), "GP / GPTS",
     N_("Every board's result added up: a 3–1 win brings 3 game points.")),
    (N_("Primary score"), N_("Main score, ranking score"), "PTS",
     N_("Match points or game points, whichever the regulations rank by first; the other is the secondary score.")),
    (N_("Match points versus game points"), N_("Secondary score"), "MPvGP",
     N_("The score that is not the primary one, used as a tie-break.")),
    (N_("Team Buchholz"), N_("Opponents' match points, adjusted match points, sum of opponents' points"), "BH:MP / BH:GP",
     N_("The final scores of the teams played, added up; the Olympiad's third criterion leaves out the lowest.")),
    (N_("Extended Sonneborn-Berger"), N_("Team SB, Olympiad Sonneborn-Berger, Olympiad tie-break, ECU tie-break"),
     "EMMSB / EMGSB / EGMSB / EGGSB / OSB",
     N_("For each opponent, its final score times what the team scored against it, added up; the cut leaves out "
     "the opponent with the fewest points, not the smallest product.")),
    (N_("Extended direct encounter"), N_("Head-to-head between teams, mutual match, result between the tied teams"),
     "EDE (EDET, EDEB, EDEC ...)",
     N_("The tied teams' matches against each other as a small table; in a Swiss a team goes first only if it "
     "would be first whatever the matches they did not play.")),
    (N_("Board count"), N_("Board weighting"), "BC",
     N_("Each board's points times its board number, added up: points on the top boards weigh less, so the lower "
     "total is better.")),
    (N_("Top board results"), N_("Top board decides, first board"), "TBR",
     N_("Points on board 1; if equal, board 2; and so on.")),
    (N_("Bottom board elimination"), N_("Drop the last board"), "BBE",
     N_("Points on all boards but the last; if equal, without the last two; and so on.")),
    (N_("Berlin tie-break"), N_("Berliner Wertung, board-weighted points"), "BERLIN",
     N_("With n boards, a win on board 1 is worth n, on the last board 1, a draw half of it; higher is better.")),
    (N_("Score and schedule strength combination"), "SSSC", "SSSC",
     N_("The secondary score plus the team Buchholz divided by a factor that puts both on one scale.")),
    (N_("Team bye"), N_("Bye from the pairing, PAB, odd team out"), "PAB",
     N_("The team without an opponent; usually worth a drawn match. Its game points go to the team, not to its "
     "players, so the players' points can add up to less than the team's.")),
    (N_("Forfeited match"), N_("Match lost by default, no-show team"), "+- / -+ / --",
     N_("A whole match not played; the regulations say what it is worth.")),
    (N_("Forfeited board"), N_("Board default, empty board, unoccupied board"), "+ / -",
     N_("One board not played inside a played match: a win for the side that was there; the match still counts as "
     "played.")),
    (N_("Line-up"), N_("Board order, team sheet, roster"), "—",
     N_("The players in the order of their boards, strongest first; reserves after them.")),
    (N_("Virtual opponent"), N_("Dummy team"), "—",
     N_("A team's own round without a match counts as a match against a team with the team's own score (since "
     "March 2026 no more than a draw's points for every round).")),
]


def team_glossary(query: str) -> None:
    """The team terms the search finds (every one when it is empty)."""
    q = search_key(query)
    # each row in the reader's language (the code as it is), found by its English words or the reader's own
    shown = [(t(term), t(also) if also != code else also, code, t(line)) for term, also, code, line in TEAM_TERMS]
    rows = [r for r, english in zip(shown, TEAM_TERMS) if not q or any(q in search_key(cell) for cell in (*r, *english))]
    st.header(t("Team events"))
    if not rows:
        st.info(t("No team term matches the search."))
        return
    frame = pd.DataFrame(rows, columns=[t("Term"), t("Also called"), t("Code"), t("In one line")])
    st.table(frame.set_index(t("Term")))
