"""Rule sets (RULES.md §1, §10) and the options of §8, as named immutable data.

A :class:`RuleSet` answers the two questions every opponent-based tie-break asks: what score does an
opponent count for (§1 (a)), and what do the player's own unplayed rounds count for (§1 (b)).
Calculators read these fields; they never test a rule set's name.

>>> RULE_SETS["fide"].dummy_cap, RULE_SETS["fide2024"].dummy_cap
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping

from engine.core.errors import EventError


@dataclass(frozen=True)
class RuleSet:
    """One unplayed-round model (RULES.md §1)."""

    name: str
    label: str
    #: how an opponent's score is adjusted: "uscf" (½ per unplayed round), "fide" (trailing VURs ½),
    #: "half" (every unplayed round ½, FIDE 2009), "raw" (real score)
    opponent_model: str
    #: what the player's own unplayed round contributes: "zero", "dummy" (own score), "virtual"
    #: (FIDE 2009 virtual opponent), "lichess" (virtual opponent for a PAB only, else nothing)
    own_model: str
    #: FIDE 2026 caps on the dummy (16.4.1 / 16.4.2)
    dummy_cap: bool = False
    #: FIDE low-cut preference for the player's own VURs (16.5)
    vur_cut_preference: bool = False
    #: is this a FIDE model (round robins then follow §1.6)
    fide: bool = False
    citation: str = ""


RULE_SETS: Mapping[str, RuleSet] = {
    "uscf": RuleSet("uscf", "US Chess (adjusted scores: every unplayed round counts ½, own unplayed rounds 0)",
                    "uscf", "zero", citation="US Chess rule 34E (RULES.md §1.1)"),
    "fide": RuleSet("fide", "FIDE C.07 2026 (dummy opponent, capped)", "fide", "dummy", dummy_cap=True,
                    vur_cut_preference=True, fide=True,
                    citation="FIDE C.07 art. 16, 2026 revision (RULES.md §1.3), as FIDE's reference calculator"),
    "fide2024": RuleSet("fide2024", "FIDE C.07 2023/2024 (dummy opponent = own score)", "fide", "dummy",
                        vur_cut_preference=True, fide=True, citation="FIDE C.07 art. 16, 2024 (RULES.md §1.2)"),
    "fide2009": RuleSet("fide2009", "FIDE 2009 (virtual opponent)", "half", "virtual", fide=True,
                        citation="FIDE 2009 tie-break rules, virtual opponent (RULES.md §1.4)"),
    "raw": RuleSet("raw", "Raw (no adjustment: real scores, own unplayed rounds add nothing)", "raw", "zero",
                   citation="no adjustment (RULES.md §1.5), for teaching"),
    "lichess": RuleSet("lichess", "Lichess Swiss (real points; a PAB is a win against a virtual opponent)",
                       "raw", "lichess", citation="lichess SwissScoring (RULES.md §4.6)"),
}


def rule_set(name: str) -> RuleSet:
    try:
        return RULE_SETS[name]
    except KeyError:
        raise EventError(f"unknown rule set {name!r}; choose one of {', '.join(RULE_SETS)}") from None


@dataclass(frozen=True)
class Options:
    """Every choice RULES.md §8 and §10 leave open, with the default they give."""

    #: rating criteria when a participant is unrated: "off", "exclude", or a substitute rating (int)
    unrated: str | int = "off"
    #: the rounds computed (None: the last round with a game or forfeit result)
    round: int | None = None
    #: US Cumulative deduction (§2.7, §8.8): "us" (−1 and −½), "one" (−1 only), "none", "strict"
    cumulative: str = "us"
    #: Kashdan points for an unplayed round (§2.11, §8.9)
    kashdan_unplayed: int = 0
    #: opponents met only by forfeit count in opposition cumulative (§2.8)
    ocum_forfeits: bool = False
    #: forfeits count in US head-to-head, Kashdan, most blacks (§8.16)
    us_forfeits: bool = False
    #: Modified Median "forum proposal": drop the lowest *played* opponent instead of the bye (§8.7)
    mm_forum: bool = False
    #: SB cut: the lichess way (smallest contribution) instead of FIDE's lowest-scored opponent (§8.10)
    sb_cut_lichess: bool = False
    #: time of first loss: does a zero-point bye / absence count as a loss (§2.19)
    tfl_byes: bool = False
    #: DE the lichess way: all tied players must have met, no recursion (§8.13)
    de_lichess: bool = False
    #: seed of the drawing of lots (§2.23)
    seed: int | None = None

    def with_(self, **changes) -> "Options":
        return replace(self, **changes)


def parse_unrated(text: str) -> str | int:
    t = text.strip().lower()
    if t in ("off", "exclude"):
        return t
    try:
        value = int(t)
    except ValueError:
        raise EventError(f"--unrated takes off, exclude or a rating, not {text!r}") from None
    if value < 0:
        raise EventError(f"--unrated rating must not be negative, not {text!r}")
    return value
