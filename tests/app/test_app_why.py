"""The "Why is A above B?" page under AppTest, on Fixture A (tests/fixtures.py; US Chess preset values worked by
hand), plus the one-line
additions to Standings (the way to this page) and Explain (a shared link, and its own share box).

Values: under the default US Chess preset #16 and #4 are the tied neighbours decided latest (Modified
Median 10½ each, Solkoff 12 against 10½); #4's half-point bye recorded as a full-point bye
gives him 4 points; Fixture B's C beat D (direct encounter, FIDE C.07 art. 6).

The first change that keeps both players' points, worked by hand: #12 Nick's round-3 forfeit win over #14 Paul
recorded as a game Nick won.  US Chess counts each unplayed round ½: Nick's adjusted score goes
from 0 (games) + 4 × ½ = 2 to 1 (games) + 3 × ½ = 2½.  David met Nick in round 1, so David's Modified
Median (drop the lowest, his bye's 0) goes from 2 + 1½ + 3½ + 3½ = 10½ to 2½ + 1½ + 3½ + 3½ = 11; Stephan's
stays 2½ + 2 + 4 + 2 = 10½ (his 1½ dropped).  So David would be above on Modified Median, 11 against 10½.
"""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, decode, encode
from tests.fixtures import fixture_a, fixture_b
from tests.pages import open_page
from tests.paths import REPO_ROOT

ROOT = REPO_ROOT
PAGE = "Why is A above B?"
STANDINGS = "Standings"
EXPLAIN = "Explain"
SENTENCE = ("Stephan is above David: both scored 3½ and were not separated by the first tie-break; the second, the "
            "Solkoff (the total score of the opponents each played), gives Stephan 12 against David's 10½, mostly "
            "because David's half-point bye counts as an opponent on 0.")
FIRST_KEEPING = ("1. Round 3: Nick's forfeit win over Paul recorded as a game Nick won over the board. Then both would "
                 "score 3½ and David's Modified Median would be 11 against Stephan's 10½.")


pytestmark = pytest.mark.usefixtures("fixture_a_example")


def plain(text: str) -> str:
    """Undo the Markdown escaping the page applies to user text."""
    return re.sub(r"\\(.)", r"\1", text).replace("\u2060", "")


def run(page: str = PAGE, link: str | None = None, detail: bool = False) -> AppTest:
    """The page after its first run; ``detail`` opens the technical detail (drawn only while it is open)."""
    at = open_page(page, timeout=60)
    if link is not None:
        at.query_params["s"] = link
    if detail:
        at.session_state["why.detail"] = True
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_default_pair_and_the_plain_answer_first():
    at = run(detail=True)
    assert at.title[0].value == "Why is A above B?"
    assert at.selectbox(key="_ordering.why.a").value == 16
    assert at.selectbox(key="_ordering.why.b").value == 4
    assert plain(at.info[0].value) == SENTENCE
    # the technical detail (codes, both traces) is in the expander that follows
    detail = at.expander[-1]
    assert detail.label.startswith("Technical detail")
    steps = detail.dataframe[0].value
    assert list(steps["Criterion"]) == ["PTS", "MM", "BH"]
    assert list(steps["Outcome"]) == ["equal", "equal", "separates: Stephan above"]
    assert any(plain(m.value).startswith("**BH · Solkoff**: 12 for #16 Stephan, 10½ for #4 David") for m in
               detail.markdown)


def test_the_ladder_chart():
    at = run()
    chart = at.get("vega_lite_chart")[0]
    import json
    spec = json.loads(chart.proto.spec)
    assert spec["layer"][0]["mark"]["type"] == "rect"
    # for a screen reader: the chart's words, and its table one click away
    assert "Solkoff decides: 12 against 10½ (Stephan above David)." in chart.proto.alt
    table = next(e for e in at.expander if e.label == "The chart's numbers as a table")
    assert table.dataframe[0].value.values.tolist()[2] == ["3. Solkoff", "12", "10½", "decides"]


def test_the_ladder_s_words_for_a_screen_reader_in_russian():
    at = open_page(PAGE, timeout=60)
    at.query_params["lang"] = "ru"
    at.run()
    assert not at.exception, at.exception
    alt = at.get("vega_lite_chart")[0].proto.alt
    # the verdict and the steps, whole Russian sentences; the values as on the chart, 12 against 10½
    assert alt.startswith("Лестница решений для Stephan и David. ")
    assert "решает: 12 против 10½ (Stephan выше, чем David). Шаг за шагом, в порядке турнира: " in alt
    assert "Stephan 12, David 10½, решает" in alt
    assert not re.search(r"\b(decides|equal|needed|ladder)\b", alt)


def test_choosing_another_pair():
    at = run()
    at.selectbox(key="_ordering.why.a").set_value(2).run()
    assert plain(at.info[0].value) == "Bruno is above David on points: Bruno scored 4 and David 3½."
    at.selectbox(key="_ordering.why.b").set_value(2).run()
    assert at.warning[0].value == "Choose two different players."


def test_what_would_really_have_changed_it():
    at = run()
    texts = [plain(m.value) for m in at.markdown]
    keep = texts.index("**Changes that keep the points of Stephan and David as they are**")
    own = texts.index("**Changes to the points of Stephan and David themselves**")
    assert keep < own
    assert texts[keep + 1].split("\n")[0] == FIRST_KEEPING
    assert texts[own + 1].split("\n")[0] == ("1. Round 2: David's half-point bye recorded as a full-point bye. Then "
                                             "David would score 4 against Stephan's 3½.")
    # each change once: no table of the same changes
    assert sum(FIRST_KEEPING[3:] in t for t in texts) == 1
    assert all("Change" not in d.value.columns for d in at.dataframe)


def test_points_apart_says_no_points_keeping_change_can_do_it():
    at = run()
    at.selectbox(key="_ordering.why.a").set_value(2).run()
    texts = [plain(m.value) for m in at.markdown]
    keep = texts.index("**Changes that keep the points of Bruno and David as they are**")
    assert texts[keep + 1] == ("Their points differ, so no change that keeps both scores can reverse them; only the "
                               "changes to their own points below can.")


def test_the_card_downloads():
    at = run()
    buttons = at.get("download_button")
    assert [b.proto.label for b in buttons] == ["Card to print (PDF)", "Card for a phone (PNG)"]
    assert not at.exception


def test_the_share_link_opens_the_same_page():
    at = run()
    url = at.code[0].value
    assert url.startswith("/why?s=")
    shared = decode(url)
    # the event travels under the name it has in the app (the example's), not a "Shared: ..." one
    assert shared.event == replace(fixture_a(), name="Example event") and shared.players == (16, 4)
    assert (shared.ordering.codes, shared.ordering.rules.name, shared.page) == (("MM", "BH", "CUM", "OCUM"), "uscf",
                                                                                "why")
    again = run(link=url.split("s=", 1)[1])
    assert plain(again.info[0].value) == SENTENCE


def test_a_shared_link_brings_its_event_ordering_and_players():
    link = encode(Shared(fixture_b(), ordering_of(preset="fide-rr", options=Options(seed=1)), "why", (4, 3)))
    at = run(link=link, detail=True)
    assert at.selectbox(key="_ordering.why.a").value == 4 and at.selectbox(key="_ordering.why.b").value == 3
    assert at.selectbox(key="_ordering.rules").value == "fide"
    assert plain(at.info[0].value) == ("C is above D: both scored 3, and the next rule in this event's order is the "
                                       "result between the tied players. C won their game in round 1.")
    mini = at.dataframe[2].value            # after the ladder's table and the steps
    assert list(mini.columns) == ["Player", "#3 C", "#4 D"]
    assert list(mini["#4 D"]) == ["1", "×"]
    # later reruns keep what the user chooses (the link is applied once)
    at.selectbox(key="_ordering.why.a").set_value(1).run()
    assert at.selectbox(key="_ordering.why.a").value == 1


def test_a_damaged_link_is_refused_and_the_event_kept():
    link = encode(Shared(fixture_b(), ordering_of(("DE",), "fide", Options(seed=1)), "why", (1, 2)))
    at = run(link=link[:-12])
    assert "damaged or incomplete" in at.error[0].value
    assert plain(at.info[0].value) == SENTENCE          # still Fixture A


def test_standings_lead_to_the_pair():
    at = run(STANDINGS)
    picker = at.radio(key="_ordering.standings.why_pair")
    assert picker.value is not None and "#16 Stephan above #4 David" in picker.format_func(picker.value)
    at.button(key="standings.why_go").click().run()
    assert at.session_state["ordering.why.a"] == 16 and at.session_state["ordering.why.b"] == 4


def test_explain_opens_a_shared_link_and_offers_its_own():
    link = encode(Shared(fixture_b(), ordering_of(("DE", "WIN"), "fide", Options(seed=1)), "explain", (3, 4),
                         code="WIN"))
    at = run(EXPLAIN, link=link)
    assert at.selectbox(key="_ordering.explain.player").value == 3
    assert at.selectbox(key="_ordering.explain.code").value == "WIN"
    url = at.code[0].value
    assert url.startswith("/explain?s=")
    assert decode(url).code == "WIN" and decode(url).players == (3, 4)


def test_the_plain_answer_in_german_and_russian():
    """The same answer as SENTENCE, from the same comparison, in the reader's language: the cause too."""
    at = open_page(PAGE, timeout=60)
    at.query_params["lang"] = "de"
    at.run()
    assert not at.exception, at.exception
    assert plain(at.info[0].value) == (
        "Stephan steht vor David: Beide erzielten 3½ und wurden durch die erste Feinwertung nicht getrennt; "
        "Feinwertung Nr. 2, Buchholz-Wertung (die Summe der Punkte der Gegner, gegen die jeder gespielt hat), ergibt "
        "für Stephan 12 gegenüber 10½ für David, vor allem, weil die Runde von David (Freilos mit einem halben "
        "Punkt) als Gegner mit 0 zählt.")
    ru = open_page(PAGE, timeout=60)
    ru.query_params["lang"] = "ru"
    ru.run()
    assert not ru.exception, ru.exception
    assert plain(ru.info[0].value).endswith("даёт: Stephan — 12, David — 10½, главным образом потому, что тур игрока "
                                            "David (пропуск тура с пол-очка) считается соперником с 0.")
