"""Check published standings: is the table another program published right, under which settings, and where
and why does it differ?  Paste the text or upload the files; the summary comes first."""
import streamlit as st

from engine.core.errors import EventError
from engine.formats.loader import read_event_bytes
from engine.teaching.check_report import read_as
from ui.check import WHAT_WE_READ, check_on_page, event_for_pages, settings_found, side_by_side, working_text
from ui.render.text import md_escape
from ui.session import state
from ui.teams.check_view import if_team_event
from ui.widgets.ordering import error_text

state.ensure_state()
if_team_event()
PASTED = "the pasted text"

st.title("Check published standings")
st.write(md_escape(f"Paste or upload the standings another program published: {WHAT_WE_READ}. We read the "
                   f"games from the table, recompute every tie-break column, find the settings that reproduce "
                   f"it, and explain each number that differs."))

how = st.radio("The published table", ["Paste the text", "Upload files"], horizontal=True, key="check.how")
files: list[tuple[str, bytes | str]] = []
if how == "Paste the text":
    text = st.text_area("Copy the whole table from the page (with its legend) and paste it here", height=220,
                        key="check.text")
    if text.strip():
        files = [(PASTED, text)]
else:
    uploads = st.file_uploader("The published file (for Vega: its standings and crosstable pages; for Swiss-Chess: "
                               "its ranking and its pairing lists)",
                               accept_multiple_files=True, key="check.files")
    files = [(u.name, u.getvalue()) for u in uploads or []]
games_file = st.file_uploader("Only for a table without rounds: the event's games (TRF, JSON, CSV or PGN)",
                              key="check.games")

# never disabled: a pasted text reaches the page when the box loses focus, which this very click does
clicked = st.button("Check the table", type="primary", key="check.go")
if clicked and not files:
    st.info("Paste the published table in the box, or upload its file, first.")
elif clicked:
    try:
        games = read_event_bytes(games_file.getvalue(), games_file.name) if games_file is not None else None
        st.session_state["check.result"] = check_on_page(files, games)
    except EventError as exc:
        st.session_state.pop("check.result", None)
        where = (f"line {exc.line} of the pasted text: {exc.message}" if exc.file == PASTED and exc.line
                 else error_text(exc))
        st.error(md_escape(f"This could not be read: {where}"))

check = st.session_state.get("check.result")
if check is None:
    st.stop()

ev = check.event
st.header("Summary")
st.write(md_escape(f"{ev.name}: {len(ev.players)} players, read as {read_as(check.published.program)}."))
for note in check.published.notes:
    st.caption(md_escape(note))
for c in check.columns:
    line = md_escape(c.summary())
    if c.setting is None or c.agree < c.total:
        st.warning(line)
    else:
        st.success(line)
    if c.pattern:
        st.info(md_escape(c.pattern))
if check.order_consistent:
    st.success("The order agrees with the table's own points and tie-break numbers.")
else:
    st.warning("The order disagrees with the table's own numbers:")
    for note in check.order_notes:
        st.write(md_escape(f"- {note}"))

st.header("Published beside ours")
st.dataframe(side_by_side(check), hide_index=True, width="stretch")

diffs = check.differences()
st.header(f"Differences ({len(diffs)})")
if not diffs:
    st.write("Every published number is reproduced.")
for i, v in enumerate(diffs):
    with st.expander(md_escape(f"Row {v.rank}, {v.name}, {v.column}: published {v.published.strip()}")):
        st.write(md_escape(v.why))
        st.caption("Our working:")
        st.code(working_text(check, v.tpn, v.column), language=None)

st.header("Use this event")
st.write("Load the event with the settings found, then open it on any other page.")
if st.button("Load this event for every page", key="check.load"):
    state.set_event(event_for_pages(check), name=ev.name, new=True, settings=settings_found(check))
    st.success(md_escape(f"{ev.name} is now the current event."))
    state.page_link("pages/why.py", "why one player is above another")
    state.page_link("pages/explain.py", "one player's working")
    state.page_link("pages/compare.py", "how other orders would rank them")
