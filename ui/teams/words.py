"""A team tie-break's name with its modifiers in the session's language (``BH:MP/C1`` -> "Buchholz (on match
points, cut 1)"): the engine's ``label`` gives the same in English, built from English pieces."""
from __future__ import annotations

from engine.teams.codes import TeamCriterion
from i18n.said import render
from ui.session.language import tr


def team_label(crit: TeamCriterion) -> str:
    """The code's translated name, then its score and modifiers in words: the engine's record of it, written in
    the session's language."""
    return render(tr(), crit.label_said)
