"""Named tie-break orders (RULES.md §4), each with its rule set and its source.

Every preset is: points, then the listed criteria, then shared places (add ``LOTS`` to break the
rest).  The historical FIDE lists are labelled as such: C.07 itself prescribes no default list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from engine.core.codes import Criterion, parse_codes
from engine.core.errors import EventError


@dataclass(frozen=True)
class Preset:
    name: str
    label: str
    codes: tuple[str, ...]
    rules: str
    source: str

    @property
    def criteria(self) -> list[Criterion]:
        return parse_codes(list(self.codes))


PRESETS: Mapping[str, Preset] = {p.name: p for p in [
    Preset("uscf", "US Chess recommended (individual Swiss)", ("MM", "BH", "CUM", "OCUM"), "uscf",
           "US Chess rulebook 34E as quoted by Wikipedia and TDs (RULES.md §4.1)"),
    Preset("fide-swiss", "FIDE Swiss, legacy list B (historical; Buchholz first)",
           ("BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB"), "fide",
           "A historical FIDE recommendation; C.07 lets the organiser choose (RULES.md §4.2)"),
    Preset("fide-swiss-a", "FIDE Swiss, legacy list A (historical; direct encounter first)",
           ("DE", "WIN", "BPG", "ARO/C1", "BH/C1", "BH", "SB"), "fide",
           "An older historical FIDE recommendation (RULES.md §4.2)"),
    Preset("fide-rr", "FIDE round robin", ("DE", "WIN", "SB", "KS"), "fide",
           "Older FIDE recommendation and event regulations (RULES.md §4.3)"),
    Preset("washington", "Washington (Northwest) scholastic", ("BH", "CUM", "OCUM", "RTNG"), "uscf",
           "Washington scholastic rules, seed 003 (RULES.md §4.4)"),
    Preset("puddletown", "Puddletown (Modified Median, then head-to-head)", ("MM", "H2H", "BH", "CUM"), "uscf",
           "Puddletown rules, seed 002; head-to-head read as the second criterion (RULES.md §4.5)"),
    Preset("lichess", "Lichess Swiss", ("SB", "LPERF"), "lichess", "lichess Swiss scoring (RULES.md §4.6)"),
    # named variants of RULES.md §8
    Preset("uscf-wintd", "US Chess, WinTD order (MM, Solkoff, SB, Cumulative)", ("MM", "BH", "SB", "CUM"), "uscf",
           "WinTD help, newer (RULES.md §8.4)"),
    Preset("uscf-wintd-old", "US Chess, older WinTD order", ("MM", "MED", "BH", "SB", "CUM"), "uscf",
           "WinTD help, older (RULES.md §8.4)"),
    Preset("puddletown-h2h-last", "Puddletown with head-to-head last", ("MM", "BH", "CUM", "H2H"), "uscf",
           "The other reading of seed 002 (RULES.md §8.18)"),
]}

#: the presets of RULES.md §10 (the others are labelled variants)
MAIN_PRESETS = ("uscf", "fide-swiss", "fide-swiss-a", "fide-rr", "washington", "puddletown", "lichess")


def preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except KeyError:
        raise EventError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}") from None
