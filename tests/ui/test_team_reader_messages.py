"""Team events' one-line refusals in the reader's language: a team TRF, a team JSON file, a chess-results upload, a
team order typed or named, the command line's team options and a team typed by hand.  The engine raises each with
its English sentence (unchanged: the command line and the tests read it) and its record, which the app writes again
in German or Russian with the file and line as they are.  The German and Russian sentences below are written out by
hand, as a reader of each language reads them."""
from __future__ import annotations

import argparse
import io

import pytest

from engine.core.errors import EventError
from engine.core.model import Player
from engine.teams.chessresults_xml import read_team_upload
from engine.teams.codes import parse_team_codes
from engine.teams.commands import why
from engine.teams.jsonteams import read_team_json
from engine.teams.model import Match, Team, make_team_event
from engine.teams.presets import team_preset
from engine.teams.trf_teams import read_team_trf
from i18n.catalog import translator
from i18n.said import error_text
from tests.paths import REPO_ROOT
from ui.teams.entry import parse_rosters

TEC = str(REPO_ROOT / "tests" / "data" / "teams" / "fide_tec_teams14.trf")
DE, RU = translator("de"), translator("ru")


def failure(read, *args, **kwargs) -> EventError:
    with pytest.raises(EventError) as caught:
        read(*args, **kwargs)
    return caught.value


def test_a_team_trf_with_wrong_board_colours_in_german_and_russian():
    exc = failure(read_team_trf, "012 Club Cup\n352 WX\n", "club.trf")
    assert str(exc) == "club.trf:2: board colours (352) must be W and B letters, not 'WX'"      # English as it was
    assert error_text(DE, exc) == "club.trf:2: die Brettfarben (352) müssen aus den Buchstaben W und B bestehen, " \
                                  "nicht 'WX'"
    assert error_text(RU, exc) == "club.trf:2: цвета досок (352) должны быть буквами W и B, а не 'WX'"


def test_a_team_trf_whose_roster_names_a_player_without_a_line():
    """Team 1's roster (line 2) names players 1 and 5; only player 1 has a ``001`` line."""
    text = "001    1      Ann\n013 " + "Alpha".ljust(32) + "   1    5\n"
    exc = failure(read_team_trf, text, "club.trf")
    assert str(exc) == "club.trf:2: team 1 (Alpha) names player 5, who has no 001 line"
    assert error_text(DE, exc) == "club.trf:2: Mannschaft 1 (Alpha) nennt Spieler 5, der keine 001-Zeile hat"
    assert error_text(RU, exc) == "club.trf:2: команда 1 (Alpha) называет участника 5, у которого нет строки 001"


def test_a_team_trf_number_named_by_its_columns():
    exc = failure(read_team_trf, "142 zz\n", "club.trf")
    assert str(exc).startswith("club.trf:1: the number of rounds (142) must be a whole number from 0 to ")
    assert error_text(DE, exc).startswith("club.trf:1: die Rundenzahl (142): erwartet wird eine ganze Zahl von 0 bis ")
    assert error_text(RU, exc).startswith("club.trf:1: число туров (142): ожидается целое число от 0 до ")
    assert error_text(RU, exc).endswith(", а не 'zz'")


def test_a_team_json_file_names_the_place_in_the_document():
    doc = '{"format": "tiebreak-lab-team-event", "version": 1, "team": {"scoring": {"primary": "X"}}}'
    exc = failure(read_team_json, doc, "club.json")
    assert str(exc) == "club.json: team.scoring.primary: must be MP or GP, not 'X'"
    assert error_text(DE, exc) == "club.json: team.scoring.primary: muss MP oder GP sein, nicht 'X'"
    assert error_text(RU, exc) == "club.json: team.scoring.primary: должно быть MP или GP, а не 'X'"
    whole = failure(read_team_json, "[]", "club.json")
    assert str(whole) == "club.json: the document: expected an object"
    assert error_text(DE, whole) == "club.json: das Dokument: erwartet wird ein Objekt"
    assert error_text(RU, whole) == "club.json: документ: ожидается объект"


def test_a_chess_results_upload_of_an_individual_event():
    xml = '<chessresults><tournamentdata><tournament type="1"/></tournamentdata></chessresults>'
    exc = failure(read_team_upload, xml, "club.xml")
    assert str(exc) == "club.xml: type '1' is not a team event (2: team round robin, 3: team Swiss)"
    assert error_text(DE, exc) == "club.xml: Typ '1' ist kein Mannschaftsturnier (2: Mannschafts-Rundenturnier, " \
                                  "3: Mannschafts-Schweizer System)"
    assert error_text(RU, exc) == "club.xml: тип '1' — не командный турнир (2: командный круговой, 3: командный по " \
                                  "швейцарской системе)"


@pytest.mark.parametrize(("rounds", "russian"), [(5, "5 туров"), (3, "3 тура"), (1, "1 тур"), (21, "21 тур")])
def test_a_bye_outside_the_rounds_takes_the_russian_plural_of_the_count(rounds, russian):
    teams = [Team(1, "Alpha", "", (1,)), Team(2, "Beta", "", (2,))]
    exc = failure(make_team_event, "Cup", teams, [Player(1, "Ann"), Player(2, "Bea")], [], rounds=rounds,
                  byes={(30, 1): "PAB"}, source="cup.json")
    assert str(exc) == f"cup.json: round 30: a bye outside the event's {rounds} rounds"
    assert error_text(RU, exc) == f"cup.json: тур 30: свободный тур вне турнира (в нём {russian})"


def test_a_match_pairing_a_team_with_itself_names_the_round_and_match():
    teams = [Team(1, "Alpha", "", ()), Team(2, "Beta", "", ())]
    exc = failure(make_team_event, "Cup", teams, [], [Match(2, 1, 1)], rounds=3, source="cup.json")
    assert str(exc) == "cup.json: round 2, match 1-1: a team cannot meet itself"
    assert error_text(DE, exc) == "cup.json: Runde 2, Kampf 1-1: eine Mannschaft kann nicht gegen sich selbst spielen"
    assert error_text(RU, exc) == "cup.json: тур 2, матч 1-1: команда не может играть сама с собой"


def test_a_team_order_typed_or_named_wrongly():
    twice = failure(parse_team_codes, "BH, BH")
    assert str(twice) == "tie-break BH is given twice: a criterion can only break a tie once"
    assert error_text(DE, twice) == "die Feinwertung BH ist doppelt angegeben: ein Kriterium kann einen Gleichstand " \
                                    "nur einmal auflösen"
    assert error_text(RU, twice) == "показатель BH задан дважды: критерий может разделить равных только один раз"
    modifier = failure(parse_team_codes, "EMGSB/M1")
    assert str(modifier).startswith("modifier /M1 is not valid for EMGSB in 'EMGSB/M1' (allowed: ")
    assert error_text(DE, modifier).startswith("der Zusatz /M1 gilt nicht für EMGSB in 'EMGSB/M1' (erlaubt: ")
    preset = failure(team_preset, "nope")
    assert error_text(RU, preset).startswith("неизвестный командный набор 'nope'; известные: fide-team, ")


def test_the_command_lines_why_with_one_team_number_in_russian():
    """``why --teams 1``: the option takes two numbers; the record reaches a reader of ``--lang ru``."""
    args = argparse.Namespace(event=TEC, teams="1", tiebreaks="EDET", quiet=True, round=None, preset=None,
                              rules=None)
    exc = failure(why, args, io.StringIO(), io.StringIO())
    assert str(exc) == "--teams takes two team numbers separated by a comma, such as 4,11, not '1'"
    assert error_text(RU, exc) == "--teams ожидает два номера команд через запятую, например 4,11, а не '1'"
    assert error_text(DE, exc) == "--teams erwartet zwei Mannschaftsnummern, durch ein Komma getrennt, etwa 4,11, " \
                                  "nicht '1'"


@pytest.mark.parametrize(("players", "russian"), [("Ann", "1 участник"), ("Ann, Bo, Cy", "3 участника"),
                                                  ("A, B, C, D, E", "5 участников")])
def test_a_team_typed_by_hand_with_too_few_players(players, russian):
    exc = failure(parse_rosters, f"Alpha: {players}\nBeta: x, y, z, u, v, w\n", 6)
    count = players.count(",") + 1
    assert str(exc) == f"line 1: Alpha has {count} players for 6 boards"
    assert error_text(DE, exc) == f"Zeile 1: Alpha hat {count} Spieler für 6 Bretter"
    assert error_text(RU, exc) == f"строка 1: у Alpha {russian}, а досок: 6"
