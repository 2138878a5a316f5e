"""The smaller stumbles a new user met, each as the page shows it."""
from __future__ import annotations

from tests.pages import build_tab, open_page


def test_the_glossary_has_an_entry_for_tie_break_itself():
    at = open_page("Glossary", timeout=30).run()
    at.text_input(key="glossary_search").input("tie-break").run()
    vocab = next(t.value for t in at.table if "FIDE" in t.value.columns)
    idea = next(i for i in vocab.index if i.startswith("Tie-break: "))
    assert "same score" in idea and vocab.loc[idea, "FIDE"] == "Tie-break (FIDE Handbook C.07)"


def test_training_says_only_the_first_answer_scores():
    at = open_page("Training", timeout=60).run()
    assert not at.exception
    assert "Only your first answer to each question counts for the score" in at.caption[0].value


def test_the_training_caption_says_each_thing_once():
    """The caption, the seed's help and the score's help each say their own thing: the first-answer rule is in
    the caption only, the same-seed-same-set promise in the seed's help only."""
    at = open_page("Training", timeout=60).run()
    texts = [at.caption[0].value, at.number_input(key="train_seed").help, at.metric[0].help]
    assert [sum("first answer" in x.lower() for x in texts), sum("same event and seed" in x for x in texts)] == [1, 1]
    assert "same event and seed" in at.number_input(key="train_seed").help


def test_a_new_event_goes_on_in_the_players_grid():
    from ui.session.navigation import BUILD_TAB
    at = build_tab(open_page("Build event", timeout=60).run(), "New event")
    at = next(b for b in at.button if b.label == "Create the event").click().run()
    assert not at.exception
    assert at.session_state[BUILD_TAB] == "Players and results"
    assert any(e.key.startswith("players_grid_") for e in at.data_editor)        # the grid is on screen
    assert any("Type the names and ratings in the players grid below" in s.value for s in at.success)


def test_the_result_help_names_what_a_paired_cell_shows():
    at = open_page("Build event", timeout=60).run()
    assert any("A paired game still to be played shows as ?W9 or ?B6" in c.value for c in at.caption)


def test_the_movers_table_breaks_between_words_only():
    """The movers' cells broke inside words on a phone ("#15 Rei-ne"); they sit in their own
    container, which the page's style keeps to whole words (checked in Chromium at 390 px: the table fits)."""
    from ui.widgets.layout import FIT_CSS
    at = open_page("Compare orderings", timeout=120).run()
    assert not at.exception
    assert ".st-key-movers [data-testid=\"stTable\"] td" in FIT_CSS and "overflow-wrap: normal" in FIT_CSS
    assert any(c.key == "movers" for c in at.main.children.values() if hasattr(c, "key"))


def test_a_data_grid_on_a_phone_has_room_for_its_toolbar():
    """At 390 px the grid's toolbar (44 px, from 16 px above the grid) covered the end of the
    heading above the Standings table; on a phone the grid's container keeps room for it (checked in Chromium)."""
    from ui.widgets.layout import FIT_CSS
    phone = FIT_CSS[FIT_CSS.index("@media (max-width: 640px)"):]
    assert '[data-testid="stFullScreenFrame"] > [data-testid="stDataFrame"]' in phone
    assert "padding-top: 2.5rem" in phone


def test_the_heat_maps_ranks_shrink_with_their_columns():
    """On a phone the heat map's 13 columns are ~14 px wide and two-digit ranks ran into each
    other; the digits' size follows the column's width (at most the usual size), so they stay apart."""
    from ui.render.charts import rank_heatmap
    ranks = {c: {t: t for t in range(1, 13)} for c in ("BH", "SB", "WIN")}
    spec = rank_heatmap(ranks, {t: f"P{t}" for t in range(1, 13)}).to_dict()
    size = spec["layer"][1]["mark"]["fontSize"]
    assert size == {"expr": "min(13, width / 3 / 1.5)"}          # two digits: 0.6 each, and a margin
