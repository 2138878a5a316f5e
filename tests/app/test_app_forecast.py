"""The "Before the last round" page under AppTest: the example opens, the chances of the top places
and one player's conditions appear, with the numbers worked out in tests/engine/test_forecast.py."""
from __future__ import annotations

import json

import pytest
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from tests.pages import build_tab, open_page
from tests.paths import REPO_ROOT

# imported before any test changes the language's lookup (see asked()): the page's modules keep the real one
from ui import forecast  # noqa: F401

TIMEOUT = 120
PAGE = "Before the last round"


def open_example(app: AppTest) -> AppTest:
    app.button(key="forecast.example").click().run()
    assert not app.exception
    return app


def test_an_event_without_pending_games_says_so_and_offers_the_example(at):
    assert at.title[0].value == "Before the last round"
    assert any("no games waiting" in i.value for i in at.info)
    at = open_example(at)
    assert any("7 games still to be played" in t.value for t in at.text)
    assert any("after round 4" in t.value for t in at.text)


def test_top_places_then_one_players_conditions(at):
    at = open_example(at)
    at.selectbox(key="_ordering.preset").set_value("fide-swiss").run()
    at.radio(key="_ordering.forecast.model").set_value("uniform").run()
    at.button(key="forecast.run").click().run()
    assert not at.exception
    table = at.dataframe[0].value
    charline = table[table["No."] == 3].iloc[0]
    # exact, uniform: Charline is 1st with 1/3 (she wins) and 2nd with 1/9 (worked in tests/engine/test_forecast.py)
    assert charline["1st"] == "33 %" and charline["2nd"] == "11 %"
    assert "4th or lower" in table.columns
    spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
    assert spec["mark"]["type"] == "bar"
    data = convert_arrow_bytes_to_pandas_df(at.get("vega_lite_chart")[0].proto.datasets[0].data.data)
    assert set(data["place"]) == {"1st", "2nd", "3rd", "4th or lower"}
    assert any(c.value.startswith("Exact: every result of the 7 games") for c in at.caption)

    at.radio(key="_ordering.forecast.ask").set_value("player").run()
    at.selectbox(key="_ordering.forecast.player").set_value(3).run()
    at.button(key="forecast.run").click().run()
    assert not at.exception
    lines = [m.value for m in at.markdown]
    assert any("If Charline draws" in m and "Alyx–David is not drawn" in m.replace("\\", "") for m in lines)
    assert any("If Charline wins" in m and "1st whatever happens" in m for m in lines)


@pytest.mark.parametrize("page", ["Start", "Standings"])
def test_standings_pages_say_they_are_after_the_last_completed_round(page, monkeypatch):
    import ui.session.state
    from engine.formats.jsonfmt import load_json
    pending = load_json(REPO_ROOT / "scenarios" / "before-the-last-round.json")
    monkeypatch.setattr(ui.session.state, "example_event", lambda: pending)   # a fresh session opens this event
    app = open_page(page, timeout=120).run()
    assert not app.exception
    assert any(i.value == "Round 5 of 5 is still being played: the places below are as if the event ended now, "
                          "after round 4. The “Before the last round” page shows everyone's chances."
               for i in app.info)


def test_a_trf_uploaded_with_its_last_round_paired_is_forecast():
    """Build event: upload a TRF whose round 5 is paired with the "?" result; a new visit to the forecast
    page opens it (autosaved) and works it out."""
    from engine.formats.jsonfmt import load_json
    from engine.formats.trf import write_trf
    pending = load_json(REPO_ROOT / "scenarios" / "before-the-last-round.json")
    build = build_tab(open_page("Build event", timeout=120).run(), "Upload / download")
    build.file_uploader(key="upload").set_value(("round5.trf", write_trf(pending).encode(), "text/plain")).run()
    assert not build.exception and not build.error
    page = open_page(PAGE, timeout=120).run()
    assert any("7 games still to be played" in t.value for t in page.text)
    page.radio(key="_ordering.forecast.model").set_value("uniform").run()
    page.button(key="forecast.run").click().run()
    assert not page.exception
    table = page.dataframe[0].value
    bruno = table[table["No."] == 2].iloc[0]
    # US Chess preset (the chooser's default), every result equally likely: 472/729 = 65 %, the value the
    # full standings give over all 2,187 results of round 5 (tests/engine/test_forecast.py)
    assert bruno["1st"] == "65 %"


def test_a_round_before_the_last_says_its_places_are_not_the_final_ones():
    """QA: an event of 9 rounds with round 5 paired was answered under "Chances of each final place", as if
    round 5 ended it.  The example's event again, declared as 9 rounds: the page says which round it counts
    and that four more follow."""
    from engine.formats.jsonfmt import load_json
    from engine.formats.trf import write_trf
    pending = load_json(REPO_ROOT / "scenarios" / "before-the-last-round.json")
    longer = pending.with_entries(pending.entries, rounds=9)
    build = build_tab(open_page("Build event", timeout=120).run(), "Upload / download")
    build.file_uploader(key="upload").set_value(("round5of9.trf", write_trf(longer).encode(), "text/plain")).run()
    assert not build.exception and not build.error
    page = open_page(PAGE, timeout=120).run()
    assert [w.value for w in page.warning] == [
        "Round 5 of 9 is still to be played: the chances below are of each place after round 5, as if the event "
        "ended there. The four rounds after it are not paired yet."]
    page.radio(key="_ordering.forecast.model").set_value("uniform").run()
    page.button(key="forecast.run").click().run()
    assert not page.exception
    assert "Chances of each place after round 5" in [h.value for h in page.header]
    # the same chances as the 5-round example: Bruno first in 472 of 729 equally likely results
    table = page.dataframe[0].value
    assert table[table["No."] == 2].iloc[0]["1st"] == "65 %"


@pytest.mark.slow
def test_a_hundred_player_swiss_is_answered_exactly_tie_by_tie(monkeypatch):
    """A 100-player Swiss whose last round is paired: more games can change the top three than are tried one
    by one; the page still answers exactly (counted tie by tie) and says how."""
    import ui.session.state
    from engine.events.generator import UnplayedRates, generate_event
    from tests.pending_rounds import last_round_pending
    pending = last_round_pending(generate_event(100, 7, seed=7, rates=UnplayedRates.typical()))
    monkeypatch.setattr(ui.session.state, "example_event", lambda: pending)
    page = open_page(PAGE, timeout=120).run()
    assert any("43 games still to be played" in t.value for t in page.text)
    page.button(key="forecast.run").click().run()
    assert not page.exception
    from engine.core.presets import PRESETS
    from engine.forecast.places import Question, relevant_games
    k = len(relevant_games(pending, PRESETS["uscf"].criteria, Question(places=3)))    # the chooser's default
    assert k > 9            # more than the games tried one by one
    assert any(c.value.startswith(f"Exact: every result of the {k} games that can change these places "
                                  f"({3 ** k:,} combinations)") and "counted in groups" in c.value
               for c in page.caption)
    table = page.dataframe[0].value
    assert len(table) >= 3 and "4th or lower" in table.columns


def asked(lang: str, question: str, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The example's chances under the page's default order (US Chess), every result equally likely, asked in
    ``lang``.  The choices are set in the session as the page keeps them; AppTest writes each choice back by its
    label, which it works out in the test's own thread: there the language is the page's too."""
    if lang != "en":
        monkeypatch.setattr("ui.session.language.current", lambda: lang)
    app = open_page(PAGE, timeout=TIMEOUT)
    app.session_state["ordering.forecast.model"] = "uniform"
    app.session_state["ordering.forecast.ask"] = question
    app.query_params["lang"] = lang
    app = open_example(app.run())
    app.button(key="forecast.run").click().run()
    assert not app.exception, app.exception
    return app


@pytest.mark.parametrize("lang, words", [
    ("de", {"places": ["Platz 1", "Platz 2", "Platz 3", "Platz 4 oder tiefer"], "no": "Nr.", "player": "Spieler",
            "method": "Exakt: Jedes Ergebnis der 7 Partien, die diese Plätze ändern können, wurde durchprobiert "
                      "(2.187 Kombinationen).",
            "axis": "Chance (%)", "legend": "Platz",
            "heads": ["Wenn Alyx gewinnt", "Wenn Alyx remis spielt", "Wenn Alyx verliert"],
            "win": "Ein Sieg ergibt "}),
    ("ru", {"places": ["1-е место", "2-е место", "3-е место", "4-е место и ниже"], "no": "№", "player": "Участник",
            "method": "Точно: перебраны все результаты 7 партий, которые могут изменить эти места (комбинаций: "
                      "2\xa0187).",
            "axis": "шанс (%)", "legend": "место",
            "heads": ["Если Alyx выиграет", "Если Alyx сыграет вничью", "Если Alyx проиграет"],
            "win": "Победа даёт "}),
])
def test_the_chances_their_chart_and_what_a_player_needs_in_german_and_russian(lang, words, monkeypatch):
    """The same question in English and in the language (7 games still to play: 3^7 = 2187 combinations, tried
    one by one): the same chances under the places' names in the language, the chart's axis and legend, the
    method in whole sentences with the language's grouping, and what Alyx (#1, the first player offered) needs,
    result by result."""
    english, app = asked("en", "top", monkeypatch), asked(lang, "top", monkeypatch)
    table, theirs = app.dataframe[0].value, english.dataframe[0].value
    assert table.columns.tolist() == [words["no"], words["player"], *words["places"]]
    assert table.values.tolist() == theirs.values.tolist()
    spec = json.loads(app.get("vega_lite_chart")[0].proto.spec)
    assert spec["encoding"]["x"]["title"] == words["axis"] and spec["encoding"]["color"]["title"] == words["legend"]
    data = convert_arrow_bytes_to_pandas_df(app.get("vega_lite_chart")[0].proto.datasets[0].data.data)
    assert set(data["place"]) == set(words["places"])
    assert any(c.value.startswith(words["method"]) for c in app.caption)

    app = asked(lang, "player", monkeypatch)
    lines = [m.value.replace("\\", "").replace("\u2060", "") for m in app.markdown]
    said = [m for m in lines if any(m.startswith(f"**{head} (") for head in words["heads"])]
    assert len(said) == 3 and all(f"{head} (" in m for head, m in zip(words["heads"], said))
    assert words["win"] in said[0] and " gives " not in " ".join(said)
