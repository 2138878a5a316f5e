"""The team tie-break orders people use, each naming where it comes from.

A preset is an order of codes, the rules' edition it assumes (None: the event's own), options where a
real event's regulations set art. 16 aside, and the primary score when it is not match points.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from engine.core.errors import EventError
from engine.core.said import Joined, said
from engine.teams.codes import TeamCriterion, parse_team_codes
from engine.teams.context import TeamOptions
from engine.teams.model import TeamEvent


@dataclass(frozen=True)
class TeamPreset:
    key: str
    name: str
    codes: str
    source: str
    rules: str | None = None
    options: TeamOptions = TeamOptions()
    primary: Literal["MP", "GP"] | None = None

    @property
    def criteria(self) -> list[TeamCriterion]:
        return parse_team_codes(self.codes)

    def apply(self, ev: TeamEvent) -> TeamEvent:
        """The event with the preset's primary score (the rest of the scoring is the event's)."""
        if self.primary and self.primary != ev.scoring.primary:
            return replace(ev, scoring=replace(ev.scoring, primary=self.primary))
        return ev


TEAM_PRESETS: dict[str, TeamPreset] = {p.key: p for p in [
    TeamPreset("fide-team", "FIDE's sample team order", "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP",
               "FIDE's TRF-2026 team sample file (record 202), on FIDE C.07 arts. 12-13"),
    TeamPreset("olympiad-2016", "Chess Olympiad (2016 rules)", "OSB,GPTS,OMP",
               "FIDE Chess Olympiad regulations 2016 (Baku): match points, then the Olympiad Sonneborn-Berger "
               "(byes and unplayed matches against a virtual team), then game points, then the opponents' match "
               "points without the lowest (the same virtual team for a round without a match)", rules="fide2024",
               options=TeamOptions(olympiad="2016")),
    TeamPreset("olympiad-2026", "Chess Olympiad (2026 rules)", "OSB,GPTS,OMP",
               "FIDE Chess Olympiad regulations 2026 (D.02.01, appendix 2): as 2016, with the Sonneborn-Berger's "
               "cut falling on the bye round when there is one", rules="fide", options=TeamOptions(olympiad="2026")),
    TeamPreset("ecu", "European Team Championship (ECU)", "EMGSB/C1,GPTS,BH:GP,EGMSB",
               "European Chess Union, European Team Chess Championship regulations (2023): opponents' match "
               "points times board points without the lowest opponent, board points, the opponents' board "
               "points, then the opponents' board points over matches won and half over matches drawn"),
    TeamPreset("berlin", "German team events (Berliner Wertung)", "GPTS,BERLIN",
               "German Chess Federation tournament rules: match points, board points, then the Berlin "
               "tie-break (board 1 of n weighs n, the last board 1)"),
    TeamPreset("swiss-manager", "Swiss-Manager's team order (as chess-results shows it)", "GPTS,BH:MP",
               "Swiss-Manager's team tie-breaks as chess-results publishes them: match points, points (game "
               "points), then its \"Buchholz variable (2023)\", which counts an opponent's bye from the pairing "
               "as a drawn match", rules="fide2024", options=TeamOptions(pab_as_draw=True)),
    TeamPreset("us-team", "US team events (game points first)", "MPvGP,BH:GP", primary="GP",
               source="US Chess affiliates' team events (e.g. the US Amateur Team championships' practice of "
                      "ranking by total game points): game points, then match points, then the opponents' game "
                      "points"),
]}


def team_preset(key: str) -> TeamPreset:
    try:
        return TEAM_PRESETS[key.lower()]
    except KeyError:
        raise EventError(said("unknown team preset {key}; known: {known}", key=repr(key),
                              known=Joined(TEAM_PRESETS, ", "))) from None
