"""One row per code: every code in :data:`engine.core.codes.CODES` has every part the engine and the app need.

A new tie-break is its row plus one family module; these tests fail while any part of it is missing or
filed somewhere its row does not say.
"""
from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from importlib import import_module

import pytest

from engine.core.codes import CODES, RATING_CODES, CodeInfo, Printing
from engine.core.printing import format_value
from engine.core.rules import RULE_SETS
from engine.tiebreaks.context import CALCULATORS, SPLITTERS
from engine.tiebreaks.fast import COLUMNS

VALUE_CODES = sorted(c for c, info in CODES.items() if not info.group_dependent)
GROUP_CODES = sorted(c for c, info in CODES.items() if info.group_dependent)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_has_its_meaning_words_and_printing(code):
    info = CODES[code]
    assert info.code == code and info.name
    assert info.words.name and info.words.sentences and info.words.example
    assert all(info.said), "the words a sentence uses for it, singular and plural"
    assert info.everyday, "what it measures in a parent's words"
    assert isinstance(info.prints, Printing)
    import_module(f"engine.tiebreaks.{info.family}")     # its family is a module of engine.tiebreaks


@pytest.mark.parametrize("code", VALUE_CODES)
def test_every_value_code_has_a_traced_calculator_a_fast_column_and_a_reach(code):
    info = CODES[code]
    assert CALCULATORS[code].__module__ == f"engine.tiebreaks.{info.family}"
    assert code in COLUMNS
    # None: the value reads the whole field (Papi's performance estimates ratings from every player's score)
    assert info.reach in (0, 1, 2) or (code == "PPR" and info.reach is None)


@pytest.mark.parametrize("code", GROUP_CODES)
def test_every_group_code_has_a_splitter_and_no_value_of_its_own(code):
    info = CODES[code]
    assert SPLITTERS[code].__module__ == f"engine.tiebreaks.{info.family}"
    assert code not in CALCULATORS and code not in COLUMNS and info.reach is None


def test_no_calculator_or_column_for_a_code_without_a_row():
    assert sorted(CALCULATORS) == VALUE_CODES
    assert sorted(COLUMNS) == VALUE_CODES
    assert sorted(SPLITTERS) == GROUP_CODES


def test_rating_codes_come_from_the_rows():
    # FIDE C.07 art. 10 (ARO, TPR, PTP, APRO, APPO), the linear performances and lichess' performance
    assert RATING_CODES == {"ARO", "TPR", "PTP", "APRO", "APPO", "PERF", "OPERF", "LPERF", "PPR"}


def test_printing_follows_the_row():
    # FIDE's rounded averages are ints already; a linear performance of 9903/5 = 1980.6 shows two decimals
    assert format_value("ARO/C1", 1820) == "1820"
    assert format_value("PERF", Fraction(9903, 5)) == "1980.60"
    assert format_value("SB", Fraction(25, 4)) == "6.25"
    assert format_value("BH", None) == ""


def test_every_rule_set_row_carries_its_words():
    # one row per rule set: its short name, the heading and paragraph the glossary and the announcement show
    for name, rs in RULE_SETS.items():
        assert rs.name == name and rs.label and rs.citation
        assert rs.short and rs.heading and len(rs.paragraph) > 100, name
    assert RULE_SETS["uscf"].short == "US Chess" and RULE_SETS["fide2009"].heading == "FIDE 2009 (virtual opponent)"


def test_the_opponent_sums_of_the_why_answer_come_from_the_rows():
    # Buchholz, Median, Modified Median, Fore Buchholz and Sonneborn-Berger add up opponents' scores;
    # AOB averages them, Opposition Cumulative is a progressive sum, Koya counts points against a group
    from engine.ranking.why_above import _OPPONENT_SUMS
    assert _OPPONENT_SUMS == {"BH", "MED", "MM", "FB", "SB"}


def test_the_registry_cites_no_private_numbering():
    # a row names the public rule in its words, never a section number of a private document
    assert "section" not in {f.name for f in fields(CodeInfo)}
