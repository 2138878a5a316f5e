"""The words the engine's team registries give (code names and sentences, presets, unplayed kinds, rules' editions),
marked for translation.

The engine keeps one English text per registry row; this table repeats each one inside ``N_`` so that
``pybabel extract`` finds it, and the team pages show it through ``t(text)``.  A unit test keeps the two in
step: a row added or reworded in the engine without its words here fails.
"""
from __future__ import annotations

from i18n.catalog import N_, NP_

#: each team tie-break code: its name and its sentence in plain words
TEAM_CODE_WORDS: dict[str, tuple[str, str]] = {
    "MPTS": (N_("Match points"),
              N_("Two points for a won match, one for a drawn match (or as the regulations say), added up.")),
    "GPTS": (N_("Game points"),
              N_("Every board's result added up over all matches.")),
    "PTS": (N_("Primary score"),
              N_("Match points or game points, whichever the regulations make the primary score.")),
    "MPVGP": (N_("Match points versus game points"),
              N_("The other score: game points when match points rank the teams, match points when game points do.")),
    "BH": (N_("Buchholz"),
              N_("The final scores of the teams played, added up (on match or game points).")),
    "FB": (N_("Fore Buchholz"),
              N_("Buchholz as if every match of the last round had been drawn.")),
    "AOB": (N_("Average of opponents' Buchholz"),
              N_("The Buchholz of each team met in a played match, averaged.")),
    "EMMSB": (N_("Extended Sonneborn-Berger, match points by match points"),
              N_("Each opponent's match points times the match points taken from it, added up.")),
    "EMGSB": (N_("Extended Sonneborn-Berger, match points by game points"),
              N_("Each opponent's match points times the game points scored against it, added up.")),
    "EGMSB": (N_("Extended Sonneborn-Berger, game points by match points"),
              N_("Each opponent's game points times the match points taken from it, added up.")),
    "EGGSB": (N_("Extended Sonneborn-Berger, game points by game points"),
              N_("Each opponent's game points times the game points scored against it, added up.")),
    "EDE": (N_("Extended direct encounter"),
              N_("The tied teams' matches against each other as a small table: primary score first, then the other "
                 "score.")),
    "EDEC": (N_("Extended direct encounter, then board count"),
              N_("Direct encounter; two teams still level are split by the board count of their own match.")),
    "EDET": (N_("Extended direct encounter, then top board results"),
              N_("Direct encounter; two teams still level are split by their own match, top board first.")),
    "EDEB": (N_("Extended direct encounter, then bottom board elimination"),
              N_("Direct encounter; two teams still level are split by their own match, dropping bottom boards.")),
    "EDEBT": (N_("Extended direct encounter, board count, top board results"),
              N_("Direct encounter; two teams still level: board count of their match, then its top boards.")),
    "EDEBB": (N_("Extended direct encounter, board count, bottom board elimination"),
              N_("Direct encounter; two teams still level: board count of their match, then dropping bottom boards.")),
    "BC": (N_("Board count"),
              N_("Each board's points times its board number, added up: points won on the top boards weigh less, so "
                 "the lower total is better.")),
    "TBR": (N_("Top board results"),
              N_("Points on board 1; if equal, on board 2; and so on.")),
    "BBE": (N_("Bottom board elimination"),
              N_("Points on all boards but the last; if equal, without the last two; and so on.")),
    "SSSC": (N_("Score and schedule strength combination"),
              N_("The other score plus Buchholz divided by a factor that puts both on one scale.")),
    "DE": (N_("Direct encounter"),
              N_("The tied teams' matches against each other, on one score.")),
    "WIN": (N_("Matches won"),
              N_("The number of matches won, by forfeit included.")),
    "WON": (N_("Matches won over the board"),
              N_("The number of matches won by playing.")),
    "PS": (N_("Progressive score"),
              N_("The running score after each round, added up.")),
    "KS": (N_("Koya system"),
              N_("The score against the teams that finished on at least half the maximum.")),
    "OSB": (N_("Olympiad Sonneborn-Berger"),
              N_("Each opponent's match points times the game points scored against it, leaving out the lowest "
                 "opponent; a bye is a draw against a virtual team.")),
    "OMP": (N_("Olympiad opponents' match points"),
              N_("The opponents' match points added up, leaving out the lowest; a bye is a virtual team as in the "
                 "Olympiad Sonneborn-Berger.")),
    "BERLIN": (N_("Berlin tie-break (Berliner Wertung)"),
              N_("A win on board 1 of n boards is worth n, on board 2 n-1, down to 1 on the last board; a draw "
                 "halves it.")),
}

#: each team preset: its name and where its order comes from
TEAM_PRESET_WORDS: dict[str, tuple[str, str]] = {
    "fide-team": (N_("FIDE's sample team order"),
                N_("FIDE's TRF-2026 team sample file (record 202), on FIDE C.07 arts. 12-13")),
    "olympiad-2016": (N_("Chess Olympiad (2016 rules)"),
                N_("FIDE Chess Olympiad regulations 2016 (Baku): match points, then the Olympiad Sonneborn-Berger "
                   "(byes and unplayed matches against a virtual team), then game points, then the opponents' match "
                   "points without the lowest (the same virtual team for a round without a match)")),
    "olympiad-2026": (N_("Chess Olympiad (2026 rules)"),
                N_("FIDE Chess Olympiad regulations 2026 (D.02.01, appendix 2): as 2016, with the Sonneborn-Berger's"
                   " cut falling on the bye round when there is one")),
    "ecu": (N_("European Team Championship (ECU)"),
                N_("European Chess Union, European Team Chess Championship regulations (2023): opponents' match "
                   "points times board points without the lowest opponent, board points, the opponents' board "
                   "points, then the opponents' board points over matches won and half over matches drawn")),
    "berlin": (N_("German team events (Berliner Wertung)"),
                N_("German Chess Federation tournament rules: match points, board points, then the Berlin tie-break "
                   "(board 1 of n weighs n, the last board 1)")),
    "swiss-manager": (N_("Swiss-Manager's team order (as chess-results shows it)"),
                N_("Swiss-Manager's team tie-breaks as chess-results publishes them: match points, points (game "
                   'points), then its "Buchholz variable (2023)", which counts an opponent\'s bye from the pairing '
                   "as a drawn match")),
    "us-team": (N_("US team events (game points first)"),
                N_("US Chess affiliates' team events (e.g. the US Amateur Team championships' practice of ranking by"
                   " total game points): game points, then match points, then the opponents' game points")),
}

#: what a team's round was when it was not a plain played match
TEAM_KIND_WORDS: dict[str, str] = {
    "G": N_("match played"),
    "FW": N_("match won by forfeit"),
    "FL": N_("match lost by forfeit"),
    "FF": N_("match forfeited by both teams"),
    "PAB": N_("bye from the pairing"),
    "FPB": N_("full-point bye"),
    "HPB": N_("half-point bye"),
    "ZPB": N_("zero-point bye"),
    "ABS": N_("did not play"),
}

#: the edition of FIDE's rules for unplayed rounds, in words
TEAM_RULE_WORDS: dict[str, str] = {
    "2026": N_("FIDE C.07, edition of 1 March 2026 (dummy opponent capped)"),
    "2024": N_("FIDE C.07, edition of 1 August 2024 (dummy opponent not capped)"),
}

#: the heads of the team working's columns on the command line that the players' working does not have (the
#: engine writes them as records with this context)
TEAM_WORKING_HEADS: tuple[str, ...] = (NP_("working column", "Round"), NP_("working column", "Match"))

#: the rule each team tie-break follows, as the working cites it ("Rule: FIDE C.07 art. 13.2")
TEAM_CITATIONS: frozenset[str] = frozenset({
    N_("FIDE C.07 art. 11.1"),
    N_("FIDE C.07 art. 12.1"),
    N_("FIDE C.07 art. 12.2"),
    N_("FIDE C.07 art. 12.3"),
    N_("FIDE C.07 art. 13.1"),
    N_("FIDE C.07 art. 13.2"),
    N_("FIDE C.07 art. 13.3"),
    N_("FIDE C.07 art. 13.4"),
    N_("FIDE C.07 arts. 13.3 and 12.1"),
    N_("FIDE C.07 arts. 13.3 and 12.2"),
    N_("FIDE C.07 arts. 13.3 and 12.3"),
    N_("FIDE C.07 arts. 13.3, 12.1, 12.2"),
    N_("FIDE C.07 arts. 13.3, 12.1, 12.3"),
    N_("FIDE C.07 arts. 6 and 13"),
    N_("FIDE C.07 arts. 7 and 13"),
    N_("FIDE C.07 arts. 8, 13 and 16"),
    N_("FIDE C.07 arts. 8.2 and 13"),
    N_("FIDE C.07 arts. 8.3 and 13"),
    N_("FIDE C.07 arts. 9 and 13"),
    N_("FIDE Chess Olympiad regulations (2016 and 2026)"),
    N_("FIDE Chess Olympiad regulations (2016; 2026 with the cut on the bye round)"),
    N_("German Chess Federation tournament rules (Berliner Wertung)"),
})
