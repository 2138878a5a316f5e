"""The pure UI helpers: tables (display strings, ties, strike-through), charts and the chooser's values.

Expected numbers are Fixture A's (tests/fixtures.py), worked by hand from the crosstable; they are never copied
from the code's own output.
"""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from engine.core.errors import EventError
from engine.core.ordering import Ordering, RoundOutOfRange
from engine.core.rules import Options
from engine.ranking.compare_orderings import compare, single_criterion_ranks
from engine.ranking.standings import explain, standings
from tests.fixtures import fixture_a
from ui.render.charts import OKABE_ITO, STEADY, bump_chart, bump_data, chart_png, chart_svg, heatmap_data, rank_heatmap
from ui.render.tables import (
    DROPPED_CSS,
    EMPTY_SENTENCE_CSS,
    GROUP_TINTS,
    SEPARATED,
    TIED,
    dropped_rows,
    markdown_cells,
    moved_frame,
    moves_frame,
    rule_set_frame,
    standings_frame,
    style_standings,
    style_trace,
    trace_frame,
)
from ui.render.text import md_escape
from ui.session.memory import ordering_from_state
from ui.widgets.ordering import CUSTOM, error_text, matching_preset, parse_typed


@pytest.fixture(scope="module")
def event():
    return fixture_a()


def cell_css(html: str) -> dict[tuple[int, int], str]:
    """(row, column) -> CSS declarations, from a Styler's HTML (pandas groups equal rules' selectors)."""
    out: dict[tuple[int, int], str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", html.split("</style>")[0]):
        for row, col in re.findall(r"_row(\d+)_col(\d+)", selectors):
            out[(int(row), int(col))] = out.get((int(row), int(col)), "") + body
    return out


# -- markdown escaping -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, shown", [
    ("**Bob**", r"\*\*Bob\*\*"),
    ("<script>alert(1)</script>", r"\<script\>alert\(1\)\<\/script\>"),
    ("[click](http://x)", r"\[click\]\(http+\:\/\/x\)"),
    ("![t](http://h.example/p.png)", r"\!\[t\]\(http+\:\/\/h\.example\/p\.png\)"),
    ("see www.h.example or a@h.example", r"see www+\.h\.example or a+\@h\.example"),
    ("event.trf, $1,379.00, FIDE C.07", r"event\.trf, \$1,379\.00, FIDE C\.07"),     # nothing invisible to copy
    ("WWW. x", r"WWW+\. x"),
    ("&lt;b&gt; ~~x~~ `c`", r"\&lt;b\&gt; \~\~x\~\~ \`c\`"),
    (":red[boo] $x$. Done: yes", r"\:red\[boo\] \$x\$\. Done\: yes"),
    ("two\nlines", "two lines"),
    ("bell\x07 esc\x1b[31m", r"bell  esc \[31m"),
    ("Anne-Marie O'Neil", r"Anne\-Marie O'Neil"),
])
def test_md_escape(text, shown):
    """Every marker escaped; where an address would be joined (the ':' of '://', the '.' after 'www', any '@')
    also an invisible word joiner (shown here as +), because the browser finds addresses in the text after
    resolving the escapes; nowhere else (a file name, an amount, a rule's number are copied as they read)."""
    assert md_escape(text) == shown.replace("+", "\u2060")


# -- standings table -------------------------------------------------------------------------------

def test_standings_frame_uscf(event):
    """The US Chess preset's order; MM, Solkoff, Cumulative and Opp. cumulative worked by hand."""
    df = standings_frame(standings(event, "MM,BH,CUM,OCUM", "uscf"))
    assert list(df.columns) == ["Rank", "#", "Name", "PTS", "MM", "BH", "CUM", "OCUM", SEPARATED, TIED]
    assert df["#"].tolist() == ["2", "3", "1", "16", "4", "6", "8", "11", "5", "15", "14", "12", "13", "7", "9", "10"]
    assert df["Rank"].tolist() == [str(i) for i in range(1, 17)]
    david = df[df["#"] == "4"].iloc[0]
    assert (david["Name"], david["PTS"], david["MM"], david["BH"], david["CUM"], david["OCUM"]) == \
        ("David", "3½", "10½", "10½", "11", "34")
    seps = dict(zip(df["#"], df[SEPARATED]))
    assert seps["2"] == "points 4 vs 3½"
    assert seps["3"] == "MM 12½ vs 11"
    assert seps["16"] == "BH 12 vs 10½"         # Solkoff 12 to 10½ after both had MM 10½
    assert seps["10"] == ""                      # the last player has nobody below him
    groups = dict(zip(df["#"], df[TIED]))
    assert [groups[t] for t in ("3", "1", "16", "4")] == ["1"] * 4
    assert [groups[t] for t in ("8", "11", "5")] == ["2"] * 3
    assert groups["2"] == groups["6"] == groups["10"] == ""


def test_shared_place_is_shown(event):
    """Modified Median alone: #4 and #16 both 10½, so they share places 4–5."""
    df = standings_frame(standings(event, "MM", "uscf"))
    rows = df[df["#"].isin(["4", "16"])]
    assert rows["Rank"].tolist() == ["4–5", "4–5"]
    assert rows[SEPARATED].iloc[0] == "shared place (equal on everything)"


def test_style_standings_shades_tied_groups(event):
    df = standings_frame(standings(event, "MM,BH,CUM,OCUM", "uscf"))
    css = cell_css(style_standings(df).to_html())
    for row in (1, 2, 3, 4):                    # #3, #1, #16, #4: the 3½ group
        assert f"background-color: {GROUP_TINTS[0]}" in css[(row, 0)]
    for row in (6, 7, 8):                       # #8, #11, #5: the 2½ group
        assert f"background-color: {GROUP_TINTS[1]}" in css[(row, len(df.columns) - 1)]
    assert "background" not in css.get((0, 0), "") + css.get((5, 0), "")   # #2 and #6 are alone


# -- explain tables --------------------------------------------------------------------------------

def test_trace_frame_modified_median(event):
    """#4 under uscf: his HPB counts 0 and is dropped; 2 + 1½ + 3½ + 3½ = 10½."""
    df = trace_frame(explain(event, 4, "MM", "uscf"), event)
    assert df["Opponent"].tolist() == ["#12 Nick", "half-point bye", "#13 Opal", "#3 Charline", "#1 Alyx"]
    assert df["Result"].tolist() == ["1", "½", "1", "½", "½"]
    assert df["Value"].tolist() == ["2", "0", "1½", "3½", "3½"]
    assert [bool(x) for x in df["Dropped because"]] == [False, True, False, False, False]
    assert df["Sum so far"].tolist() == ["2", "2", "3½", "7", "10½"]


def test_style_trace_strikes_the_dropped_value(event):
    df = trace_frame(explain(event, 4, "MM", "uscf"), event)
    styler = style_trace(df)
    assert styler.data["Value"].tolist() == ["2", "~~0~~", "1½", "3½", "3½"]      # Markdown: drawn as <del>
    assert styler.data["Opponent"].tolist()[0] == r"\#12 Nick"                   # user text escaped
    css = cell_css(styler.to_html())
    struck = [cell for cell, body in css.items() if "line-through" in body]
    assert struck == [(1, df.columns.get_loc("Value"))]
    assert "line-through" in DROPPED_CSS


def test_trace_frame_cumulative(event):
    """#4's running totals 1, 1½, 2½, 3, 3½ sum to 11½; the HPB's ½ comes off: 11."""
    res = explain(event, 4, "CUM", "uscf")
    df = trace_frame(res, event)
    assert df["Value"].tolist() == ["1", "1½", "2½", "3", "3½"]
    assert df["Sum so far"].tolist() == ["1", "2½", "5", "8", "11½"]
    assert res.value == 11


def test_trace_frame_kashdan_game_by_game(event):
    """#4 wins, HPB, wins, draws, draws: 4 + 0 + 4 + 2 + 2 = 12; 14 with unplayed = 2."""
    df = trace_frame(explain(event, 4, "KASH", "uscf"), event)
    assert df["Value"].tolist() == ["4", "0", "4", "2", "2"]
    assert df["Sum so far"].tolist()[-1] == "12"
    df2 = trace_frame(explain(event, 4, "KASH", "uscf", Options(kashdan_unplayed=2)), event)
    assert df2["Sum so far"].tolist()[-1] == "14"


def test_trace_frame_leaves_out_a_column_empty_in_every_row(event):
    """#4's plain Buchholz (uscf) drops nothing: no "Dropped because" column; his Modified Median drops the
    half-point bye of round 2 (worked above): the column stays, the sentences last, and the empty reason
    cells carry the mark the phone rules hide them by."""
    bh = trace_frame(explain(event, 4, "BH", "uscf"), event)
    assert bh.columns.tolist() == ["Round", "Opponent", "Result", "Value", "Sum so far", "Why"]
    mm = trace_frame(explain(event, 4, "MM", "uscf"), event)
    assert mm.columns.tolist() == ["Round", "Opponent", "Result", "Value", "Sum so far", "Why", "Dropped because"]
    css = cell_css(style_trace(mm).to_html())
    reason = mm.columns.get_loc("Dropped because")
    marked = sorted(row for (row, col), body in css.items() if col == reason and EMPTY_SENTENCE_CSS.rstrip(";") in body)
    assert marked == [0, 2, 3, 4]                   # every round but the dropped one (round 2)


def test_compact_trace_and_explicit_mask(event):
    """Side by side: no Result column; the reason joins Why; the strike follows the trace's own flags."""
    res = explain(event, 16, "MM", "uscf")     # #16's MM is 10½ (plus score: the lowest dropped)
    df = trace_frame(res, event, compact=True)
    assert df.columns.tolist() == ["Round", "Opponent", "Value", "Sum so far", "Why"]      # the sentence last
    assert df["Sum so far"].tolist()[-1] == "10½"
    flags = dropped_rows(res)
    assert sum(flags) == 1
    i = flags.index(True)
    assert "dropped" in df["Why"][i].lower() or "cut" in df["Why"][i].lower()
    assert style_trace(df, flags).data["Value"][i].startswith("~~")


def test_markdown_cells_escapes_headers_index_and_cells():
    import pandas as pd
    df = pd.DataFrame({"[a](b)": ["**x**"]}, index=["#1 <i>"])
    out = markdown_cells(df)
    assert out.columns.tolist() == [r"\[a\]\(b\)"]
    assert out.index.tolist() == [r"\#1 \<i\>"]
    assert out.iloc[0, 0] == r"\*\*x\*\*"


def test_rule_set_frame():
    df = rule_set_frame({"#4 David": {"uscf": Fraction(21, 2), "fide": None}}, {"uscf": "US", "fide": "FIDE"})
    assert df.columns.tolist() == ["Rule set", "Model", "#4 David"]
    assert df["#4 David"].tolist() == ["10½", "–"]


def test_moves_frame(event):
    c = compare(event, [Ordering.from_preset("uscf"), Ordering.from_preset("fide-swiss-a")])
    df = moves_frame(c)
    row = df[df["Player"] == "#16 Stephan"].iloc[0]
    assert row["Ranks"] == "4 → 2"
    assert row["fide-swiss-a"] == "2: above #3 on Number of wins (played or not) (3 to 2)"


def test_the_lessons_try_table_puts_an_arrow_only_where_something_changed():
    """QA: the lesson "Alyx beats David in the last round" (Fixture A, uscf: MM, BH, CUM, OCUM) showed "1 → 1".
    By hand: Alyx's round-5 draw with David becomes a win, so Alyx 3½ → 4 and David 3½ → 3.  Bruno keeps his 4
    and his 1st place: on 4 with Alyx, his Modified Median (opponents Lais 1, Genevieve 1½, Alyx now 4,
    Stephan 3½, Charline 3½, the lowest dropped) is 12½ against Alyx's 10½ (Jessica 1½, Opal 1½, Bruno 4,
    Reine 2, David 3, the lowest dropped); before, with Alyx on 3½, his was 12."""
    from engine.teaching.scenarios import apply_try, load_scenario, what_moved
    sc = load_scenario("example")
    change = next(t for t in sc.tries if t.label == "Alyx beats David in the last round")
    codes, rules = sc.ordering
    moved = what_moved(sc.event, apply_try(sc.event, change), list(codes), rules)
    df = moved_frame(moved, ["PTS", *codes]).set_index("Player")
    assert df.columns.tolist() == ["Rank", "PTS", "MM", "BH", "CUM", "OCUM"]
    assert df.loc["#2 Bruno", "Rank"] == "1"                    # unchanged: the value alone
    assert df.loc["#2 Bruno", "PTS"] == "4"
    assert df.loc["#2 Bruno", "MM"] == "12 → 12½"               # changed: before → after
    assert df.loc["#1 Alyx", "PTS"] == "3½ → 4"
    assert df.loc["#4 David", "PTS"] == "3½ → 3"
    assert not any(re.fullmatch(r"(.+) → \1", cell) for cell in df.to_numpy().ravel())


# -- charts ----------------------------------------------------------------------------------------

def _uscf_vs_list_a(event):
    c = compare(event, [Ordering.from_preset("uscf"), Ordering.from_preset("fide-swiss-a")])
    return c.ranks, dict(c.players)


def test_bump_data(event):
    ranks, names = _uscf_vs_list_a(event)
    df = bump_data(ranks, names)
    assert len(df) == 32
    stephan = df[df["tpn"] == 16].sort_values("step")
    assert stephan["rank"].tolist() == [4, 2]
    assert stephan["moves"].all()
    assert not df[df["tpn"] == 2]["moves"].any()       # #2 wins under both


def test_bump_chart_spec_uses_okabe_ito_and_rank_one_on_top(event):
    ranks, names = _uscf_vs_list_a(event)
    spec = bump_chart(ranks, names).to_dict()
    moving = spec["layer"][1]
    colour = moving["encoding"]["color"]["scale"]
    assert colour["range"][:3] == OKABE_ITO[:3]
    assert colour["range"][-1] == STEADY
    assert moving["encoding"]["y"]["scale"]["reverse"] is True
    assert moving["encoding"]["x"]["sort"] == ["uscf", "fide-swiss-a"]


def test_heatmap(event):
    names = {t: event.player(t).name for t in event.tpns}
    ranks = single_criterion_ranks(event, ["MM", "BH"], "uscf")
    df = heatmap_data(ranks, names)
    assert len(df) == 32
    assert df[(df["tpn"] == 3) & (df["criterion"] == "MM")]["rank"].item() == 2
    spec = rank_heatmap(ranks, names).to_dict()
    assert spec["layer"][0]["encoding"]["color"]["scale"]["scheme"] == "viridis"
    # On a phone the chart shrinks; upright labels that never hide each other keep every
    # column named (level ones overlapped and Vega dropped every other one; seen in Chromium at 390 px)
    axis = spec["layer"][0]["encoding"]["x"]["axis"]
    assert axis["labelAngle"] == -90 and axis["labelOverlap"] is False and axis["labelLimit"] >= 100


def test_exports_are_real_images(event):
    ranks, names = _uscf_vs_list_a(event)
    chart = bump_chart(ranks, names)
    assert chart_png(chart).startswith(b"\x89PNG\r\n\x1a\n")
    svg = chart_svg(chart)
    assert svg.lstrip().startswith("<svg") and "#16 Stephan" in svg


# -- the chooser's values --------------------------------------------------------------------------

def test_ordering_from_state_defaults():
    chosen = ordering_from_state({})
    assert (chosen.preset, chosen.codes, chosen.rules.name) == ("uscf", ("MM", "BH", "CUM", "OCUM"), "uscf")
    assert chosen.options == Options(seed=1)
    assert chosen.label == "uscf"


def test_ordering_from_state_options():
    chosen = ordering_from_state({"preset": "uscf", "codes": ["mm", "bh/c1", "MM"], "rules": "fide",
                                  "unrated": "number", "unrated_rating": 1200, "round": 3, "kashdan_unplayed": 2,
                                  "cumulative": "one", "mm_forum": True, "sb_cut_lichess": True,
                                  "de_lichess": True, "seed": 7})
    assert chosen.codes == ("MM", "BH/C1")       # normalised, duplicates dropped
    assert chosen.preset is None                 # no longer the uscf list: a custom ordering
    assert chosen.label == "custom · fide"
    assert chosen.options == Options(unrated=1200, round=3, cumulative="one", kashdan_unplayed=2, mm_forum=True,
                                     sb_cut_lichess=True, de_lichess=True, seed=7)


def test_ordering_from_state_played_score_first():
    """The local rule is off unless the checkbox is ticked, and reaches the engine's options."""
    assert ordering_from_state({}).options.played_score_first is False
    assert ordering_from_state({"played_score_first": True}).options == Options(seed=1, played_score_first=True)


def test_ordering_from_state_round_zero_and_preset_under_other_rules():
    chosen = ordering_from_state({"preset": "fide-swiss", "codes": ["BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG",
                                                                    "BPG", "SB"], "rules": "fide2024", "round": 0})
    assert chosen.options.round is None
    assert chosen.label == "fide-swiss · fide2024"


def test_ordering_from_state_rejects_unknown():
    with pytest.raises(EventError):
        ordering_from_state({"codes": ["XYZ"]})
    with pytest.raises(EventError):
        ordering_from_state({"rules": "nope"})


def test_parse_typed_and_matching_preset():
    assert parse_typed("mm; bh  cum,ocum") == ["MM", "BH", "CUM", "OCUM"]
    assert matching_preset(parse_typed("MM BH CUM OCUM")) == "uscf"
    assert matching_preset(["BH"]) == CUSTOM
    with pytest.raises(EventError):
        parse_typed("BH/X9")


def test_rank_windows_and_players_in_places():
    from ui.render.charts import players_in_places, rank_windows
    assert rank_windows(52) == [(1, 20), (21, 40), (41, 52)]
    assert rank_windows(16) == [(1, 16)]
    ranks = {"a": {1: 1, 2: 2, 3: 2, 4: 4}, "b": {1: 4, 2: 1, 3: 2, 4: 3}}
    assert players_in_places(ranks, {1: "A", 2: "B", 3: "C", 4: "D"}, 2, 3) == {2: "B", 3: "C"}


def test_moves_long_frame_one_row_per_player_and_ordering(event):
    from ui.render.tables import moves_long_frame
    c = compare(event, [Ordering.from_preset("uscf"), Ordering.from_preset("fide-swiss-a")])
    df = moves_long_frame(c)
    start = df.index[df["Player"] == "#16 Stephan"][0]
    assert df.loc[start:start + 1, ["Ordering", "Rank"]].values.tolist() == [["uscf", "4"], ["fide-swiss-a", "2"]]
    assert df.loc[start + 1, "Player"] == ""
    assert df.loc[start + 1, "What placed them there"] == "above #3 on Number of wins (played or not) (3 to 2)"
    assert moves_long_frame(c, {2: "Bruno"}).empty                  # Bruno is first under both


def test_column_px_fits_the_longest_text():
    import pandas as pd

    from ui.render.tables import column_px, text_px
    frame = pd.DataFrame({"Name": ["Al", "Gorrochategui Torres, Eugenio"]})
    assert column_px(frame, "Name") >= text_px("Gorrochategui Torres, Eugenio") + 16
    assert column_px(frame, "Name") > column_px(pd.DataFrame({"Name": ["Al"]}), "Name")
    assert column_px(pd.DataFrame({"#": ["1"]}), "#") == 36          # the minimum


def test_a_round_the_event_lacks_is_told_in_the_choosers_words():
    text = error_text(RoundOutOfRange(9, 5))
    assert text.startswith("“Compute after round” is 9, but this event has rounds 1 to 5")
    assert "--" not in text
    assert error_text(EventError("no such player")) == "no such player"


# -- drawn again without being worked out again -----------------------------------------

def test_a_worked_once_table_runs_its_styling_once_and_draws_the_same(event):
    """Streamlit works a Styler out on every run of the page; the cached standings table must not redo it, and
    must still send the same CSS and the same cell texts each time."""
    from streamlit.elements.lib.pandas_styler_utils import marshall_styler
    from streamlit.proto.ArrowData_pb2 import ArrowData

    from ui.render.tables import worked_once

    df = standings_frame(standings(event, "MM,BH,CUM,OCUM", "uscf"))
    calls = []

    def shade(frame):
        calls.append(1)
        return frame.map(lambda v: "background-color: #cfe8f7" if v == "3½" else "")

    plain = df.style.apply(shade, axis=None).set_uuid("s")
    expected = ArrowData()
    marshall_styler(expected, plain, "x")
    assert calls == [1]
    once = worked_once(df.style.apply(shade, axis=None).set_uuid("s"))
    drawn = []
    for _ in range(3):
        proto = ArrowData()
        marshall_styler(proto, once, "x")
        drawn.append(proto)
    assert calls == [1, 1]                     # the plain one, then the kept one: once for three draws
    for proto in drawn:
        assert proto.styler.styles == expected.styler.styles
        assert proto.styler.display_values == expected.styler.display_values
    # the 3½ group (#3, #1, #16, #4 in rows 1-4) is what is shaded, in the points column
    points = list(df.columns).index("PTS")
    assert f"#T_s_row1_col{points}" in drawn[2].styler.styles and f"#T_s_row0_col{points}" not in drawn[2].styler.styles


def test_each_tied_group_is_shaded_by_a_rule_of_its_own_naming_the_theme_text_colour(event):
    """The browser finds a cell's colours by searching the table's CSS from its start, for the text colour and
    then the background (Streamlit 1.67's grid): a rule per tied group, in table order, and the text colour
    named, end those searches at the cell's own group instead of at the end of the text.  What is drawn is
    the same: each group in its tint, the text in the theme's colour."""
    import tomllib

    from streamlit.elements.lib.pandas_styler_utils import marshall_styler
    from streamlit.proto.ArrowData_pb2 import ArrowData

    from tests.paths import REPO_ROOT
    from ui.render.tables import TEXT_COLOUR

    theme = tomllib.loads((REPO_ROOT / ".streamlit" / "config.toml").read_text())["theme"]
    assert TEXT_COLOUR == theme["textColor"]
    df = standings_frame(standings(event, "MM,BH,CUM,OCUM", "uscf"))
    proto = ArrowData()
    marshall_styler(proto, style_standings(df), "x")
    lines = proto.styler.styles.split("\n")
    groups_in_order = []
    for line in lines:
        rows = {int(r) for r in re.findall(r"_row(\d+)_col\d+", line)}
        groups = {df[TIED].iloc[r] for r in rows}
        assert len(groups) == 1, line                           # one tied group per rule
        group = groups.pop()
        assert len(rows) * len(df.columns) == len(re.findall(r"_row\d+_col\d+", line))   # every cell of its rows
        assert f"background-color: {GROUP_TINTS[(int(group) - 1) % 2]}" in line
        assert f"; color: {TEXT_COLOUR}" in line
        groups_in_order.append(group)
    # Fixture A's tied groups, top to bottom: the 3½ group (rows 1-4) first, the 2½ group (rows 6-8) next
    assert groups_in_order == sorted(set(df[TIED]) - {""}, key=int)
    assert groups_in_order[:2] == [df[TIED].iloc[1], df[TIED].iloc[6]] and len(groups_in_order) >= 2


def test_the_standings_tint_survives_being_worked_once(event):
    """The standings' Styler kept worked out (as the cache keeps it): its HTML still shades the tied groups."""
    from ui.render.tables import worked_once

    df = standings_frame(standings(event, "MM,BH,CUM,OCUM", "uscf"))
    styled = worked_once(style_standings(df))
    first, again = cell_css(styled.to_html()), cell_css(styled.to_html())
    assert first == again
    assert f"background-color: {GROUP_TINTS[0]}" in again[(1, 0)] and "background" not in again.get((0, 0), "")


def test_a_cached_chart_is_converted_once_and_keeps_its_data(event):
    """Streamlit converts a chart to Vega-Lite on every run; a cached chart answers later runs from the first
    conversion, data included (Streamlit sends the data apart from the spec, as "datasets")."""
    from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec

    from ui.render.charts import unchecked

    ranks, names = _uscf_vs_list_a(event)
    chart = bump_chart(ranks, names)
    convert, calls = chart.to_dict, []

    def counted(*args, **kwargs):
        calls.append(1)
        return convert(*args, **kwargs)

    object.__setattr__(chart, "to_dict", counted)
    chart = unchecked(chart)
    specs = [_convert_altair_to_vega_lite_spec(chart) for _ in range(3)]
    assert len(calls) == 1
    assert specs[0] == specs[1] == specs[2] and specs[1] is not specs[0]
    assert specs[2]["datasets"] and all(specs[2]["datasets"].values())   # each dataset's data still there
    assert specs[2]["layer"][1]["encoding"]["color"]["scale"]["range"][:3] == OKABE_ITO[:3]
    # Only the two levels Streamlit changes are copied per run (a deep copy cost seconds); a run that
    # takes the datasets out of its copy, as Streamlit does, leaves the next run's whole
    specs[1]["datasets"].clear()
    del specs[1]["datasets"]
    assert _convert_altair_to_vega_lite_spec(chart) == specs[2]
    chart.to_dict(validate=True)               # an explicit check still converts (and checks) afresh
    assert len(calls) == 2


def test_the_chances_chart_leaves_its_bar_room_under_a_long_legend():
    """A question about one player lists every place he can reach: here 13 (4th to 10th, 15th to 20th),
    seven lines of the legend at two a line.  Streamlit fits the legend into the chart's height, so a height
    for the bars alone (110 px plus the row) left his one bar a hairline.  Measured in Chromium: the axis,
    titles and gaps take 136 px, each legend line 18 px, and his row 25 px (his name on one line)."""
    from engine.forecast.places import Forecast, Question
    from engine.teaching.scenarios import load_scenario
    from ui.forecast import chances_height
    event = load_scenario("before-the-last-round").event
    tpn = min(p.tpn for p in event.players)
    assert len(f"{event.player(tpn).name} (#{tpn})") <= 18          # one line of the axis
    places = {k: 1 / 13 for k in [*range(4, 11), *range(15, 21)]}
    one = Forecast("sampled", Question(places=None, player=tpn), "elo", 0.3, [], [], {tpn: places})
    assert chances_height(one, event) == 136 + 7 * 18 + 25
    # two places more, one line more
    more = Forecast("sampled", Question(places=None, player=tpn), "elo", 0.3, [], [],
                    {tpn: {**places, 21: 0.0, 22: 0.0}})
    assert chances_height(more, event) == chances_height(one, event) + 18


def test_who_moves_and_why_in_german(event):
    """The same row as above (Stephan above #3 on the number of wins, 3 to 2, under FIDE's order A), written
    in German from the engine's record."""
    from i18n.catalog import translator
    from ui.render.tables import moves_long_frame
    c = compare(event, [Ordering.from_preset("uscf"), Ordering.from_preset("fide-swiss-a")])
    df = moves_long_frame(c, tr=translator("de"))
    start = df.index[df["Player"] == "#16 Stephan"][0]
    assert df.loc[start + 1, "What placed them there"] == "vor #3 nach Anzahl der Siege (gespielt oder nicht) (3 zu 2)"
