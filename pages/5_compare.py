"""Compare orderings: one event under several presets, orderings and rule sets at once."""
import streamlit as st

from engine.core.ordering import Ordering, ordering_of
from engine.core.errors import EventError
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from ui import state
from ui.charts import bump_chart, chart_png, chart_svg, rank_heatmap
from ui.ordering import compare_for, error_text, kept, ordering_chooser, preset_label, rules_label, single_ranks_for
from ui.tables import markdown_cells, md_escape, moves_frame

state.ensure_state()

st.title("Compare orderings")
st.caption(f"Event: {md_escape(state.event_name())}")

chosen = ordering_chooser()

left, right = st.columns(2)
presets = kept(left.multiselect, "Presets to compare (each under its own rule set)", list(PRESETS),
               name="compare.presets", default=["uscf", "fide-swiss", "fide-swiss-a"],
               help="\n".join(f"- {preset_label(p)}" for p in PRESETS))
also = kept(right.multiselect, f"Your ordering above ({chosen.label}) under these rule sets", list(RULE_SETS),
            name="compare.rules", default=[chosen.rules.name], help="\n".join(f"- {rules_label(r)}" for r in RULE_SETS))
orderings = [Ordering.from_preset(p, options=chosen.options) for p in presets]
orderings += [ordering_of(chosen, r, name=f"yours · {r}") for r in also]
if len(orderings) < 2:
    st.info("Choose at least two orderings: presets on the left, or your ordering under rule sets on the right.")
    st.stop()

try:
    result = compare_for(orderings)
except EventError as exc:
    st.error(f"The orderings cannot be compared: {md_escape(error_text(exc))}")
    st.stop()
for warning in dict.fromkeys(result.warnings):
    st.warning(md_escape(warning))

names = dict(result.players)


def downloads(chart, stem: str) -> None:
    """PNG and SVG of a chart, rendered offline (vl-convert) only when the button is clicked."""
    a, b, _ = st.columns([1, 1, 4])
    a.download_button("Download PNG", lambda: chart_png(chart), f"{stem}.png", "image/png", key=f"{stem}_png",
                      on_click="ignore")
    b.download_button("Download SVG", lambda: chart_svg(chart), f"{stem}.svg", "image/svg+xml",
                      key=f"{stem}_svg", on_click="ignore")


st.subheader("Each player's rank under each ordering")
bump = bump_chart(result.ranks, names)
st.altair_chart(bump, width="stretch", height=bump.height + 90)   # + title and axis labels
downloads(bump, "ranks_by_ordering")

st.subheader("Who moves and why")
moves = moves_frame(result)
if moves.empty:
    st.success("Every player has the same rank under all these orderings.")
else:
    st.caption("Each cell: the rank, then what placed him there — the criterion that separated him from the "
               "player just above or below on the same points, with both values.")
    st.table(markdown_cells(moves.set_index("Player")))   # a static table wraps the sentences; a grid cuts them

st.subheader("Rank under each single criterion")
codes = list(dict.fromkeys(c for o in orderings for c in o.codes))
points_first = kept(st.toggle, "Points first (rank inside the score groups)", name="compare.points_first",
                    default=True)
st.caption(f"Each column ranks the event by {'points and then ' if points_first else ''}that criterion alone, "
           f"under rule set {chosen.rules.name}: it shows whom each system favours.")
heat = rank_heatmap(single_ranks_for(codes, chosen, points_first), names)
st.altair_chart(heat, width="stretch", height=heat.height + 90)
downloads(heat, "rank_by_criterion")
