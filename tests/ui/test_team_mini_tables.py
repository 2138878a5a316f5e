"""Team Explain's tables of a tied group's matches against each other, on a real Olympiad (Chennai 2022, open).

A small group keeps its crosstable; a group of Olympiad size (17 teams level on match points) has a crosstable
wider than a laptop's page and mostly empty, so the page lists the matches they played, one a row, and their
totals among them.  The scores were read by hand from the PGN the event was rebuilt from
(tests/data/teams/README.md).
"""
from __future__ import annotations

import pytest

from engine.teams.codes import parse_team_codes
from engine.teams.context import TeamContext
from engine.teams.encounter import GroupSplit
from engine.teams.files import load_team_event
from engine.teams.model import TeamEvent
from engine.teams.standings import team_standings
from tests.paths import REPO_ROOT
from ui.render.tables import column_px
from ui.teams.explain_view import PAGE_PX
from ui.teams.tables import mini_matches_frame, mini_table_frame, mini_totals_frame


@pytest.fixture(scope="module")
def chennai() -> tuple[TeamEvent, list[GroupSplit]]:
    ev = load_team_event(REPO_ROOT / "tests" / "data" / "teams" / "chennai_2022_olympiad_open.trf")
    return ev, team_standings(TeamContext(ev, "fide"), parse_team_codes("EDE")).splits["EDE"]


def group_of(chennai: tuple[TeamEvent, list[GroupSplit]], name: str) -> GroupSplit:
    ev, splits = chennai
    return next(s for s in splits if any(ev.name_of(x) == name for part in s.parts for x in part))


def width(frame) -> int:
    return sum(column_px(frame, str(c)) for c in frame.columns)


def test_a_small_group_keeps_its_crosstable(chennai) -> None:
    ev, _ = chennai
    split = group_of(chennai, "India")           # 17 MP: India, Moldova, USA; USA and Moldova did not meet
    assert width(mini_table_frame(split, ev)) <= PAGE_PX
    # round 2 India 3½-½ Moldova, round 11 India 2-2 USA
    assert mini_matches_frame(split, ev).values.tolist() == [["India", "3½-½", "Moldova"],
                                                             ["India", "2-2", "United States of America"]]
    assert mini_totals_frame(split, ev).values.tolist() == [["India", "3", "5½"], ["Moldova", "0", "½"],
                                                            ["United States of America", "1", "2"]]


def test_a_group_of_olympiad_size_lists_the_matches_played(chennai) -> None:
    ev, _ = chennai
    split = group_of(chennai, "Afghanistan")
    group = {ev.name_of(x) for part in split.parts for x in part}
    assert len(group) == 17
    assert width(mini_table_frame(split, ev)) > PAGE_PX
    rows = mini_matches_frame(split, ev).values.tolist()
    # round 6 Gabon 0-4 Guyana, round 9 Malta 3-1 Saint Lucia
    assert ["Gabon", "0-4", "Guyana"] in rows and ["Malta", "3-1", "Saint Lucia"] in rows
    pairs = [frozenset((a, b)) for a, _, b in rows]
    assert len(pairs) == len(set(pairs)) and all(p <= group for p in pairs)
    assert width(mini_matches_frame(split, ev)) <= PAGE_PX
    assert len(mini_totals_frame(split, ev)) == 17
