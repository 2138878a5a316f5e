"""Lessons: a scenario's story beside the engine's live working, with "try this" changes."""
import pandas as pd
import streamlit as st

from engine.core.errors import EventError
from engine.events.settings import default_settings
from engine.teaching.scenarios import apply_try, list_scenarios, what_moved
from i18n.said import render_all
from ui import lessons
from ui.render.tables import markdown_cells, moved_frame, player_label, style_trace, trace_frame
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tr
from ui.teams.lessons import team_lessons_view
from ui.teams.state import active_team
from ui.widgets.layout import working_table
from ui.widgets.ordering import code_label, error_text, matching_preset
from ui.work.cached import claims_checked, kept_table, lesson_working, scenario

HIGHLIGHT_CSS = "background-color: #fbe3b3; font-weight: 600;"   # Okabe-Ito orange, lightened

state.ensure_state()
st.title(t("Lessons"))
st.caption(t("Each lesson is a small event with a story. The numbers in the story are checked against the "
             "engine: the table on the right shows both."))
if st.toggle(t("Team events"), value=active_team() is not None, key="lessons.teams"):
    team_lessons_view()
    st.stop()


slugs = list_scenarios()
titles = {s: lessons.title(scenario(s)) for s in slugs}
slug: str = st.selectbox(t("Lesson"), slugs, format_func=titles.__getitem__, key="lesson_slug")
sc = scenario(slug)
event = sc.event
story_in = lessons.translation(sc)
# the lesson's title in full as its heading: on a narrow screen the chooser above cuts a long one
st.header(titles[slug])
show = lessons.shown_value


story, facts = st.columns([3, 2], gap="large")
with story:
    if story_in is None and current() != "en":
        st.caption(t("This lesson's story is not yet translated: it is shown in English; its numbers, table and "
                     "working below are in your language."))
    # our own narrative files: trusted project text
    st.markdown(story_in.narrative_markdown if story_in else sc.narrative_markdown)
    if st.button(t("Load this lesson's event as my event"), key="lesson_load", icon=":material/download:"):
        lesson_codes, lesson_rules = sc.ordering            # the lesson's own order comes with its event
        state.set_event(event, name=titles[slug], new=True,
                        settings=default_settings(event).with_ordering(matching_preset(lesson_codes), lesson_codes,
                                                                       lesson_rules))
        st.success(t("Loaded. The Standings, Explain and Training pages now use this event."))
with facts:
    st.header(t("The story's numbers, checked"))
    # each code with its name and each player by name (words beside every code): "BH · Buchholz (Solkoff) of
    # #2 Bruno = 8 (fide)", not "BH of #2 = 8 (fide)"
    rows = [{t("Claim"): lessons.claim_text(c, event), t("Engine"): show(actual),
             t("Agrees"): t("✓ yes") if ok else t("✗ NO")} for c, actual, ok in claims_checked(slug)]
    # a static table, every row on the page: a grid would cut a long claim to its first words, and a frame
    # that scrolls would need the keyboard's focus to be read
    with st.container(key="lesson_claims"):
        st.table(markdown_cells(pd.DataFrame(rows, columns=[t("Claim"), t("Engine"), t("Agrees")])), hide_index=True)
    st.caption(t("Rule sets: uscf = US Chess, fide = FIDE 2026, fide2024, fide2009, raw (no adjustment), lichess."))

st.header(t("The working, live from the engine"))
headings = lessons.trace_headings()
for n, h in enumerate(sc.working):
    with st.container():
        try:
            res = lesson_working(slug, n)
        except EventError as exc:
            st.error(md_escape(error_text(exc)))
            continue
        who = player_label(h.player, event.player(h.player).name)
        st.markdown(f"**{md_escape(who)}: {md_escape(code_label(h.code))} = {show(res.value)}** ({h.rules})")
        marked = {str(r) for r in h.rounds}
        styled = kept_table(f"lesson {slug} {n} {current()}", lambda: style_trace(
            trace_frame(res, event, tr=tr()), headings=headings).apply(
            lambda row: [HIGHLIGHT_CSS if row[headings["Round"]] in marked else "" for _ in row], axis=1))
        working_table(styled, key=f"lesson-{slug}-{n}", text_columns={headings["Why"], headings["Dropped because"]})
        if marked:
            st.caption(t("Highlighted: round {rounds} — the rows the story talks about.",
                         rounds=", ".join(sorted(marked, key=int))))
        st.markdown("\n".join(f"- {md_escape(s)}" for s in render_all(tr(), res.trace.steps)))

if sc.tries:
    st.header(t("Try this"))
    codes, rules = sc.ordering
    st.caption(t("Each button changes one result on a copy of this lesson's event (yours is not touched) and shows "
                 "what moved, ranked by points, then {codes} ({rules}).", codes=", ".join(codes), rules=rules)
               if codes else
               t("Each button changes one result on a copy of this lesson's event (yours is not touched) and shows "
                 "what moved, ranked by points, then nothing else ({rules}).", rules=rules))
    for i, column in enumerate(st.columns(len(sc.tries))):
        if column.button(lessons.try_label(sc, i), key=f"lesson_try_{slug}_{i}", icon=":material/shuffle:"):
            st.session_state["lesson_tried"] = (slug, i)
    tried = st.session_state.get("lesson_tried")
    if tried and tried[0] == slug and tried[1] < len(sc.tries):
        change = sc.tries[tried[1]]
        after = apply_try(event, change)
        moved = what_moved(event, after, list(codes), rules)
        st.markdown(t("**{change}** — what moved:", change=md_escape(lessons.try_label(sc, tried[1]))))
        if not moved:
            st.info(t("Nothing moved: no rank and no value changed."))
        else:
            table = moved_frame(moved, ["PTS", *codes], tr())
            st.dataframe(table, hide_index=True, width="stretch", key="lesson_moved")
            st.caption(t("An arrow marks a value or rank that changed; players with no change are not listed."))
        if st.button(t("Undo the change"), key="lesson_undo", icon=":material/undo:"):
            st.session_state.pop("lesson_tried", None)
            st.rerun()
