"""On the Compare page: each chart's table is sent only once its box is opened, with the same numbers.

Expected ranks are Fixture A's, worked by hand as in tests/app/test_app_compare.py: Stephan (#16) 4th under uscf
and fide-swiss, 2nd under fide-swiss-a; Alyx (#1) 3rd, 5th, 5th; by Modified Median after points #2, #3, #1
first to third and #4 and #16 sharing 4th (Table A2).
"""
from __future__ import annotations

import pytest

from tests.pages import open_page
from ui.widgets.chart_text import TABLE_LABEL

PAGE = "Compare orderings"

pytestmark = pytest.mark.usefixtures("fixture_a_example")


def boxes(app):
    return [e for e in app.expander if e.label == TABLE_LABEL]


def test_folded_boxes_send_no_table_and_opened_ones_show_the_numbers():
    app = open_page(PAGE, timeout=120).run()
    assert not app.exception
    assert len(boxes(app)) == 2 and not app.dataframe          # folded: no grid sent at all
    app.session_state["compare.bump.table"] = True              # what opening the first box records
    app.session_state["compare.heat.table"] = True
    app.run()
    assert not app.exception
    bump, heat = (box.dataframe[0].value.set_index("Player") for box in boxes(app))
    assert len(bump) == 16 and len(heat) == 16
    assert bump.loc["#16 Stephan", ["uscf", "fide-swiss", "fide-swiss-a"]].tolist() == [4, 4, 2]
    assert bump.loc["#1 Alyx", ["uscf", "fide-swiss", "fide-swiss-a"]].tolist() == [3, 5, 5]
    assert bump.loc["#2 Bruno", "Moves by"] == 0
    assert [heat.loc[p, "MM"] for p in heat.index if p.split()[0] in ("#2", "#3", "#1", "#4", "#16")] == [1, 2, 3, 4, 4]
