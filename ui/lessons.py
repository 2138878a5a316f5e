"""The Lessons page's words in the session's language: a lesson's story (its translation when it has one),
its title, its "try this" labels, and each checked claim as one line of the claims table."""
from __future__ import annotations

from engine.core.exact import nice
from engine.core.model import Event
from engine.teaching.scenarios import Claim, Scenario, Translation, translated_narrative
from i18n.numbers import localised_decimals
from ui.render.tables import player_label
from ui.session.language import current, t, tn
from ui.widgets.ordering import CUMULATIVE_LABELS, code_label


def translation(sc: Scenario) -> Translation | None:
    """The lesson's story in the session's language, or None (English, or a lesson not yet translated)."""
    lang = current()
    return None if lang == "en" else translated_narrative(sc.slug, lang)


def title(sc: Scenario) -> str:
    """The lesson's title in the session's language (its English title until it is translated)."""
    shown = translation(sc)
    return shown.title if shown else sc.title


def try_label(sc: Scenario, index: int) -> str:
    """The ``index``-th "try this" change's label in the session's language, where the translation gives one."""
    shown = translation(sc)
    if shown and index < len(shown.try_labels):
        return shown.try_labels[index]
    return sc.tries[index].label


def shown_value(value: object) -> str:
    """A claim's or the engine's number as the language writes it (``none`` when there is none)."""
    return localised_decimals(nice(value), current()) if value is not None else t("none")


def option_text(name: str, value: object) -> str:
    """A claim's option in words (``kashdan_unplayed 2`` is the scenario file's name for it, not the reader's)."""
    if name == "cumulative" and isinstance(value, str) and value in CUMULATIVE_LABELS:
        return t("cumulative: {rule}", rule=t(CUMULATIVE_LABELS[value]))
    if name == "kashdan_unplayed" and isinstance(value, int):
        return tn("Kashdan: {n} point for an unplayed round", "Kashdan: {n} points for an unplayed round", value)
    return f"{name} {value}"


def claim_code_label(code: str) -> str:
    """A claim's code with its words: a tie-break's name, or what a lesson's place and prize claims check."""
    if code == "RANK":
        return t("RANK · place in the standings")
    if code == "PRIZE":
        return t("PRIZE · prize money")
    return code_label(code)


def claim_text(c: Claim, event: Event) -> str:
    """``BH · Buchholz (Solkoff) of #2 Bruno = 8 (fide)``: each code with its name and each player by name."""
    who = player_label(c.player, event.player(c.player).name) if c.player in event.tpns else f"#{c.player}"
    if current() == "en":                    # the engine's own line, each code and player given its words
        return c.text.replace(f"{c.code} of #{c.player}", f"{claim_code_label(c.code)} of {who}", 1)
    details = [c.preset or c.rules]
    if c.ordering:
        details.append(t("ordering {codes}", codes=", ".join(c.ordering)))
    if c.round:
        details.append(t("after round {round}", round=c.round))
    details.extend(option_text(k, v) for k, v in c.options)
    return t("{code} of {player} = {value} ({details})", code=claim_code_label(c.code), player=who,
             value=shown_value(c.value), details=", ".join(details))


def trace_headings() -> dict[str, str]:
    """The working's column headings in the session's language (the table keeps its English keys)."""
    return {"Round": t("Round"), "Opponent": t("Opponent"), "Result": t("Result"), "Value": t("Value"),
            "Why": t("Why"), "Dropped because": t("Dropped because"), "Running total": t("Running total"),
            "Sum so far": t("Sum so far")}
