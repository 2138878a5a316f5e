"""The Glossary page under AppTest: synonyms, US Chess / FIDE words, and the search box."""
from __future__ import annotations

from tests.pages import open_page


PAGE = "Glossary"


def test_the_glossary_pairs_the_names_that_mean_the_same_thing():
    at = open_page(PAGE, timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Glossary"
    same = at.table[0].value
    assert "Buchholz" in same.loc["Solkoff", "Also called"]
    assert "Progressive" in same.loc["Cumulative", "Also called"]
    assert "Neustadtl" in same.loc["Sonneborn-Berger", "Also called"]
    assert "direct encounter" in same.loc["Head-to-head", "Also called"]
    vocab = at.table[1].value
    assert vocab.loc["The person who runs the event", "US Chess"].startswith("Tournament director")
    assert vocab.loc["Point for the odd player out", "FIDE"] == "Pairing-allocated bye (PAB)"


def test_search_filters_every_table():
    at = open_page(PAGE, timeout=30).run()
    at.text_input(key="glossary_search").input("neustadtl").run()
    assert at.table[0].value.index.tolist() == ["Sonneborn-Berger"]
    assert [e.label for e in at.expander] == ["SB · Sonneborn-Berger (Neustadtl)"]
    assert any("No preset matches" in i.value for i in at.info)
    assert any("No entry matches" in i.value for i in at.info)
