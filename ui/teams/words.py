"""A team tie-break's name with its modifiers in the session's language (``BH:MP/C1`` -> "Buchholz (on match
points, cut 1)"): the engine's ``label`` gives the same in English, built from English pieces."""
from __future__ import annotations

from engine.teams.codes import TeamCriterion
from ui.session.language import t


def team_label(crit: TeamCriterion) -> str:
    """The code's translated name, then its score and modifiers in words, in the engine label's order."""
    details = []
    if crit.score:
        details.append(t("on match points") if crit.score == "MP" else t("on game points"))
    if crit.cut:
        details.append(t("cut {n}", n=crit.cut))
    if crit.median:
        details.append(t("median {n}", n=crit.median))
    if crit.forfeits_played:
        details.append(t("forfeits as played"))
    if crit.fore:
        details.append(t("on Fore Buchholz"))
    if crit.factor is not None:
        details.append(t("factor {n}", n=crit.factor))
    name = t(crit.info.name)
    return t("{name} ({modifiers})", name=name, modifiers=", ".join(details)) if details else name
