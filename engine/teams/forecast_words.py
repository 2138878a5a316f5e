"""A team forecast in sentences and table cells, as records (:class:`~engine.core.said.Said`): the same words on
the app's "Before the last round" page and on the command line, each written in the reader's language by the
layer that shows it.

Names are passed through ``name`` (the app escapes them for its Markdown; the command line keeps them as they
are), so a team called ``*Stars*`` is shown as typed, never as formatting.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from engine.core.exact import nice
from engine.core.said import Joined, Ordinal, Said, said
from engine.teams.forecast import TeamForecast
from engine.teams.model import TeamEvent

#: the places shown one by one; the places below are added up in one column (forty columns fit no page or line)
SHOWN_PLACES = 8

Name = Callable[[str], str]


def _as_given(text: str) -> str:
    return text


def percent(chance: float) -> str:
    """A chance as the tables show it: blank when it cannot happen, "<1%" when it can but rarely."""
    if chance <= 0:
        return ""
    return "<1%" if chance < 0.005 else f"{100 * chance:.0f}%"


def places_words(lo: int, hi: int) -> Said | Ordinal:
    """One place (``3rd``) or a span of them (``3rd to 5th``)."""
    return Ordinal(lo) if lo == hi else said("{a} to {b}", a=Ordinal(lo), b=Ordinal(hi))


def round_line(ev: TeamEvent, fc: TeamForecast, name: Name = _as_given) -> Said:
    """Which round is taken as still to play, its matches, and how many combinations of their scores were ranked."""
    matches = Joined([f"{name(ev.name_of(m.home))}–{name(ev.name_of(m.away))}" for m in fc.matches], ", ")
    if fc.sampled:
        return said("Round {round} is taken as still to play: {matches}. A sample of {n} combinations of the "
                    "matches' scores is drawn, each score as often as its chance.", round=fc.round, n=fc.outcomes,
                    matches=matches)
    return said("Round {round} is taken as still to play: {matches}. Every score of each match, in half points, "
                "is tried: {n} combinations, each weighed by its chance.", round=fc.round, n=fc.outcomes,
                matches=matches)


def match_lines(ev: TeamEvent, fc: TeamForecast, name: Name = _as_given) -> list[Said]:
    """Each open match's chances of a win for either team and of a drawn match, from its boards' chances."""
    out = []
    half = ev.boards * ev.scoring.game_win / 2
    for m, chances in zip(fc.matches, fc.chances):
        home = sum(p for score, p in chances.items() if score > half)
        away = sum(p for score, p in chances.items() if score < half)
        out.append(said("{home}–{away}: {home} wins {h}, a drawn match {d}, {away} wins {a}.",
                        home=name(ev.name_of(m.home)), away=name(ev.name_of(m.away)), h=percent(home) or "0%",
                        d=percent(1 - home - away) or "0%", a=percent(away) or "0%"))
    return out


def needs_lines(ev: TeamEvent, fc: TeamForecast, name: Name = _as_given) -> list[Said]:
    """For each team playing: its own match's scores grouped by the places they leave it (best to worst)."""
    out = []
    full = ev.boards * ev.scoring.game_win
    for m in fc.matches:
        for team, other in ((m.home, m.away), (m.away, m.home)):
            groups: list[tuple[list[Fraction], tuple[int, int]]] = []
            for gp, span in sorted(fc.by_own.get(team, {}).items(), reverse=True):
                if groups and groups[-1][1] == span:
                    groups[-1][0].append(gp)
                else:
                    groups.append(([gp], span))
            parts = []
            for gps, (lo, hi) in groups:
                best, worst = gps[0], gps[-1]
                score = f"{nice(best)}–{nice(full - best)}" if best == worst else \
                    f"{nice(worst)}–{nice(full - worst)} … {nice(best)}–{nice(full - best)}"
                parts.append(said("{score}: {places}", score=score, places=places_words(lo, hi)))
            out.append(said("{team} against {other}: {parts}.", team=name(ev.name_of(team)),
                            other=name(ev.name_of(other)), parts=Joined(parts, "; ")))
    return out


def place_heads(teams: int, shown: int = SHOWN_PLACES) -> list[Said | Ordinal]:
    """The place columns' heads: ``1st`` ... one per place shown, then ``9th or lower`` when places are left."""
    heads: list[Said | Ordinal] = [Ordinal(p) for p in range(1, min(teams, shown) + 1)]
    if teams > shown:
        heads.append(said("{place} or lower", place=Ordinal(shown + 1)))
    return heads


def place_cells(chances: dict[int, float], teams: int, shown: int = SHOWN_PLACES) -> list[str]:
    """A team's chance of each place under :func:`place_heads`, the places below ``shown`` added up in one cell."""
    cells = [percent(chances.get(p, 0.0)) for p in range(1, min(teams, shown) + 1)]
    if teams > shown:
        cells.append(percent(sum(c for p, c in chances.items() if p > shown)))
    return cells


def teams_by_chance(ev: TeamEvent, fc: TeamForecast) -> list[int]:
    """The teams from the best place they can reach down (the table's order)."""
    return sorted(ev.tpns, key=lambda x: min(fc.places[x]))
