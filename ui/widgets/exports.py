"""Download buttons for the standings as CSV and Excel (the files come from :mod:`engine.formats.export`).

One call from the Standings page: ``standings_downloads(table, state.event_name())``.  The payloads are
built only when a button is pressed (a callable), so a page run costs nothing extra, and a download does
not rerun the page (``on_click="ignore"``).
"""
from __future__ import annotations

import streamlit as st

from engine.formats.export import standings_csv, standings_xlsx
from engine.ranking.standings import Standings
from i18n import render
from ui.render.grid import download_name
from ui.session.language import t, tr

XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def standings_downloads(table: Standings, event_name: str, rounds: int | None = None) -> None:
    """Two buttons side by side: the standings with the chosen criteria as CSV and as an Excel workbook.

    ``rounds`` (the event's number of rounds) lets the workbook say "Standings after round 4 of 9"."""
    notes = [render.standings_heading(tr(), table.round, rounds)] if rounds else []
    words, names = file_words(), {str(c): render.criterion_name(tr(), str(c)) for c in table.criteria}
    names["rules"] = render.rules_label(tr(), table.rules.name)
    stem = download_name(t("{event} standings", event=event_name), "x")[:-2]
    csv_col, xlsx_col, _ = st.columns([1.3, 1.3, 3])
    csv_col.download_button(t("Standings as CSV"), lambda: standings_csv(table, words).encode("utf-8"), f"{stem}.csv",
                            "text/csv", key="standings_csv", width="stretch", on_click="ignore",
                            help=t("The table above with the chosen tie-breaks, for a spreadsheet"))
    xlsx_col.download_button(t("Standings as Excel"), lambda: standings_xlsx(table, event_name, notes, words, names),
                             f"{stem}.xlsx", XLSX_MIME, key="standings_xlsx", width="stretch", on_click="ignore",
                             help=t("The same table as an Excel workbook, with a sheet naming each tie-break"))


def file_words() -> dict[str, str]:
    """The downloads' headings and labels in the session's language, keyed by the English the files use
    (the codes stay as they are)."""
    return {"rank": t("rank"), "starting number": t("starting number"), "name": t("name"),
            "Standings": t("Standings"), "About": t("About"), "Event": t("Event"), "Rules": t("Rules"),
            "After round": t("After round"), "Note": t("Note")}
