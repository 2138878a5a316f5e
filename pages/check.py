"""Check published standings: is the table another program published right, under which settings, and where
and why does it differ?  Paste the text or upload the files; the summary comes first."""
import streamlit as st

from engine.core.errors import EventError
from i18n.said import render
from ui.check import WHAT_WE_READ, check_on_page, event_for_pages, read_as_words, settings_found, side_by_side, working_text
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tn, tr
from ui.teams.check_view import if_team_event
from ui.widgets.ordering import error_text

state.ensure_state()
if_team_event()
PASTED = "the pasted text"

st.title(t("Check published standings"))
st.write(md_escape(t("Paste or upload the standings another program published: {what}. We read the "
                     "games from the table, recompute every tie-break column, find the settings that reproduce "
                     "it, and explain each number that differs.", what=t(WHAT_WE_READ))))

HOW = {"paste": t("Paste the text"), "upload": t("Upload files")}
how = st.radio(t("The published table"), list(HOW), format_func=HOW.__getitem__, horizontal=True, key="check.how")
files: list[tuple[str, bytes | str]] = []
if how == "paste":
    text = st.text_area(t("Copy the whole table from the page (with its legend) and paste it here"), height=220,
                        key="check.text")
    if text.strip():
        files = [(PASTED, text)]
else:
    uploads = st.file_uploader(t("The published file (for Vega: its standings and crosstable pages; for Swiss-Chess: "
                                 "its ranking and its pairing lists)"),
                               accept_multiple_files=True, key="check.files")
    files = [(u.name, u.getvalue()) for u in uploads or []]
games_file = st.file_uploader(t("Only for a table without rounds: the event's games (TRF, JSON, CSV or PGN)"),
                              key="check.games")

# never disabled: a pasted text reaches the page when the box loses focus, which this very click does
clicked = st.button(t("Check the table"), type="primary", key="check.go")
if clicked and not files:
    st.info(t("Paste the published table in the box, or upload its file, first."))
elif clicked:
    try:
        games = (games_file.name, games_file.getvalue()) if games_file is not None else None
        st.session_state["check.result"] = check_on_page(files, games_file=games)
    except EventError as exc:
        st.session_state.pop("check.result", None)
        where = (t("line {line} of the pasted text: {message}", line=exc.line, message=render(tr(), exc.said or exc.message))
                 if exc.file == PASTED and exc.line else error_text(exc))
        st.error(md_escape(t("This could not be read: {where}", where=where)))

check = st.session_state.get("check.result")
if check is None:
    st.stop()

ev = check.event
st.header(t("Summary"))
st.write(md_escape(tn("{event}: {n} player, read as {program}.", "{event}: {n} players, read as {program}.",
                      len(ev.players), event=ev.name, program=read_as_words(check.published.program))))
for note in check.published.notes:
    st.caption(md_escape(render(tr(), note)))
for c in check.columns:
    line = md_escape(render(tr(), c.summary()))
    if c.setting is None or c.agree < c.total:
        st.warning(line)
    else:
        st.success(line)
    if c.pattern:
        st.info(md_escape(render(tr(), c.pattern)))
if check.order_consistent:
    st.success(t("The order agrees with the table's own points and tie-break numbers."))
else:
    st.warning(t("The order disagrees with the table's own numbers:"))
    for note in check.order_notes:
        st.write(md_escape(f"- {render(tr(), note)}"))

st.header(t("Published beside ours"))
st.dataframe(side_by_side(check), hide_index=True, width="stretch")

diffs = check.differences()
st.header(t("Differences ({count})", count=len(diffs)))
if not diffs:
    st.write(t("Every published number is reproduced."))
for i, v in enumerate(diffs):
    with st.expander(md_escape(t("Row {rank}, {name}, {column}: published {value}", rank=v.rank, name=v.name,
                                 column=v.column, value=v.published.strip()))):
        st.write(md_escape(render(tr(), v.why)))
        st.caption(t("Our working:"))
        st.code(working_text(check, v.tpn, v.column), language=None)

st.header(t("Use this event"))
st.write(t("Load the event with the settings found, then open it on any other page."))
if st.button(t("Load this event for every page"), key="check.load"):
    state.set_event(event_for_pages(check), name=ev.name, new=True, settings=settings_found(check))
    st.success(md_escape(t("{event} is now the current event.", event=ev.name)))
    state.page_link("pages/why.py", t("why one player is above another"))
    state.page_link("pages/explain.py", t("one player's working"))
    state.page_link("pages/compare.py", t("how other orders would rank them"))
