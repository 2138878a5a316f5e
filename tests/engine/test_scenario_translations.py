"""Each lesson's story in another language retells the English one: the same numbers (every figure the English
story states, and no other), a title, and no more "try this" labels than the lesson has changes.  A team lesson's
story (a ``.md`` beside a ``.trf``, no changes to try) is held to the same figures."""
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
    """The English story as shown (without its title) and how many changes it offers to try."""
    if (SCENARIO_DIR / f"{slug}.json").exists():
        english = load_scenario(slug)
        return english.narrative_markdown, len(english.tries)
    lines = (SCENARIO_DIR / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# "), f"{slug}.md has no title line"
    return "\n".join(lines[1:]).strip() + "\n", 0


@pytest.mark.parametrize("lang, slug", TRANSLATIONS)
def test_a_translated_story_states_the_english_storys_numbers(lang, slug):
    story, tries = english_story(slug)
    shown = translated_narrative(slug, lang)
    # a title may read the same ("Solkoff: Elizabeth 17, Timothy 16½"); the story itself is retold
    assert shown is not None and shown.title and shown.narrative_markdown != story
    assert figures(shown.narrative_markdown) == figures(story)
    assert len(shown.try_labels) <= tries


def test_a_team_lessons_story_is_held_to_its_english_figures():
    # the team example's English story states its final scores; a retelling that dropped Dunmore's 6½ would
    # not pass the comparison above
    story, tries = english_story("team-example")
    assert tries == 0 and figures(story)["6½"] == 1 and figures(story)["310"] == 1


def test_a_lesson_without_a_translation_has_none():
    assert translated_narrative("example", "xx") is None
    assert translated_narrative("no-such-lesson", "de") is None
