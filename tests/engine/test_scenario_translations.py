"""Each lesson's story in another language retells the English one: the same numbers (every figure the English
story states, and no other), a title, and no more "try this" labels than the lesson has changes.  A team lesson
(its event a TRF file, its claims checked on the page) is compared with its English Markdown less the title."""
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


def english_story(slug: str) -> tuple[str, int]:
    """The English story as shown, and how many changes it offers to try (a team lesson offers none)."""
    if (SCENARIO_DIR / f"{slug}.json").exists():
        english = load_scenario(slug)
        return english.narrative_markdown, len(english.tries)
    title, story = (SCENARIO_DIR / f"{slug}.md").read_text(encoding="utf-8").split("\n", 1)
    assert title.startswith("# ")
    return story.strip() + "\n", 0


def test_a_team_lesson_is_compared_with_its_markdown_less_the_title():
    story, tries = english_story("team-example")
    assert story.startswith("Five club teams") and "TRF-2026" in story and tries == 0
    assert figures("Ashford–Brookside 2½–1½, `001`, 7½ or 7,5") == Counter(
        {"2½": 1, "1½": 1, "001": 1, "7½": 1, "7.5": 1})


@pytest.mark.parametrize("lang, slug", TRANSLATIONS)
def test_a_translated_story_states_the_english_storys_numbers(lang, slug):
    english, tries = english_story(slug)
    shown = translated_narrative(slug, lang)
    # a title may read the same ("Solkoff: Elizabeth 17, Timothy 16½"); the story itself is retold
    assert shown is not None and shown.title and shown.narrative_markdown != english
    assert figures(shown.narrative_markdown) == figures(english)
    assert len(shown.try_labels) <= tries


def test_a_lesson_without_a_translation_has_none():
    assert translated_narrative("example", "xx") is None
    assert translated_narrative("no-such-lesson", "de") is None
