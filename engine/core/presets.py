"""Named tie-break orders, each with its rule set and where it comes from.

Every preset is: points, then the listed criteria, then shared places (add ``LOTS`` to break the
rest).  The historical FIDE lists are labelled as such: C.07 itself prescribes no default list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from engine.core.codes import Criterion, parse_code, parse_codes
from engine.core.errors import EventError
from engine.core.said import said


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
           "US Chess rule 34E: the order its rulebook recommends for individual Swiss events, as TDs and "
           "club rules quote it"),
    Preset("fide-swiss", "FIDE Swiss, legacy list B (historical; Buchholz first)",
           ("BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB"), "fide",
           "The later of two lists FIDE once recommended; FIDE C.07 art. 4.1 now lets the organiser "
           "choose the list"),
    Preset("fide-swiss-a", "FIDE Swiss, legacy list A (historical; direct encounter first)",
           ("DE", "WIN", "BPG", "ARO/C1", "BH/C1", "BH", "SB"), "fide",
           "The earlier of two lists FIDE once recommended; FIDE C.07 art. 4.1 now lets the organiser "
           "choose the list"),
    Preset("fide-rr", "FIDE round robin", ("DE", "WIN", "SB", "KS"), "fide",
           "FIDE's older recommendation for round robins and FIDE event regulations (World Junior); "
           "Buchholz is never used in a round robin"),
    Preset("washington", "Washington (Northwest) scholastic", ("BH", "CUM", "OCUM", "RTNG"), "uscf",
           "The Washington (Northwest) scholastic tie-break rules"),
    Preset("puddletown", "Puddletown (Modified Median, then head-to-head)", ("MM", "H2H", "BH", "CUM"), "uscf",
           "Puddletown's club rules; their head-to-head step, printed under Modified Median, is read "
           "as the second criterion"),
    Preset("lichess", "Lichess Swiss", ("SB", "LPERF"), "lichess",
           "lichess Swiss scoring (lichess's own rules: Sonneborn-Berger, then performance)"),
    # named variants: other orders in use where the sources disagree
    Preset("uscf-wintd", "US Chess, WinTD order (MM, Solkoff, SB, Cumulative)", ("MM", "BH", "SB", "CUM"), "uscf",
           "The order in the newer help pages of WinTD (a US tournament program)"),
    Preset("uscf-wintd-old", "US Chess, older WinTD order", ("MM", "MED", "BH", "SB", "CUM"), "uscf",
           "The order in the older help pages of WinTD"),
    Preset("puddletown-h2h-last", "Puddletown with head-to-head last", ("MM", "BH", "CUM", "H2H"), "uscf",
           "The other reading of Puddletown's rules: head-to-head last"),
]}

#: the main presets (the others are labelled variants)
MAIN_PRESETS = ("uscf", "fide-swiss", "fide-swiss-a", "fide-rr", "washington", "puddletown", "lichess")


def preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except KeyError:
        raise EventError(said("unknown preset {name}; choose one of {known}", name=repr(name),
                              known=", ".join(PRESETS))) from None


def preset_for(codes: Sequence[str]) -> str | None:
    """The name of our preset whose tie-breaks are exactly ``codes`` (e.g. a 202/212 record), if any.

    ``PTS`` is ignored wherever it stands and codes are compared after parsing (``bh/c1`` = ``BH/C1``,
    ``GE`` = ``REP``), so ``preset_for(event.file_tiebreaks)`` tells whether a file asks for a known list.
    The main presets are tried before the named variants.

    >>> preset_for(["DE", "WIN", "SB", "KS"]), preset_for(["PTS", "sb", "lperf"]), preset_for(["BH"])
    ('fide-rr', 'lichess', None)
    """
    try:
        wanted = tuple(str(parse_code(c)) for c in codes if c.strip().upper() != "PTS")
    except EventError:
        return None
    if not wanted:
        return None
    names = list(MAIN_PRESETS) + [n for n in PRESETS if n not in MAIN_PRESETS]
    for name in names:
        if tuple(str(parse_code(c)) for c in PRESETS[name].codes) == wanted:
            return name
    return None
