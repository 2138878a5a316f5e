"""The Compare page under AppTest, on Fixture A: the bump chart's data, who moves, the heat map.

Expected ranks are the presets' orders worked by hand for Fixture A: uscf 2; [3, 1, 16, 4]; ... and legacy list A
2; [16, 3, 4, 1]; ...; Washington and Puddletown give the US Chess order.
"""
from __future__ import annotations

import json
import re

import pytest
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from tests.pages import open_page
from tests.paths import REPO_ROOT
from ui.render.charts import OKABE_ITO

PAGE = "Compare orderings"


pytestmark = pytest.mark.usefixtures("fixture_a_example")


def charts(app: AppTest) -> list[tuple[dict, "object"]]:
    """(Vega-Lite spec, data frame) of every chart on the page (read from the page's chart elements under AppTest)."""
    out = []
    for el in app.get("vega_lite_chart"):
        spec = json.loads(el.proto.spec)
        data = convert_arrow_bytes_to_pandas_df(el.proto.datasets[0].data.data)
        out.append((spec, data))
    return out


def test_bump_chart_data_and_colours(at):
    (spec, data), _ = charts(at)
    assert spec["title"] == "Rank under each ordering"
    assert json.dumps(spec).count(OKABE_ITO[0]) >= 1
    # the default extra column is the US Chess order under FIDE's rules, not a repeat of the uscf column
    assert list(dict.fromkeys(data["ordering"])) == ["uscf", "fide-swiss", "fide-swiss-a", "yours · fide"]
    stephan = data[data["tpn"] == 16].set_index("ordering")["rank"].to_dict()
    assert {k: stephan[k] for k in ("uscf", "fide-swiss", "fide-swiss-a")} == {"uscf": 4, "fide-swiss": 4, "fide-swiss-a": 2}
    alyx = data[data["tpn"] == 1].set_index("ordering")["rank"].to_dict()
    assert {k: alyx[k] for k in ("uscf", "fide-swiss", "fide-swiss-a")} == {"uscf": 3, "fide-swiss": 5, "fide-swiss-a": 5}
    assert not data[data["tpn"] == 2]["moves"].any()


def plain(text: str) -> str:
    """st.table cells are Markdown: undo our escaping to read the text a reader sees."""
    return re.sub(r"\\(.)", r"\1", text).replace("\u2060", "")


def test_who_moves_and_why(at):
    moves = at.table[0].value.map(plain).set_index("Player")
    assert moves.columns.tolist() == ["Ordering", "Rank", "What placed them there"]
    start = moves.index.tolist().index("#16 Stephan")
    stephan = moves.iloc[start:start + 4]
    assert stephan["Ordering"].tolist() == ["uscf", "fide-swiss", "fide-swiss-a", "yours · fide"]
    assert stephan["Rank"].tolist()[:3] == ["4", "4", "2"]
    assert stephan.iloc[0]["What placed them there"] == ("below #1 on Modified Median (10½ to 11); above #4 on "
                                                         "Buchholz (Solkoff) (12 to 10½)")
    assert "#2 Bruno" not in moves.index


def test_heat_map_of_single_criteria(at):
    _, (spec, data) = charts(at)
    # on lines of whole words, short enough for a phone
    assert spec["title"] == ["Rank by points, then one criterion", "alone"]
    mm = data[data["criterion"] == "MM"].set_index("tpn")["rank"].to_dict()
    assert [mm[t] for t in (2, 3, 1, 4, 16)] == [1, 2, 3, 4, 4]       # MM 12½, 11, 10½, 10½ (Table A2)
    at.toggle(key="_ordering.compare.points_first").set_value(False).run()
    _, (_, data) = charts(at)
    mm = data[data["criterion"] == "MM"].set_index("tpn")["rank"].to_dict()
    # MM alone (Table A2): #3 12½, #2 12, #13 11½, #1 11, ... #12 0 last
    assert [mm[t] for t in (3, 2, 13, 1, 12)] == [1, 2, 3, 4, 16]


def test_orderings_that_agree_show_no_movers(at):
    at.multiselect(key="_ordering.compare.presets").set_value(["uscf", "washington", "puddletown"]).run()
    at.multiselect(key="_ordering.compare.rules").set_value([]).run()
    assert any("same rank" in s.value for s in at.success)
    (spec, data), _ = charts(at)
    assert sorted(data["ordering"].unique()) == ["puddletown", "uscf", "washington"]
    assert not data["moves"].any()


def test_too_few_orderings(at):
    at.multiselect(key="_ordering.compare.presets").set_value(["uscf"]).run()
    at.multiselect(key="_ordering.compare.rules").set_value([]).run()
    assert at.info and "at least two" in at.info[0].value
    assert not at.get("vega_lite_chart")


def test_downloads_are_offered(at):
    buttons = at.get("download_button")
    assert [b.proto.label for b in buttons] == ["Download PNG", "Download SVG"] * 2


BIG = REPO_ROOT / "tests" / "data" / "trf" / "gros_2010_after_round4.trf"


def test_a_big_field_shows_twenty_places_at_a_time_and_a_bounded_table(monkeypatch):
    """52 players: the chart shows places 1–20 under the first ordering (then 21–40, 41–52 on demand), and
    "who moves" lists at most 12 players (one row per player and ordering)."""
    from engine.formats.loader import load_event
    monkeypatch.setattr("ui.session.state.example_event", lambda: load_event(BIG))
    app = open_page(PAGE, timeout=120).run()
    assert not app.exception
    window = app.selectbox(key="_ordering.compare.window")
    assert window.options == [
        "Places 1–20 under uscf", "Places 21–40 under uscf", "Places 41–52 under uscf"]
    (spec, data), _ = charts(app)
    first = data[data["ordering"] == "uscf"]
    assert sorted(first["rank"]) == list(range(1, 21))        # the uscf order has no shared place in 1–20
    moves = app.table[0].value
    players = [p for p in moves["Player"] if p]
    assert 1 <= len(players) <= 12 and len(moves) == 4 * len(players)
    window.set_value(2).run()
    (_, data), _ = charts(app)
    assert data[data["ordering"] == "uscf"]["rank"].min() >= 41


def test_a_large_event_is_compared_in_a_job_with_the_same_answers(monkeypatch):
    """Past ui.work.cached.COMPARE_IN_SERVER the comparison and the single-criterion ranks come from a job (a spawned
    process, ui.work.compare_job): the same ranks and words as Fixture A worked by hand above, the progress box gone
    once it is done, and the toggle served from the job's answer without a second job."""
    import ui.work.cached
    monkeypatch.setattr(ui.work.cached, "COMPARE_IN_SERVER", 0)      # Fixture A (16 x 7) counts as large
    ui.work.cached._compared.clear()                                  # no answer kept from another test
    real, jobs_run = ui.work.cached.run_on_page, []

    def spy(fn, *args, **kwargs):
        jobs_run.append(fn.__module__)
        return real(fn, *args, **kwargs)
    monkeypatch.setattr(ui.work.cached, "run_on_page", spy)
    app = open_page(PAGE, timeout=180).run()
    assert not app.exception, app.exception
    assert jobs_run == ["ui.work.compare_job"]                        # one job, in its own process
    (_, data), (_, heat) = charts(app)
    stephan = data[data["tpn"] == 16].set_index("ordering")["rank"].to_dict()
    assert {k: stephan[k] for k in ("uscf", "fide-swiss", "fide-swiss-a")} == {"uscf": 4, "fide-swiss": 4,
                                                                               "fide-swiss-a": 2}
    moves = app.table[0].value.map(plain).set_index("Player")
    start = moves.index.tolist().index("#16 Stephan")
    assert moves.iloc[start]["What placed them there"] == ("below #1 on Modified Median (10½ to 11); above #4 on "
                                                           "Buchholz (Solkoff) (12 to 10½)")
    mm = heat[heat["criterion"] == "MM"].set_index("tpn")["rank"].to_dict()
    assert [mm[t] for t in (2, 3, 1, 4, 16)] == [1, 2, 3, 4, 4]
    assert not [b for b in app.button if b.key == "compare.stop"]          # the box is cleared when done
    started = []
    monkeypatch.setattr(ui.work.cached, "run_on_page", lambda *a, **k: started.append(a))
    app.toggle(key="_ordering.compare.points_first").set_value(False).run()
    assert not app.exception and not started                               # kept: no second job
    _, (_, heat) = charts(app)
    mm = heat[heat["criterion"] == "MM"].set_index("tpn")["rank"].to_dict()
    assert [mm[t] for t in (3, 2, 13, 1, 12)] == [1, 2, 3, 4, 16]


def test_a_stopped_comparison_stays_stopped_until_asked_again(monkeypatch):
    """Stop is remembered for this event and these orderings: the page says so and offers "Compare again"
    instead of starting the long work again by itself; "Compare again" starts it."""
    import ui.work.cached
    from engine.core.errors import EventError
    from ui.compare import STARTED, STOPPED
    monkeypatch.setattr(ui.work.cached, "COMPARE_IN_SERVER", 0)
    ui.work.cached._compared.clear()                  # no answer kept from another test
    started = []

    def job(*args, **kwargs):
        started.append(kwargs["what"])
        raise EventError("the test's job fails at once")
    monkeypatch.setattr(ui.work.cached, "run_on_page", job)
    app = open_page(PAGE, timeout=120).run()
    assert started == ["The comparison"] and not app.exception
    assert [e.value for e in app.error] == ["The orderings cannot be compared: the test's job fails at once"]
    app.session_state[STOPPED] = app.session_state[STARTED]        # what the Stop button's click records
    app.run()
    assert len(started) == 1 and not app.exception                  # no second job by itself
    assert "You stopped the comparison" in app.info[0].value
    assert not app.get("vega_lite_chart")
    app.button(key="compare.again").click().run()
    assert len(started) == 2                                        # asked again: the job starts again


@pytest.mark.parametrize("lang, words", [
    ("de", {"bump": "Rang nach jeder Reihenfolge", "heat": "Rang nach Punkten, dann nach einem einzigen Kriterium",
            "tooltip": ["Spieler", "Reihenfolge", "Rang"], "yours": "Ihre · fide", "columns": "Spalten: MM · ",
            "heads": ["Reihenfolge", "Rang", "Was den Platz ergab"]}),
    ("ru", {"bump": "Место при каждом порядке", "heat": "Место по очкам, затем по одному показателю",
            "tooltip": ["Участник", "Порядок", "Место"], "yours": "ваш · fide", "columns": "Столбцы: MM · ",
            "heads": ["Порядок", "Место", "Что определило место"]}),
])
def test_the_charts_and_the_working_in_german_and_russian(lang, words):
    app = open_page(PAGE)
    app.query_params["lang"] = lang
    app.run()
    assert not app.exception, app.exception
    (bump, data), (heat, _) = charts(app)
    assert bump["title"] == words["bump"]
    assert " ".join(heat["title"]) == words["heat"]          # on two lines: whole on a phone
    tooltips = [t["title"] for layer in bump["layer"] for t in layer["encoding"].get("tooltip", [])]
    assert tooltips[:3] == words["tooltip"]
    assert words["yours"] in set(data["ordering"])
    assert any(plain(c.value).startswith(words["columns"]) for c in app.caption)
    moves = app.table[0].value
    assert moves.columns.tolist()[1:] == words["heads"]
    assert "English" not in " ".join(c.value for c in app.caption)
