"""Tiebreak Lab: the entrypoint, a picture frame around the five pages (Streamlit 1.67's st.navigation entrypoint).

It runs before every page on every rerun: the navigation, page config, the shared event state.
Each page also calls ``ensure_state()`` itself, because AppTest may run a page without this file.
"""
import streamlit as st

from ui import state, workspace

pg = st.navigation([
    st.Page("pages/1_Start.py", title="Start", icon="♟️", default=True),
    st.Page("pages/2_build.py", title="Build event", icon="✏️", url_path="build"),
    st.Page("pages/3_standings.py", title="Standings", icon="↕️", url_path="standings"),
    st.Page("pages/4_explain.py", title="Explain", icon="ℹ️", url_path="explain"),
    st.Page("pages/5_compare.py", title="Compare orderings", icon="⚖️", url_path="compare"),
    st.Page("pages/6_why.py", title="Why is A above B?", icon="❓", url_path="why"),
    st.Page("pages/7_prizes.py", title="Prizes", icon="💰", url_path="prizes"),
    st.Page("pages/13_forecast.py", title="Before the last round", icon="🔮", url_path="forecast"),
    st.Page("pages/8_announcement.py", title="TD announcement", icon="📣", url_path="announcement"),
    st.Page("pages/9_lessons.py", title="Lessons", icon="🎓", url_path="lessons"),
    st.Page("pages/10_training.py", title="Training", icon="🏋️", url_path="training"),
    st.Page("pages/11_glossary.py", title="Glossary", icon="📖", url_path="glossary"),
    st.Page("pages/12_simulation.py", title="Simulation lab", icon="🎲", url_path="simulation"),
])
st.set_page_config(page_title="Tiebreak Lab", page_icon="♟️", layout="wide")
state.ensure_state()
workspace.key_box()
pg.run()
