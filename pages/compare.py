"""Compare orderings: one event under several presets, orderings and rule sets at once."""
import streamlit as st

from engine.core.errors import EventError
from engine.core.ordering import Ordering, ordering_of
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from i18n.numbers import number
from ui.compare import run_compare_job
from ui.render.charts import bump_chart, chart_png, chart_svg, players_in_places, rank_heatmap, rank_windows
from ui.render.tables import markdown_cells, moves_headings, moves_long_frame
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tr
from ui.session.memory import kept
from ui.teams.compare_view import if_team_event
from ui.widgets.chart_text import bump_alt, bump_table, code_key, heatmap_alt, heatmap_table, show_chart
from ui.widgets.ordering import error_text, ordering_chooser, preset_label, preset_long_label, rules_label, rules_long_label
from ui.work.cached import chart, compare_for, compare_in_job, compared, order_key, single_ranks_for

state.ensure_state()
if_team_event()

st.title(t("Compare orderings"))
st.caption(t("Event: {name}", name=md_escape(state.shown_event_name())))

chosen = ordering_chooser()

left, right = st.columns(2)
presets = kept(left.multiselect, t("Presets to compare (each under its own rule set)"), list(PRESETS),
               name="compare.presets", default=["uscf", "fide-swiss", "fide-swiss-a"], wrap=True,
               format_func=preset_label, help="\n".join(f"- {preset_long_label(p)}" for p in PRESETS))
# by default the event's own order (skipped below when a preset column already shows it) and the same order
# under the other big rule set
also = kept(right.multiselect, t("Your ordering above ({ordering}) under these rule sets", ordering=chosen.label),
            list(RULE_SETS),
            name="compare.rules", default=[chosen.rules.name, "fide" if chosen.rules.name != "fide" else "uscf"],
            wrap=True,
            format_func=rules_label, help="\n".join(f"- {rules_long_label(r)}" for r in RULE_SETS))
orderings = [Ordering.from_preset(p, options=chosen.options) for p in presets]
orderings += [ordering_of(chosen, r, name=t("yours · {rules}", rules=r)) for r in also
              if not (r == chosen.rules.name and chosen.preset in presets)]   # the same as a column already shown
if len(orderings) < 2:
    st.info(t("Choose at least two orderings: presets on the left, or your ordering under rule sets on the right."))
    st.stop()

codes = list(dict.fromkeys(c for o in orderings for c in o.codes))
single_both = None            # a large event's job gives the single-criterion ranks too, both ways
try:
    if not compare_in_job():
        result = compare_for(orderings)
    elif (done := compared(orderings, codes, chosen)) is not None:
        result, single_both = done
    else:
        result, single_both = run_compare_job(orderings, codes, chosen)
except EventError as exc:
    st.error(t("The orderings cannot be compared: {reason}", reason=md_escape(error_text(exc))))
    st.stop()
for warning in dict.fromkeys(result.warnings):
    st.warning(md_escape(warning))

names = dict(result.players)
BIG_FIELD = 24          # more players than this: the chart shows 20 places at a time
WINDOW = 20
MAX_MOVERS = 12         # the "who moves" table stays a table, never a wall
#: players drawn in one chart at most: the places chosen may hold a tie of thousands (a 20,000-player event
#: tied in two groups put 10,000 players in "places 1-20": 12 s of the server's CPU for a chart nobody can read)
MAX_DRAWN = 3 * WINDOW


def downloads(chart, stem: str) -> None:
    """PNG and SVG of a chart, rendered offline (vl-convert) only when the button is clicked."""
    downloads = st.container(horizontal=True)
    downloads.download_button(t("Download PNG"), lambda: chart_png(chart), f"{stem}.png", "image/png", key=f"{stem}_png",
                      on_click="ignore")
    downloads.download_button(t("Download SVG"), lambda: chart_svg(chart), f"{stem}.svg", "image/svg+xml",
                      key=f"{stem}_svg", on_click="ignore")


st.header(t("Each player's rank under each ordering"))
shown = names
if len(names) > BIG_FIELD:
    windows = rank_windows(len(names), WINDOW)
    window = kept(st.selectbox, t("Players shown"), list(range(len(windows))), name="compare.window", default=0,
                  format_func=lambda i: t("Places {first}–{last} under {ordering}", first=windows[i][0],
                                          last=windows[i][1], ordering=orderings[0].label),
                  help=t("{count} players are too many for one readable chart: choose which places to see.",
                         count=len(names)))
    shown = players_in_places(result.ranks, names, *windows[window])
if len(shown) > MAX_DRAWN:
    st.caption(t("{count} players share these places, too many for one chart: the first {drawn} of them under "
                 "{ordering} are drawn.", count=number(len(shown), current()), drawn=MAX_DRAWN,
                 ordering=orderings[0].label))
    shown = dict(list(shown.items())[:MAX_DRAWN])
bump = chart(f"bump {order_key(orderings)} {sorted(shown)}", lambda: bump_chart(result.ranks, shown, tr=tr()))
show_chart(bump, bump_alt(result.ranks, shown, tr()), lambda: bump_table(result.ranks, shown, tr()),
                key="compare.bump", width="stretch", height=bump.height + 110)   # + title and axis labels
downloads(bump, "ranks_by_ordering")

st.header(t("Who moves and why"))
moves = moves_long_frame(result, shown, tr())
if moves.empty:
    st.success(t("Every player shown has the same rank under all these orderings."))
else:
    movers = moves["Player"].replace("", None).dropna().tolist()
    st.caption(t("For each player whose rank changes: the rank under each ordering, and what gave it — the "
                 "criterion that separated the player from the one just above or below on the same points."))
    if len(movers) > MAX_MOVERS:
        first_rows = moves.index[moves["Player"] == movers[MAX_MOVERS]][0]
        moves = moves.loc[:first_rows - 1]
        st.caption(t("The {count} biggest movers among the players shown; choose other places above to see "
                     "the rest.", count=MAX_MOVERS))
    # a static table wraps the sentences (a grid cuts them); no index column, whose header cell and the blank
    # player cells of a mover's later rows would be empty table headers to a screen reader
    with st.container(key="movers"):          # its cells break between words only (ui.widgets.layout)
        st.table(markdown_cells(moves.reset_index(drop=True).rename(columns=moves_headings(tr()))), hide_index=True)

st.header(t("Rank under each single criterion"))
points_first = kept(st.toggle, t("Points first (rank inside the score groups)"), name="compare.points_first",
                    default=True)
SINGLE_CAPTIONS = {
    (True, True): t("Each column ranks the event by points and then that criterion alone, under rule set {rules}: it "
                    "shows whom each system favours, for the players shown above.", rules=chosen.rules.name),
    (True, False): t("Each column ranks the event by points and then that criterion alone, under rule set {rules}: "
                     "it shows whom each system favours.", rules=chosen.rules.name),
    (False, True): t("Each column ranks the event by that criterion alone, under rule set {rules}: it shows whom "
                     "each system favours, for the players shown above.", rules=chosen.rules.name),
    (False, False): t("Each column ranks the event by that criterion alone, under rule set {rules}: it shows whom "
                      "each system favours.", rules=chosen.rules.name),
}
st.caption(SINGLE_CAPTIONS[points_first, len(shown) < len(names)])
single = single_ranks_for(codes, chosen, points_first) if single_both is None else single_both[points_first]
heat = chart(f"heat {order_key(chosen)} {codes} {points_first} {sorted(shown)}",
             lambda: rank_heatmap(single, shown, field=len(names), points_first=points_first, tr=tr()))
show_chart(heat, heatmap_alt(single, shown, points_first, tr()), lambda: heatmap_table(single, shown, tr()),
                key="compare.heat", width="stretch", height=heat.height + 90)
st.caption(md_escape(t("Columns: {key}.", key=code_key(list(single), tr()))))      # the key: each code in words
downloads(heat, "rank_by_criterion")
