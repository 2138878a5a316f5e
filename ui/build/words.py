"""Build event's own words in the session's language: its tabs, the event's line at the top, the kinds of
event, the pairing methods and the kinds of round a PGN leaves open.

The engine names these in English (``PAIRING_METHODS``, ``KIND_DESCRIPTIONS``); the tables here repeat each
name inside ``N_`` so that ``pybabel extract`` finds it (a unit test keeps them in step with the engine).
The open tab is kept in the session under its English name's label in the session's language, so a change
of language keeps the same tab open (:func:`tab_labels`).
"""
from __future__ import annotations

import streamlit as st
from babel.lists import format_list

from engine.core.model import Event, EventType, Kind
from engine.core.words import join_names
from engine.pairing.next_round import all_paired_text
from i18n.catalog import N_, NP_, Translator, translator
from i18n.languages import SUPPORTED
from i18n.numbers import number
from i18n.said import render
from ui.session.language import current, t, tn, tp, tr
from ui.session.navigation import BUILD_TAB, BUILD_TABS

#: each tab's English name (the key the tests and the page's actions use) marked for translation
TAB_NAMES: dict[str, str] = {
    "Players and results": N_("Players and results"),
    "Pair next round": N_("Pair next round"),
    "New event": N_("New event"),
    "Random event": N_("Random event"),
    "Upload / download": N_("Upload / download"),
    "Saved events": N_("Saved events"),
}

#: the pairing methods' names (``engine.pairing.methods.PAIRING_METHODS``), marked for translation
PAIRING_NAMES: dict[str, str] = {
    "dutch": N_("Swiss, FIDE Dutch system (exact; up to a minute per round for 100 players)"),
    "fast": N_("Swiss, fast simple pairing (for big fields)"),
    "berger": N_("Round robin, Berger tables"),
}

#: what happened in a round, as the PGN form offers it (``engine.core.model.KIND_DESCRIPTIONS``)
KIND_NAMES: dict[Kind, str] = {
    Kind.G: N_("game played"),
    Kind.FW: N_("forfeit win"),
    Kind.FL: N_("forfeit loss"),
    Kind.PAB: N_("bye from the pairing"),
    Kind.FPB: N_("full-point bye"),
    Kind.HPB: N_("half-point bye"),
    Kind.ZPB: N_("zero-point bye"),
    Kind.ABS: N_("absence"),
    Kind.SCH: N_("game still to be played"),
}


def tab_labels() -> list[str]:
    """The tabs' labels in the session's language; the open tab, kept under its label in whichever language
    was shown last (or under its English name, as an action or a test sets it), moved to this language's."""
    labels = [t(name) for name in BUILD_TABS]
    kept = st.session_state.get(BUILD_TAB)
    if kept is not None and kept not in labels:
        for lang in SUPPORTED:
            shown = [translator(lang).t(name) for name in BUILD_TABS]
            if kept in shown:
                st.session_state[BUILD_TAB] = labels[shown.index(kept)]
                break
    return labels


# The names a widget's ``format_func`` shows take the translator the page was drawn with: the function is
# also called outside the page's run (AppTest reads a widget's value back through it), where the session's
# language could not be looked up.

def kind_name(tr: Translator, kind: Kind) -> str:
    """``PAB (bye from the pairing)``: the code with its words."""
    return tr.t("{code} ({words})", code=kind.value, words=tr.t(KIND_NAMES[kind]))


def method_name(tr: Translator, method: str) -> str:
    """A pairing method's name in ``tr``'s language (its code if it is not one of ours)."""
    return tr.t(PAIRING_NAMES[method]) if method in PAIRING_NAMES else method


def type_name(tr: Translator, kind: object) -> str:
    """``Swiss`` or ``Round robin`` for an option that is the English word or an :class:`EventType`."""
    return tr.t("Round robin") if kind in ("Round robin", EventType.ROUND_ROBIN) else tr.t("Swiss")


def event_kind(event: Event) -> str:
    """``Swiss`` or ``round robin``, as the event's line names it."""
    return t("round robin") if event.is_round_robin else t("Swiss")


def event_line(name: str, kind: str, players: int, through: int, rounds: int) -> str:
    """``Club night: Swiss, 16 players, after round 4 of 5``: one whole sentence for each stage."""
    if through <= 0:
        if not rounds:
            return tn("{event}: {kind}, {n} player, no rounds yet", "{event}: {kind}, {n} players, no rounds yet",
                      players, event=name, kind=kind)
        return tn("{event}: {kind}, {n} player, before round 1 of {rounds}",
                  "{event}: {kind}, {n} players, before round 1 of {rounds}", players, event=name, kind=kind,
                  rounds=rounds)
    if through < rounds:
        return tn("{event}: {kind}, {n} player, after round {round} of {rounds}",
                  "{event}: {kind}, {n} players, after round {round} of {rounds}", players, event=name, kind=kind,
                  round=through, rounds=rounds)
    if rounds == 1:
        return tn("{event}: {kind}, {n} player, 1 round", "{event}: {kind}, {n} players, 1 round", players,
                  event=name, kind=kind)
    return tn("{event}: {kind}, {n} player, {rounds} rounds", "{event}: {kind}, {n} players, {rounds} rounds",
              players, event=name, kind=kind, rounds=rounds)



def saved_when(stamp: str) -> str:
    """When an event was saved, as :func:`ui.session.store.human_time` says it, in the session's language
    (the month's name and the date's order as the language writes them: ``3. Nov. 2026``)."""
    from datetime import datetime, timezone

    from babel.dates import format_date

    from ui.session.store import human_time
    lang = current()
    if lang == "en":
        return human_time(stamp)
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)
    local = (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).astimezone(None)
    clock = local.strftime("%H:%M")
    days = (datetime.now(timezone.utc).astimezone(None).date() - local.date()).days
    if days == 0:
        return t("today at {time}", time=clock)
    if days == 1:
        return t("yesterday at {time}", time=clock)
    day = format_date(local.date(), "medium", locale=lang)
    return t("{date} at {time}", date=day, time=clock)


def help_tokens() -> str:
    """The grid's notation in a list (``engine.events.editing.HELP_TOKENS``), its words in the session's
    language."""
    return t("+W9, =B9, -B9, +F9, -F9, ?W9 (still to be played), PAB, HPB, FPB, ZPB or ABS")


#: the columns of a pairing list (``ui.render.grid.pairings_frame``), as the page heads them
PAIRING_COLUMNS: dict[str, str] = {
    "Board": NP_("pairing", "Board"),
    "White": NP_("pairing", "White"),
    "Black": NP_("pairing", "Black"),
    "Result": NP_("pairing", "Result"),
}


def pairing_headings(columns: list[str]) -> dict[str, str]:
    """Each English column of a pairing list with its heading in the session's language."""
    return {c: tp("pairing", PAIRING_COLUMNS[c]) for c in columns if c in PAIRING_COLUMNS}


def all_paired(event: Event) -> str:
    """What the page says when there is no next round to pair: the engine's record
    (:func:`engine.pairing.next_round.all_paired_text`, also the command line's words) in the session's language."""
    return render(tr(), all_paired_text(event))


def join_list(names: list[str]) -> str:
    """Names joined as the session's language joins a list (``A, B and C`` in English, as the engine does)."""
    lang = current()
    return join_names(names) if lang == "en" else format_list(names, locale=lang)


def seconds_words(seconds: float) -> str:
    """A time limit in words (``ui.work.jobs.seconds_words``): ``90 seconds``, ``5 minutes``."""
    if seconds >= 120:
        minutes = seconds / 60
        if minutes == int(minutes):
            return tn("{n} minute", "{n} minutes", int(minutes))
        return t("{minutes} minutes", minutes=number(minutes, current()))
    if seconds == int(seconds):
        return tn("{n} second", "{n} seconds", int(seconds))
    return t("{seconds} seconds", seconds=number(seconds, current()))
