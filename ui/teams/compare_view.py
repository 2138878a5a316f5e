"""Compare orderings for a team event: the teams' places under several team presets side by side, a bump chart,
and for each team that moves, where it stands under each order."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from engine.core.exact import nice
from engine.teams.model import TeamEvent
from engine.teams.presets import TEAM_PRESETS
from ui.render.charts import bump_chart
from ui.render.tables import column_px
from ui.render.text import md_escape
from ui.session.language import t
from ui.teams.cached import standings_in, team_context
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page
from ui.widgets.chart_text import bump_alt, bump_table, show_chart

PRESETS = "team.compare_presets"
DEFAULT = ["fide-team", "olympiad-2026", "ecu"]


def team_ranks(ev: TeamEvent, keys: list[str]) -> dict[str, dict[int, int]]:
    """Each preset's places, by its name (the rules' edition: the preset's own, else the 2026 edition)."""
    out = {}
    for key in keys:
        preset = TEAM_PRESETS[key]
        table = standings_in(team_context(ev, preset.apply(ev), preset.rules or "fide", preset.options),
                             preset.criteria)
        out[t(preset.name)] = {r.tpn: r.rank for r in table.rows}
    return out


def team_compare_view(ev: TeamEvent) -> None:
    """The whole Compare orderings page for a team event."""
    team_heading(ev, t("Compare team orderings"))
    keys = st.multiselect(t("Team orders to compare"), list(TEAM_PRESETS), default=DEFAULT, key=PRESETS,
                          format_func=lambda k: t(TEAM_PRESETS[k].name))
    if len(keys) < 2:
        st.info(t("Choose at least two orders."))
        return
    ranks = team_ranks(ev, keys)
    frame = pd.DataFrame([{"Team": ev.name_of(tpn), "MP": nice(ev.mp(tpn)), "GP": nice(ev.gp(tpn)),
                           **{name: str(places[tpn]) for name, places in ranks.items()}} for tpn in ev.tpns])
    frame = frame.sort_values(by=next(iter(ranks)), key=lambda c: c.astype(int))
    # the team's column as wide as its longest name (never cut), and in view when a phone scrolls the orders
    # each order's column headed "Order 1", "Order 2" ... (its name in the column's help and in the key below): the
    # orders' full names side by side are wider than a laptop's page
    orders = [c for c in frame.columns if c not in ("Team", "MP", "GP")]
    heads = {c: t("Order {n}", n=i) for i, c in enumerate(orders, 1)}
    st.dataframe(frame, hide_index=True, width="stretch", column_config={
        "Team": st.column_config.TextColumn(t("Team"), pinned=True, width=column_px(frame, "Team", header=t("Team"))),
        **{c: st.column_config.TextColumn(heads[c], help=c, width=column_px(frame, c, header=heads[c])) for c in orders}})
    st.caption("  \n".join(t("{order}: {name}", order=heads[c], name=c) for c in orders))
    names = {tpn: ev.name_of(tpn) for tpn in ev.tpns}
    bump = bump_chart(ranks, names)
    show_chart(bump, bump_alt(ranks, names), lambda: bump_table(ranks, names), key="team.compare_bump",
               width="stretch", height=bump.height + 110)                 # + the title and the axis labels
    movers = [tpn for tpn in ev.tpns if len({places[tpn] for places in ranks.values()}) > 1]
    if not movers:
        st.success(t("Every team has the same place under these orders."))
        return
    st.markdown(t("**Who moves:**") + "\n" + "\n".join(
        "- " + md_escape(ev.name_of(tpn)) + ": " + "; ".join(
            t("{place} under {order}", place=places[tpn], order=name) for name, places in ranks.items())
        for tpn in movers))
    st.caption(t("Why a team moves: open Why is A above B? with the two teams and the order; it names the "
                 "tie-break, the match and the products that decided it under each order."))
    for key in keys:
        st.caption(f"{t(TEAM_PRESETS[key].name)}: {TEAM_PRESETS[key].codes} — {t(TEAM_PRESETS[key].source)}")


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_compare_view)
