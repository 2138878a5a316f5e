"""The Explain page under AppTest, on Fixture A: the working of #4's Modified Median and friends.

Values worked by hand: #4's MM 10½ under uscf (his HPB counted 0 and dropped; #16's 10½), his Cumulative
11 and Kashdan 12, and by hand from the crosstable for the other rule sets:
fide 2026 counts #12's trailing absences as draws (3) and caps #4's bye dummy at 2½, so
3 + 2½ + 3½ + 3½ = 12½ once #13's 1½ is dropped; fide2024's dummy is his own 3½: 13½;
raw counts #12's real 2 and the bye 0: 10½.
"""
from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.model import Player
from tests.fixtures import fixture_a
from tests.pages import open_more_options, open_page

PAGE = "Explain"


pytestmark = pytest.mark.usefixtures("fixture_a_example")


def plain(cells) -> list[str]:
    """st.table cells are Markdown: undo our escaping to compare with the text a reader sees."""
    return [re.sub(r"\\(.)", r"\1", c).replace("\u2060", "") for c in cells]


def headings(app: AppTest) -> list[str]:
    return [m.value for m in app.markdown if m.value.startswith("### ")]


def test_modified_median_of_4_is_worked_with_the_bye_dropped(at):
    assert at.selectbox(key="_ordering.explain.player").value == 4
    assert at.selectbox(key="_ordering.explain.code").value == "MM"
    assert headings(at) == [r"### \#4 David: MM = 10½"]
    trace = at.table[0].value
    assert trace["Value"].tolist() == ["2", "~~0~~", "1½", "3½", "3½"]      # the dropped bye, struck through
    assert plain(trace["Opponent"]) == ["#12 Nick", "half-point bye", "#13 Opal", "#3 Charline", "#1 Alyx"]
    assert trace["Dropped because"].tolist()[1] != ""
    assert trace["Sum so far"].tolist() == ["2", "2", "3½", "7", "10½"]
    styles = at.table[0].proto.arrow_data.styler.styles
    value_col = trace.columns.get_loc("Value")
    assert f"row1_col{value_col}" in styles and "line-through" in styles
    struck = [rule for rule in styles.split("}") if "line-through" in rule]
    assert len(struck) == 1 and "row0_col" not in struck[0]     # only the dropped value is struck
    steps = [m.value for m in at.markdown if m.value.startswith("- ")][0]
    assert r"10½\." in steps                              # the sum, escaped as plain text


def test_the_same_value_under_every_rule_set(at):
    by_rules = at.dataframe[0].value.set_index("Rule set")["#4 David"].to_dict()
    assert by_rules["uscf"] == "10½"
    assert by_rules["fide"] == "12½"
    assert by_rules["fide2024"] == "13½"
    assert by_rules["raw"] == "10½"
    # The line above a table whose values differ never says they are the same
    words = " ".join(m.value for m in at.markdown)
    assert "same value" not in words
    assert "**Under each rule set**: the values differ, because the rule sets count byes, forfeits and " \
           "absences differently" in words


def test_cumulative_running_totals(at):
    at.selectbox(key="_ordering.explain.code").set_value("CUM").run()
    assert headings(at) == [r"### \#4 David: CUM = 11"]
    # Cumulative does not depend on the rule set: one sentence instead of a table of six equal rows
    assert "All six rule sets give the same value: 11." in plain([m.value for m in at.markdown])
    assert all("Rule set" not in d.value.columns for d in at.dataframe)
    trace = at.table[0].value
    assert trace["Value"].tolist() == ["1", "1½", "2½", "3", "3½"]          # nothing struck
    assert trace["Sum so far"].tolist()[-1] == "11½"
    assert "line-through" not in at.table[0].proto.arrow_data.styler.styles     # nothing dropped in Cumulative


def test_kashdan_game_by_game_and_its_option(at):
    at.selectbox(key="_ordering.explain.code").set_value("KASH").run()
    assert at.table[0].value["Value"].tolist() == ["4", "0", "4", "2", "2"]
    assert headings(at) == [r"### \#4 David: KASH = 12"]
    open_more_options(at)
    at.radio(key="_ordering.kashdan_unplayed").set_value(2).run()
    assert headings(at) == [r"### \#4 David: KASH = 14"]


def test_a_second_player_side_by_side(at):
    at.selectbox(key="_ordering.explain.other").set_value(16).run()
    assert headings(at) == [r"### \#4 David: MM = 10½", r"### \#16 Stephan: MM = 10½"]
    assert len(at.table) == 2
    stephan = at.table[1].value                   # compact: no Result column, the drop reason in Why
    assert "Result" not in stephan.columns and "Dropped because" not in stephan.columns
    assert "~~" in "".join(stephan["Value"])
    assert at.dataframe[0].value.columns.tolist() == ["Rule set", "Model", "#4 David", "#16 Stephan"]


def test_rule_set_change_from_the_chooser(at):
    at.selectbox(key="_ordering.rules").set_value("fide2024").run()
    assert headings(at) == [r"### \#4 David: MM = 13½"]
    assert at.table[0].value["Value"].tolist()[1] == "3½"           # the bye's dummy: his own score
    assert at.table[0].value["Value"].tolist()[2] == "~~1½~~"       # now #13's 1½ is the lowest, dropped


def test_player_names_are_text_not_markup(monkeypatch):
    event = fixture_a()
    hostile = event.with_players([Player(p.tpn, "**Bold** <b>x</b> :red[y]" if p.tpn == 4 else p.name, p.rating)
                                  for p in event.players])
    monkeypatch.setattr("ui.session.state.example_event", lambda: hostile)
    app = open_page(PAGE, timeout=60).run()
    assert headings(app) == [r"### \#4 \*\*Bold\*\* \<b\>x\<\/b\> \:red\[y\]: MM = 10½"]
    assert app.dataframe[0].value.columns[-1] == "#4 **Bold** <b>x</b> :red[y]"     # a grid header: plain text
    app.selectbox(key="_ordering.explain.player").set_value(1).run()                # #1 met #4 in round 5
    opponent = app.table[0].value["Opponent"].tolist()[4]
    assert opponent == r"\#4 \*\*Bold\*\* \<b\>x\<\/b\> \:red\[y\]"                  # a Markdown cell: escaped


def test_every_entry_kind_in_words(at):
    """#9 Jessica (Fixture A): lost to #1 and #10, a half-point bye, a forfeit loss to #11, the pairing bye;
    #12 Nick did not play rounds 4 and 5; #11 Maria won by forfeit against #9 in round 4."""
    at.selectbox(key="_ordering.explain.code").set_value("BH").run()
    at.selectbox(key="_ordering.explain.player").set_value(9).run()
    assert plain(at.table[0].value["Opponent"]) == ["#1 Alyx", "#10 Lais", "half-point bye",
                                                    "#11 Maria (lost by forfeit)", "bye from the pairing"]
    at.selectbox(key="_ordering.explain.player").set_value(12).run()
    assert plain(at.table[0].value["Opponent"])[3:] == ["did not play", "did not play"]
    at.selectbox(key="_ordering.explain.player").set_value(11).run()
    assert plain(at.table[0].value["Opponent"])[3] == "#9 Jessica (won by forfeit)"
    shown = " ".join(plain([m.value for m in at.markdown]) + plain(list(at.table[0].value["Why"])))
    for code in (" FL", " FW", "PAB", "HPB", "ZPB", " ABS", "(s)"):
        assert code not in shown, code


def test_the_working_of_4_s_modified_median_in_german():
    """The same working as above, written in German from the engine's records: the kind of round, the reason
    for the drop and the steps in the arbiters' words, the sum unchanged."""
    at = open_page(PAGE, timeout=60)
    at.query_params["lang"] = "de"
    at.run()
    assert not at.exception
    trace = at.table[0].value
    assert plain(trace["Gegner"])[1] == "Freilos mit einem halben Punkt"
    steps = plain([m.value for m in at.markdown if m.value.startswith("- ")][:1])[0]
    assert "- Runde 2: 0 gestrichen: der niedrigste." in steps
    assert "Summe der verbleibenden Werte: 2 + 1½ + 3½ + 3½ = 10½." in steps
    assert "- Regelwerk: US Chess (angepasste Punkte" in steps
