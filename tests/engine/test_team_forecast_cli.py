"""A team event's forecast on the command line, and pair's refusal of a team file.

The event is small enough to work out on paper: two teams of two boards, one round, Alpha (1) at home against
Beta (2), everyone rated 2000.  The forecast takes the last round as still to play; its match can end 0–2, ½–1½,
1–1, 1½–½ or 2–0.

* Every score alike (``--model uniform``): each of the five has a chance of 1/5.  Alpha wins on 1½ or 2 (2/5),
  the match is drawn on 1–1 (1/5), Beta wins on ½ or 0 (2/5).  A drawn match leaves both teams on one match
  point and one game point, tied on every tie-break: both share first place.  So each team is 1st in 3/5 of the
  outcomes (60 %) and 2nd in 2/5 (40 %); Alpha needs 1–1 or better for first place.
* From the ratings, equal players: each board is won by either side with chance (1 - d)/2 and drawn with chance d
  (the draw rate).  The match is drawn (1–1) when both boards are drawn or each side wins one:
  d² + 2·((1 - d)/2)².  With d = 0.5: 0.25 + 0.125 = 0.375 (38 %); with d = 0: 0 + 0.5 = 50 %.
"""
from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from engine.cli import main
from engine.core.model import Player
from engine.teams.model import Board, Match, Team, TeamEvent
from engine.teams.trf_write import write_team_trf

ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


@pytest.fixture
def two_teams(tmp_path: Path) -> str:
    players = tuple(Player(n, f"Player {n}", 2000) for n in range(1, 5))
    boards = (Board(1, (1, 3), "w", (ONE, ZERO)), Board(2, (2, 4), "b", (HALF, HALF)))
    ev = TeamEvent("Two teams", (Team(1, "Alpha", "A", (1, 2)), Team(2, "Beta", "B", (3, 4))), players, 1, 2,
                   (Match(1, 1, 2, boards),), date="2026/05/01")
    path = tmp_path / "two_teams.trf"
    path.write_text(write_team_trf(ev), encoding="utf-8")
    return str(path)


def run(argv: list[str], status: int = 0) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == status, err.getvalue()
    return out.getvalue(), err.getvalue()


def test_every_score_alike_gives_the_chances_worked_out_by_hand(two_teams: str) -> None:
    out, _ = run(["forecast", two_teams, "--model", "uniform", "--tiebreaks", "MPvGP", "--quiet"])
    lines = out.splitlines()
    assert lines[0] == ("Round 1 is taken as still to play: Alpha–Beta. Every score of each match, in half points, "
                        "is tried: 5 combinations, each weighed by its chance.")
    assert lines[1] == "- Alpha–Beta: Alpha wins 40%, a drawn match 20%, Beta wins 40%."
    table = [line.split() for line in lines[3:6]]
    assert table == [["Team", "1st", "2nd"], ["Alpha", "60%", "40%"], ["Beta", "60%", "40%"]]
    assert lines[7] == "What each team needs from its own match"
    assert lines[8] == "- Alpha against Beta: 1–1 … 2–0: 1st; 0–2 … ½–1½: 2nd."
    assert lines[9] == "- Beta against Alpha: 1–1 … 2–0: 1st; 0–2 … ½–1½: 2nd."


def test_the_draw_rate_reaches_each_board(two_teams: str) -> None:
    half, _ = run(["forecast", two_teams, "--draw-rate", "0.5", "--tiebreaks", "MPvGP", "--quiet"])
    none, _ = run(["forecast", two_teams, "--draw-rate", "0", "--tiebreaks", "MPvGP", "--quiet"])
    assert "- Alpha–Beta: Alpha wins 31%, a drawn match 38%, Beta wins 31%." in half.splitlines()
    assert "- Alpha–Beta: Alpha wins 25%, a drawn match 50%, Beta wins 25%." in none.splitlines()


def test_the_forecast_in_german_and_as_json(two_teams: str) -> None:
    out, _ = run(["--lang", "de", "forecast", two_teams, "--model", "uniform", "--tiebreaks", "MPvGP", "--quiet"])
    lines = out.splitlines()
    assert lines[0] == ("Runde 1 gilt als noch zu spielen: Alpha–Beta. Jedes Ergebnis jedes Kampfes, in halben "
                        "Punkten, wird durchgespielt: 5 Kombinationen, jede nach ihrer Chance gewichtet.")
    assert lines[1] == "- Alpha–Beta: Alpha gewinnt 40%, ein Unentschieden 20%, Beta gewinnt 40%."
    assert [line.split() for line in lines[3:5]] == [["Mannschaft", "1.", "2."], ["Alpha", "60%", "40%"]]
    # German writes a place with its full stop ("2."): the sentence ends on it, not on a second one
    assert lines[8] == "- Alpha gegen Beta: 1–1 … 2–0: 1.; 0–2 … ½–1½: 2."
    doc = json.loads(run(["--lang", "de", "forecast", two_teams, "--model", "uniform", "--tiebreaks", "MPvGP",
                          "--format", "json", "--quiet"])[0])
    assert (doc["round"], doc["outcomes"], doc["sampled"], doc["model"]) == (1, 5, False, "uniform")
    assert doc["teams"][0] == {"tpn": 1, "name": "Alpha", "places": {"1": 0.6, "2": 0.4}}


def test_a_team_forecast_names_no_player(two_teams: str) -> None:
    _, err = run(["forecast", two_teams, "--player", "1"], status=2)
    assert err.strip() == "error: a team event's forecast shows every team's chances: --player is for a single event"


def test_pair_refuses_a_team_file_in_the_reader_s_language(two_teams: str) -> None:
    _, err = run(["pair", two_teams], status=2)
    assert err.strip() == f"error: {two_teams} holds a team event: this program pairs the rounds of individual " \
                          "events only"
