"""Check published standings reads the legends of German, French, Spanish and Russian pages: the words of
each federation's rule texts (i18n/glossary) name the same systems as the English legend would."""
from __future__ import annotations

import pytest

from engine.formats.published import legends
from engine.ranking.second_opinion import read_legend


@pytest.mark.parametrize(("legend", "codes"), [
    ("Buchholz médian", ("BH/M1", "BH/M2")),
    ("Buchholz mediano", ("BH/M1", "BH/M2")),
    ("Buchholz -1", ("BH/C1",)),
    ("Buchholz tronqué", ("BH/C1",)),
    ("усечённый коэффициент Бухгольца", ("BH/C1",)),
    ("коэффициент Бухгольца", ("BH", "BH/C1", "BH/C2", "BH/M1")),
    ("коэффициент Бергера", ("SB", "SB/C1")),
    ("результат личной встречи", ("DE",)),
    ("confrontation directe", ("DE",)),
    ("Direkter Vergleich", ("DE",)),
    ("nombre de victoires", ("WIN", "WON")),
    ("número de victorias", ("WIN", "WON")),
    ("количество побед", ("WIN", "WON")),
    ("nombre de victoires avec les Noirs", ("BWG",)),
    ("число партий, сыгранных чёрными фигурами", ("BPG",)),
    ("коэффициент прогресса", ("PS", "CUM")),
    ("Fortschrittswertung", ("PS", "CUM")),
    ("valoración media de los oponentes", ("ARO", "ARO/C1")),
])
def test_a_legend_in_a_federations_own_words_names_its_system(legend, codes):
    claim = read_legend(legend)
    assert claim is not None and claim.codes == codes


def test_legend_lines_headed_by_the_word_for_tie_break_in_each_language():
    # one legend a line, as chess-results prints them; the first line naming a number wins
    assert legends([("Départage 1: Buchholz tronqué", 1), ("Départage 2: confrontation directe", 2)]) == \
        {"TB1": "Buchholz tronqué", "TB2": "confrontation directe"}
    assert legends([("Desempate 1: Buchholz mediano", 1)]) == {"TB1": "Buchholz mediano"}
    assert legends([("Тай-брейк 1: коэффициент Бергера", 1), ("Тай-брейк 2: количество побед", 2)]) == \
        {"TB1": "коэффициент Бергера", "TB2": "количество побед"}
