"""Build event's accessible twin of the results grid (ui/build/one_result.py): one result entered with a form, and
the results as a plain table, under AppTest on the built-in example (tests/fixtures.py's Fixture A is not
needed: the expected values are read from the page's own grid before the change, then checked after it)."""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.test_app_build import click, editor, saved_event
from tests.pages import build_tab, open_page
from ui.build.one_result import FORM_OPEN, PLAYER, ROUND, TABLE_OPEN, TEXT


@pytest.fixture
def at() -> AppTest:
    app = open_page("Build event", timeout=60)
    # the form's box and the results table's box opened, as a user opens them: folded, they build nothing
    app.session_state[FORM_OPEN] = True
    app.session_state[TABLE_OPEN] = True
    app.run()
    assert not app.exception
    return app


def enter(app: AppTest, tpn: int, rnd: int, text: str) -> AppTest:
    app.selectbox(key=PLAYER).set_value(tpn)
    app.selectbox(key=ROUND).set_value(rnd)
    app.text_input(key=TEXT).set_value(text)
    return click(app, "Enter this result")


def test_one_result_by_form_is_mirrored_onto_the_opponent(at):
    at = build_tab(at, "Pair next round")
    at = click(at, "Add round 6 to the event")
    at = build_tab(at, "Pair next round")
    at = click(at, "Pair round 6")
    at = build_tab(at, "Players and results")
    grid = editor(at, "results").value
    first = grid.iloc[0]
    token = first["R6"]                          # "?W9": paired, result to be entered
    assert token.startswith("?")
    opponent = int(token[2:])
    assert at.selectbox(key=ROUND).value == 6     # the form starts on the round that waits for results
    at = enter(at, int(first["tpn"]), 6, "+")
    assert not at.exception and not at.error
    ev = saved_event()
    assert ev.entry(int(first["tpn"]), 6).points == 1 and ev.entry(opponent, 6).points == 0
    after = editor(at, "results").value
    assert after.iloc[0]["R6"] == f"+{token[1:]}"
    assert after[after["tpn"] == opponent].iloc[0]["R6"].startswith("-")
    assert any("Entered + for" in s.value.replace("\\", "") for s in at.success)
    assert at.text_input(key=TEXT).value == ""      # ready for the next result


def test_a_bad_result_names_the_cell_and_keeps_the_event(at):
    original = saved_event()
    row = editor(at, "results").value.iloc[2]
    at = enter(at, int(row["tpn"]), 2, "x9")
    assert not at.exception
    message = at.error[0].value.replace("\\", "").replace("\u2060", "")
    assert f"row 3 ({row['name']}), R2" in message and "'x9' is not a result" in message   # the grid's own words
    assert saved_event() == original


def test_the_results_as_a_table(at):
    grid = editor(at, "results").value
    table = next(e for e in at.expander if e.label.startswith("The results as a table")).table[0].value
    assert table.columns.tolist() == ["Player", "Points", *[f"R{r}" for r in range(1, 6)]]
    first = table.iloc[0].map(lambda s: s.replace("\\", ""))
    assert first["Player"] == f"#{grid.iloc[0]['tpn']} {grid.iloc[0]['name']}"
    assert first["R1"] == grid.iloc[0]["R1"]


@pytest.mark.parametrize("label, key", [("The results as a table", TABLE_OPEN),
                                        ("Enter one result with a form", FORM_OPEN)])
def test_each_box_is_built_only_once_it_is_opened(label, key):
    """Folded, a box sends nothing (a 500-row static table, a list of every player's name, cost the
    browser more than the page)."""
    app = open_page("Build event", timeout=60).run()

    def box():
        return next(e for e in app.expander if e.label.startswith(label))

    assert not box().children
    app.session_state[key] = True
    app.run()
    if key == TABLE_OPEN:
        assert len(box().table[0].value) == 16                        # the example's 16 players
    else:
        assert len(box().selectbox(key=PLAYER).options) == 16
        assert box().selectbox(key=ROUND).options == [str(r) for r in range(1, 6)]
