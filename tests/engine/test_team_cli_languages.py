"""Team events on the command line in the reader's language (``--lang``): the standings' order and rules lines, column
heads and decimal commas; explain's working and why's answer in Russian; the team file reader's repairs in German, on
standard error and through the renderer the app uses.  The expected sentences are written out by hand in each
language; the numbers are FIDE TEC's (Exercises in Tie-Breaking, section 2.3: ``tests/data/teams/README.md``)."""
from __future__ import annotations

import io
from dataclasses import replace

from engine.cli import main
from engine.teams.trf_teams import read_team_trf, warnings_of
from i18n.catalog import translator
from i18n.said import render
from tests.paths import REPO_ROOT

TEC = str(REPO_ROOT / "tests" / "data" / "teams" / "fide_tec_teams14.trf")


def run(argv: list[str]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == 0, err.getvalue()
    return out.getvalue(), err.getvalue()


def test_team_standings_in_german_with_the_order_rules_heads_and_decimal_commas():
    """The TEC file names its order (MP, then MPvGP) and is dated March 2024: the 2024 edition of the rules."""
    out, err = run(["--lang", "de", "standings", TEC])
    assert err.splitlines()[-1] == (
        "Reihenfolge: MP, dann MPvGP (die Feinwertungsliste der Datei); Regelwerk: FIDE C.07, Fassung vom 1. August "
        "2024 (fiktiver Gegner nicht begrenzt) (die Fassung von 2024, gültig an den Turniertagen); eine andere wählen "
        "Sie mit --preset oder --tiebreaks")
    lines = out.splitlines()
    assert lines[0] == "Regelwerk: FIDE C.07, Fassung vom 1. August 2024 (fiktiver Gegner nicht begrenzt); " \
                       "Hauptwertung: Mannschaftspunkte"
    assert lines[1].split() == ["Rang", "Nr.", "Name", "MPvGP", "MP", "GP"]
    # the book: Elephants 10 MP and 18 GP first; Antelopes 10 MP, 17.5 GP second; Lynxes last on 2 MP, 7.5 GP
    assert lines[2].split() == ["1", "5", "Elephants", "18", "10", "18"]
    assert lines[3].split() == ["2", "1", "Antelopes", "17,5", "10", "17,5"]
    assert lines[-1].split() == ["14", "12", "Lynxes", "7,5", "2", "7,5"]
    english, _ = run(["standings", TEC])
    assert english.splitlines()[3].split() == ["2", "1", "Antelopes", "17.5", "10", "17.5"]
    assert english.splitlines()[1].split() == ["rank", "tpn", "name", "MPvGP", "MP", "GP"]


def test_team_standings_of_a_preset_in_french_name_the_preset_and_its_source():
    _, err = run(["--lang", "fr", "standings", TEC, "--preset", "berlin"])
    assert err.splitlines()[-1].startswith("ordre : MP, puis GPTS,BERLIN (préréglage berlin : ")


def test_a_team_explain_in_russian():
    """Bonobos' Buchholz on match points: its seven opponents' final match points, 57 in the book."""
    out, _ = run(["--lang", "ru", "explain", TEC, "--team", "2", "--tiebreak", "BH:MP"])
    lines = out.splitlines()
    assert lines[0] == "Коэффициент Бухгольца (по командным очкам) [BH:MP] у №2 Bonobos: 57"
    assert lines[1].split() == ["Тур", "Соп", "Вид", "Матч", "Знач", "Примечание"]
    assert lines[2].split() == ["1", "9", "матч", "сыгран", "3-1", "6", "№9", "Iguanas", "набрала", "6", "MP"]
    assert lines[-4:] == [
        "- Правила: FIDE C.07, редакция от 1 августа 2024 года (фиктивный соперник без ограничения).",
        "- Итоговые MP каждого соперника (фиктивная команда в турах без матча).",
        "- Сумма оставшихся значений: 6 + 10 + 10 + 10 + 6 + 10 + 5 = 57.",
        "Правило: ФИДЕ C.07 ст. 8, 13 и 16"]


def test_a_team_why_in_russian():
    """Antelopes (2nd) and Cougars (5th) both have 10 match points; MPvGP, their game points, decides 17½ to 16."""
    out, _ = run(["--lang", "ru", "why", TEC, "--teams", "1,3"])
    assert out.splitlines()[:5] == [
        "№1 Antelopes — 2-е место, №3 Cougars — 5-е место.",
        "Они встретились в туре 7: №1 Antelopes выиграла 2½-1½.",
        "Командные очки у обеих: 10, поэтому решают дополнительные показатели по порядку.",
        "Командные очки против игровых (MPvGP) — решающий показатель: 17½ против 16.",
        "  Тур 2: №1 Antelopes 1½ (1½-2½ против №4); №3 Cougars 0 (0-4 против №2)."]


def test_a_team_group_explain_in_german():
    """Direct encounter among the five teams on 10 match points: all met, each took 4 match points among them."""
    out, _ = run(["--lang", "de", "explain", TEC, "--team", "2", "--tiebreak", "EDE"])
    lines = out.splitlines()
    assert lines[0] == "Erweiterter direkter Vergleich [EDE] für #2 Bonobos"
    assert lines[2] == "Ihre Kämpfe gegeneinander (Brettpunkte):"
    assert lines[-2:] == ["- Platz von #2 in der Gruppe: 2 von 5.", "Regel: FIDE C.07 Art. 13.3"]


def p001(tpn: int, name: str, points: str, *blocks: str) -> str:
    return f"001 {tpn:4d}      {name:<33} {'':4} {'':3} {'':11} {'':10} {points:>4} {'':4}" + "".join(f"  {b}" for b in blocks)


#: two teams of one board and one round; Ann won, but her points column says 0.5; Cy is in no team
CLUB = "\n".join([
    "012 Club match", "142 1",
    p001(1, "Alpha, Ann", "0.5", "   2 w 1"), p001(2, "Bravo, Bea", "0.0", "   1 b 0"), p001(3, "Charlie, Cy", "0.0"),
    "013 Team A                          1", "013 Team B                          2", ""])


def test_two_team_reader_repairs_reach_a_german_reader_on_the_command_line(tmp_path):
    path = tmp_path / "club.trf"
    path.write_text(CLUB, encoding="utf-8")
    _, err = run(["--lang", "de", "standings", str(path), "--tiebreaks", "BH:MP"])
    assert err.splitlines() == [
        "Warnung: club.trf:3: die Punktespalte von Spieler 1 sagt 0,5, die Partien ergeben 1: die Partien gelten",
        "Warnung: club.trf:5: Spieler 3 gehört zu keiner Mannschaft: bei den Kämpfen nicht berücksichtigt"]
    _, english = run(["standings", str(path), "--tiebreaks", "BH:MP"])
    assert english.splitlines() == [
        "warning: club.trf:3: player 1's points column says 0.5, the games add up to 1: the games are used",
        "warning: club.trf:5: player 3 is in no team: left out of the matches"]
    _, quiet = run(["--lang", "de", "standings", str(path), "--tiebreaks", "BH:MP", "--quiet"])
    assert quiet == ""


def test_the_same_repairs_in_german_through_the_app_s_renderer_and_english_once_saved():
    ev = read_team_trf(CLUB, "club.trf")
    german = [render(translator("de"), w) for w in warnings_of(ev)]
    assert german == ["club.trf:3: die Punktespalte von Spieler 1 sagt 0,5, die Partien ergeben 1: die Partien gelten",
                      "club.trf:5: Spieler 3 gehört zu keiner Mannschaft: bei den Kämpfen nicht berücksichtigt"]
    # a team event saved before keeps its warnings as English text: read back as the same lines
    saved = replace(ev, header={**ev.header, "warnings": str(ev.header["warnings"])})
    assert warnings_of(saved) == ["club.trf:3: player 1's points column says 0.5, the games add up to 1: the games are "
                                  "used", "club.trf:5: player 3 is in no team: left out of the matches"]


def test_a_team_explain_as_json_keeps_its_keys_and_numbers_and_gives_its_sentences_in_german():
    """Cougars' Buchholz on match points with the cut: Jackals' 5 MP (the fewest) is left out, 53 in the book."""
    import json
    doc = json.loads(run(["--lang", "de", "explain", TEC, "--team", "3", "--tiebreak", "BH:MP/C1", "--format",
                          "json"])[0])
    assert (doc["code"], doc["value"]) == ("BH:MP/C1", "53")
    assert doc["label"] == "Buchholz-Wertung (nach Mannschaftspunkten, Cut 1)"
    cut = next(row for row in doc["rows"] if row["dropped"])
    assert (cut["opponent"], cut["note"]) == (10, "#10 Jackals erzielte 5 MP")
    assert doc["citation"] == "FIDE C.07 Art. 8, 13 und 16"


def test_a_team_convert_says_what_it_wrote_in_russian(tmp_path):
    """The TEC event: 14 teams of six players, 84 players, 7 rounds."""
    target = tmp_path / "tec.json"
    out, _ = run(["--lang", "ru", "convert", TEC, str(target), "--quiet"])
    assert out == f"записан {target}: команд: 14, участников: 84, туров: 7\n"
    english, _ = run(["convert", TEC, str(target), "--quiet"])
    assert english == f"wrote {target}: 14 teams, 84 players, 7 rounds\n"


def test_a_team_command_without_its_team_numbers_says_which_option_in_german():
    """Before, explain looked for team "None" and why stopped on "something unexpected"."""
    for argv, line in ((["explain", TEC, "--tiebreak", "BH"], "Fehler: explain braucht bei einem Mannschaftsturnier --team"),
                       (["why", TEC], "Fehler: why braucht bei einem Mannschaftsturnier --teams")):
        out, err = io.StringIO(), io.StringIO()
        assert main(["--lang", "de", *argv], out, err) == 2
        assert err.getvalue() == line + "\n"
        english = io.StringIO()
        assert main(argv, io.StringIO(), english) == 2
        assert english.getvalue().startswith("error: " + ("explain needs --team" if argv[0] == "explain" else
                                                          "why needs --teams"))


def test_a_team_why_in_german_names_the_places_as_german_does():
    out, _ = run(["--lang", "de", "why", TEC, "--teams", "3,1"])
    assert out.splitlines()[:2] == ["#1 Antelopes ist auf Platz 2, #3 Cougars auf Platz 5.",
                                    "Sie trafen in Runde 7 aufeinander: #1 Antelopes gewann 2½-1½."]
