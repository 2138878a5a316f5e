"""Words beside every code, names as a sentence says them."""
from __future__ import annotations

import re

from tests.pages import open_page


def test_the_start_pages_order_line_names_each_code():
    at = open_page("Start", timeout=60).run()
    line = next(c.value for c in at.caption if c.value.startswith("Ordered by points"))
    # the example's order is US Chess's: Modified Median, Solkoff, Cumulative, Opposition cumulative
    assert line.startswith("Ordered by points, then MM · Modified Median; BH · Buchholz (Solkoff); CUM · Cumulative "
                           "(US Chess); OCUM · Cumulative of opposition")
    assert "under rule set US Chess (adjusted scores: every unplayed round counts ½" in line


def test_why_names_the_places_as_a_sentence_does():
    at = open_page("Why is A above B?", timeout=120).run()
    line = next(c.value.replace("\\", "") for c in at.caption if c.value.startswith("Places"))
    assert re.match(r"Places: [A-Z][a-z]+ \(#\d+\) \d+(st|nd|rd|th), [A-Z][a-z]+ \(#\d+\) \d+(st|nd|rd|th)\. ", line)


def test_a_last_first_name_reads_first_last_in_the_forecast():
    from fractions import Fraction

    from engine.forecast.needs import Branch, Conditions
    from ui.forecast import conditions_lines
    cond = Conditions(player=1, game=None, branches=[Branch("win", Fraction(1, 2), {})])
    assert conditions_lines(cond, None, "Balaji, Aaravamudhan")[0][0] == "If Aaravamudhan Balaji wins (50 % likely)"


def test_the_heat_maps_columns_have_a_key_in_words():
    at = open_page("Compare orderings", timeout=120).run()
    key = next(c.value.replace("\\", "") for c in at.caption if c.value.startswith("Columns"))
    assert key.startswith("Columns: MM · Modified Median; BH · Buchholz (Solkoff);")


def test_the_simulation_charts_say_what_their_axes_measure():
    import pandas as pd

    from ui.simulation import tau_chart
    df = pd.DataFrame({"label": ["uscf"], "kind": ["criterion"], "tau_b": [0.4], "share_unbroken": [0.1],
                       "share_correct_broken": [0.7], "codes": ["MM"]})
    spec = tau_chart(df, "tau_b").to_dict()
    # on lines of whole words short enough for a phone's plot (the axis title is centred on the plot, beside the
    # rows' names)
    assert spec["encoding"]["x"]["title"] == ["1 = tied players always in", "strength order,", "0 = no better than chance"]
    assert spec["encoding"]["y"]["title"] == "Ordering"


def test_the_simulation_tables_rows_and_criteria_are_named_in_words():
    from ui.simulation import criteria_words, named
    assert named("uscf") == "uscf · US Chess recommended (individual Swiss)"
    assert named("BH/C1") == "BH/C1 · Buchholz (Solkoff) (cut 1)"
    assert criteria_words("MM BH") == "MM · Modified Median; BH · Buchholz (Solkoff)"


def test_the_simulation_charts_rows_and_their_text_alternatives_name_each_code_in_words():
    """Each chart's row reads "BH · Buchholz (Solkoff)", not "BH" alone, and so does the chart's text
    alternative; a long name is drawn on lines of whole words, never cut."""
    import pandas as pd

    from engine.events.simulate import Difference
    from ui.simulation import diff_chart, share_chart, tau_chart
    from ui.widgets.chart_text import diff_alt, left_tied_alt, share_alt, tau_alt
    df = pd.DataFrame({"label": ["BH", "uscf", "LOTS"], "kind": ["single criterion", "preset ordering", "coin (lots)"],
                       "codes": ["BH", "MM BH CUM OCUM", "LOTS"], "tau_b": [0.3, 0.4, 0.0],
                       "share_unbroken": [0.2, 0.1, 0.0], "share_correct_broken": [0.7, 0.75, 0.5],
                       "broken_cluster_low": [0.6, 0.7, 0.45], "broken_cluster_high": [0.8, 0.8, 0.55],
                       "broken_low": [0.65, 0.7, 0.47], "broken_high": [0.75, 0.8, 0.53], "pairs": [100, 100, 100]})
    diffs = [Difference("+bye", "BH", 0.01, -0.02, 0.03, 0.0, 0.0)]
    words = {"BH · Buchholz (Solkoff)", "uscf · US Chess recommended (individual Swiss)", "LOTS · Drawing of lots"}
    for chart in (share_chart(df), tau_chart(df, "tau_b"), tau_chart(df, "share_unbroken")):
        spec = chart.to_dict()
        layers = spec.get("layer", [spec])
        y = next(layer["encoding"]["y"] for layer in layers if "y" in layer.get("encoding", {}))
        assert y["field"] == "row" and set(y["sort"]) == words
        assert y["axis"]["labelLimit"] == 0                       # wrapped, never cut with "…"
    y = next(la["encoding"]["y"] for la in diff_chart(diffs, order=["BH"]).to_dict()["layer"] if "y" in la.get("encoding", {}))
    assert y["sort"] == ["BH · Buchholz (Solkoff)"]
    for alt_text in (share_alt(df), tau_alt(df), left_tied_alt(df)):
        assert all(w in alt_text for w in words), alt_text
    assert "BH · Buchholz (Solkoff) with bye" in diff_alt(diffs)
