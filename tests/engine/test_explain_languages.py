"""The working of a tie-break in German, French, Spanish and Russian: the engine's steps are records (a template
and its values), rendered in the reader's language with the language's decimal comma; English stays the
engine's own text.

The event is FIDE's tie-break test Swiss (16 players, 5 rounds).  Charline (#3) met Maria (#11, 2½ points),
Franck (#6, 3), Irina (#8, 2½), David (#4, 3½) and Bruno (#2, 4); she scored 3½, above half of 5, so the
Modified Median drops only the lowest opponent score, Maria's 2½ of round 1 (the first of the two 2½):
3 + 2½ + 3½ + 4 = 13.  Her opponents' Buchholz are 12½, 11½, 13½, 14 and 13: 64½ / 5 = 12.9, written with two
decimals 12.90 (12,90 with a decimal comma).
"""
from __future__ import annotations

import io
import json
import pickle
from fractions import Fraction

import pytest

from engine.cli import main
from engine.core.said import Joined, Said, num, nums, said, said_n
from engine.formats.loader import load_event
from engine.ranking.standings import explain
from i18n.catalog import translator
from i18n.said import render
from tests.paths import REPO_ROOT

EVENT = str(REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf")


def run(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == 0, err.getvalue()
    return out.getvalue()


def test_modified_median_working_in_german():
    lines = run(["--lang", "de", "explain", EVENT, "--player", "3", "--tiebreak", "MM"]).splitlines()
    assert lines[0] == "Modifizierter Median [MM] für #3 Charline: 13"
    assert lines[3].split()[:6] == ["1", "11", "Partie", "½", "(2½)", "#11"]
    assert "[GESTRICHEN: gestrichen: der niedrigste]" in lines[3]
    assert "- Punktzahl 3½ liegt über der Hälfte von 5 (2½), ein Plus-Ergebnis: nur die niedrigste wird " \
           "gestrichen. Runden: 5; 1 gestrichen (unter 9 Runden: einer)." in lines
    assert "- Summe der verbleibenden Werte: 3 + 2½ + 3½ + 4 = 13." in lines


def test_average_of_opponents_buchholz_has_a_decimal_comma_in_french_spanish_and_russian():
    expected = {
        "fr": "Moyenne du BH de 5 adversaires : 12½ + 11½ + 13½ + 14 + 13 = 64½ ; / 5 = 12,9, arrondi à 2 "
              "décimales : 12,90.",
        "es": "Media del BH de 5 oponentes: 12½ + 11½ + 13½ + 14 + 13 = 64½; / 5 = 12,9, redondeado a 2 "
              "decimales: 12,90.",
        "ru": "Среднее BH соперников (их 5): 12½ + 11½ + 13½ + 14 + 13 = 64½; / 5 = 12,9, с округлением до 2 "
              "знаков: 12,90.",
    }
    for lang, step in expected.items():
        doc = json.loads(run(["--lang", lang, "explain", EVENT, "--player", "3", "--tiebreak", "AOB",
                              "--format", "json"]))
        assert doc["steps"] == [step]
        assert doc["value"] == 12.9 and doc["tiebreak"] == "AOB"       # keys and numbers stay as they are
    english = json.loads(run(["explain", EVENT, "--player", "3", "--tiebreak", "AOB", "--format", "json"]))
    assert english["steps"] == ["Average of 5 opponents' BH: 12½ + 11½ + 13½ + 14 + 13 = 64½; / 5 = 12.9, "
                                "rounded to 2 decimals: 12.90."]


@pytest.mark.parametrize("code", ["BH/C1", "MM", "SB", "CUM", "AOB", "KASH", "ARO", "DE", "WIN", "PS", "TPR", "KS"])
@pytest.mark.parametrize("lang", ["de", "fr", "es", "ru"])
def test_every_sentence_of_the_working_is_translated(code, lang):
    """Each step and note is a record whose template the language's catalog knows (no English left over)."""
    res = explain(load_event(EVENT), 3, code, "fide")
    tr = translator(lang)
    records = [s for s in res.trace.steps] + [r.note for r in res.trace.rows if r.note] + \
        [r.drop_reason for r in res.trace.rows if r.drop_reason]
    known = tr.catalog._catalog                 # type: ignore[attr-defined]   (the compiled catalog's messages)
    for record in records:
        for inner in _records(record):
            key = f"{inner.context}\x04{inner.template}" if inner.context else inner.template
            assert (key, 0) in known if inner.plural else key in known, inner.template
    assert all(render(tr, s) for s in res.trace.steps)


def _records(value):
    if isinstance(value, Said):
        yield value
        for v in value.fields.values():
            yield from _records(v)
    elif isinstance(value, Joined):
        for v in value.items:
            yield from _records(v)


def test_a_record_is_its_english_text_and_survives_pickling():
    step = said("Sum of the kept values: {values} = {total}.", values=nums([4, Fraction(7, 2)]),
                total=num(Fraction(15, 2)))
    assert step == "Sum of the kept values: 4 + 3½ = 7½."
    again = pickle.loads(pickle.dumps(step))
    assert again == step and again.template == step.template
    assert render(translator("de"), again) == "Summe der verbleibenden Werte: 4 + 3½ = 7½."


def test_russian_counts_take_their_own_plural_forms_and_half_points_choose_none():
    one, few, many = (said_n("Mean over {n} pairing: {division}.", "Mean over {n} pairings: {division}.", n,
                             division="x") for n in (1, 3, 5))
    assert [one, few] == ["Mean over 1 pairing: x.", "Mean over 3 pairings: x."]
    ru = translator("ru")
    assert render(ru, many) == "Среднее по парам (их 5): x."
    with pytest.raises(TypeError):
        ru.tn("{n} point", "{n} points", 2.5)   # type: ignore[arg-type]
