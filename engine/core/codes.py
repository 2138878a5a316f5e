"""Tie-break codes and modifiers, parsed into :class:`Criterion` values.

One code per system everywhere (engine, files, command line, UI).  Modifiers use FIDE's descriptor
syntax: ``BH/C1``, ``SB/C2``, ``ARO/M1``, ``BH/C1/N``, ``BH/P``, ``AOB/F``, ``KS/L40``, ``KS/L+1``,
``RTNG/R``.  An unknown code or modifier is an error, never silently skipped.

>>> parse_code("bh/c1/n")
Criterion(code='BH', cut=1, median=0, plain=True, forfeits_played=False, fore=False, limit_pct=None, limit_shift=0, reverse=False)
>>> str(parse_code("BH/C1/N")), str(parse_code("GE"))
('BH/C1/N', 'REP')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from engine.core.errors import EventError


@dataclass(frozen=True)
class CodeInfo:
    code: str
    name: str
    section: str
    modifiers: str = ""            # letters allowed: C M N P F L R
    higher_is_better: bool = True
    group_dependent: bool = False  # DE, H2H, LOTS
    rating_based: bool = False
    kind: str = "sum"              # sum | count | average | position | flag
    depends_on_rules: bool = True


CODES: Mapping[str, CodeInfo] = {c.code: c for c in [
    CodeInfo("PTS", "Points", "0.1", depends_on_rules=False),
    CodeInfo("BH", "Buchholz (Solkoff)", "2.1", "CMNP"),
    CodeInfo("MED", "Median (Harkness)", "2.2", "P"),
    CodeInfo("MM", "Modified Median", "2.3", "P"),
    CodeInfo("FB", "Fore Buchholz", "2.5", "CMNP"),
    CodeInfo("AOB", "Average of opponents' Buchholz", "2.6", "F", kind="average"),
    CodeInfo("PS", "Progressive score", "2.7", "C", depends_on_rules=False),
    CodeInfo("CUM", "Cumulative (US Chess)", "2.7", depends_on_rules=False),
    CodeInfo("OCUM", "Cumulative of opposition", "2.8", depends_on_rules=False),
    CodeInfo("SB", "Sonneborn-Berger (Neustadtl)", "2.9", "CMNP"),
    CodeInfo("KS", "Koya", "2.10", "L", depends_on_rules=False),
    CodeInfo("KASH", "Kashdan", "2.11", depends_on_rules=False),
    CodeInfo("H2H", "Result between tied players (US head-to-head)", "2.12", group_dependent=True,
             kind="position", higher_is_better=False, depends_on_rules=False),
    CodeInfo("DE", "Direct encounter", "2.12", "P", group_dependent=True, kind="position",
             higher_is_better=False, depends_on_rules=False),
    CodeInfo("WIN", "Number of wins (played or not)", "2.13", kind="count", depends_on_rules=False),
    CodeInfo("WON", "Games won over the board", "2.13", kind="count", depends_on_rules=False),
    CodeInfo("BPG", "Games played with Black", "2.14", kind="count", depends_on_rules=False),
    CodeInfo("BWG", "Games won with Black", "2.14", kind="count", depends_on_rules=False),
    CodeInfo("REP", "Rounds one elected to play", "2.15", kind="count", depends_on_rules=False),
    CodeInfo("VUR", "Voluntarily unplayed rounds (fewer is better)", "1.2", kind="count",
             higher_is_better=False, depends_on_rules=False),
    CodeInfo("ARO", "Average rating of opponents", "2.16", "CM", rating_based=True, kind="average",
             depends_on_rules=False),
    CodeInfo("TPR", "Tournament performance rating", "2.17", rating_based=True, kind="average",
             depends_on_rules=False),
    CodeInfo("PTP", "Perfect tournament performance", "2.17", rating_based=True, kind="average",
             depends_on_rules=False),
    CodeInfo("PERF", "Linear performance", "2.17", rating_based=True, kind="average", depends_on_rules=False),
    CodeInfo("APRO", "Average of opponents' TPR", "2.18", rating_based=True, kind="average",
             depends_on_rules=False),
    CodeInfo("APPO", "Average of opponents' PTP", "2.18", rating_based=True, kind="average",
             depends_on_rules=False),
    CodeInfo("OPERF", "Opponents' average linear performance", "2.18", rating_based=True, kind="average",
             depends_on_rules=False),
    CodeInfo("LPERF", "Lichess Swiss performance", "4.6", rating_based=True, kind="average",
             depends_on_rules=False),
    CodeInfo("TFL", "Time of first loss (later is better)", "2.19", kind="count", depends_on_rules=False),
    CodeInfo("LATE", "On time (tardiness)", "2.20", kind="flag", depends_on_rules=False),
    CodeInfo("RTNG", "Rating (higher first)", "2.21", "R", kind="count", depends_on_rules=False),
    CodeInfo("TPN", "Pairing number (lower first)", "2.21", "R", kind="count", higher_is_better=False,
             depends_on_rules=False),
    CodeInfo("LOTS", "Drawing of lots", "2.23", group_dependent=True, kind="position",
             higher_is_better=False, depends_on_rules=False),
]}

ALIASES: Mapping[str, str] = {"GE": "REP", "SOLKOFF": "BH", "BUCHHOLZ": "BH", "NEUSTADTL": "SB"}

_MOD = re.compile(r"^(C|M)(\d+)$|^(N|P|F|R)$|^L([+-]\d+)$|^L(\d+)$")


@dataclass(frozen=True)
class Criterion:
    """One parsed tie-break descriptor."""

    code: str
    cut: int = 0
    median: int = 0
    plain: bool = False
    forfeits_played: bool = False
    fore: bool = False
    limit_pct: int | None = None
    limit_shift: int = 0
    reverse: bool = False

    @property
    def info(self) -> CodeInfo:
        return CODES[self.code]

    @property
    def higher_is_better(self) -> bool:
        return self.info.higher_is_better != self.reverse

    def __str__(self) -> str:
        text = self.code
        if self.cut:
            text += f"/C{self.cut}"
        if self.median:
            text += f"/M{self.median}"
        if self.plain:
            text += "/N"
        if self.forfeits_played:
            text += "/P"
        if self.fore:
            text += "/F"
        if self.limit_pct is not None:
            text += f"/L{self.limit_pct}"
        if self.limit_shift:
            text += f"/L{self.limit_shift:+d}"
        if self.reverse:
            text += "/R"
        return text

    def modifier_words(self) -> list[str]:
        """The modifiers in words, e.g. ``["cut 1", "plain cut"]`` for ``BH/C1/N``."""
        words = []
        if self.cut:
            words.append(f"cut {self.cut}" if self.code != "PS" else
                         f"without the first {self.cut} round{'s' if self.cut > 1 else ''}")
        if self.median:
            words.append(f"median {self.median}")
        if self.plain:
            words.append("plain cut")
        if self.forfeits_played:
            words.append("forfeits as played")
        if self.fore:
            words.append("on Fore Buchholz")
        if self.limit_pct is not None:
            words.append(f"limit {self.limit_pct}%")
        if self.limit_shift:
            words.append(f"limit {self.limit_shift:+d} half-point{'s' if abs(self.limit_shift) > 1 else ''}")
        if self.reverse:
            words.append("reversed")
        return words

    @property
    def label(self) -> str:
        extra = self.modifier_words()
        return self.info.name + (f" ({', '.join(extra)})" if extra else "")


def parse_code(text: str) -> Criterion:
    """Parse one descriptor; raise :class:`EventError` for anything unknown."""
    raw = text.strip()
    if not raw:
        raise EventError("empty tie-break code")
    parts = raw.upper().split("/")
    head = ALIASES.get(parts[0], parts[0])
    if head not in CODES:
        raise EventError(f"unknown tie-break code {parts[0]!r} in {raw!r}; known codes: {', '.join(CODES)}")
    info = CODES[head]
    fields: dict = {}
    for mod in parts[1:]:
        m = _MOD.match(mod)
        letter = mod[:1]
        if not m or letter not in info.modifiers:
            allowed = ", ".join("/" + c for c in info.modifiers) or "none"
            raise EventError(f"modifier /{mod} is not valid for {head} in {raw!r} (allowed: {allowed})")
        if m.group(1) == "C":
            fields["cut"] = int(m.group(2))
        elif m.group(1) == "M":
            fields["median"] = int(m.group(2))
        elif m.group(3) == "N":
            fields["plain"] = True
        elif m.group(3) == "P":
            fields["forfeits_played"] = True
        elif m.group(3) == "F":
            fields["fore"] = True
        elif m.group(3) == "R":
            fields["reverse"] = True
        elif m.group(4) is not None:
            fields["limit_shift"] = int(m.group(4))
        elif m.group(5) is not None:
            fields["limit_pct"] = int(m.group(5))
    if fields.get("cut") and fields.get("median"):
        raise EventError(f"{raw!r}: a cut and a median cannot be combined")
    return Criterion(head, **fields)


def parse_codes(text: str | list[str]) -> list[Criterion]:
    """Parse a comma- or space-separated list.  ``PTS`` may be given; it is always first anyway.  A code
    given twice (``BH,BH``, or ``BH,SOLKOFF``) is refused: the second could never separate anybody.

    >>> [str(c) for c in parse_codes("BH/C1, bh, SB")]
    ['BH/C1', 'BH', 'SB']
    """
    items = text if isinstance(text, list) else re.split(r"[,\s]+", text.strip())
    items = [i for i in items if i.strip()]
    if not items:
        raise EventError("no tie-break codes given")
    criteria = [parse_code(i) for i in items]
    seen: set[str] = set()
    for item, crit in zip(items, criteria):
        if str(crit) in seen:
            raise EventError(f"tie-break {crit} is given twice in {', '.join(i.strip() for i in items)}: "
                             f"a criterion can only break a tie once")
        seen.add(str(crit))
    return criteria
