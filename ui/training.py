"""The Training page's words in the session's language: the kinds of exercise, each question (written from the
exercise's fields, the engine's English prompt kept for English), the hints and the full working (the engine's
records written again, a value's working from its trace), the verdict on an answer, and the answer as typed in
the language's way ("10,5", "162,50")."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from engine.core.exact import nice
from engine.core.model import Event
from engine.core.presets import PRESETS
from engine.core.said import Num
from engine.ranking.standings import explain
from engine.teaching.exercises import Exercise, answer_text
from i18n import render
from i18n.catalog import N_, Translator
from i18n.numbers import amount_text, localised_decimals, money
from i18n.said import render as render_said
from i18n.trace import trace_text
from ui.session.language import current, t, tn, tr

KIND_LABELS: dict[str, str] = {"value": N_("Compute a value"), "order": N_("Order a tied group"),
                               "separator": N_("Which criterion separated?"), "prize": N_("Share the prize fund")}

#: each verdict (``engine.teaching.exercises.CHECK_TEXTS``) as the page writes it
VERDICTS: dict[str, str] = {
    "empty": N_("Type an answer first."),
    "unreadable": N_("Could not read {text} as a number: write it like 10½, 10.5, 21/2 or 10 1/2."),
    "correct": N_("Correct: {answer}."),
    "correct_rounded": N_("Correct: {answer} (rounded to the cent)."),
    "too_high": N_("Not quite: {given} is too high. Take a hint to see the next step."),
    "too_low": N_("Not quite: {given} is too low. Take a hint to see the next step."),
    "not_each_once": N_("List each tied player exactly once ({problems})."),
    "missing": N_("missing {players}"),
    "not_in_group": N_("not in this group: {players}"),
    "twice": N_("a player is listed twice"),
    "comes_before": N_("Not quite: #{first} should come before #{second}."),
    "unknown_code": N_("{text} is not a tie-break code or name I know (try MM, BH/C1, Solkoff …)."),
    "almost": N_("Almost: the criterion is {criterion} (mind the modifier)."),
    "wrong_criterion": N_("Not quite. Take a hint: each one shows the next criterion in the order."),
}


def named(tr: Translator, names: dict[str, str], key: str) -> str:
    """A choice's name in ``tr``'s language (a widget's format_func: the translator is bound when drawn)."""
    return tr.t(names[key]) if key in names else key


def _number(value: Any) -> str:
    return localised_decimals(nice(value), current())


def _who(event: Event, tpn: int) -> str:
    return f"#{tpn} {event.player(tpn).name}".strip()


def _code_words(code: str) -> str:
    return f"{render.criterion_name(tr(), code)} [{code}]"


def prompt(ex: Exercise, event: Event) -> str:
    """The question in the session's language."""
    if current() == "en" or ex.kind not in KIND_LABELS:
        return ex.prompt
    rules = render.rules_short(tr(), ex.rules)
    if ex.kind == "value" and ex.code and ex.player:
        return t("Compute {code} for {player} under {rules} rules.", code=_code_words(ex.code),
                 player=_who(event, ex.player), rules=rules)
    if ex.kind == "order" and len(ex.codes) == 2:
        return t("Order the players tied on {points} points ({players}) by {first}, then {second}, under {rules} "
                 "rules. Write players still tied in any order.", points=_number(ex.points),
                 players=", ".join(f"#{n}" for n in ex.group), first=_code_words(ex.codes[0]),
                 second=_code_words(ex.codes[1]), rules=rules)
    if ex.kind == "separator" and ex.preset and ex.pair:
        return t("In the {preset} order (points, then {codes}; {rules} rules), {above} is listed just above "
                 "{below}. Which criterion separated them? Answer with its code or name, or “{none}” if they share "
                 "the place.", preset=render.preset_label(tr(), ex.preset), codes=", ".join(PRESETS[ex.preset].codes),
                 rules=rules, above=_who(event, ex.pair[0]), below=_who(event, ex.pair[1]), none=t("none"))
    if ex.kind == "prize":
        prizes = ", ".join(t("place {place}: {amount}", place=i, amount=money(p, "$", current()))
                           for i, p in enumerate(ex.prizes, start=1))
        return t("Prize fund: {prizes}. Cash prizes are shared equally among tied players (US Chess 32B2, no class "
                 "prizes). How much does each of the players tied on {points} points get?", prizes=prizes,
                 points=_number(ex.points))
    return ex.prompt


def shown_answer(ex: Exercise) -> str:
    """The right answer as the language writes it."""
    if current() == "en":
        return answer_text(ex)
    if ex.kind == "separator" and ex.answer == "none":
        return t("none (a shared place)")
    if ex.kind == "prize" and isinstance(ex.answer, (int, Fraction)):
        return money(Fraction(ex.answer) / 100, "$", current())
    if ex.kind == "value" and ex.answer is not None and not isinstance(ex.answer, tuple):
        return _number(ex.answer)
    return answer_text(ex)


def typed(ex: Exercise, text: str) -> str:
    """An answer as the engine reads it: a decimal comma ("10,5", "162,50") as a point, the word for "none"
    of the session's language as ``none``."""
    lang = current()
    if lang == "en":
        return text
    if ex.kind == "separator" and text.strip().lower() in (t("none").lower(), t("none (a shared place)").lower()):
        return "none"
    if ex.kind == "prize":
        return amount_text(text, lang)
    if ex.kind == "value":
        return re.sub(r"(\d),(\d)", r"\1.\2", text)
    return text


def verdict_words(ex: Exercise, kind: str, values: dict[str, Any]) -> str:
    """The verdict on an answer in the session's language."""
    shown = dict(values)
    if kind in ("correct", "correct_rounded"):
        shown["answer"] = shown_answer(ex)
    if kind in ("too_high", "too_low") and current() != "en":
        number = values["number"]
        shown["given"] = money(Fraction(number) / 100, "$", current()) if ex.kind == "prize" else _number(number)
    if "problems" in values:
        shown["problems"] = "; ".join(verdict_words(ex, k, v) for k, v in values["problems"])
    shown.pop("number", None)
    return t(VERDICTS[kind], **shown) if kind in VERDICTS else kind


def _dollars(amount: Any) -> str:
    """Whole dollars or an exact share of cents as the language writes money (``≈`` marks an inexact share)."""
    exact = Fraction(amount)
    return ("≈" if exact.denominator != 1 and (exact * 100).denominator != 1 else "") + money(exact, "$", current())


def _prize_hints(ex: Exercise) -> list[str]:
    """A prize question's three steps, written from its fields: the places the tied players occupy, the prizes
    for those places, and the equal share."""
    first, last = ex.places or (0, 0)
    shared = [ex.prizes[p - 1] for p in range(first, last + 1) if p <= len(ex.prizes)]
    total = _dollars(sum(shared))
    prizes = " + ".join(_dollars(p) for p in shared) or t("none")
    share = Fraction(ex.answer) / 100 if isinstance(ex.answer, (int, Fraction)) else Fraction(0)
    return [tn("{n} player is tied on {points}: they occupy places {first}–{last}.",
               "{n} players are tied on {points}: they occupy places {first}–{last}.", len(ex.group),
               points=_number(ex.points), first=first, last=last),
            t("The prizes for those places: {prizes} = {total} (places beyond the prize list pay nothing).",
              prizes=prizes, total=total) if last > len(ex.prizes) else
            t("The prizes for those places: {prizes} = {total}.", prizes=prizes, total=total),
            t("Shared equally: {total} ÷ {n} = {share} each.", total=total, n=len(ex.group), share=_dollars(share))]


def hints(ex: Exercise) -> list[str]:
    """The exercise's hints in the session's language (English: the engine's own)."""
    if current() == "en":
        return [str(h) for h in ex.hints]
    if ex.kind == "prize":
        return _prize_hints(ex)
    return [render_said(tr(), h) for h in ex.hints]


def _table_text(rows: tuple[tuple[str, ...], ...]) -> str:
    """The working's table in the session's language: each cell written again, the columns aligned (a column of
    numbers to the right, a column of names or codes to the left)."""
    cells = [[render_said(tr(), c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    numeric = [all(isinstance(row[i], Num) or str(row[i]).isdigit() or str(row[i]) == "–" for row in rows[1:])
               for i in range(len(cells[0]))]
    return "\n".join("  ".join(cell.rjust(w) if right else cell.ljust(w)
                               for cell, w, right in zip(row, widths, numeric)).rstrip() for row in cells)


def working(ex: Exercise, event: Event) -> str:
    """The full working in the session's language: a value's trace written again (``i18n.trace``), the table of an
    ordering or a separator question, a prize question's steps."""
    if current() == "en":
        return ex.working
    if ex.kind == "value" and ex.player is not None and ex.code:
        return trace_text(tr(), explain(event, ex.player, ex.code, ex.rules), event.player(ex.player).name)
    if ex.kind == "prize":
        return "\n".join(_prize_hints(ex))
    return _table_text(ex.table) if ex.table else ex.working
