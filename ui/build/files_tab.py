"""Build event's files tab: open an event file (before the page on a laptop, in a job when hosted), the
missing rounds of a PGN, and the event's downloads."""
from __future__ import annotations

from functools import partial

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Event
from engine.events.settings import EventSettings, write_saved
from engine.formats.loader import event_text, reader_warnings
from engine.formats.pgn import missing_rounds
from engine.formats.trf import trf_problem
from i18n import render
from i18n.numbers import number
from ui.build.missing_rounds import missing_rounds_form
from ui.build.problems import problem_text
from ui.render.grid import download_name
from ui.render.text import md_escape
from ui.session import state, store, workspace
from ui.session.language import current, t, tr
from ui.widgets.page import problem
from ui.work import jobs
from ui.work.upload import open_upload, open_upload_for_saving


def opened(loaded: Event, loaded_settings: EventSettings, file_name: str, text: str | None = None) -> None:
    """Make an event read from a file the current one, with the message and the reader's repairs for the page."""
    state.set_event(loaded, loaded.name or file_name, new=True, settings=loaded_settings, text=text)
    state.notice(t("Opened {event}.", event=render.event_line(tr(), file_name, len(loaded.players),
                                                              loaded.last_result_round(), loaded.rounds)))
    # a PGN's one repair is its games that are missing, which the form below asks about
    state.keep_reader_warnings([] if missing_rounds(loaded) else reader_warnings(loaded))


def open_upload_now() -> None:
    """On a laptop, open the file just dropped before the page.  Hosted, the reading is a job that shows its
    progress on the page; and a file that cannot be read is left to the page, which says why by the uploader."""
    upload = st.session_state.get("upload")
    if upload is None or workspace.hosted():
        return
    try:
        loaded, loaded_settings = open_upload(upload.getvalue(), upload.name, hosted=False)
    except EventError:
        return
    if state.upload_is_new(upload.file_id):
        opened(loaded, loaded_settings, upload.name)


def files_tab(event: Event, settings: EventSettings) -> None:
    """The file chooser, the questions a PGN leaves open, and the downloads of ``event``."""
    upload = st.file_uploader(t("Open an event file: TRF, JSON (Tiebreak Lab or Chess-JSON), CSV wallchart or PGN"),
                              type=["trf", "txt", "json", "csv", "pgn"], key="upload", on_change=open_upload_now)
    if workspace.hosted():
        hl = jobs.HOSTED_LIMITS
        lang = current()
        st.caption(t("On this shared server: files up to 20 MB; events up to {players} players and {cells} "
                     "player-rounds (players × rounds); {events} saved events and {megabytes} MB per browser; long "
                     "work (reading a file, pairing, simulations, searches) one at a time per browser, the rest "
                     "wait their turn. A workspace that never saved an event is removed after a day.",
                     players=number(hl.event_players or 0, lang), cells=number(hl.event_cells or 0, lang),
                     events=store.MAX_EVENTS_PER_WORKSPACE, megabytes=store.MAX_BYTES_PER_WORKSPACE // 2 ** 20))
    if upload is not None and state.upload_is_new(upload.file_id):     # hosted, or not read by the callback
        try:
            loaded, loaded_settings, text = open_upload_for_saving(upload.getvalue(), upload.name,
                                                                   hosted=workspace.hosted())
        except EventError as exc:
            problem(t("The file was not opened; your event is unchanged. {problem}", problem=problem_text(exc)))
        else:
            opened(loaded, loaded_settings, upload.name, text)
            st.rerun()
    missing_rounds_form()
    down_trf, down_json, down_csv, _ = st.columns([1, 1, 1, 2])

    def event_bytes(ending: str) -> bytes:
        text = write_saved(event, settings) if ending == "json" else event_text(event, f"event.{ending}")
        return text.encode("utf-8")

    for column, ending, mime in ((down_trf, "trf", "text/plain"), (down_json, "json", "application/json"),
                                 (down_csv, "csv", "text/csv")):
        # written only when a button is pressed; only TRF's fixed columns can refuse an event
        why_not = trf_problem(event) if ending == "trf" else None
        if why_not:
            column.warning(t("No {format} download: {problem}", format=ending.upper(), problem=md_escape(why_not)))
        else:
            column.download_button(t("Download {format}", format=ending.upper()), partial(event_bytes, ending),
                                   file_name=download_name(state.event_name(), ending), mime=mime,
                                   key=f"download_{ending}", width="stretch", on_click="ignore")
    st.caption(t("The JSON file keeps the event's settings too (its order, prizes, pairing method and notes)."))
