"""The Standings page under AppTest, on Fixture A (the presets' orders, worked by hand).

The example event is replaced by Fixture A for these tests, so every expected order is one worked by hand.
"""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.fixtures import fixture_a
from tests.pages import open_more_options, open_page

PAGE = "Standings"
USCF = [2, 3, 1, 16, 4, 6, 8, 11, 5, 15, 14, 12, 13, 7, 9, 10]                  # US Chess
FIDE_B = [2, 3, 4, 16, 1, 6, 8, 11, 5, 15, 12, 14, 7, 13, 9, 10]                # legacy list B under fide (2026)
FIDE_B_2024 = [2, 3, 4, 16, 1, 6, 11, 8, 5, 15, 12, 14, 7, 13, 9, 10]           # legacy list B under fide2024


pytestmark = pytest.mark.usefixtures("fixture_a_example")


def order(app: AppTest) -> list[int]:
    return [int(t) for t in app.dataframe[0].value["#"]]


def test_default_is_us_chess(at):
    assert at.selectbox(key="_ordering.preset").value == "uscf"
    assert at.selectbox(key="_ordering.rules").value == "uscf"
    df = at.dataframe[0].value
    assert order(at) == USCF
    assert df.columns.tolist()[3:8] == ["PTS", "MM", "BH", "CUM", "OCUM"]
    stephan = df[df["#"] == "16"].iloc[0]
    assert (stephan["MM"], stephan["BH"], stephan["Separated from the next by"]) == ("10½", "12", "BH 12 vs 10½")
    assert df[df["#"] == "3"]["Tied group"].item() == "1"
    assert not at.warning


def test_choosing_a_preset_sets_criteria_and_rule_set(at):
    at.selectbox(key="_ordering.preset").set_value("fide-swiss").run()
    assert at.selectbox(key="_ordering.rules").value == "fide"
    assert at.multiselect(key="_ordering.codes").value == ["BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB"]
    assert order(at) == FIDE_B
    at.selectbox(key="_ordering.rules").set_value("fide2024").run()
    assert order(at) == FIDE_B_2024
    assert at.selectbox(key="_ordering.preset").value == "fide-swiss"      # same criteria, other rule set


def test_typing_codes_reorders_and_makes_a_custom_ordering(at):
    at.text_input(key="_ordering.typed").set_value("mm").run()
    assert at.selectbox(key="_ordering.preset").value == "custom"
    assert at.multiselect(key="_ordering.codes").value == ["MM"]
    df = at.dataframe[0].value
    assert df.columns.tolist()[3:5] == ["PTS", "MM"]
    shared = df[df["#"].isin(["4", "16"])]       # both MM 10½ : a shared place
    assert shared["Rank"].tolist() == ["4–5", "4–5"]
    assert "shared place" in shared["Separated from the next by"].iloc[0]
    at.text_input(key="_ordering.typed").set_value("BH, MM").run()      # reorder
    assert at.multiselect(key="_ordering.codes").value == ["BH", "MM"]
    at.multiselect(key="_ordering.codes").set_value(["MM", "BH", "CUM", "OCUM"]).run()
    assert at.selectbox(key="_ordering.preset").value == "uscf"        # recognised again


def test_a_bad_code_is_refused_loudly(at):
    at.text_input(key="_ordering.typed").set_value("MM, XYZ").run()
    assert any("XYZ" in e.value for e in at.error)
    assert at.multiselect(key="_ordering.codes").value == ["MM", "BH", "CUM", "OCUM"]
    assert order(at) == USCF


def test_kashdan_option_changes_the_table(at):
    """#4's Kashdan is 12 (his HPB adds 0) or 14 with "unplayed = 2"; #1 and #3 have 14, #16 15."""
    at.text_input(key="_ordering.typed").set_value("KASH").run()
    df = at.dataframe[0].value
    assert df[df["#"] == "4"]["KASH"].item() == "12"
    assert order(at)[1:5] == [16, 1, 3, 4]
    open_more_options(at)
    at.radio(key="_ordering.kashdan_unplayed").set_value(2).run()
    df = at.dataframe[0].value
    assert df[df["#"] == "4"]["KASH"].item() == "14"
    assert df[df["#"].isin(["1", "3", "4"])]["Rank"].tolist() == ["3–5"] * 3


def test_unrated_off_skips_rating_criteria_with_a_warning(monkeypatch):
    """FIDE default (C.07 art. 10): with an unrated player and no substitute, ARO is skipped and said so."""
    from engine.core.model import Player
    event = fixture_a()
    unrated = event.with_players([Player(p.tpn, p.name, None if p.tpn == 10 else p.rating) for p in event.players])
    monkeypatch.setattr("ui.session.state.example_event", lambda: unrated)
    app = open_page(PAGE, timeout=60).run()
    app.text_input(key="_ordering.typed").set_value("ARO").run()
    assert any("ARO" in w.value for w in app.warning)
    open_more_options(app)
    app.radio(key="_ordering.unrated").set_value("number").run()
    app.number_input(key="_ordering.unrated_rating").set_value(1750).run()      # #10's rating back
    assert not app.warning
    df = app.dataframe[0].value
    assert df[df["#"] == "1"]["ARO"].item() == "1820"          # Table A3: #1's ARO


def test_choices_survive_a_page_without_the_chooser():
    """Streamlit drops a widget's state when its page is not drawn; ours must not be."""
    def script():
        import streamlit as st

        from ui.widgets.ordering import ordering_chooser
        if st.session_state.get("show", True):
            st.write(ordering_chooser().label)
        else:
            st.write("another page")

    app = AppTest.from_function(script, default_timeout=60).run()
    app.selectbox(key="_ordering.preset").set_value("lichess").run()
    app.session_state["show"] = False
    app.run()
    app.run()
    assert not app.selectbox
    app.session_state["show"] = True
    app.run()
    assert app.selectbox(key="_ordering.preset").value == "lichess"
    assert app.selectbox(key="_ordering.rules").value == "lichess"


def test_a_big_event_offers_its_pairs_in_a_table_that_leads_to_the_pair(monkeypatch):
    """Hundreds of tied neighbours are offered as the rows of a table (a list of them all took the
    browser seconds to draw); every row is two neighbours of the standings on the same points, and the pair
    chosen at first is the one the Why page would pick, which the button opens."""
    from engine.events.generator import generate_event
    from ui.why.answer import PICKER_LIST_MAX

    monkeypatch.setattr("ui.session.state.example_event", lambda: generate_event(players=120, rounds=5, seed=3))
    at = open_page(PAGE, timeout=60).run()
    assert not at.exception
    assert not any(r.label.startswith("Why is one player above the next") for r in at.radio)
    table, pairs = at.dataframe[0].value, at.dataframe[1].value
    assert pairs.columns.tolist() == ["Above", "Below", "Separated by"] and len(pairs) > PICKER_LIST_MAX
    numbers, points = [int(t) for t in table["#"]], table["PTS"].tolist()

    def number(label: str) -> int:
        return int(label.split()[0].lstrip("#"))
    for above, below in zip(pairs["Above"], pairs["Below"]):
        row = numbers.index(number(above))
        assert numbers[row + 1] == number(below) and points[row] == points[row + 1]
    at.button(key="standings.why_go").click().run()
    a, b = at.session_state["ordering.why.a"], at.session_state["ordering.why.b"]
    assert (a, b) in {(number(x), number(y)) for x, y in zip(pairs["Above"], pairs["Below"])}


def test_a_big_event_writes_no_list_labels_and_its_table_of_pairs_once(monkeypatch):
    """20,000 players made 20,000 list labels on every run of the page (the table shows none of them), and
    wrote the table of pairs again each time: a second of the server's CPU per visit."""
    from engine.events.generator import generate_event
    from ui.why import answer

    monkeypatch.setattr("ui.session.state.example_event", lambda: generate_event(players=120, rounds=5, seed=3))
    written = []
    monkeypatch.setattr(answer, "pair_choice", lambda *args: written.append(args) or "label")
    real = answer.pairs_frame
    monkeypatch.setattr(answer, "pairs_frame", lambda *args: written.append("table") or real(*args))
    at = open_page(PAGE, timeout=60).run()
    at.run()                                        # the same standings again: the table is not written again
    assert not at.exception and written == ["table"]
