"""Each chart said in words and as a table (ui/widgets/chart_text.py), for screen readers.

The ladder's numbers are Fixture A's under the US Chess preset, worked by hand (tests/fixtures.py and
tests/app/test_app_why.py): #16 Stephan and #4 David both score 3½, both have a Modified Median of 10½, and the
Solkoff separates them, 12 against 10½.  The ranks given to the bump chart and the heat map are made up here,
so the expected words can be read straight off them.
"""
from __future__ import annotations

import pandas as pd

from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.events.simulate import Difference
from engine.ranking.why_above import compare_players
from engine.ranking.why_answer import Rung, plain_answer
from i18n.catalog import translator
from tests.fixtures import fixture_a
from ui.why.card import ladder_names
from ui.widgets.chart_text import (
    bump_alt,
    bump_table,
    chances_alt,
    code_key,
    diff_alt,
    heatmap_alt,
    heatmap_table,
    ladder_alt,
    ladder_sentence,
    ladder_table,
    left_tied_alt,
    share_alt,
)

RUNGS = [Rung(0, "PTS", "points", "3½", "3½", "equal"),
         Rung(1, "MM", "Modified Median", "10½", "10½", "equal"),
         Rung(2, "BH", "Solkoff", "12", "10½", "decided"),
         Rung(3, "CUM", "Cumulative score", "", "", "not reached")]


def test_the_ladder_says_what_decides_first():
    assert ladder_sentence(RUNGS, "Stephan", "David", "Stephan") == \
        "Solkoff decides: 12 against 10½ (Stephan above David)."
    # the values of the player above come first, whichever column he is in
    assert ladder_sentence(RUNGS, "David", "Stephan", "Stephan").startswith("Solkoff decides: 10½ against 12")
    words = ladder_alt(RUNGS, "Stephan", "David", "Stephan")
    assert words == ("Decision ladder for Stephan and David. Solkoff decides: 12 against 10½ (Stephan above David). "
                     "Step by step, in the event's order: points: equal, 3½ each; Modified Median: equal, 10½ each; "
                     "Solkoff: Stephan 12, David 10½, decides; Cumulative score: not needed.")


def test_a_tie_says_nothing_separates_them():
    tied = [Rung(0, "PTS", "points", "3", "3", "equal"), Rung(1, "BH", "Buchholz", "9", "9", "equal")]
    assert ladder_sentence(tied, "Ann", "Bea", None) == "Nothing separates Ann and Bea: they share the place."


def test_the_ladder_table_has_one_row_per_criterion():
    table = ladder_table(RUNGS, "Stephan", "David")
    assert table.columns.tolist() == ["Step", "Stephan", "David", "Outcome"]
    assert table.values.tolist() == [["1. Points", "3½", "3½", "equal"],
                                     ["2. Modified Median", "10½", "10½", "equal"],
                                     ["3. Solkoff", "12", "10½", "decides"],
                                     ["4. Cumulative score", "–", "–", "not needed"]]
    assert ladder_table(RUNGS, "Kim", "Kim").columns.tolist() == ["Step", "Kim (A)", "Kim (B)", "Outcome"]


def test_the_why_page_ladder_in_words_from_the_engine():
    """Fixture A, US Chess: the engine's own ladder gives the words worked by hand above."""
    event = fixture_a()
    answer = plain_answer(compare_players(event, 16, 4, ordering_of(preset="uscf", options=Options(seed=1))))
    la, lb, above = ladder_names(answer)
    assert ladder_sentence(answer.ladder, la, lb, above) == "Solkoff decides: 12 against 10½ (Stephan above David)."


RANKS = {"uscf": {1: 1, 2: 2, 3: 3, 4: 4}, "fide": {1: 1, 2: 4, 3: 2, 4: 3}, "mine": {1: 1, 2: 3, 3: 2, 4: 4}}
NAMES = {1: "Ann", 2: "Bea", 3: "Cy", 4: "Dan"}


def test_the_bump_chart_says_who_moves_and_by_how_much():
    assert bump_alt(RANKS, NAMES) == (
        "Chart of each player's rank under 3 orderings (uscf, fide, mine), 4 players. 3 move; their ranks in that "
        "order of orderings: #2 Bea by 2 places (2, 4, 3); #3 Cy by 1 place (3, 2, 2); #4 Dan by 1 place (4, 3, 4). "
        "The other 1 keeps the same rank.")
    same = {"a": {1: 1, 2: 2}, "b": {1: 1, 2: 2}}
    assert bump_alt(same, {1: "Ann", 2: "Bea"}).endswith("Every player has the same rank under every ordering.")


def test_the_bump_table():
    table = bump_table(RANKS, NAMES)
    assert table.columns.tolist() == ["Player", "uscf", "fide", "mine", "Moves by"]
    assert table.values.tolist() == [["#1 Ann", 1, 1, 1, 0], ["#2 Bea", 2, 4, 3, 2], ["#3 Cy", 3, 2, 2, 1],
                                     ["#4 Dan", 4, 3, 4, 1]]


def test_the_heat_map_names_the_players_it_moves_most():
    single = {"BH": {1: 1, 2: 4, 3: 2, 4: 3}, "WIN": {1: 2, 2: 1, 3: 3, 4: 4}}
    words = heatmap_alt(single, NAMES)
    # each code with its name (words beside every code, in the text alternative too)
    assert words.startswith("Heat map of the rank of 4 players under points and then each criterion alone (BH · "
                            "Buchholz (Solkoff); WIN · Number of wins (played or not)); "
                            "each cell prints the rank")
    assert words.endswith("Most affected: #2 Bea from 1 (WIN) to 4 (BH); #1 Ann from 1 (BH) to 2 (WIN); "
                          "#3 Cy from 2 (BH) to 3 (WIN); #4 Dan from 3 (BH) to 4 (WIN).")
    assert heatmap_table(single, NAMES).values.tolist() == [["#1 Ann", 1, 2], ["#2 Bea", 4, 1], ["#3 Cy", 2, 3],
                                                            ["#4 Dan", 3, 4]]


def test_the_bump_chart_and_the_heat_map_in_german_and_russian():
    """The same made-up ranks as above, said in German and Russian (each count with its language's plural form,
    each code's name in the language's words)."""
    de, ru = translator("de"), translator("ru")
    assert bump_alt(RANKS, NAMES, de) == (
        "Diagramm des Rangs jedes Spielers nach 3 Reihenfolgen (uscf, fide, mine), 4 Spieler. 3 Spieler bewegen "
        "sich; ihre Ränge in derselben Folge: #2 Bea um 2 Plätze (2, 4, 3); #3 Cy um 1 Platz (3, 2, 2); #4 Dan um 1 "
        "Platz (4, 3, 4). Der andere 1 Spieler behält denselben Rang.")
    assert bump_alt(RANKS, NAMES, ru) == (
        "Диаграмма места каждого участника при 3 порядках (uscf, fide, mine), участников: 4. 3 участника меняют "
        "место; места в том же порядке: #2 Bea на 2 места (2, 4, 3); #3 Cy на 1 место (3, 2, 2); #4 Dan на 1 место "
        "(4, 3, 4). Ещё 1 участник сохраняет своё место.")
    assert bump_table(RANKS, NAMES, ru).columns.tolist() == ["Участник", "uscf", "fide", "mine", "Сдвиг"]
    single = {"BH": {1: 1, 2: 4, 3: 2, 4: 3}, "WIN": {1: 2, 2: 1, 3: 3, 4: 4}}
    german = heatmap_alt(single, NAMES, tr=de)
    assert german.startswith("Heatmap des Rangs von 4 Spielern nach Punkten und dann nach jedem Kriterium allein "
                             "(BH · Buchholz-Wertung; ")
    assert german.endswith("Am stärksten betroffen: #2 Bea von 1 (WIN) bis 4 (BH); #1 Ann von 1 (BH) bis 2 (WIN); "
                           "#3 Cy von 2 (BH) bis 3 (WIN); #4 Dan von 3 (BH) bis 4 (WIN).")
    russian = heatmap_alt(single, NAMES, points_first=False, tr=ru)
    assert russian.startswith("Тепловая карта мест 4 участников по каждому показателю отдельно (BH · ")
    assert "Сильнее всего затронуты: #2 Bea: от 1 (WIN) до 4 (BH);" in russian
    assert heatmap_table(single, NAMES, de).columns.tolist() == ["Spieler", "BH", "WIN"]
    assert code_key(["MM", "BH/C1"], ru).startswith("MM · Модифицированная медиана; BH/C1 · ")


def test_the_forecast_and_simulation_charts_in_words():
    data = pd.DataFrame([{"player": "Ann (#1)", "place": "1st", "order": 1, "chance": 62.5},
                         {"player": "Bea (#2)", "place": "1st", "order": 1, "chance": 37.5},
                         {"player": "Ann (#1)", "place": "2nd", "order": 2, "chance": 37.5},
                         {"player": "Bea (#2)", "place": "2nd", "order": 2, "chance": 62.5}])
    assert chances_alt(data).endswith("Chance of 1st: Ann (#1) 62.5 %, Bea (#2) 37.5 %.")
    metrics = pd.DataFrame({"label": ["uscf", "fide"], "share_correct_broken": [0.6, 0.7]})
    # each preset named with its words, so that no row reads as a bare code
    assert "fide 70.0 %; uscf · US Chess recommended (individual Swiss) 60.0 %" in share_alt(metrics)
    diff = Difference("+bye", "uscf", -0.012, -0.03, 0.006, 0.0, 0.0)
    assert diff_alt([diff]).endswith("uscf · US Chess recommended (individual Swiss) with bye: -1.2 % (interval -3.0 % "
                                     "to +0.6 %).")
    left = pd.DataFrame({"label": ["uscf", "fide"], "share_unbroken": [0.053, 0.0]})     # 5.3 % and none left tied
    assert left_tied_alt(left).endswith("leaves tied (a shared place): uscf · US Chess recommended (individual Swiss) "
                                        "5.3 %; fide 0.0 %.")


def test_the_ladder_in_words_reads_whole_russian_and_german_sentences():
    """The description screen readers get (the Why page's ladder) in the session's language: the verdict, then
    each criterion under its name in that language, with both values."""
    from i18n.catalog import translator
    assert ladder_alt(RUNGS, "Stephan", "David", "Stephan", translator("ru")) == (
        "Лестница решений для Stephan и David. Коэффициент Бухгольца решает: 12 против 10½ (Stephan выше, чем "
        "David). Шаг за шагом, в порядке турнира: Очки: равно, по 3½; Модифицированная медиана: равно, по 10½; "
        "Коэффициент Бухгольца: Stephan 12, David 10½, решает; Нарастающий итог (US Chess): не нужен.")
    assert ladder_alt(RUNGS, "Stephan", "David", "Stephan", translator("de")) == (
        "Entscheidungsleiter für Stephan und David. Buchholz-Wertung entscheidet: 12 gegen 10½ (Stephan vor David). "
        "Schritt für Schritt, in der Reihenfolge des Turniers: Punkte: gleich, je 3½; Modifizierter Median: gleich, "
        "je 10½; Buchholz-Wertung: Stephan 12, David 10½, entscheidet; Kumulative Wertung (US Chess): nicht nötig.")
    tied = [Rung(0, "PTS", "points", "3", "3", "equal"), Rung(1, "BH", "Buchholz", "9", "8", "not used")]
    assert ladder_alt(tied, "Ann", "Bea", None, translator("ru")) == (
        "Лестница решений для Ann и Bea. Ничто не разделяет Ann и Bea: они делят место. Шаг за шагом, в порядке "
        "турнира: Очки: равно, по 3; Коэффициент Бухгольца: не используется.")
def test_what_a_player_needs_in_german_and_russian():
    """The example before the last round, FIDE Swiss, every result equally likely: a win makes Charline (#3) 1st
    whatever else happens, and after a draw the game Alyx–David decides (tests/app/test_app_forecast.py says the
    same in English)."""
    from engine.core.ordering import ordering_of
    from engine.forecast.asked import ask
    from engine.teaching.scenarios import load_scenario
    from i18n.said import render
    event = load_scenario("before-the-last-round").event
    branches = ask(event, ordering_of(preset="fide-swiss"), player=3, model="uniform").conditions.branches
    assert [b.result for b in branches] == ["win", "draw", "loss"]
    de, ru = translator("de"), translator("ru")
    assert render(de, branches[0].text) == "Ein Sieg ergibt Platz 1, was auch immer an den anderen Brettern geschieht."
    assert render(ru, branches[0].text) == "Победа даёт 1-е место при любых исходах на других досках."
    assert "Alyx–David endet nicht remis" in render(de, branches[1].text)
    assert "Alyx–David не заканчивается вничью" in render(ru, branches[1].text)
    assert render(de, branches[1].text).startswith("Ein Remis ergibt Platz ")
