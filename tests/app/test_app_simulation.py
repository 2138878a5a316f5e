"""The Simulation lab page under AppTest: a ready-made experiment fills the form, a tiny run draws the
charts (one row per criterion or preset), the reading and the table; the same run again is cached."""
from __future__ import annotations

import json

from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from engine.events.simulate import EXPERIMENTS

TIMEOUT = 120
PAGE = "Simulation lab"


def charts(app: AppTest) -> list[tuple[dict, list]]:
    """(Vega-Lite spec, its data frames) of every chart on the page (read from the page's chart elements under AppTest)."""
    return [(json.loads(el.proto.spec), [convert_arrow_bytes_to_pandas_df(d.data.data) for d in el.proto.datasets])
            for el in app.get("vega_lite_chart")]


def tiny(app: AppTest) -> AppTest:
    app.number_input(key="sim.players").set_value(10)
    app.number_input(key="sim.rounds").set_value(4)
    app.number_input(key="sim.events").set_value(8)
    return app


def test_nothing_runs_before_the_button(at):
    assert at.title[0].value == "Simulation lab"
    assert "Run simulation" in at.info[0].value
    assert not at.get("vega_lite_chart")


def test_a_ready_made_experiment_fills_the_form_and_runs(at):
    at.selectbox(key="sim.experiment").set_value("Buchholz vs Median vs Modified Median").run()
    assert at.multiselect(key="sim.criteria").value == ["BH", "MED", "MM", "LOTS"]
    assert at.multiselect(key="sim.presets").value == []
    assert at.selectbox(key="sim.rules").value == "uscf"
    tiny(at).button[0].click().run()
    assert not at.exception
    (spec, frames), *_ = charts(at)
    assert "stronger of two tied players" in " ".join(spec["title"])      # the title's lines (it wraps)
    assert max(len(line) for line in spec["title"]) <= 40                  # each fits a phone's width
    data = next(f for f in frames if "label" in f.columns)
    assert sorted(data["label"]) == ["BH", "LOTS", "MED", "MM"]          # one row per criterion
    assert ((data["low"] <= data["share_correct_broken"]) & (data["share_correct_broken"] <= data["high"])).all()
    assert any("coin" in m.value for m in at.markdown)
    table = at.dataframe[0].value
    assert list(table["Ordering"]) == ["BH", "MED", "MM", "LOTS"]
    assert table["What it is"][0] == "Buchholz (Solkoff)"          # each row in words beside its code (issue 40)
    assert at.get("download_button")


def test_criteria_and_presets_each_get_a_row_and_a_rerun_is_cached(at):
    at.multiselect(key="sim.criteria").set_value(["SB", "LOTS"])
    at.multiselect(key="sim.presets").set_value(["uscf", "fide-swiss"])
    tiny(at).button[0].click().run()
    assert not at.exception
    data = next(f for f in charts(at)[0][1] if "label" in f.columns)
    assert sorted(data["label"]) == ["LOTS", "SB", "fide-swiss", "uscf"]
    assert set(data["kind"]) == {"single criterion", "preset ordering", "coin (lots)"}
    caption = next(c.value for c in at.caption if "worker processes" in c.value)
    at.radio(key="sim.interval").set_value("Wilson").run()          # a rerun: the cached result, same numbers
    assert not at.exception
    assert next(c.value for c in at.caption if "worker processes" in c.value) == caption


def test_every_ready_made_experiment_is_offered(at):
    assert at.selectbox(key="sim.experiment").options[1:] == list(EXPERIMENTS)
