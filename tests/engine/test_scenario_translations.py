"""Each lesson's story in another language retells the English one: the same numbers (every figure the English
story states, and no other), a title, and no more "try this" labels than the lesson has changes."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.teaching.scenarios import SCENARIO_DIR, load_scenario, translated_narrative
from i18n.languages import TRANSLATED

TRANSLATIONS = sorted((p.parent.name, p.stem) for p in (SCENARIO_DIR / "i18n").glob("*/*.md"))


def figures(markdown: str) -> Counter[str]:
    """Every number the story states, decimal commas read as points ("2,5" and "2.5" alike), ½ kept."""
    return Counter(n.replace(",", ".") for n in re.findall(r"\d+(?:[.,]\d+)?½?|½", markdown))


def test_the_lessons_have_translations_in_the_shipped_languages_only():
    assert TRANSLATIONS, "no lesson is translated"
    assert {lang for lang, _ in TRANSLATIONS} <= set(TRANSLATED)


@pytest.mark.parametrize("lang, slug", TRANSLATIONS)
def test_a_translated_story_states_the_english_storys_numbers(lang, slug):
    english = load_scenario(slug)
    shown = translated_narrative(slug, lang)
    # a title may read the same ("Solkoff: Elizabeth 17, Timothy 16½"); the story itself is retold
    assert shown is not None and shown.title and shown.narrative_markdown != english.narrative_markdown
    assert figures(shown.narrative_markdown) == figures(english.narrative_markdown)
    assert len(shown.try_labels) <= len(english.tries)


def test_a_lesson_without_a_translation_has_none():
    assert translated_narrative("example", "xx") is None
    assert translated_narrative("no-such-lesson", "de") is None
