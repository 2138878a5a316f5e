"""The Prizes page's line above the prize-giving while an event is unfinished, in German and Russian: whole
sentences of the catalogs, the amounts in the event's own currency written the language's way, the players
beyond the third counted in the language's plural forms; English is the engine's own sentence."""
from __future__ import annotations

from engine.prizes.cases import CASES
from engine.prizes.split import distribute
from engine.ranking.standings import standings
from ui.widgets.prizes import if_ended_now_line


def unfinished_p1():
    """Prize case P1 (Ada $300; Ben, Cleo and Dev (200 + 100 + 60) / 3 = $120 each) with two more rounds
    declared than played, and who is paid, the biggest amounts first."""
    case = CASES["P1"]
    played = case.event()
    event = played.with_entries(played.entries, rounds=played.rounds + 2)
    dist = distribute(standings(event, ("MM", "BH", "CUM", "OCUM")), event, case.prizes, "uscf")
    return event, sorted((a for a in dist.awards if a.paid > 0), key=lambda a: -a.paid)


def test_the_unfinished_line_in_german_and_russian():
    event, paid = unfinished_p1()
    n, done = event.rounds, event.rounds - 2
    assert [a.name for a in paid] == ["Ada", "Ben", "Cleo", "Dev"]
    assert if_ended_now_line(event, paid, "$", "de") == (
        f"Die Runden {done + 1} bis {n} von {n} stehen noch aus. Wenn es jetzt endete: Ada 300,00\xa0$, "
        f"Ben 120,00\xa0$, Cleo 120,00\xa0$ und 1 weiterer Spieler, wie unten aufgeführt. Die Preise unten sind so, "
        f"als endete das Turnier jetzt, nach Runde {done}.")
    assert if_ended_now_line(event, paid, "€", "ru") == (
        f"Туры с {done + 1} по {n} из {n} ещё предстоит сыграть. Если бы он закончился сейчас: Ada 300,00\xa0€, "
        f"Ben 120,00\xa0€, Cleo 120,00\xa0€ и ещё 1 участник, как указано ниже. Призы ниже — как если бы турнир "
        f"закончился сейчас, после тура {done}.")
    assert if_ended_now_line(event, paid, "$", "en") == (
        f"Rounds {done + 1} to {n} of {n} are still to be played: if it ended now, Ada would receive $300.00, "
        f"Ben $120.00, Cleo $120.00 and 1 more player as listed below. The prizes below are as if the event ended "
        f"now, after round {done}.")


def test_a_finished_event_has_no_such_line_in_any_language():
    case = CASES["P1"]
    event = case.event()
    assert all(if_ended_now_line(event, [], "$", lang) is None for lang in ("en", "de", "ru"))
