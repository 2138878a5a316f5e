"""One name check wherever a name enters: readers, New event, Rename, prizes.

The refused names are the issue's cases: direction marks (U+200F RIGHT-TO-LEFT MARK, U+061C ARABIC LETTER MARK),
TAG characters (U+E0041), escape characters, names of only spaces or zero-width characters, 199 combining
marks on one letter, and 300 characters.  The accepted ones are real names with marks (Vietnamese, Greek
with a tonos, Hebrew pointing) and a right-to-left name without any control (Arabic letters).
"""
from __future__ import annotations

import pytest

from engine.core.errors import EventError
from engine.core.limits import name_problem
from engine.core.model import EventType
from engine.events.generator import blank_event
from engine.prizes.prize_list import Prize
from tests.fixtures import fixture_a
from ui.session import store

REFUSED = {
    "right-to-left mark": "Ann\u200f",
    "arabic letter mark": "\u061cAnn",
    "tag characters": "Ann\U000e0041\U000e0042",
    "escape": "Ann\x1b[31m",
    "only spaces": "   ",
    "only zero-width": "\u200b\u200c\u200d\ufeff",
    "199 combining marks": "A" + "\u0301" * 199,
    "300 characters": "A" * 300,
}
ACCEPTED = ["Nguyễn Văn Anh", "Νίκος Παπαδόπουλος", "שָׁלוֹם", "محمد علي", "O'Brien, Seán", "Zoë"]


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_check_refuses_each_case_of_the_issue(case):
    assert name_problem(REFUSED[case]) is not None


@pytest.mark.parametrize("name", ACCEPTED)
def test_real_names_with_marks_pass(name):
    assert name_problem(name) is None


@pytest.mark.parametrize("case", sorted(set(REFUSED) - {"only spaces"}))
def test_new_event_refuses_the_name(case):
    with pytest.raises(EventError, match="the event's name"):
        blank_event(REFUSED[case], 4, 3, EventType.SWISS)


def test_new_event_of_only_spaces_takes_the_default_name():
    assert blank_event("   ", 4, 3, EventType.SWISS).name == "New event"     # trimmed, then the form's default


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_rename_refuses_the_name_and_keeps_the_old_one(case):
    id = store.save("Spring Open", fixture_a())
    with pytest.raises(EventError, match="the new name|needs a name"):       # only spaces: trimmed to nothing
        store.rename(id, REFUSED[case])
    assert [e.name for e in store.list_events() if e.id == id] == ["Spring Open"]


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_prize_refuses_the_name(case):
    with pytest.raises(EventError, match="a prize's name|needs a name"):     # only spaces: trimmed to nothing
        Prize(REFUSED[case], 100, place=1)
