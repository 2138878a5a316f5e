"""The TD announcement for a team event: the scoring, what a bye or a forfeited match is worth, the tie-break
order with each criterion in plain words and its rule, to show, print or download before round 1."""
from __future__ import annotations

import streamlit as st

from engine.core.exact import nice
from engine.teams.model import KIND_WORDS, TeamEvent
from i18n.catalog import N_
from ui.render.grid import download_name
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t
from ui.teams.order import TeamOrder, team_order_chooser
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page
from ui.teams.words import team_label


def team_sheet(order: TeamOrder, name: str, notes: str) -> str:
    """The sheet as plain text with Markdown marks (the event's name and the notes are the user's own text)."""
    ev = order.event
    s = ev.scoring
    by_mp = s.primary == "MP"
    scoring = (N_("Teams of {boards} boards. A won match gives {win} match points, a drawn match {draw}, a lost match "
                  "{loss}; each board won gives {gw} game point, a drawn board {gd}. The teams are ranked by match "
                  "points first.") if by_mp else
               N_("Teams of {boards} boards. A won match gives {win} match points, a drawn match {draw}, a lost match "
                  "{loss}; each board won gives {gw} game point, a drawn board {gd}. The teams are ranked by game "
                  "points first."))
    title = t("Tie-breaks of {name}", name=name)
    lines = [f"# {title}", "",
             t(scoring, boards=ev.boards, win=nice(s.win), draw=nice(s.draw), loss=nice(s.loss), gw=nice(s.game_win),
               gd=nice(s.game_draw)), ""]
    lines.append(t("Rounds without a match:"))
    for kind in ("PAB", "HPB", "ZPB", "FW", "FL"):
        mp, gp = s.value_of(kind, ev.boards)
        line = (N_("{what}: match points {mp}, game points {gp} for the team; each player of the line-up scores a "
                   "point") if kind == "FW" else
                N_("{what}: match points {mp}, game points {gp} for the team; none for its players"))
        lines.append("- " + t(line, what=t(KIND_WORDS[kind]), mp=nice(mp), gp=nice(gp)))
    lines += ["", t("Teams level on match points are separated by, in this order:") if by_mp else
              t("Teams level on game points are separated by, in this order:"), ""]
    for n, c in enumerate(order.criteria, 1):
        lines.append(f"{n}. **{c.given or c}** — {team_label(c)}: {t(c.info.sentence)} ({c.info.citation})")
    lines += ["", t("Rules for unplayed rounds: {rules}.", rules=t(order.context.rules_words)),
              t("Teams level on everything share the place.")]
    if notes.strip():
        lines += ["", notes.strip()]
    return "\n".join(lines) + "\n"


def team_announcement_view(ev: TeamEvent) -> None:
    """The whole TD announcement page for a team event."""
    team_heading(ev, t("TD announcement for a team event"))
    order = team_order_chooser(ev)
    name = st.text_input(t("Event name on the sheet"), value=state.event_name(), key="team.announce_name")
    notes = st.text_area(t("Notes for the teams (optional)"), value="", key="team.announce_notes", height=90)
    sheet = team_sheet(order, md_escape(name), md_escape(notes))
    st.download_button(t("Download the sheet (text)"), team_sheet(order, name, notes).encode("utf-8"),
                       file_name=download_name(name or "team", "txt").replace(".txt", "_announcement.txt"),
                       mime="text/plain", key="team.announce_download", on_click="ignore")
    with st.container(border=True):
        st.markdown(sheet)


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_announcement_view)
