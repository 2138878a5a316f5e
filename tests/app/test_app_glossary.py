"""The Glossary page under AppTest: synonyms, US Chess / FIDE words, and the search box."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

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


def _found(at: AppTest, words: str) -> tuple[list[str], list[str]]:
    at.text_input(key="glossary_search").input(words).run()
    assert not at.exception
    return [e.label for e in at.expander], [str(t.value.index.tolist()) for t in at.table]


def test_tiebreak_is_found_however_it_is_written():
    """Searching "tiebreak", "tie-break" or "tie break" finds the same, non-empty, entries."""
    at = open_page(PAGE, timeout=30).run()
    found = [_found(at, w) for w in ("tiebreak", "tie-break", "tie break", "Tie Break")]
    assert found[0][0] and all(f == found[0] for f in found)


def test_every_system_is_found_by_its_everyday_names():
    """Each everyday name on results sheets opens the entry of its code."""
    at = open_page(PAGE, timeout=30).run()
    for words, code in [("Solkoff", "BH"), ("Harkness", "MED"), ("Neustadtl", "SB"), ("Baumbach", "WIN"),
                        ("most blacks", "BPG"), ("coin flip", "LOTS"), ("running score", "CUM"),
                        ("running score", "PS"), ("head to head", "H2H"), ("direct encounter", "DE"),
                        ("opposition cumulative", "OCUM"), ("performance rating", "TPR"),
                        ("Sonneborn Berger", "SB"), ("average rating of opposition", "ARO"),
                        ("time of loss", "TFL"), ("late arrival", "LATE"), ("Koya", "KS")]:
        labels, _ = _found(at, words)
        assert any(label.startswith(f"{code} · ") for label in labels), (words, code, labels)
