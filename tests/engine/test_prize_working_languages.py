"""The prize working read in German and Russian: each step is a record (engine.core.said) that the reader's
catalog writes again, with the language's decimal comma, its own ordinals and plural forms, and money in the
event's own currency; English stays the engine's own text.

The amounts are worked by hand: 1st $300 to the player alone on top; the three tied below share the rest.
"""
from __future__ import annotations

from engine.core.model import Player
from engine.prizes.prize_list import Prize
from engine.prizes.split import distribute
from i18n.catalog import translator
from i18n.said import render

PLAYERS = [Player(t, n) for t, n in [(1, "A"), (2, "B"), (3, "C"), (4, "D")]]
GROUPS = [[1], [2, 3, 4]]           # A alone on 2 points; B, C and D tied on 1 point, in that tie-break order


def prizes(second: int, third: int, fourth: int) -> list[Prize]:
    return [Prize("1st", 30000, place=1), Prize("2nd", second, place=2), Prize("3rd", third, place=3),
            Prize("4th", fourth, place=4)]


def test_hort_working_in_german_writes_euros_with_a_decimal_comma_and_german_places():
    # the tied places' prizes 200 + 100 + 60 = 360; half of it, 180, pooled among three: 60 each; B keeps
    # half of the 2nd prize (100) plus 60 = 160
    dist = distribute(GROUPS, PLAYERS, prizes(20000, 10000, 6000), "hort", currency="€")
    de = [render(translator("de"), s) for s in dist.steps]
    assert ("2.–4. Platz, gleichauf mit 1 Punkt: #2 B, #3 C, #4 D. Hort: Jeder behält die Hälfte des Preises "
            "seines eigenen Platzes nach Feinwertung; die anderen Hälften (200,00\xa0€ + 100,00\xa0€ + 60,00\xa0€ = "
            "360,00\xa0€, die Hälfte ist 180,00\xa0€) kommen in einen Topf: 180,00\xa0€ ÷ 3 = je 60,00\xa0€.") in de
    assert "  #2 B: 2. nach Feinwertung, die Hälfte von 200,00\xa0€ ist 100,00\xa0€, plus 60,00\xa0€ = 160,00\xa0€." in de
    assert de[1] == "Platzpreise: 1st (300,00\xa0€), 2nd (200,00\xa0€), 3rd (100,00\xa0€), 4th (60,00\xa0€)."
    assert render(translator("de"), dist.award(2).how) == "Hort: 2. nach Feinwertung"


def test_rounding_in_russian_counts_the_cents_left_in_russian_forms_and_english_is_unchanged():
    # 100 + 60 + 40 = 200 dollars among three: 66.66⅔ each, paid 66.66; 2 cents are left over
    dist = distribute(GROUPS, PLAYERS, prizes(10000, 6000, 4000), "uscf")
    ru = [render(translator("ru"), s) for s in dist.steps]
    assert ("Счёт 1: #2 B, #3 C, #4 D — 3 участника делят 2-е–4-е место. Они вносят 3 лучших приза, которые "
            "могут выиграть, не более одного на каждого: 2nd (100,00\xa0$), 3rd (60,00\xa0$), 4th (40,00\xa0$).") in ru
    assert "(а) Общий фонд: 100,00\xa0$ + 60,00\xa0$ + 40,00\xa0$ = 200,00\xa0$, делённый на 3: по ≈66,67\xa0$." in ru
    assert ru[-1] == ("Округление: каждая доля округляется вниз до цента; #2 B ≈66,67\xa0$ → 66,66\xa0$; "
                      "#3 C ≈66,67\xa0$ → 66,66\xa0$; #4 D ≈66,67\xa0$ → 66,66\xa0$. Остаток: 0,02\xa0$ (2 цента), "
                      "который организатор оставляет себе или добавляет к призу, как объявлено.")
    assert dist.steps[-1] == ("Rounding: each share is rounded down to the cent; #2 B ≈$66.67 → $66.66; "
                              "#3 C ≈$66.67 → $66.66; #4 D ≈$66.67 → $66.66. Left over: $0.02 (2 cents), which the "
                              "organiser keeps or adds to a prize as announced.")
    assert render(translator("en"), dist.steps[-1]) == dist.steps[-1]


def test_one_cent_left_is_counted_in_the_russian_singular():
    # 50 + 30 + 20 = 100 dollars among three: 33.33⅓ each, paid 33.33; 1 cent is left over
    dist = distribute(GROUPS, PLAYERS, prizes(5000, 3000, 2000), "uscf")
    assert "Остаток: 0,01\xa0$ (1 цент)," in render(translator("ru"), dist.steps[-1])
    assert "Reste : 0,01\xa0$ (1 centime)," in render(translator("fr"), dist.steps[-1])
