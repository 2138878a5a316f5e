"""Tables, chart and state behind the "Before the last round" page (pure functions except the last few).

The chances come from :mod:`engine.forecast.places`; this module only lays them out for people: places
as "1st", "2nd", "4th or lower", chances as percentages, sampled chances with their 95 % interval, each in the
session's language (English as the engine writes it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import altair as alt
import pandas as pd
import streamlit as st

from engine.core.model import Event
from engine.core.ordering import Ordering
from engine.core.said import Said, said
from engine.core.words import counted, ordinal, spoken_name, word_for
from engine.forecast.needs import Conditions
from engine.forecast.places import Forecast, chance_text
from engine.forecast.prize_chances import PrizeChances
from engine.prizes.money import money
from engine.prizes.prize_list import Prize
from engine.teaching.scenarios import load_scenario
from i18n.catalog import N_
from i18n.numbers import money as local_money
from i18n.numbers import number
from i18n.said import place_name, render
from ui.render.charts import centred_label_offset, most_lines, wrapped_label_expr
from ui.session import state
from ui.session.language import current, t, tn, tr
from ui.work import jobs
from ui.work.forecast_job import work

EXAMPLE = "before-the-last-round"
MODELS = {"elo": N_("From the ratings (Elo), with a draw rate"), "uniform": N_("Every result equally likely")}
_RESULTS_KEY = "forecast.results"


def place_label(place: int, fc: Forecast) -> str:
    """"1st", or "4th or lower" for the place that gathers the rest in a top-places question (in the session's
    language: "Platz 1", "Platz 4 oder tiefer")."""
    if current() == "en":
        return f"{ordinal(place)} or lower" if fc.lumped() == place else ordinal(place)
    name = place_name(tr(), place)
    return t("{place} or lower", place=name) if fc.lumped() == place else name


def headings() -> tuple[str, str]:
    """The tables' number and player headings in the session's language."""
    return (t("No."), t("Player")) if current() != "en" else ("No.", "Player")


def chances_frame(event: Event, fc: Forecast) -> pd.DataFrame:
    """One row per player, one column per place: the chance (with its 95 % interval when sampled)."""
    places = sorted({k for d in fc.places.values() for k in d})
    no, player = headings()
    rows = []
    for tpn, dist in fc.places.items():
        row: dict[str, object] = {no: tpn, player: event.player(tpn).name}
        for k in places:
            p = dist.get(k)
            text = "" if p is None else chance_text(p)
            if p is not None and fc.intervals:
                lo, hi = fc.intervals[tpn][k]
                text += f" ({round(100 * lo)}–{round(100 * hi)} %)"
            row[place_label(k, fc)] = text
        rows.append(row)
    df = pd.DataFrame(rows)
    if not df.empty:
        best = {t: min(d) for t, d in fc.places.items()}
        df = df.assign(_best=[best[t] for t in df[no]], _first=[float(fc.places[t].get(1, 0)) for t in df[no]])
        df = df.sort_values(["_first", "_best", no], ascending=[False, True, True]).drop(columns=["_best", "_first"])
    return df.reset_index(drop=True).astype({player: "string"})


def chart_data(event: Event, fc: Forecast) -> pd.DataFrame:
    """Long data for the chart: player, place, chance in %."""
    rows = [{"player": f"{event.player(t).name} (#{t})", "place": place_label(k, fc), "order": k,
             "chance": round(100 * float(p), 1)}
            for t, d in fc.places.items() for k, p in d.items()]
    return pd.DataFrame(rows)


#: a bar's label is wrapped at about this many characters: a long name takes two or three lines, never "…"
LABEL_CHARS = 18
LINE_HEIGHT = 15


def chances_chart(event: Event, fc: Forecast) -> alt.Chart:
    """A bar per player, split by final place, summing to 100 %.

    Every name is shown whole: Vega-Lite cuts an axis label at 180 pixels and a legend label at 160
    ("Anna-Katharina Szczepańs…"), so the limits are lifted and a long name is wrapped onto lines of whole
    words (:func:`ui.render.charts.wrapped_label_expr`); the legend sits under the bars, where a phone has room.
    """
    data = chart_data(event, fc)
    no, player = headings()
    order = list(chances_frame(event, fc).apply(lambda r: f"{r[player]} (#{r[no]})", axis=1)) if len(data) else []
    lines = most_lines(order, LABEL_CHARS)
    chance, place = (t("chance (%)"), t("place")) if current() != "en" else ("chance (%)", "place")
    return (alt.Chart(data)
            .mark_bar()
            .encode(y=alt.Y("player:N", sort=order, title=None,
                            scale=alt.Scale(paddingInner=0.25),
                            axis=alt.Axis(labelLimit=0, labelExpr=wrapped_label_expr(order, LABEL_CHARS),
                                          labelLineHeight=LINE_HEIGHT,
                                          labelOffset=centred_label_offset(order, LINE_HEIGHT, LABEL_CHARS))),
                    x=alt.X("chance:Q", title=chance, scale=alt.Scale(domain=[0, 100])),
                    color=alt.Color("place:N", sort=alt.SortField("order"), title=place,
                                    scale=alt.Scale(scheme="blues", reverse=True),
                                    # two places a line: four side by side run past a phone's edge
                                    legend=alt.Legend(orient="bottom", columns=2, labelLimit=0, titleLimit=0)),
                    order=alt.Order("order:Q"),
                    tooltip=[alt.Tooltip("player:N", title=t("Player") if current() != "en" else "player"),
                             alt.Tooltip("place:N", title=place), alt.Tooltip("chance:Q", title=chance)])
            .properties(height=alt.Step(max(24, LINE_HEIGHT * lines + 10))))


#: what the chart needs besides its bars and the legend's lines: the axis, its title, the legend's title
#: and the gaps between them (measured in Chromium); and each line of the legend (two places a line)
CHART_FRAME = 136
LEGEND_LINE = 18


def chances_height(fc: Forecast, event: Event) -> int:
    """The chart's height in pixels: a row per player, tall enough for his name's lines, plus the axis
    and the legend under it.  Streamlit fits the whole chart, legend included, into this height, so the
    legend is counted line by line: a question about one player can list a dozen places or more, and a
    height for the bars alone left the one bar squeezed to a hairline under a legend cut short."""
    names = [f"{event.player(t).name} (#{t})" for t in fc.places]
    places = len({k for d in fc.places.values() for k in d})
    legend = -(-places // 2) * LEGEND_LINE
    return CHART_FRAME + legend + len(names) * max(24, LINE_HEIGHT * most_lines(names, LABEL_CHARS) + 10)


def prizes_frame(event: Event, pc: PrizeChances, prizes: list[Prize], currency: str = "$") -> pd.DataFrame:
    """One row per player who can win something: the chance of some cash, of each trophy, and the cash
    to expect (the average over all outcomes)."""
    trophies = [p.name for p in prizes if p.kind == "place" and not p.cash]
    english = current() == "en"
    no, player = headings()
    some, expected = ("Some cash", "Expected cash") if english else (t("Some cash"), t("Expected cash"))
    rows = []
    for tpn in sorted(pc.chance, key=lambda k: (-float(pc.expected_cash.get(k, 0)), k)):
        row: dict[str, object] = {no: tpn, player: event.player(tpn).name}
        if any(p.cash for p in prizes):
            row[some] = chance_text(pc.any_cash.get(tpn, 0))
        for n in trophies:
            p = pc.chance[tpn].get(n)
            row[n] = "" if p is None else chance_text(p)
        cash = round(float(pc.expected_cash.get(tpn, 0)))
        row[expected] = money(cash, currency) if english else local_money(cash / 100, currency, current())
        rows.append(row)
    return pd.DataFrame(rows).astype({player: "string"}) if rows else pd.DataFrame()


def conditions_lines(cond: Conditions, fc: Forecast, name: str = "") -> list[tuple[str, str]]:
    """(heading, sentence) per result of the player's own game: "If Alyx wins (45 % likely)" and what it leads
    to.  The player is named (``name``; "the player" without one): no pronoun is guessed."""
    if current() != "en":
        return [(_head(b.result, spoken_name(name), chance_text(b.chance)), render(tr(), b.text))
                for b in cond.branches]
    verbs = {"win": "wins", "draw": "draws", "loss": "loses", "result": "has no game left"}
    out = []
    for b in cond.branches:
        head = f"If {spoken_name(name) or 'the player'} {verbs[b.result]} ({chance_text(b.chance)} likely)" \
            if b.result != "result" else "No game left"
        out.append((head, str(b.text)))
    return out


def _head(result: str, name: str, chance: str) -> str:
    """A branch's heading in the session's language: "Wenn Alyx gewinnt (45 % wahrscheinlich)"."""
    if result == "result":
        return t("No game left")
    if not name:
        return {"win": t("If the player wins ({chance} likely)", chance=chance),
                "draw": t("If the player draws ({chance} likely)", chance=chance),
                "loss": t("If the player loses ({chance} likely)", chance=chance)}[result]
    return {"win": t("If {name} wins ({chance} likely)", name=name, chance=chance),
            "draw": t("If {name} draws ({chance} likely)", name=name, chance=chance),
            "loss": t("If {name} loses ({chance} likely)", name=name, chance=chance)}[result]


def method_text(fc: Forecast) -> str:
    """How the chances were found, in a sentence (in the session's language: :func:`method_words`)."""
    if current() != "en":
        return method_words(fc)
    k = len(fc.relevant)
    if fc.exact:
        extra = len(fc.games) - k
        skipped = f"; the other {extra} cannot change them" if extra else ""
        if fc.grouped:
            return (f"Exact: every result of the {k} games that can change these places ({3 ** k:,} "
                    f"combinations){skipped}. Too many to try one by one, so they are counted in groups: the "
                    f"leaders' own games in every combination, then, inside each tie, the games its tie-breaks "
                    f"depend on. Worked out in {fc.seconds:.1f} s.")
        return (f"Exact: every result of the {counted(k, 'game')} that can change these places "
                f"({3 ** k:,} combinations){skipped}. Worked out in {fc.seconds:.1f} s.")
    reason = fc.not_exact or "there are too many results to try one by one"
    per_sample = fc.seconds / fc.samples if fc.samples else 0.0
    long = duration_words(per_sample * 3.0 ** min(k, 600))
    took = (f", which would take {long if long.startswith('longer') else 'about ' + long} to try one by one at "
            f"the speed of this sample" if per_sample > 0 else "")
    return (f"Sampled, because {reason}: the {counted(k, 'game')} that can change these places have "
            f"{combinations_words(k)} combinations of results{took}, so {fc.samples:,} random rounds were played "
            f"instead (seed {fc.seed}), and every chance comes with its 95 % interval. Worked out in "
            f"{fc.seconds:.1f} s.")


def _seconds(fc: Forecast) -> str:
    return t("Worked out in {seconds} s.", seconds=number(round(fc.seconds, 1), current(), 1))


def method_words(fc: Forecast) -> str:
    """How the chances were found, in whole sentences of the session's language (numbers its way)."""
    lang, k = current(), len(fc.relevant)
    combos = number(3 ** k, lang) if k <= 18 else None
    if fc.exact:
        said = [tn("Exact: every result of the {n} game that can change these places was tried ({combinations} "
                   "combinations).", "Exact: every result of the {n} games that can change these places was tried "
                   "({combinations} combinations).", k, combinations=combos or number(3 ** k, lang))]
        if len(fc.games) > k:
            said.append(tn("The other {n} game cannot change them.", "The other {n} games cannot change them.",
                           len(fc.games) - k))
        if fc.grouped:
            said.append(t("Too many to try one by one, so they are counted in groups: the leaders' own games in "
                          "every combination, then, inside each tie, the games its tie-breaks depend on."))
        return " ".join(said + [_seconds(fc)])
    reason = render(tr(), fc.not_exact) if isinstance(fc.not_exact, Said) else None
    said = [t("Sampled, because {reason}.", reason=reason) if reason else
            t("Sampled: trying every result one by one was out of reach here.")]
    said.append(tn("The {n} game that can change these places has {combinations} combinations of results.",
                   "The {n} games that can change these places have {combinations} combinations of results.", k,
                   combinations=combos) if combos else
                tn("The {n} game that can change these places has a {digits}-digit number of combinations of "
                   "results.", "The {n} games that can change these places have a {digits}-digit number of "
                   "combinations of results.", k, digits=len(str(3 ** k))))
    per_sample = fc.seconds / fc.samples if fc.samples else 0.0
    if per_sample > 0:
        said.append(t("Trying them one by one would take {duration} at the speed of this sample.",
                      duration=duration_in(per_sample * 3.0 ** min(k, 600))))
    said.append(t("So {samples} random rounds were played instead (seed {seed}), and every chance comes with its "
                  "95 % interval.", samples=number(fc.samples, lang), seed=fc.seed))
    return " ".join(said + [_seconds(fc)])


def duration_in(seconds: float) -> str:
    """:func:`duration_words` in the session's language: ``40 Sekunden``, ``länger als eine Million Jahre``."""
    year = 365.25 * 86400
    for limit, size, unit in ((90, 1, "second"), (90 * 60, 60, "minute"), (48 * 3600, 3600, "hour"),
                              (2 * year, 86400, "day"), (1e6 * year, year, "year")):
        if seconds < limit:
            n = max(1, round(seconds / size))
            about = number(n, current())
            return {"second": tn("about {count} second", "about {count} seconds", n, count=about),
                    "minute": tn("about {count} minute", "about {count} minutes", n, count=about),
                    "hour": tn("about {count} hour", "about {count} hours", n, count=about),
                    "day": tn("about {count} day", "about {count} days", n, count=about),
                    "year": tn("about {count} year", "about {count} years", n, count=about)}[unit]
    return t("longer than a million years")


def combinations_words(games: int) -> str:
    """How many combinations of results ``games`` games have (three results each), as a reader takes it in:
    ``6,561`` for 8 games, ``a 17-digit number of`` for 35.

    >>> combinations_words(8), combinations_words(35)
    ('6,561', 'a 17-digit number of')
    """
    n = 3 ** games
    return f"{n:,}" if n < 10 ** 9 else f"a {len(str(n))}-digit number of"


def duration_words(seconds: float) -> str:
    """A long time, roughly: ``40 seconds``, ``3 hours``, ``12 days``, ``2,000 years``, or ``longer than a
    million years``.

    >>> duration_words(40), duration_words(3 * 3600), duration_words(2e7), duration_words(1e14)
    ('40 seconds', '3 hours', '231 days', 'longer than a million years')
    """
    year = 365.25 * 86400
    for limit, unit, size in ((90, "second", 1), (90 * 60, "minute", 60), (48 * 3600, "hour", 3600),
                              (2 * year, "day", 86400), (1e6 * year, "year", year)):
        if seconds < limit:
            n = max(1, round(seconds / size))
            return f"{n:,} {word_for(n, unit)}"
    return "longer than a million years"


# -- session state ---------------------------------------------------------------------------------

def load_example() -> None:
    """Open the shipped example (FIDE's exercise after round 4, round 5 paired) as a new event."""
    event = load_scenario(EXAMPLE).event
    if not state.open_copy(event.name, event):       # opened before and unchanged: one entry in the list
        state.set_event(event, event.name, new=True)
    from ui.session.language import t
    state.notice(t("Opened the example: FIDE's exercise after round 4, with round 5 paired and not yet played."))


@dataclass(frozen=True)
class Ask:
    """Everything a run depends on: the cache key of its results."""

    version: int
    ordering: Ordering              #: resolved once, where the page chose it; the job reads it as it is
    places: int | None
    player: int | None
    model: str
    draw_rate: float
    samples: int
    seed: int
    prizes: tuple[Prize, ...]
    sharing: str


def cached(ask: Ask) -> tuple[Forecast, Conditions | None, PrizeChances | None] | None:
    return st.session_state.get(_RESULTS_KEY, {}).get(ask)


def run(ask: Ask, event: Event, tick: Callable[[float, str], object]) -> tuple[Forecast, Conditions | None,
                                                                             PrizeChances | None]:
    """Work the chances out (with progress), keep them for this session, and return them.

    The work runs in a separate process (:mod:`ui.work.jobs`): stopped after the time limit of the mode the
    app runs in (an :class:`~engine.core.errors.EventError` saying so), or as soon as the page is left.
    """
    fc, cond, pc = jobs.run_on_page(work, event, ask.ordering, ask.places, ask.player,
                                    ask.model, ask.draw_rate, ask.samples, ask.seed, tuple(ask.prizes), ask.sharing,
                                    seconds=jobs.limits().job_seconds, what=said("Working out the chances"),
                                    on_progress=tick)
    results = st.session_state.setdefault(_RESULTS_KEY, {})
    results.clear()                # one answer kept: the latest
    results[ask] = (fc, cond, pc)
    return fc, cond, pc
