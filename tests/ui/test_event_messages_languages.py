"""The refusals of a saved event's settings, the grids' edits, the event generator, the simulation and the teaching
tools in the reader's language: the engine raises each with its English sentence (unchanged) and its record, which
the app writes again in German or Russian, the file's name kept as it is.  The German and Russian sentences below
are the catalogs' translations written out by hand."""
from __future__ import annotations

import json

import pytest

from engine.core.errors import EventError
from engine.core.notation import full_notation
from engine.events.editing import add_player, edited_event, remove_player
from engine.events.generator import UnplayedRates, blank_event
from engine.events.settings import read_saved
from engine.events.simulate import SimParams
from engine.formats.jsonfmt import write_json
from engine.teaching.announcement import announcement
from engine.teaching.check_report import read_files
from engine.teaching.exercises import generate
from i18n.catalog import translator
from i18n.said import error_text
from tests.fixtures import fixture_a

DE, RU = translator("de"), translator("ru")


def failure(call, *args, **kwargs) -> EventError:
    with pytest.raises(EventError) as caught:
        call(*args, **kwargs)
    return caught.value


def saved_with(settings: object) -> str:
    doc = json.loads(write_json(fixture_a()))
    doc["settings"] = settings
    return json.dumps(doc)


def test_a_saved_event_with_an_unknown_rule_set_in_german_and_russian():
    exc = failure(read_saved, saved_with({"rules": "moon"}), "club.json")
    choices = "uscf, fide, fide2024, fide2009, raw, lichess"
    assert str(exc) == f"club.json: settings: unknown rule set 'moon'; choose one of {choices}"     # English as it was
    assert error_text(DE, exc) == f"club.json: settings: unbekanntes Regelwerk 'moon'; wählen Sie eines von {choices}"
    assert error_text(RU, exc) == f"club.json: settings: неизвестный свод правил 'moon'; выберите один из: {choices}"


def test_a_saved_prize_that_is_not_whole_in_russian():
    exc = failure(read_saved, saved_with({"prizes": [{"name": "1st", "amount": 10.5, "place": 1}]}), "club.json")
    assert str(exc) == 'club.json: prize #1: "amount" must be a whole number, not 10.5'
    assert error_text(RU, exc) == 'club.json: приз № 1: "amount" должно быть целым числом, а не 10.5'
    assert error_text(DE, exc) == 'club.json: Preis Nr. 1: "amount" muss eine ganze Zahl sein, nicht 10.5'


def test_two_cells_that_disagree_in_german_and_russian():
    """Fixture A: Alyx (row 1) beat Jessica with White in round 1; typing +W10 there meets Lais's -W2."""
    ev = fixture_a()
    players = [{"tpn": p.tpn, "name": p.name, "rating": p.rating, "on_time": True} for p in ev.players]
    rows = [(t, [full_notation(e) for e in ev.entries[t]]) for t in ev.tpns]
    rows[0][1][0] = "+W10"
    exc = failure(edited_event, players, rows, ev.rounds, ev)
    assert str(exc) == ("row 1 (Alyx), R1 says '+W10', but row 10 (Lais), R1 says '-W2': player 10 cannot play two "
                        "games in one round. Change one of the two cells")
    assert error_text(DE, exc) == ("Zeile 1 (Alyx), R1 lautet „+W10“, aber Zeile 10 (Lais), R1 lautet „-W2“: "
                                   "Spieler 10 kann nicht zwei Partien in einer Runde spielen. Ändern Sie eine der "
                                   "beiden Zellen")
    assert error_text(RU, exc) == ("строка 1 (Alyx), Т1: «+W10», но строка 10 (Lais), Т1: «-W2»: участник 10 не может "
                                   "играть две партии в одном туре. Измените одну из двух ячеек")


def test_removing_a_player_who_played_and_adding_one_without_a_name_in_german():
    exc = failure(remove_player, fixture_a(), 9)
    assert str(exc) == "Jessica (number 9) played Alyx in R1; clear that result before removing the player"
    assert error_text(DE, exc) == ("Jessica (Nummer 9) hat in R1 gegen Alyx gespielt; löschen Sie dieses Ergebnis, "
                                   "bevor Sie den Spieler entfernen")
    assert error_text(RU, failure(add_player, fixture_a(), "  ")) == "новому участнику нужно имя"


def test_the_generator_and_the_simulation_refuse_in_german_and_russian():
    assert error_text(DE, failure(blank_event, "Club night", 1)) == "ein Turnier braucht mindestens 2 Spieler, nicht 1"
    assert error_text(RU, failure(UnplayedRates, hpb=1.5)) == \
        "доля hpb должна быть вероятностью от 0 до 1, а не 1.5"
    assert error_text(RU, failure(SimParams, events=0)) == "для моделирования нужен хотя бы 1 турнир, а не 0"
    assert error_text(DE, failure(SimParams, criteria=(), presets=())) == \
        "wählen Sie mindestens ein Kriterium oder eine Vorgabe für die Simulation"


def test_the_teaching_tools_refuse_in_german_and_russian():
    assert error_text(DE, failure(read_files, [])) == (
        "geben Sie die veröffentlichte Tabelle an: einen Export oder eine Kopie von chess-results, die zwei Seiten "
        "von Vega, ein Papi-Raster oder eine Swiss-Chess-Rangliste mit ihren Paarungslisten")
    assert error_text(RU, failure(generate, fixture_a(), 1, kinds=["riddle"])) == \
        "выберите хотя бы один вид упражнений: value, order, separator, prize"
    exc = failure(announcement, ["BH"], "uscf", "uscf", preset="moon")
    assert error_text(DE, exc).startswith("unbekannte Vorgabe 'moon'; wählen Sie eine von uscf, fide-swiss, ")
