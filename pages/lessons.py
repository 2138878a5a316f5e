"""Lessons: a scenario's story beside the engine's live working, with "try this" changes."""
import pandas as pd
import streamlit as st

from engine.core.errors import EventError
from engine.core.exact import nice
from engine.events.settings import default_settings
from engine.teaching.scenarios import apply_try, list_scenarios, what_moved
from ui.render.tables import markdown_cells, moved_frame, player_label, style_trace, trace_frame
from ui.render.text import md_escape
from ui.session import state
from ui.teams.lessons import team_lessons_view
from ui.teams.state import active_team
from ui.widgets.layout import working_table
from ui.widgets.ordering import code_label, matching_preset
from ui.work.cached import claims_checked, kept_table, lesson_working, scenario

HIGHLIGHT_CSS = "background-color: #fbe3b3; font-weight: 600;"   # Okabe-Ito orange, lightened

state.ensure_state()
st.title("Lessons")
st.caption("Each lesson is a small event with a story. The numbers in the story are checked against the "
           "engine: the table on the right shows both.")
if st.toggle("Team events", value=active_team() is not None, key="lessons.teams"):
    team_lessons_view()
    st.stop()


slugs = list_scenarios()
titles = {s: scenario(s).title for s in slugs}
slug: str = st.selectbox("Lesson", slugs, format_func=lambda s: titles[s], key="lesson_slug")
sc = scenario(slug)
event = sc.event
# the lesson's title in full as its heading: on a narrow screen the chooser above cuts a long one
st.header(sc.title)


def show(v) -> str:
    return nice(v) if v is not None else "none"


story, facts = st.columns([3, 2], gap="large")
with story:
    st.markdown(sc.narrative_markdown)          # our own narrative files: trusted project text
    if st.button("Load this lesson's event as my event", key="lesson_load", icon=":material/download:"):
        lesson_codes, lesson_rules = sc.ordering            # the lesson's own order comes with its event
        state.set_event(event, name=sc.title, new=True,
                        settings=default_settings(event).with_ordering(matching_preset(lesson_codes), lesson_codes,
                                                                       lesson_rules))
        st.success("Loaded. The Standings, Explain and Training pages now use this event.")
with facts:
    st.header("The story's numbers, checked")
    # each code with its name and each player by name (words beside every code): "BH · Buchholz (Solkoff) of
    # #2 Bruno = 8 (fide)", not "BH of #2 = 8 (fide)"
    rows = [{"Claim": c.text.replace(f"{c.code} of #{c.player}",
                                     f"{code_label(c.code)} of {player_label(c.player, event.player(c.player).name)}"
                                     if c.player in event.tpns else f"{code_label(c.code)} of #{c.player}", 1),
             "Engine": show(actual), "Agrees": "✓ yes" if ok else "✗ NO"}
            for c, actual, ok in claims_checked(slug)]
    # a static table, every row on the page: a grid would cut a long claim to its first words, and a frame
    # that scrolls would need the keyboard's focus to be read
    with st.container(key="lesson_claims"):
        st.table(markdown_cells(pd.DataFrame(rows, columns=["Claim", "Engine", "Agrees"])), hide_index=True)
    st.caption("Rule sets: uscf = US Chess, fide = FIDE 2026, fide2024, fide2009, raw (no adjustment), lichess.")

st.header("The working, live from the engine")
for n, h in enumerate(sc.working):
    with st.container():
        try:
            res = lesson_working(slug, n)
        except EventError as exc:
            st.error(str(exc))
            continue
        who = player_label(h.player, event.player(h.player).name)
        st.markdown(f"**{md_escape(who)}: {md_escape(code_label(h.code))} = {show(res.value)}** ({h.rules})")
        marked = {str(r) for r in h.rounds}
        styled = kept_table(f"lesson {slug} {n}", lambda: style_trace(trace_frame(res, event)).apply(
            lambda row: [HIGHLIGHT_CSS if row["Round"] in marked else "" for _ in row], axis=1))
        working_table(styled, key=f"lesson-{slug}-{n}")
        if marked:
            st.caption(f"Highlighted: round {', '.join(sorted(marked, key=int))} — the rows the story talks about.")
        st.markdown("\n".join(f"- {md_escape(s)}" for s in res.trace.steps))

if sc.tries:
    st.header("Try this")
    codes, rules = sc.ordering
    st.caption(f"Each button changes one result on a copy of this lesson's event (yours is not touched) and "
               f"shows what moved, ranked by points, then {', '.join(codes) or 'nothing else'} ({rules}).")
    for i, (column, t) in enumerate(zip(st.columns(len(sc.tries)), sc.tries)):
        if column.button(t.label, key=f"lesson_try_{slug}_{i}", icon=":material/shuffle:"):
            st.session_state["lesson_tried"] = (slug, i)
    tried = st.session_state.get("lesson_tried")
    if tried and tried[0] == slug and tried[1] < len(sc.tries):
        change = sc.tries[tried[1]]
        after = apply_try(event, change)
        moved = what_moved(event, after, list(codes), rules)
        st.markdown(f"**{md_escape(change.label)}** — what moved:")
        if not moved:
            st.info("Nothing moved: no rank and no value changed.")
        else:
            table = moved_frame(moved, ["PTS", *codes])
            st.dataframe(table, hide_index=True, width="stretch", key="lesson_moved")
            st.caption("An arrow marks a value or rank that changed; players with no change are not listed.")
        if st.button("Undo the change", key="lesson_undo", icon=":material/undo:"):
            st.session_state.pop("lesson_tried", None)
            st.rerun()
