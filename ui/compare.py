"""The Compare page's large-event path: the comparison runs in a job, with a progress bar and a Stop button.

A comparison of four orderings on a 20,000-player event takes seconds of CPU; in the app's process that would
hold up every other visitor.  Above :data:`ui.work.cached.COMPARE_IN_SERVER` the page runs it in a job
(:func:`ui.work.cached.compare_by_job`) and says so: what is happening, how far it is, and a Stop button.  Pressing
Stop (or leaving the page) interrupts the page's run, which ends the job's process at once
(:func:`ui.work.jobs.run_bounded`); the page then says it was stopped and offers to start again, rather than
starting the same long work again by itself.
"""
from __future__ import annotations

import streamlit as st

from engine.core.ordering import Ordering
from engine.ranking.compare_orderings import OrderingsComparison
from ui.session.language import t
from ui.work.cached import compare_by_job, fingerprint, order_key
from ui.work.compare_job import SingleRanks

#: session keys: which comparison (event content and orderings) was last started, and which the user stopped
STARTED = "compare.started"
STOPPED = "compare.stopped"


def _what(orderings: list[Ordering], chosen: Ordering) -> str:
    return f"{fingerprint()} {order_key(orderings)} {order_key(chosen)}"


def run_compare_job(orderings: list[Ordering], codes: list[str], chosen: Ordering
                    ) -> tuple[OrderingsComparison, SingleRanks]:
    """The comparison from a job, with progress and Stop; stops the page (``st.stop``) while it stays stopped."""
    what = _what(orderings, chosen)
    if st.session_state.get(STOPPED) == what:
        st.info(t("You stopped the comparison of this event. It is large, so it is worked out apart from the app "
                  "and takes a few seconds (longer while the server is busy). Press **Compare again** to start it."))
        st.button(t("Compare again"), key="compare.again", type="primary",
                  on_click=lambda: st.session_state.pop(STOPPED, None))
        st.stop()
    st.session_state[STARTED] = what
    slot = st.empty()
    box = slot.container(border=True)
    box.markdown(t("**Comparing the orderings.** This event is large, so the work runs apart from the app: other "
                   "pages stay quick meanwhile. It is kept once done, for every later visit."))
    bar = box.progress(0.0, text=t("Starting"))
    box.button(t("Stop"), key="compare.stop", on_click=lambda: st.session_state.__setitem__(STOPPED, what),
               help=t("Stops the comparison at once. Leaving the page stops it too."))
    try:
        return compare_by_job(orderings, codes, chosen,
                              lambda share, text: bar.progress(min(1.0, share), text=text))
    finally:
        slot.empty()
