"""Build event: players and results in two grids, pairing, new and random events, files and saved events."""
import streamlit as st

from ui.build.files_tab import files_tab
from ui.build.grids_tab import grids_tab
from ui.build.header import event_header
from ui.build.new_event_tabs import new_event_tab, random_event_tab
from ui.build.pairing_tab import pairing_tab
from ui.build.saved_tab import saved_tab
from ui.build.words import tab_labels
from ui.session import state
from ui.session.navigation import BUILD_TAB, GO_TO_TAB
from ui.teams.load import team_event_panel

state.ensure_state()
event, settings, pending = event_header()
team_event_panel()

# Only the open tab is drawn (switching tabs reruns the page): the other five held some twenty widgets that
# still cost every visit, and an action taken in a tab (an upload, a pairing) no longer redraws the 500-row
# grids of the first one.
if (going := st.session_state.pop(GO_TO_TAB, None)) is not None:     # set before the tabs are drawn
    st.session_state[BUILD_TAB] = going
grids, pairing, new_tab, random_tab, files, saved = st.tabs(tab_labels(), key=BUILD_TAB, on_change="rerun")
if grids.open:
    with grids:
        grids_tab(event, settings)
if pairing.open:
    with pairing:
        pairing_tab(event, settings, pending)
if new_tab.open:
    with new_tab:
        new_event_tab()
if random_tab.open:
    with random_tab:
        random_event_tab()
if files.open:
    with files:
        files_tab(event, settings)
if saved.open:
    with saved:
        saved_tab()
