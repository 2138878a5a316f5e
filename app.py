"""Tiebreak Lab: the entrypoint, a picture frame around the pages (Streamlit's st.navigation).

It runs before every page on every rerun: the navigation, page config, the shared event state.
Each page also calls ``ensure_state()`` itself, because AppTest may run a page without this file.
"""
import streamlit as st

from ui.session import state, workspace
from ui.session.language import declare_document_language, keep_in_address, language_selector, t
from ui.session.navigation import PAGES
from ui.widgets.accessibility import reach_by_keyboard
from ui.widgets.layout import fit_the_screen

# first, and a picture this server serves: otherwise the browser takes the page's Material icon (or an emoji)
# for the tab and fetches it from an outside font server
st.set_page_config(page_title="Tiebreak Lab", page_icon=str(state.ROOT / "ui" / "assets" / "favicon.png"), layout="wide")
# titles in the session's language, addresses fixed: a link works in every language
pg = st.navigation([st.Page(p.path, title=t(p.title), icon=p.icon, url_path=p.url_path or None, default=not p.url_path)
                    for p in PAGES], expanded=True)     # every page listed: no "View 4 more" on a short window
state.ensure_state()
language_selector()
keep_in_address()
declare_document_language()
fit_the_screen()
reach_by_keyboard()
workspace.key_box()
pg.run()
