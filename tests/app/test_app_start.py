"""AppTest for the Start page: the purpose of tie-breaks and the example event's standings."""
from __future__ import annotations

from engine.core.presets import PRESETS
from engine.ranking.standings import standings
from tests.pages import open_page
from ui.render.grid import default_preset
from ui.session.state import example_event

PAGE = "Start"


def test_start_page_explains_and_shows_the_example_standings():
    at = open_page(PAGE, timeout=30).run()
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "indivisible" in text or "cannot be split" in text
    # true about money (issue 40): tie-breaks decide cash under some rules, and the page says which
    assert "tie-breaks do not decide money" not in text
    assert "US Chess shares it equally among the tied players (rule 32B)" in text
    assert "pay it in tie-break order or by the Hort system" in text

    example = example_event()
    preset = PRESETS[default_preset(example)]
    expected = standings(example, preset.criteria, preset.rules)
    top_score = max(example.score(t) for t in example.tpns)
    leader = expected.rows[0]
    assert example.score(leader.tpn) == top_score

    table = at.dataframe[0].value
    assert len(table) == len(example.players)
    assert table.iloc[0]["Name"] == leader.name
    assert table.iloc[0]["No."] == leader.tpn
    assert any(t.value.startswith(f"Leader: {leader.name}") for t in at.text)


def test_start_page_shows_the_autosaved_event_after_a_restart():
    from tests.fixtures import fixture_a
    from ui.session import store

    store.save("Club night", fixture_a())
    at = open_page(PAGE, timeout=30).run()
    assert not at.exception
    assert any(t.value.startswith("Club night: 16 players, 5 rounds") for t in at.text)
    assert "Bruno" in set(at.dataframe[0].value["Name"])


def test_start_leads_to_every_task_by_name_the_parents_question_first():
    """The page itself (not only the sidebar, closed on a phone) links to every page, the
    parent's question first, and the links come before the standings."""
    from ui.session.navigation import PAGES
    at = open_page(PAGE, timeout=30).run()
    assert not at.exception
    texts = [t.value for t in at.text]         # AppTest has no navigation: each link shows as its label
    assert texts[0] == "Why is my child below another player on the same points?"
    for page in PAGES[1:]:
        if page.path != "pages/why.py":
            assert any(t.startswith(f"{page.title}: ") for t in texts), page.title
    links_end = max(i for i, t in enumerate(texts) if ": " in t and t.split(": ")[0] in {p.title for p in PAGES})
    standings_at = next(i for i, t in enumerate(texts) if t.startswith("Leader: "))
    assert links_end < standings_at
