"""Prizes for a team event: the same sharing methods as for players, with teams as the finishers.

The team standings (primary score, then the chosen tie-breaks) become the finishes the sharing methods read:
a team's score is its primary score (match points, or game points where they rank first), its position is
its place in the order, and teams level on every criterion share their rank.  A category prize ("best team
rated under 1800") reads the team's rating: the average rating of the players on its boards, in board order,
rounded down (unrated players left out).  Ages and the other player conditions do not apply to a team.

Two ways are usual for team prizes: by the event's ranking, tie-breaks deciding (FIDE and most team events),
or shared among the teams level on the primary score (the US Chess way of splitting); the Hort system is
kept too.  Every sentence of the working names teams.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from engine.core.errors import EventError
from engine.core.model import Player
from engine.core.said import Joined, said
from engine.prizes.finishes import Distribution
from engine.prizes.prize_list import Prize
from engine.prizes.split import METHODS, distribute
from engine.ranking.standings import StandingsRow
from engine.teams.model import TeamEvent
from engine.teams.standings import TeamStandings

#: the sharing methods offered for teams (US Chess rule 32B is written for players)
TEAM_METHODS: Mapping[str, str] = {
    "order": "By the ranking: tie-breaks decide (FIDE and most team events)",
    "equal": "Shared among the teams level on points (as US Chess splits prizes)",
    "hort": METHODS["hort"],
}


@dataclass(frozen=True)
class TeamRanked:
    """Team standings as the sharing methods read them: each team's primary score under ``PTS``."""

    rows: Sequence[StandingsRow]


def team_rating(ev: TeamEvent, tpn: int) -> int | None:
    """The team's rating for a category prize: the average of its board players' ratings (the first
    ``boards`` players in board order, unrated ones left out), rounded down; None when none is rated."""
    players = {p.tpn: p for p in ev.players}
    ratings = [r for r in (players[p].rating for p in ev.team(tpn).players[:ev.boards] if p in players) if r]
    return sum(ratings) // len(ratings) if ratings else None


def team_roster(ev: TeamEvent) -> dict[int, Player]:
    """Each team as a finisher: its pairing number, name and rating (:func:`team_rating`)."""
    return {tpn: Player(tpn, ev.name_of(tpn), team_rating(ev, tpn)) for tpn in ev.tpns}


def team_ranked(table: TeamStandings, primary: str) -> TeamRanked:
    """The finishing order of ``table``, with each team's ``primary`` score (``MP`` or ``GP``) as its score."""
    return TeamRanked([StandingsRow(r.rank, r.tpn, r.name, {"PTS": r.mp if primary == "MP" else r.gp})
                       for r in table.rows])


def check_team_prizes(prizes: Iterable[Prize]) -> tuple[Prize, ...]:
    """A team prize list: a category may only bound the team's rating (ages and player conditions are a
    player's, not a team's)."""
    out = tuple(prizes)
    for p in out:
        if p.age_max is not None or p.predicate is not None:
            raise EventError(said("prize {name}: a team prize can be limited by the team's average rating only, "
                                  "not by age or another player condition", name=repr(p.name)))
    return out


def distribute_teams(table: TeamStandings, ev: TeamEvent, prizes: Iterable[Prize], method: str = "order", *,
                     rounding: str = "cent", currency: str = "$") -> Distribution:
    """Share ``prizes`` among the teams of ``ev`` ranked by ``table`` (its primary score and order), with the
    working in sentences that name teams."""
    if method not in TEAM_METHODS:
        raise EventError(said("unknown team prize method {method}; choose one of {known}", method=repr(method),
                              known=", ".join(TEAM_METHODS)))
    plist = check_team_prizes(prizes)
    primary = ev.scoring.primary
    roster = team_roster(ev)
    dist = distribute(team_ranked(table, primary), roster, plist, method, rounding=rounding, currency=currency,
                      teams=True, score_word="match point" if primary == "MP" else "game point")
    dist.label = TEAM_METHODS[method]
    dist.steps.insert(0, said("The teams finish in the order of the team standings: match points first, then the "
                              "tie-breaks; teams level on every criterion share their place.") if primary == "MP" else
                      said("The teams finish in the order of the team standings: game points first, then the "
                           "tie-breaks; teams level on every criterion share their place."))
    if any(p.restricted for p in plist):
        rated = Joined((Joined((r.name, str(r.rating) if r.rating is not None else said("unrated")), " ")
                        for r in (roster[row.tpn] for row in table.rows)), "; ")
        dist.steps.insert(1, said("A team's rating for a category prize is the average rating of the players on its "
                                  "boards, rounded down: {ratings}.", ratings=rated))
    return dist

