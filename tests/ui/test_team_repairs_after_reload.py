"""A team file's repairs, kept with its saved event, come back as records after a reload: the team Check page
then writes them in the reader's language again (they came back as the English text they were kept as).

The file: two teams of one board and one round; Ann won her game but her points column says 0.5, and Cy is in no
team.  The German lines are the catalog's sentences, checked by hand."""
from __future__ import annotations

from engine.teams.model import players_event
from engine.teams.trf_teams import read_team_trf, warnings_of
from i18n.catalog import translator
from i18n.said import render
from tests.engine.test_team_cli_languages import CLUB
from ui.session import store
from ui.teams.keep import keep_team, kept_team

GERMAN = ["club.trf:3: die Punktespalte von Spieler 1 sagt 0,5, die Partien ergeben 1: die Partien gelten",
          "club.trf:5: Spieler 3 gehört zu keiner Mannschaft: bei den Kämpfen nicht berücksichtigt"]
ENGLISH = ["club.trf:3: player 1's points column says 0.5, the games add up to 1: the games are used",
           "club.trf:5: player 3 is in no team: left out of the matches"]


def test_the_repairs_of_a_kept_team_event_are_written_in_german_after_a_reload() -> None:
    team = read_team_trf(CLUB, "club.trf")
    stamp = store.save_event("Club match", players_event(team))
    keep_team(store.LAPTOP, stamp.id, team)
    back = kept_team(store.LAPTOP, stamp.id)
    assert back is not None
    assert [render(translator("de"), w) for w in warnings_of(back)] == GERMAN
    assert [render(translator("en"), w) for w in warnings_of(back)] == ENGLISH


def test_a_team_event_kept_without_repairs_has_none_after_a_reload() -> None:
    clean = "\n".join(line for line in CLUB.splitlines() if "Charlie" not in line)
    team = read_team_trf(clean.replace(" 0.5 ", " 1.0 "), "club.trf")
    assert warnings_of(team) == []
    stamp = store.save_event("Club match", players_event(team))
    keep_team(store.LAPTOP, stamp.id, team)
    back = kept_team(store.LAPTOP, stamp.id)
    assert back is not None and warnings_of(back) == []
