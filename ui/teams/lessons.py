"""Team lessons: a story beside the engine's own numbers, each claim of the story checked live, and the event one
click from being the user's own; plus the story of an Olympiad decided by a third team's game.

Every word shown here is a whole message in the catalogs (a literal ``t("…")``, read by the extractor), so a
lesson in German or Russian shows no English around its translated story: the chooser's titles, each claim
line and the Baku story are written out below, in the function that shows them."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pandas as pd
import streamlit as st

from engine.core.exact import nice
from engine.teaching.scenarios import translated_narrative
from engine.teams.codes import parse_team_code
from engine.teams.context import TeamContext
from engine.teams.files import load_team_event
from engine.teams.tiebreaks import compute
from i18n.numbers import localised_decimals
from ui.session.language import current, t
from ui.teams.state import open_team

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
F = Fraction


@dataclass(frozen=True)
class TeamClaim:
    """One line of a lesson's story, in the session's language, and what the engine must find: ``code`` of
    team ``tpn`` equals ``expected``."""

    text: str
    tpn: int
    code: str
    expected: Fraction


@dataclass(frozen=True)
class TeamLesson:
    """A lesson: its story and event file, the rules its claims are checked under, and two functions giving its
    title and its claims in the session's language (called on every run: the language is the session's)."""

    key: str
    story: str
    event: str
    rules: str
    title: Callable[[], str]
    claims: Callable[[], tuple[TeamClaim, ...]]


def _example_title() -> str:
    return t("Two teams level: own match or opponents?")


def _example_claims() -> tuple[TeamClaim, ...]:
    return (
        TeamClaim(t("Ashford: 5 match points"), 1, "MPTS", F(5)),
        TeamClaim(t("Brookside: 5 match points"), 2, "MPTS", F(5)),
        TeamClaim(t("Ashford and Brookside: 9 game points each"), 1, "GPTS", F(9)),
        TeamClaim(t("Brookside's Sonneborn-Berger (EMGSB, cut 1): 5×1½ + 4×3 + 4×2 for its bye = 27½"), 2,
                  "EMGSB/C1", F(55, 2)),
        TeamClaim(t("Ashford's: 5×2½ + 4×1½ + 4×2 = 26½ (Dunmore's 2×3 is cut)"), 1, "EMGSB/C1", F(53, 2)),
        TeamClaim(t("Elmwood's: 25, its bye (8) cut rather than its smallest product (5)"), 5, "EMGSB/C1", F(25)),
    )


def _tec_title() -> str:
    return t("FIDE's team exercises: the cut is not the smallest product")


def _tec_claims() -> tuple[TeamClaim, ...]:
    return (
        TeamClaim(t("Antelopes: EMMSB 88 (exercise 38)"), 1, "EMMSB", F(88)),
        TeamClaim(t("Antelopes: EMMSB with cut 1, 74"), 1, "EMMSB/C1", F(74)),
        TeamClaim(t("Antelopes: Buchholz on match points 64 (exercise 35)"), 1, "BH:MP", F(64)),
        TeamClaim(t("Cougars: Buchholz on match points 58"), 3, "BH:MP", F(58)),
        TeamClaim(t("Elephants: Buchholz on match points 55"), 5, "BH:MP", F(55)),
    )


LESSONS = (
    TeamLesson("example", "team-example.md", "team-example.trf", "fide", _example_title, _example_claims),
    TeamLesson("tec", "team-tec-exercises.md", "team-tec-exercises.trf", "fide2024", _tec_title, _tec_claims),
)


def baku_story() -> str:
    """The Baku 2016 story, in the session's language."""
    return t("**Baku 2016: a title decided by a third team's game.** At the 2016 Chess Olympiad in Baku, the United "
             "States and Ukraine finished level on 20 match points. The Olympiad ranks teams level on match points "
             "by its own Sonneborn-Berger: for each opponent, its final match points times the game points scored "
             "against it, leaving out the weakest opponent. So every match the United States had won kept growing "
             "or shrinking with what that opponent did afterwards: the Americans beat Norway 3–1, and Norway "
             "finished on 16 match points, so that one match was worth 3 × 16 = 48. The last round's games between "
             "other teams moved both totals, and the United States took gold on this tie-break, with Ukraine "
             "second. That is why players called this tie-break 'volatile until all the scores are in', and why "
             "the Why page names the opponents whose results made the difference.")


def claims_table(lesson: TeamLesson) -> pd.DataFrame:
    """Each claim beside the engine's value and whether they agree, every word in the session's language."""
    ev = load_team_event(SCENARIOS / lesson.event)
    ctx = TeamContext(ev, lesson.rules)
    claim, engine, agrees = t("Claim"), t("Engine"), t("Agrees")
    rows = []
    for c in lesson.claims():
        value = compute(ctx, parse_team_code(c.code), c.tpn).value
        rows.append({claim: c.text, engine: localised_decimals(nice(value), current()),
                     agrees: t("✓ yes") if value == c.expected else t("✗ NO")})
    return pd.DataFrame(rows, columns=[claim, engine, agrees])


def english_story(lesson: TeamLesson) -> tuple[str, str]:
    """The lesson's English title (its file's ``# Title`` line) and story."""
    first, _, rest = (SCENARIOS / lesson.story).read_text(encoding="utf-8").partition("\n")
    return first.removeprefix("# ").strip(), rest.strip() + "\n"


def lesson_story(lesson: TeamLesson) -> tuple[str, str] | None:
    """The lesson's title and story in the session's language, or None when it has no translation in it."""
    lang = current()
    if lang == "en":
        return english_story(lesson)
    shown = translated_narrative(Path(lesson.story).stem, lang)
    return (shown.title, shown.narrative_markdown) if shown else None


def team_lessons_view() -> None:
    """The team lessons: a chooser, the story, its claims checked, the event to load; then the Baku story."""
    by_key = {lesson.key: lesson for lesson in LESSONS}
    key = st.selectbox(t("Team lesson"), list(by_key), format_func=lambda k: by_key[k].title(), key="team.lesson")
    lesson = by_key[key]
    story, facts = st.columns([3, 2], gap="large")
    with story:
        shown = lesson_story(lesson)
        if shown is None:                       # a lesson added before its translation: the English story
            st.caption(t("This team lesson's story is not yet translated: it is shown in English; the claims "
                         "checked beside it are in your language."))
            shown = english_story(lesson)
        # the title a heading of the page's second level, as the claims' beside it (the page's title is the
        # first): a first-level heading in a column breaks its long words on a phone
        st.header(shown[0])
        st.markdown(shown[1])                   # our own text: trusted
        if st.button(t("Load this lesson's team event as my event"), key=f"team.lesson_load.{key}"):
            open_team(load_team_event(SCENARIOS / lesson.event), lesson.title())
            st.success(t("Loaded. Standings, Explain and Why now show this team event."))
    with facts:
        st.header(t("The story's numbers, checked"))
        st.table(claims_table(lesson), hide_index=True)
    st.divider()
    st.markdown(baku_story())
