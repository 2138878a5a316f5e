"""The engine's facts in a person's language: how far an event has gone, a standings heading, a tie-break's
name with its modifiers, a rule set's and a preset's names.

The engine stays free of any language: it hands over numbers and codes (the last round with results, the
number of rounds, a parsed :class:`~engine.core.codes.Criterion`), and these functions write each as whole
sentences of the chosen language, one template per case, so that no sentence is glued from fragments.
Used by the app (through the session's translator) and by the command line (``--lang``).

What the engine still writes in English, and how each moves here, one topic at a time (each step keeps the
English output as it is, so the existing tests hold it, and adds the four languages):

- ``engine.core.words`` (``progress_text``, ``standings_heading``, ``plural``, ``join_names``): already
  replaced by :func:`standings_heading` and :func:`event_line` on the pages covered; Build event and the
  forecast call the engine's English ones.  ``join_names`` becomes ``babel.lists.format_list``.
- traces (``engine.core.trace``): done.  ``Row.note``, ``Row.drop_reason``, ``Trace.steps`` and the citation
  are records (:class:`engine.core.said.Said`: the English template as its id, the named values), which are
  their own English text; ``i18n/said.py`` renders them in a language, ``i18n/trace.py`` the whole working
  for the command line.
- the Why answer and its changes (``engine.ranking.plain_answer``, ``why_above``, ``flips``), the forecast's
  conditions (``engine.forecast.report``, ``needs``), the prize working (``engine.prizes``), the check of
  published standings (``engine.teaching.check_report``): the same, one record type per kind of sentence.
- the teaching texts (``engine.teaching.explanations``: each code's sentences and example; scenarios, lessons,
  exercises and hints): data, not sentences built from parts, so they move into the catalogs whole, marked
  where they are defined.
- downloads (the announcement's HTML and PDF, the Why card, CSV and Excel headers): rendered from the same
  records with the session's translator, each with its language declared (``<html lang>``).
"""
from __future__ import annotations

import re

from engine.core.codes import CODES, Criterion, parse_code
from i18n.catalog import Translator
from i18n.terms import (
    CODE,
    CODE_NAMES,
    CODE_TEXTS,
    PRESET,
    PRESET_LABELS,
    RULE_CITATIONS,
    RULE_LABELS,
    RULE_SHORT,
    RULES,
)


def standings_heading(tr: Translator, through: int, rounds: int) -> str:
    """``Standings after round 4 of 9`` while unfinished, ``Final standings after 9 rounds`` once finished.

    >>> from i18n.catalog import translator
    >>> standings_heading(translator("en"), 4, 9), standings_heading(translator("en"), 9, 9)
    ('Standings after round 4 of 9', 'Final standings after 9 rounds')
    """
    if through <= 0:
        return tr.t("Standings before round 1 of {rounds}", rounds=rounds) if rounds else tr.t("Standings: no rounds yet")
    if through < rounds:
        return tr.t("Standings after round {round} of {rounds}", round=through, rounds=rounds)
    return tr.tn("Final standings after {n} round", "Final standings after {n} rounds", rounds)


def event_line(tr: Translator, name: str, players: int, through: int, rounds: int) -> str:
    """The event in one line: ``Club night: 16 players, after round 4 of 5`` (or ``…, 5 rounds`` once done)."""
    if through <= 0:
        if not rounds:
            return tr.tn("{event}: {n} player, no rounds yet", "{event}: {n} players, no rounds yet", players, event=name)
        return tr.tn("{event}: {n} player, before round 1 of {rounds}", "{event}: {n} players, before round 1 of {rounds}",
                     players, event=name, rounds=rounds)
    if through < rounds:
        return tr.tn("{event}: {n} player, after round {round} of {rounds}",
                     "{event}: {n} players, after round {round} of {rounds}", players, event=name, round=through,
                     rounds=rounds)
    # two counts in one sentence: the players' count chooses the sentence's form; the rounds are written so
    # that their number needs no form of its own ("туров: 9"), or the one round has its own sentence
    if rounds == 1:
        return tr.tn("{event}: {n} player, 1 round", "{event}: {n} players, 1 round", players, event=name)
    return tr.tn("{event}: {n} player, {rounds} rounds", "{event}: {n} players, {rounds} rounds", players,
                 event=name, rounds=rounds)


def code_name(tr: Translator, code: str) -> str:
    """A tie-break's name without modifiers (``BH`` -> ``Buchholz (Solkoff)``), translated."""
    return tr.tp(CODE, CODE_NAMES.get(code, CODES[code].name)) if code in CODES else code


def modifier_words(tr: Translator, criterion: Criterion) -> list[str]:
    """The modifiers of a parsed code in words (``BH/C1/N`` -> ``["cut 1", "plain cut"]``), translated."""
    words = []
    if criterion.cut:
        if criterion.code == "PS":
            words.append(tr.tn("without the first round", "without the first {n} rounds", criterion.cut))
        else:
            words.append(tr.t("cut {n}", n=criterion.cut))
    if criterion.median:
        words.append(tr.t("median {n}", n=criterion.median))
    if criterion.plain:
        words.append(tr.t("plain cut"))
    if criterion.forfeits_played:
        words.append(tr.t("forfeits as played"))
    if criterion.fore:
        words.append(tr.t("on Fore Buchholz"))
    if criterion.limit_pct is not None:
        words.append(tr.t("limit {percent}%", percent=criterion.limit_pct))
    if criterion.limit_shift:
        shift = f"{criterion.limit_shift:+d}"
        words.append(tr.tn("limit {shift} half-point", "limit {shift} half-points", abs(criterion.limit_shift),
                           shift=shift))
    if criterion.reverse:
        words.append(tr.t("reversed"))
    return words


def criterion_name(tr: Translator, code: str) -> str:
    """The name of a code with its modifiers: ``BH/C1`` -> ``Buchholz (Solkoff) (cut 1)``; ``PTS`` -> points."""
    if code == "PTS":
        return tr.tp("tie-break", "points")
    criterion = parse_code(code)
    extra = modifier_words(tr, criterion)
    name = code_name(tr, criterion.code)
    return tr.t("{name} ({modifiers})", name=name, modifiers=", ".join(extra)) if extra else name


def rules_label(tr: Translator, rules: str) -> str:
    """A rule set's name (``fide`` -> ``FIDE C.07 2026 (dummy opponent, capped)``), translated."""
    return tr.tp(RULES, RULE_LABELS[rules]) if rules in RULE_LABELS else rules


def preset_label(tr: Translator, preset: str) -> str:
    """A preset's name, translated."""
    return tr.tp(PRESET, PRESET_LABELS[preset]) if preset in PRESET_LABELS else preset


def rules_short(tr: Translator, rules: str) -> str:
    """A rule set's name in a few words (``raw`` -> ``no adjustment``), translated."""
    return tr.tp(RULES, RULE_SHORT[rules]) if rules in RULE_SHORT else rules


def rules_citation(tr: Translator, rules: str) -> str:
    """The official rule a rule set follows, as a reader finds it (``FIDE C.07 art. 16, 2024``), translated."""
    return tr.tp(RULES, RULE_CITATIONS[rules]) if rules in RULE_CITATIONS else rules


def modifier_sentences(tr: Translator, code: str) -> list[str]:
    """What the modifiers of ``code`` do, one sentence each (``BH/C1`` -> the cut's sentence), in the language of
    ``tr``: the engine's facts (which modifier, its number) written with whole-sentence templates.  English is
    the engine's own text (``engine.teaching.explanations.modifier_sentences``), which writes small counts in
    words ("the two lowest values")."""
    from engine.teaching.explanations import modifier_sentences as english
    if tr.lang == "en":
        return english(code)
    c = parse_code(code)
    out = []
    if c.code == "PS" and c.cut:
        out.append(tr.tn("The running total of the first round is left out, so a slow start counts for less.",
                         "The running totals of the first {n} rounds are left out, so a slow start counts for less.",
                         c.cut))
    elif c.median:
        out.append(tr.tn("Median {n}: the highest and the lowest value are left out, so neither the strongest nor "
                         "the weakest opponents decide the tie alone.",
                         "Median {n}: the {n} highest and the {n} lowest values are left out, so neither the "
                         "strongest nor the weakest opponents decide the tie alone.", c.median))
    elif c.cut and c.code == "ARO":
        out.append(tr.tn("Cut {n}: the value of the lowest-rated opponent is left out, so a weak or missing opponent "
                         "does not decide the tie.",
                         "Cut {n}: the values of the {n} lowest-rated opponents are left out, so a weak or missing "
                         "opponent does not decide the tie.", c.cut))
    elif c.cut:
        out.append(tr.tn("Cut {n}: the value of the lowest-scoring opponent is left out, so a weak or missing "
                         "opponent does not decide the tie.",
                         "Cut {n}: the values of the {n} lowest-scoring opponents are left out, so a weak or missing "
                         "opponent does not decide the tie.", c.cut))
    if c.plain:
        out.append(tr.t("Cuts remove the lowest values without first removing rounds the player chose not to play."))
    if c.forfeits_played:
        out.append(tr.t("Forfeits count as games played against the scheduled opponent."))
    if c.fore:
        out.append(tr.t("Computed on Fore Buchholz instead of Buchholz."))
    if c.limit_pct is not None:
        out.append(tr.t("The limit is {n} % of the maximum score.", n=c.limit_pct))
    if c.limit_shift > 0:
        out.append(tr.tn("The 50 % limit is moved up by one half-point.", "The 50 % limit is moved up by {n} half-points.",
                         c.limit_shift))
    elif c.limit_shift < 0:
        out.append(tr.tn("The 50 % limit is moved down by one half-point.",
                         "The 50 % limit is moved down by {n} half-points.", -c.limit_shift))
    if c.reverse:
        out.append(tr.t("Reversed: the lower value ranks higher."))
    return out


def first_sentence(text: str) -> str:
    """The first sentence of a text: it ends at a full stop (or ! ?) followed by a space and a capital letter of
    any alphabet ("… opponents. Beating …", "… соперников. Чем …"); numbers ("50 %", "art. 8.1") stay whole.

    >>> first_sentence("Add up the scores. Strong fields rank higher.")
    'Add up the scores.'
    >>> first_sentence("Сложите очки. Сильные соперники дают больше.")
    'Сложите очки.'
    """
    text = text.strip()
    for end in re.finditer(r"[.!?]\s+", text):
        if text[end.end()].isupper():
            return text[:end.start() + 1]
    return text


def code_meaning(tr: Translator, code: str) -> str:
    """A tie-break's meaning in one line (``BH`` -> "Add up the final scores of all your opponents."): the first
    sentence of its explanation in the Glossary, translated."""
    return first_sentence(tr.tp("code explanation", CODE_TEXTS[code][0]))


def modifier_meaning(tr: Translator, key: str) -> str:
    """What a modifier does, with ``n`` for its number, as the command line's reference lists it (``cut`` ->
    "Leaves out the n least significant values: …"), translated.  The English is the engine's own sentence
    (``engine.teaching.explanations.MODIFIERS``); a test keeps the two in step."""
    sentences = {
        "cut": tr.t("Leaves out the n least significant values: those of the lowest-scoring (for ratings, "
                    "lowest-rated) opponents; for a progressive score, the running totals of the first n rounds."),
        "median": tr.t("Leaves out the n highest and the n lowest values."),
        "limit_shift": tr.t("Moves the 50 % limit by n half-points."),
        "plain": tr.t("Cuts remove the lowest values without first removing rounds the player chose not to play."),
        "forfeits_played": tr.t("Forfeits count as games played against the scheduled opponent."),
        "fore": tr.t("Computed on Fore Buchholz instead of Buchholz."),
        "limit_pct": tr.t("The limit is {n} % of the maximum score.", n="n"),
        "reverse": tr.t("Reversed: the lower value ranks higher."),
    }
    return sentences[key]
