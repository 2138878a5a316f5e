"""The parent's answer is decided once: the engine writes each sentence as a record, every language renders it.

``engine/ranking/why_answer.py`` picks the whole-sentence template for the case (on points, by a tie-break,
by the result between tied players, by lots, a shared place; their game and why it did or did not count) and
fills it; ``i18n/why.py`` only writes those records in the reader's language.  These tests hold the three
parts of that together:

- each sentence's English is exactly its template filled with its values (no English written beside the
  template that another language would not see);
- each template of an answer (and the rule's everyday words) has a translation in every catalog;
- the renderer has no decision of its own (no ``if``, no comparison, nothing from the engine but the answer).

A hand-made event (4 players, 4 rounds) has a pairing both players lost by forfeit twice:

    R1: Ana and Bo both lost by forfeit, Cy beat Dee     R2: Ana beat Cy, Bo and Dee drew
    R3: Dee beat Ana, Bo beat Cy                          R4: Ana and Bo both lost by forfeit, Cy and Dee drew

Scores: Ana 0 + 1 + 0 + 0 = 1, Bo 0 + ½ + 1 + 0 = 1½, so Bo is above Ana on points, and their two pairings
scored nobody a point.
"""
from __future__ import annotations

import ast
from typing import Any, Iterator

import pytest
from babel.messages.pofile import read_po

from engine.core.codes import CODES
from engine.core.example import build, fide_exercise
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.core.said import Joined, Listed, Said, Spelled, said_n
from engine.formats.loader import load_event
from engine.ranking.standings import standings
from engine.ranking.why_above import compare_players
from engine.ranking.why_answer import plain_answer
from i18n.catalog import po_path, translator
from i18n.languages import TRANSLATED
from i18n.said import render
from i18n.why import EVERYDAY, answer_text
from tests.paths import REPO_ROOT, TRF_DIR

TWICE_FORFEITED = """
1 -F2 +3 -4 -F2
2 -F1 =4 +3 -F1
3 +4 -1 -2 =4
4 -3 =2 +1 =3
"""
NAMES = {1: "Ana", 2: "Bo", 3: "Cy", 4: "Dee"}


def answers() -> Iterator[Any]:
    """Every neighbour pair's answer on the example event and two real events, under four presets."""
    for event in (fide_exercise(), load_event(TRF_DIR / "fide_tec_swiss16.trf"),
                  load_event(TRF_DIR / "fide_womens_world_rapid_2024.trf")):
        for preset in ("uscf", "fide-swiss", "fide-rr", "puddletown"):
            p = PRESETS[preset]
            table = standings(event, p.criteria, p.rules, Options(seed=2))
            for above, below in zip([r.tpn for r in table.rows], [r.tpn for r in table.rows][1:]):
                yield plain_answer(compare_players(event, above, below, p.criteria, p.rules, Options(seed=2),
                                                   table=table))


def records(value: Any) -> Iterator[Said]:
    """``value`` and every record inside it (a rule's words inside a sentence, their game inside its clause)."""
    if isinstance(value, Said):
        yield value
        for field in value.fields.values():
            yield from records(field)
    elif isinstance(value, (Joined, Listed)):
        for item in value.items:
            yield from records(item)


def test_every_sentence_is_its_template_filled_with_its_values():
    checked = 0
    for answer in answers():
        assert answer.text == " ".join(answer.sentences)
        for sentence in answer.sentences:
            assert isinstance(sentence, Said), sentence
            for record in records(sentence):
                template = record.template if record.plural is None or record.n == 1 else record.plural
                assert str(record) == template.format(**{k: str(v) for k, v in record.fields.items()}), record
                checked += 1
    assert checked > 500


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Any]:
    out = {}
    for lang in TRANSLATED:
        with po_path(lang).open("rb") as f:
            out[lang] = read_po(f, locale=lang)
    return out


def test_every_template_of_an_answer_has_a_translation_in_every_language(catalogs):
    templates = {(r.context, r.template) for answer in answers() for s in answer.sentences for r in records(s)}
    assert ("everyday", "the total score of the opponents each played") in templates
    missing = [(lang, t) for lang, catalog in catalogs.items() for context, t in templates
               if catalog.get(t, context=context) is None or not catalog.get(t, context=context).string]
    assert missing == []


def test_every_rule_s_everyday_words_are_marked_for_the_catalogs():
    """The engine's record names the registry's words under the context "everyday"; the table marks them so the
    catalogs have them: one entry per code, the registry's words without the place of "leaving out ..."."""
    assert {code: info.everyday.replace("{}", "") for code, info in CODES.items()} == EVERYDAY


def test_the_renderer_decides_nothing():
    """No ``if``, no conditional expression, no comparison, no loop but the one over the sentences, and nothing
    from the engine but the answer it renders: which sentence to say is decided in the engine only."""
    tree = ast.parse((REPO_ROOT / "i18n" / "why.py").read_text(encoding="utf-8"))
    deciding = [type(node).__name__ for node in ast.walk(tree)
                if isinstance(node, (ast.If, ast.IfExp, ast.Match, ast.Compare, ast.BoolOp, ast.While, ast.For))]
    assert deciding == []
    engine = [(node.module, [a.name for a in node.names]) for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine")]
    assert engine == [("engine.ranking.why_answer", ["Answer"])]


def test_a_count_spelled_in_english_is_digits_in_the_other_languages():
    two = said_n("after {n} other tie-break", "after {n} other tie-breaks", 2, n=Spelled(2))
    assert (two, Spelled(3, ordinal=True), Spelled(0)) == ("after two other tie-breaks", "third", "no")
    assert render(translator("de"), Spelled(3, ordinal=True)) == "3"
    assert render(translator("ru"), two.fields["n"]) == "2"


def test_two_pairings_both_lost_by_forfeit_in_english_and_german():
    event = build("twice", TWICE_FORFEITED, names=NAMES)
    answer = plain_answer(compare_players(event, 1, 2, "BH", "fide"))
    assert answer.text == ("Bo is above Ana on points: Bo scored 1½ and Ana 1. They scored equally in their two "
                           "games (rounds 1 and 4); their games in rounds 1 and 4 were not played: both lost by "
                           "forfeit, so neither of them scored from it.")
    assert answer_text(translator("de"), answer) == (
        "Bo steht nach Punkten vor Ana: Bo erzielte 1½ und Ana 1. In ihren 2 Partien gegeneinander erzielten sie "
        "gleich viel (Runden 1 und 4); ihre Partien in den Runden 1 und 4 wurden nicht gespielt: beide verloren "
        "kampflos, also punktete keiner von beiden damit.")


def test_a_progressive_score_less_one_round_says_the_first_round_in_plain_english():
    # a progressive score with its first rounds cut: one round cut is "the first round" (it read "the first one
    # round"), two are "the first two rounds"; German says "ohne die erste Runde"
    from engine.core.codes import parse_code
    from engine.ranking.why_answer import _leaving_out
    from i18n.catalog import translator
    from i18n.said import render
    one, two = (_leaving_out(parse_code(code), None, 5) for code in ("PS/C1", "PS/C2"))
    assert (one, two) == ("leaving out the first round", "leaving out the first two rounds")
    assert render(translator("de"), one) == "ohne die erste Runde"
