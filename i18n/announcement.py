"""The TD's announcement sheet in the reader's language: the same sheet the engine builds
(:func:`engine.teaching.announcement.announcement`), each text taken from the catalogs instead of the English
(the order's name and source, each criterion's name, sentences and example, the rule set's heading and
paragraph, the prize method's name and text, the fixed words and headings), money written the language's way
in the event's own currency, and the document's language declared (``<html lang>``, the PDF's ``/Lang``).
User text (the event's name, prize names, notes) stays as typed.
"""
from __future__ import annotations

import dataclasses
from typing import Iterable, Sequence

from engine.core.codes import parse_code
from engine.prizes.prize_list import PREDICATES, Prize
from engine.teaching.announcement import Sheet, announcement
from engine.teaching.explanations import Explanation
from i18n.catalog import N_, Translator
from i18n.languages import DEFAULT
from i18n.numbers import money
from i18n.render import code_name, criterion_name, modifier_sentences, preset_label
from i18n.said import render
from i18n.terms import (
    CODE_TEXTS,
    PRESET_SOURCES,
    PRIZE_METHOD_TEXTS,
    PRIZE_METHODS,
    RULE_HEADINGS,
    RULE_PARAGRAPHS,
)

#: the sheet's fixed words (headings, the footer), keyed by the English the engine writes
SHEET_WORDS: tuple[str, ...] = (
    N_("Tie-breaks and prizes"), N_("The order"), N_("What each criterion means"), N_("Example: {example}"),
    N_("Byes, forfeits and absences"), N_("(rule set {rules})"), N_("How prizes are shared"), N_("Prize list"),
    N_("Notes"), N_("Prepared with Tiebreak Lab."), N_("Page {page}"),
)


def announcement_in(tr: Translator, codes: Sequence[str], rules: str, method: str, *, event_name: str = "",
                    date: str = "", preset: str | None = None, prizes: Iterable[Prize] = (), currency: str = "$",
                    notes: str = "") -> Sheet:
    """The sheet in the language of ``tr`` (English: the engine's own sheet, unchanged)."""
    prizes = tuple(prizes)
    sheet = announcement(codes, rules, method, event_name=event_name, date=date, preset=preset, prizes=prizes,
                         currency=currency, notes=notes)
    if tr.lang == DEFAULT:
        return sheet
    criteria = tuple(_criterion(tr, c) for c in sheet.criteria)
    clean = tuple(c.code for c in sheet.criteria[1:])
    if preset is not None:
        if sheet.source or not sheet.ordering_label.startswith("Based on "):      # the preset as it is
            label, source = preset_label(tr, preset), tr.tp("preset source", PRESET_SOURCES.get(preset, ""))
        else:
            label, source = tr.t("Based on {preset}, changed by the organiser", preset=preset_label(tr, preset)), ""
    else:
        label, source = tr.t("Chosen by the organiser"), ""
    ties = tr.t("A drawing of lots (the last tie-break) separates any players still equal.") if "LOTS" in clean \
        else tr.t("Players still equal after every tie-break share the place; a drawing of lots decides an "
                  "indivisible prize.")
    return dataclasses.replace(
        sheet, ordering_label=label, source=source if sheet.source else "", criteria=criteria,
        rules_title=tr.tp("rule set", RULE_HEADINGS[rules]), rules_text=tr.tp("rule set", RULE_PARAGRAPHS[rules]),
        method_label=tr.tp("prize method", PRIZE_METHODS[method]),
        method_text=tr.tp("prize method", PRIZE_METHOD_TEXTS[method]),
        trophies_text=tr.t("Trophies, titles and qualifying places cannot be divided: they go by the tie-break order "
                           "announced here, and a player takes at most one of them."),
        order_fixed_text=tr.t("This order is fixed and announced before round 1; it is not changed during the "
                              "event. The tie-breaks are applied one at a time, each only between players still "
                              "tied on points and on every earlier tie-break."),
        prizes=tuple(_prize_line(tr, p, currency) for p in prizes), ties_text=ties, lang=tr.lang,
        words=tuple((w, tr.t(w)) for w in SHEET_WORDS))


def _criterion(tr: Translator, c: Explanation) -> Explanation:
    base = parse_code(c.code).code
    sentences, example = CODE_TEXTS.get(base, (c.sentences, c.example))
    text = " ".join([tr.tp("code explanation", sentences), *modifier_sentences(tr, c.code)])
    name = code_name(tr, "PTS") if base == "PTS" else criterion_name(tr, c.code)    # a heading: "Points"
    return Explanation(c.code, name, text, tr.tp("code example", example))


def _prize_line(tr: Translator, p: Prize, currency: str) -> str:
    what = money(p.amount, currency, tr.lang) if p.amount is not None else tr.t("trophy")
    if p.kind == "place":
        return tr.t("{prize}: {amount}", prize=p.name, amount=what)
    return tr.t("{prize}: {amount} — {eligible}", prize=p.name, amount=what, eligible=_eligibility(tr, p))


def _eligibility(tr: Translator, p: Prize) -> str:
    """Who may win a class prize, in the reader's language (``rated 1799 or below``)."""
    parts = []
    if p.rating_min is not None and p.rating_max is not None:
        parts.append(tr.t("rated {low}–{high}", low=p.rating_min, high=p.rating_max))
    elif p.rating_max is not None:
        parts.append(tr.t("rated {rating} or below", rating=p.rating_max))
    elif p.rating_min is not None:
        parts.append(tr.t("rated {rating} or above", rating=p.rating_min))
    if p.age_max is not None:
        parts.append(tr.t("aged {age} or under", age=p.age_max))
    if p.predicate is not None:
        parts.append(render(tr, PREDICATES[p.predicate][0]))     # a named group: "women and girls"
    return ", ".join(parts) or tr.t("everyone")
