"""Build event's first tab: the players and results grids, rounds added or removed, the accessible twin
of the results grid, and the standings preview."""
from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from engine.core.codes import CODES
from engine.core.errors import EventError
from engine.core.model import Event
from engine.events.editing import add_round, remove_last_round
from engine.events.settings import EventSettings
from i18n import render
from i18n.numbers import localised_decimals
from i18n.render import standings_heading
from ui.build.one_result import one_result_form, results_table
from ui.build.problems import problem_text
from ui.render.grid import frames_to_event
from ui.render.tables import header_px
from ui.session import state
from ui.session.language import current, t, tp, tr
from ui.session.memory import event_ordering
from ui.widgets.layout import fitted_columns
from ui.widgets.page import problem
from ui.work.cached import grids_for, order_key, preview_for, widths_for


def head_px(label: str, least: int) -> int:
    """An editable column wide enough for its heading: the text, the cell's padding and the pencil beside it."""
    return max(least, header_px(label, editable=True))


def preview_columns(preview: pd.DataFrame, widths: dict[str, int]) -> dict[str, Any]:
    """The preview's columns as wide as their texts, the headings shown in the session's language (the
    columns keep their English keys, which the code reads) and each code's name beside it."""
    labels = {"Rank": t("Rank"), "No.": t("No."), "Name": t("Name"), "Points": tp("game", "Points")}
    columns = fitted_columns(preview, widths=widths, labels={c: label for c, label in labels.items() if c in preview})
    for code in columns:
        if code in CODES:
            columns[code]["help"] = render.criterion_name(tr(), code)
    return columns


def results_columns(event: Event, fit: dict[str, int]) -> dict[str, Any]:
    """The results grid's columns: each as wide as its texts and its heading in the session's language, the
    number and the name pinned (a grid wider than the page scrolls its rounds sideways under them)."""
    return {"tpn": st.column_config.NumberColumn(t("No."), width=max(fit.get("tpn", 45), header_px(t("No."))),
                                                 pinned=True),
            "name": st.column_config.TextColumn(t("Name"), width=fit["name"], pinned=True),
            "pts": st.column_config.TextColumn(t("Pts"), width=max(fit.get("pts", 45), header_px(t("Pts"))),
                                               help=tp("game", "Points")),
            **{f"R{r}": st.column_config.TextColumn(t("R{round}", round=r), width=fit.get(f"R{r}", 56),
                                                    help=t("Round {round}", round=r))
               for r in range(1, event.rounds + 1)}}


def grids_tab(event: Event, settings: EventSettings) -> None:
    """The grids of ``event`` (edited in a form, applied at once), and the standings preview."""
    st.caption(t("Type results as +W9 (won with White against 9), =B13 (draw with Black), -W4 (lost), +F14 / -F11 "
                 "(forfeit won / lost; +FW14 keeps the scheduled colour), PAB, FPB, HPB, ZPB (byes) or ABS (absent). "
                 "A paired game still to be played shows as ?W9 or ?B6 (White against 9, Black against 6): type "
                 "+, = or - over it, the result of that cell's player. Typing one side of a game is enough: the "
                 "opponent's cell is filled in. Press Apply changes when done."))
    players_grid, grid = grids_for()
    with st.form("grids", border=False):
        rows_px = 35 * (len(event.players) + 1) + 3       # header + every row, no inner scrolling
        name_px = max(160, widths_for("players grid", players_grid)["name"])   # the longest name, never cut
        # each heading whole in every language (an editable column's heading also shows a pencil)
        rating_px, on_time_px = head_px(t("Rating"), 80), head_px(t("On time"), 75)
        players_px = 105 + rating_px + on_time_px + name_px
        results_px = 110 + name_px + 66 * event.rounds                      # each grid's every column
        # side by side only when both fit the main area whole (about 810 px at a laptop's 1280, the gap included);
        # else stack them: no grid squeezed into a column narrower than its columns (a 4-round event was)
        side_by_side = players_px + results_px <= 790
        left, right = st.columns([players_px, results_px], gap="small") if side_by_side \
            else (st.container(), st.container())
        with left:
            players = st.data_editor(
                players_grid, key=state.grid_key("players"), num_rows="dynamic", hide_index=True,
                width="stretch" if side_by_side else players_px, height=min(rows_px + 35, 740), disabled=["tpn"],
                column_config={"tpn": st.column_config.NumberColumn(t("No."), width=50, help=t("Pairing number")),
                               "name": st.column_config.TextColumn(t("Name"), required=True,
                                                                   width=name_px),
                               "rating": st.column_config.TextColumn(t("Rating"), width=rating_px, max_chars=4,
                                                                     validate=r"^\s*[0-9]{0,4}\s*$",
                                                                     help=t("Blank when the player has none")),
                               "on_time": st.column_config.CheckboxColumn(t("On time"), default=True,
                                                                          width=on_time_px)})
        with right:
            # each column as wide as its texts (a name is never cut); the pinned number stays in view when a
            # phone scrolls the rounds sideways
            fit = {c: max(w, 36 if c in ("tpn", "pts") else max(50, header_px(c, editable=True)))
                   for c, w in widths_for("results grid", grid).items()}
            # a results grid of many rounds and three-digit numbers ("+W160") may be wider than a laptop's page:
            # it then scrolls sideways inside its frame (the "wide_results" box says so to the fit check), its
            # number and name pinned so that each row still says whose it is
            with st.container(key="wide_results"):
                results = st.data_editor(
                    grid, key=state.grid_key("results"), hide_index=True, width="stretch",
                    height=min(rows_px, 740), disabled=["tpn", "name", "pts"],
                    column_config=results_columns(event, fit))
        buttons = st.container(horizontal=True)      # side by side, each as wide as its label in any language
        apply = buttons.form_submit_button(t("Apply changes"), type="primary")
        discard = buttons.form_submit_button(t("Discard edits"))
    if discard:
        state.discard_edits()
        st.rerun()
    if apply:
        try:
            changed = frames_to_event(players, results, event)
        except EventError as exc:
            problem(t("Not applied, nothing changed. {problem}", problem=problem_text(exc)))
        else:
            if changed != event:
                state.set_event(changed)
                state.notice(t("Changes applied."))
                st.rerun()
            # a press with nothing edited, or one so quick after Enter that the grid had not yet handed its edit
            # over (it waits a moment after each keystroke): said here, under the button, never left silent
            st.info(t("Nothing to apply: the grids are as the event already has them. If you have just typed a "
                      "result, press Apply changes again."))
    buttons = st.container(horizontal=True)
    if buttons.button(t("Add round")):
        state.set_event(add_round(event))
        st.rerun()
    if buttons.button(t("Remove last round"), disabled=event.rounds == 0,
                         help=t("Deletes every result of the last round")):
        state.set_event(remove_last_round(event))
        st.rerun()
    one_result_form(event)
    results_table(event)
    standings_preview(event, settings, rows_px)


def standings_preview(event: Event, settings: EventSettings, rows_px: int) -> None:
    """The event's standings under the grids, in its own order."""
    st.header(t("Standings preview"))
    heading = standings_heading(tr(), event.last_result_round(), event.rounds)
    if settings.codes:
        st.caption(t("{heading}: points, then {codes} (the event's order, chosen on the Standings page).",
                     heading=heading, codes=", ".join(settings.codes)))
    else:
        st.caption(t("{heading}: points, then nothing else (the event's order, chosen on the Standings page).",
                     heading=heading))
    ordering = event_ordering()
    preview = preview_for(ordering)
    lang = current()
    shown = preview if lang == "en" else \
        preview.map(lambda v: localised_decimals(v, lang) if isinstance(v, str) else v)
    st.dataframe(shown, hide_index=True, width="stretch", height=min(rows_px, 740), key="build_standings",
                 column_config=preview_columns(preview, widths_for(f"preview {order_key(ordering)}", preview)))
