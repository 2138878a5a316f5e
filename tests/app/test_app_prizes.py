"""The Prizes page under AppTest: loading the worked prize cases (engine.prizes.cases) shows their
amounts; edits and methods work."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine.prizes.cases import CASES
from tests.pages import open_page
from ui.render.text import md_escape

PAGE = "Prizes"


def load(app: AppTest, case: str) -> AppTest:
    app.selectbox(key="prizes.case").set_value(case).run()
    app.button(key="prizes.load").click().run()
    assert not app.exception
    return app


def paid(app: AppTest) -> dict[str, str]:
    """Name -> amount received, from the results table (the first dataframe after the editor)."""
    df = app.dataframe[1].value
    return dict(zip(df["Name"], df["Receives"]))


def working(app: AppTest) -> str:
    return app.markdown[-1].value


def editor_key(app: AppTest) -> str:
    return next(e.key for e in app.data_editor if e.key.startswith("prizes_editor_"))


def apply_edits(app: AppTest, edits: dict) -> AppTest:
    """Seed the prize editor's edit state as the browser would send it, then press Apply prize list."""
    app.session_state[editor_key(app)] = {"edited_rows": {}, "added_rows": [], "deleted_rows": [], **edits}
    next(b for b in app.button if b.label == "Apply prize list").click()
    return app.run()


def test_p4_u1800_player_gets_300_the_others_250(at):
    load(at, "P4")
    assert at.title[0].value == "Prizes"
    assert paid(at) == {"Ada": "$250.00", "Ben": "$300.00", "Cleo": "$250.00"}      # Ben is rated 1750
    assert "wins" in working(at)
    expected = CASES["P4"].expected                  # the answer worked by hand, shown with the case
    assert any(expected in s.value.replace("\\", "").replace("\u2060", "") for s in at.success)


def test_p5_pooled_and_alternative_reading(at):
    load(at, "P5")
    got = paid(at)
    assert [got[n] for n in ("Ivo", "Jan", "Kim", "Lee")] == ["$746.75"] * 4
    at.radio(key="_ordering.prizes.reading").set_value("alternative").run()
    got = paid(at)
    assert got["Ivo"] == "$536.00"                                                  # rated 2495
    assert [got[n] for n in ("Jan", "Kim", "Lee")] == ["$817.00"] * 3


def test_class_prizes_shared_only_among_eligible_players_beside_the_rule(at):
    """The reading is offered beside the rule, says which one is the US Chess rule, and in P3
    leaves the youth prize to the youth alone (the others share 300 + 200)."""
    load(at, "P3")
    assert [v for v in paid(at).values()] == ["$162.50"] * 4
    reading = at.radio(key="_ordering.prizes.reading")
    assert reading.value == "rule" and reading.options[0] == "As US Chess TDs apply it (the rule)"
    assert any(c.value.startswith("The US Chess rule is the first") for c in at.caption)
    assert "rule 32B3 pools the prizes the tied players bring in, the class prize (Top youth) included" in \
        working(at).replace("\\", "")
    reading.set_value("eligible_only").run()
    assert not at.exception
    assert paid(at) == {"Ada": "$166.66", "Ben": "$166.66", "Cleo": "$150.00", "Dev": "$166.66"}   # Cleo is 11
    assert "not rule 32B3 itself" in working(at)
    load(at, "P4")                                                   # loading an example goes back to the rule
    assert at.radio(key="_ordering.prizes.reading").value == "rule"


def test_hort_case_and_method_switch(at):
    load(at, "Hort")
    assert list(paid(at).values()) == ["€875.00", "€625.00", "€350.00", "€175.00", "€150.00", "€125.00"]
    at.radio(key="_ordering.prizes.method").set_value("equal").run()
    assert list(paid(at).values()) == ["€750.00", "€750.00", "€350.00", "€150.00", "€150.00", "€150.00"]


def test_editing_the_prize_list(at):
    load(at, "P1")
    apply_edits(at, {"edited_rows": {0: {"Amount": 400.0}}, "deleted_rows": [3]})
    assert not at.exception
    # 1st is now $400 and 4th is gone: Ada $400, Ben/Cleo/Dev share 200 + 100: $100 each
    assert paid(at) == {"Ada": "$400.00", "Ben": "$100.00", "Cleo": "$100.00", "Dev": "$100.00"}


def test_the_applied_notice_counts_the_prizes_in_words_that_agree():
    """QA: "(1 prizes)".  P1's list is 1st, 2nd, 3rd and 4th: without the 4th, 3 prizes remain; without the 2nd,
    3rd and 4th, 1 prize (the 1st, $300, all Ada's)."""
    app = load(open_page(PAGE, timeout=60).run(), "P1")
    apply_edits(app, {"deleted_rows": [3]})
    assert not app.exception
    assert [s.value for s in app.success] == [md_escape("Prize list applied and saved with the event (3 prizes).")]
    apply_edits(app, {"deleted_rows": [1, 2]})
    assert not app.exception
    assert [s.value for s in app.success] == [md_escape("Prize list applied and saved with the event (1 prize).")]
    assert paid(app)["Ada"] == "$300.00"


def test_bad_prize_row_is_reported(at):
    apply_edits(at, {"added_rows": [{"Prize": "U1800", "Amount": 50.0, "Type": "class"}]})
    assert at.error and "row 5" in at.error[0].value and "eligibility" in at.error[0].value


def case_in(lang: str, case: str) -> AppTest:
    """The page with the prize example ``case`` loaded, then read with ``?lang=lang`` in its address."""
    app = load(open_page(PAGE).run(), case)
    app.query_params["lang"] = lang
    app.run()
    assert not app.exception, app.exception
    assert app.session_state["lang"] == lang
    return app


def test_the_working_and_how_in_german_keep_the_dollar_and_write_the_decimal_comma():
    # P4: three tied on 4 points pool 300 + 300 + 200 = 800, 266.67 each; Ben, rated 1750, takes the $300
    # under-1800 prize alone, which is more, so the other two share 300 + 200: 250 each
    app = case_in("de", "P4")
    text = working(app).replace("\\", "")
    assert ("(b) Nur #1 Ben (Elo 1799 oder weniger) nimmt den Klassenpreis 300,00\xa0$ allein: 300,00\xa0$ — mehr "
            "als die ≈266,67\xa0$ von (a), also gewinnt (b).") in text
    assert "Also für diese Gruppe: #1 Ben 300,00\xa0$; #2 Ada, #4 Cleo je 250,00\xa0$." in text
    assert "Rounding" not in text and "each" not in text
    assert "P4: drei punktgleich, einer unter 1800" in app.selectbox(key="prizes.case").options
    how = dict(zip(app.dataframe[1].value["Name"], app.dataframe[1].value["How"]))
    assert how == {"Ada": "(a) Topf geteilt", "Ben": "(b) Klassenpreis (Elo 1799 oder weniger)",
                   "Cleo": "(a) Topf geteilt"}


def test_the_working_in_russian_counts_in_russian_forms():
    app = case_in("ru", "P4")
    text = working(app).replace("\\", "")
    assert "Счёт 4: #2 Ada, #1 Ben, #4 Cleo — 3 участника делят 1-е–3-е место." in text
    assert "(а) Если бы все 3 делили поровну: 300,00\xa0$ + 300,00\xa0$ + 200,00\xa0$ = 800,00\xa0$" in text
    assert "Итак, для этой группы: #1 Ben 300,00\xa0$; #2 Ada, #4 Cleo по 250,00\xa0$." in text
    assert "Округление: каждая доля — точная сумма в центах; остатка нет." in text
