"""The simulation lab: which tie-break really ranks the stronger of two players tied on points first?

Every TD has an opinion about the "fairest" tie-break; the research way to settle it is an experiment.
Generate many Swiss events whose players have a known *true strength* (their rating, from which the
results are drawn with the Elo model, :mod:`engine.events.generator`), rank each event under each criterion or
preset ordering, and count, over every pair of players tied on points, how often the stronger one is
ranked higher.  A tie-break that knows nothing (the drawing of lots) is right half the time; the
question is how far above a coin the real ones get.

The metrics, for each ordering (points first, then its criteria):

* over all pairs of players tied on points whose strengths differ: *correct* (the stronger ranked
  higher), *wrong*, *unbroken* (a shared place); pairs of equal strength are counted apart and left out;
* the share correct among the broken pairs and among all pairs, each with a Wilson 95 % interval and
  with an interval that treats each event as one cluster (pairs of one event are not independent: the
  Wilson interval is too narrow, the clustered one is honest);
* Kendall's tau-b between rank and strength inside each tied group, averaged over the groups weighted
  by their number of pairs (a group the ordering leaves entirely tied counts as 0: it says nothing);
* the effect of one extra bye or forfeit per event: the same seeds rerun with the bye or forfeit rate
  raised by one per event on average, and the difference in the metrics.

Reproducible by seed: event ``i`` uses seed :func:`event_seed` (base seed, ``i``), and the events are
cut into fixed chunks summed in a fixed order, so the result does not depend on the number of workers.
Pure (no Streamlit, no pandas); :func:`run` uses a ``spawn`` process pool when ``workers > 1``.

>>> r = run(SimParams(players=12, rounds=4, events=4, criteria=("BH", "LOTS"), presets=()), workers=1)
>>> [row.label for row in r.rows]
['BH', 'LOTS']
"""
from __future__ import annotations

import csv
import hashlib
import io
import math
import multiprocessing
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Callable, Iterable, Mapping, Sequence, TypedDict

from engine.core.chances import Z95, wilson
from engine.core.codes import Criterion, parse_code
from engine.core.errors import EventError
from engine.core.exact import Number
from engine.core.model import Event
from engine.core.ordering import CUSTOM, Ordering, ordering_of
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS, Options, rule_set
from engine.core.said import said
from engine.events.generator import UnplayedRates, generate_event
from engine.ranking.standings import standings
from engine.tiebreaks.context import Context
from engine.tiebreaks.fast import FastValues

__all__ = ["SimParams", "Ordering", "PairCounts", "MetricRow", "Difference", "SimResult", "EXPERIMENTS", "PAIRINGS",
           "event_seed", "pair_counts", "orderings", "simulated_event", "simulate_event", "run", "to_csv",
           "differences", "reading", "reading_steps", "READING_TEXTS", "experiment"]

#: the pairing systems a simulation can use
PAIRINGS: dict[str, str] = {
    "fast": "the generator's fast Swiss pairing (score groups, top half v bottom half, no rematches)",
    "dutch": "the FIDE Dutch system (C.04.3) through caissify-pairings: exact, but seconds per round",
}


# -- parameters ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SimParams:
    """Everything that decides a simulation's result: the same parameters give the same numbers.

    ``bye_rate`` is the chance of a requested half-point bye per player and round, ``forfeit_rate`` the
    chance that a scheduled game is forfeited.  ``extra_byes`` / ``extra_forfeits`` (per event, on
    average; 0 = skip) ask for the reruns that measure what one more bye or forfeit does.  Single
    criteria are computed under ``rules``; each preset under its own rule set.
    """

    players: int = 40
    rounds: int = 7
    events: int = 200
    rating_mean: int = 1800
    rating_sd: int = 300
    draw_rate: float = 0.3
    bye_rate: float = 0.0
    forfeit_rate: float = 0.0
    pairing: str = "fast"
    criteria: tuple[str, ...] = ("BH", "MED", "MM", "SB", "CUM", "LOTS")
    presets: tuple[str, ...] = ("uscf", "fide-swiss")
    rules: str = "fide"
    seed: int = 1
    extra_byes: float = 0.0
    extra_forfeits: float = 0.0

    def __post_init__(self) -> None:
        if self.events < 1:
            raise EventError(said("a simulation needs at least 1 event, not {events}", events=self.events))
        if self.players < 2 or self.rounds < 1:
            raise EventError(said("a simulated event needs at least 2 players and 1 round"))
        if self.pairing not in PAIRINGS:
            raise EventError(said("unknown pairing {name}; choose one of {choices}", name=repr(self.pairing),
                                  choices=", ".join(PAIRINGS)))
        if self.rules not in RULE_SETS:
            raise EventError(said("unknown rule set {name}; choose one of {choices}", name=repr(self.rules),
                                  choices=", ".join(RULE_SETS)))
        for code in self.criteria:
            parse_code(code)
        for name in self.presets:
            if name not in PRESETS:
                raise EventError(said("unknown preset {name}; choose one of {choices}", name=repr(name),
                                      choices=", ".join(PRESETS)))
        if not self.criteria and not self.presets:
            raise EventError(said("choose at least one criterion or preset to simulate"))
        if self.extra_byes < 0 or self.extra_forfeits < 0:
            raise EventError(said("the extra byes and forfeits must not be negative"))
        UnplayedRates(hpb=self.bye_rate, forfeit=self.forfeit_rate)   # validates the rates

    def rates(self, variant: str = "base") -> UnplayedRates:
        """The unplayed-round rates of a variant: ``base``, ``+bye`` or ``+forfeit``."""
        hpb, forfeit = self.bye_rate, self.forfeit_rate
        if variant == "+bye":
            hpb += self.extra_byes / (self.players * self.rounds)
        elif variant == "+forfeit":
            forfeit += self.extra_forfeits / (max(1, self.players // 2) * self.rounds)
        return UnplayedRates(hpb=min(hpb, 1.0), forfeit=min(forfeit, 1.0))

    @property
    def variants(self) -> tuple[str, ...]:
        return ("base",) + (("+bye",) if self.extra_byes else ()) + (("+forfeit",) if self.extra_forfeits else ())


def orderings(params: SimParams) -> list[Ordering]:
    """The orderings a simulation compares, single criteria first (points, then it; named by its code), then
    the presets (points, then their list, under their own rule sets), in the order given."""
    rules = rule_set(params.rules)          # the name the user gave, resolved once for every criterion
    out = [ordering_of([c], rules, preset=CUSTOM, name=c) for c in params.criteria]
    out += [Ordering.from_preset(p) for p in params.presets]
    return out


def event_seed(base: int, i: int) -> int:
    """Event ``i``'s seed: a stable hash of (base seed, i), the same on every machine and Python."""
    digest = hashlib.sha256(f"tiebreak-lab-sim:{base}:{i}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


# -- the metrics of one ranking -----------------------------------------------------------------------
@dataclass
class PairCounts:
    """Sums over tied pairs; with the per-event sums of squares that the clustered interval needs."""

    correct: int = 0
    wrong: int = 0
    unbroken: int = 0
    equal: int = 0                  # pairs tied on points whose strengths are equal: left out
    tau_sum: float = 0.0            # sum over tied groups of tau-b x pairs in the group
    tau_weight: int = 0             # sum of pairs in the groups
    events: int = 0
    # per-event sums for the clustered variance of the shares (c: correct, b: broken, a: all)
    cc: int = 0
    cb: int = 0
    bb: int = 0
    ca: int = 0
    aa: int = 0

    def add(self, other: "PairCounts") -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    @property
    def broken(self) -> int:
        return self.correct + self.wrong

    @property
    def pairs(self) -> int:
        return self.correct + self.wrong + self.unbroken


def pair_counts(ranks: Mapping[int, int], points: Mapping[int, object], strength: Mapping[int, float]) -> PairCounts:
    """The counts of one ranked event: ``ranks`` (1 = first; equal = shared place), points, true strength.

    >>> c = pair_counts({1: 1, 2: 2, 3: 2}, {1: 3, 2: 3, 3: 3}, {1: 2000, 2: 1900, 3: 1800})
    >>> c.correct, c.wrong, c.unbroken, round(c.tau_sum / c.tau_weight, 4)
    (2, 0, 1, 0.8165)
    """
    groups: dict[object, list[int]] = {}
    for t, p in points.items():
        groups.setdefault(p, []).append(t)
    out = PairCounts(events=1)
    for members in groups.values():
        m = len(members)
        if m < 2:
            continue
        concordant = discordant = rank_ties = strength_ties = 0
        for x in range(m):
            a = members[x]
            ra, sa = ranks[a], strength[a]
            for y in range(x + 1, m):
                b = members[y]
                dr = ranks[b] - ra          # > 0: a ranked higher
                ds = sa - strength[b]       # > 0: a stronger
                if ds == 0:
                    strength_ties += 1
                    if dr == 0:
                        rank_ties += 1
                    out.equal += 1
                    continue
                if dr == 0:
                    rank_ties += 1
                    out.unbroken += 1
                elif (dr > 0) == (ds > 0):
                    concordant += 1
                else:
                    discordant += 1
        out.correct += concordant
        out.wrong += discordant
        n0 = m * (m - 1) // 2
        denom = (n0 - rank_ties) * (n0 - strength_ties)
        out.tau_sum += (concordant - discordant) / math.sqrt(denom) * n0 if denom else 0.0
        out.tau_weight += n0
    c, b, a = out.correct, out.broken, out.pairs
    out.cc, out.cb, out.bb, out.ca, out.aa = c * c, c * b, b * b, c * a, a * a
    return out


def _clustered(total_c: int, total_n: int, cc: int, cn: int, nn: int, events: int) -> tuple[float, float]:
    """A 95 % interval for a ratio of sums over events, each event one cluster (the ratio estimator)."""
    if total_n <= 0 or events < 2:
        return 0.0, 1.0
    p = total_c / total_n
    ss = cc - 2 * p * cn + p * p * nn          # sum over events of (c_i - p n_i)^2
    se = math.sqrt(max(ss, 0.0) * events / (events - 1)) / total_n
    return max(0.0, p - Z95 * se), min(1.0, p + Z95 * se)


# -- one event ----------------------------------------------------------------------------------------
def _dutch_or_none(event: Event, rnd: int, players: list[int]) -> tuple[list[tuple[int, int]], int | None] | None:
    """The Dutch pairing of a round, or ``None`` (the generator's own pairing) if the engine fails."""
    from engine.pairing.dutch import dutch_pairs
    try:
        return dutch_pairs(event, rnd, players)
    except Exception:      # a failed Dutch round is paired the fast way and counted, not a crash
        global _FALLBACKS
        _FALLBACKS += 1
        return None


_FALLBACKS = 0


def simulated_event(params: SimParams, i: int, variant: str = "base") -> Event:
    """Event ``i`` of the simulation (the same for every worker)."""
    return generate_event(params.players, params.rounds, seed=event_seed(params.seed, i),
                          rates=params.rates(variant), draw_rate=params.draw_rate,
                          rating_mean=params.rating_mean, rating_sd=params.rating_sd,
                          pairing=_dutch_or_none if params.pairing == "dutch" else None)


def simulate_event(params: SimParams, i: int, variant: str = "base",
                   orders: Sequence[Ordering] | None = None) -> dict[str, PairCounts]:
    """Generate event ``i`` and count its tied pairs under every ordering."""
    event = simulated_event(params, i, variant)
    orders = list(orders) if orders is not None else orderings(params)
    strength = {p.tpn: float(p.rating or 0) for p in event.players}
    points = {t: event.score(t) for t in event.tpns}
    fast: dict[str, FastValues] = {}

    def provider(ctx: Context, crit: Criterion) -> Mapping[int, Number | None]:
        fv = fast.get(ctx.rules.name)
        if fv is None:
            fv = fast[ctx.rules.name] = FastValues(event, ctx.rules, ctx.options, n=ctx.n)
        return fv.values(crit)

    options = Options(seed=event_seed(params.seed, i) % 1_000_000_007)
    out: dict[str, PairCounts] = {}
    for o in orders:
        st = standings(event, o.with_options(options), values_provider=provider)
        out[o.label] = pair_counts({r.tpn: r.rank for r in st.rows}, points, strength)
    return out


def _chunk(task: tuple[SimParams, str, int, int]) -> tuple[dict[str, PairCounts], int]:
    """Sum events ``start .. stop-1`` of one variant (a worker's unit of work), with Dutch fallbacks."""
    global _FALLBACKS
    params, variant, start, stop = task
    _FALLBACKS = 0
    orders = orderings(params)
    total = {o.label: PairCounts() for o in orders}
    for i in range(start, stop):
        for label, counts in simulate_event(params, i, variant, orders).items():
            total[label].add(counts)
    return total, _FALLBACKS


# -- results ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MetricRow:
    """One ordering's metrics in one variant (``base``, ``+bye``, ``+forfeit``)."""

    variant: str
    label: str
    kind: str
    codes: str
    rules: str
    events: int
    pairs: int
    correct: int
    wrong: int
    unbroken: int
    equal_strength: int
    share_correct_broken: float
    broken_low: float
    broken_high: float
    broken_cluster_low: float
    broken_cluster_high: float
    share_correct_all: float
    all_low: float
    all_high: float
    share_unbroken: float
    coin_completed: float
    tau_b: float

    @staticmethod
    def build(variant: str, o: Ordering, c: PairCounts) -> "MetricRow":
        b, a = c.broken, c.pairs
        bl, bh = wilson(c.correct, b)
        cl, ch = _clustered(c.correct, b, c.cc, c.cb, c.bb, c.events)
        al, ah = wilson(c.correct, a)
        kind = "criterion" if o.preset is None else "preset"
        return MetricRow(variant, o.label, kind, " ".join(o.codes), o.rules.name, c.events, a, c.correct, c.wrong,
                         c.unbroken, c.equal, c.correct / b if b else float("nan"), bl, bh, cl, ch,
                         c.correct / a if a else float("nan"), al, ah, c.unbroken / a if a else float("nan"),
                         (c.correct + c.unbroken / 2) / a if a else float("nan"),
                         c.tau_sum / c.tau_weight if c.tau_weight else float("nan"))


@dataclass(frozen=True)
class Difference:
    """How one extra bye or forfeit per event moves an ordering's metrics (variant minus base)."""

    variant: str
    label: str
    share_correct_broken: float
    low: float
    high: float
    share_unbroken: float
    tau_b: float


@dataclass(frozen=True)
class SimResult:
    params: SimParams
    rows: list[MetricRow]
    seconds: float
    workers: int
    dutch_fallback_rounds: int = 0
    pairing_note: str = ""
    diffs: list[Difference] = field(default_factory=list)

    def base(self) -> list[MetricRow]:
        return [r for r in self.rows if r.variant == "base"]

    def records(self) -> list[dict[str, object]]:
        """The metrics table as plain dicts (the page turns it into a DataFrame, the CSV into text)."""
        meta = {"pairing": self.params.pairing, "players": self.params.players, "rounds": self.params.rounds,
                "seed": self.params.seed}
        return [{**asdict(r), **meta} for r in self.rows]


def differences(rows: Iterable[MetricRow]) -> list[Difference]:
    """Each variant's metrics minus the base ones, with a 95 % interval for the share difference.

    The variants rerun the same seeds, but a bye or forfeit changes every later pairing, so the two runs
    are treated as independent samples, each with its event-clustered standard error (read back from
    its interval): pairs of one event are not independent, and a binomial error would be too small.
    """
    rows = list(rows)
    base = {r.label: r for r in rows if r.variant == "base"}
    out = []
    for r in rows:
        b = base.get(r.label)
        if r.variant == "base" or b is None:
            continue
        d = r.share_correct_broken - b.share_correct_broken
        se = math.hypot((b.broken_cluster_high - b.broken_cluster_low) / (2 * Z95),
                        (r.broken_cluster_high - r.broken_cluster_low) / (2 * Z95))
        out.append(Difference(r.variant, r.label, d, d - Z95 * se, d + Z95 * se,
                              r.share_unbroken - b.share_unbroken, r.tau_b - b.tau_b))
    return out


def _chunk_size(params: SimParams) -> int:
    """Events per task: small enough for a smooth progress bar, large enough to keep overhead low.
    Depends on the parameters only, never on the number of workers."""
    if params.pairing == "dutch":
        return 1
    return max(1, min(50, params.events // 50))


def run(params: SimParams, workers: int = 2, progress: Callable[[int, int], None] | None = None,
        starting_workers: Callable[[], AbstractContextManager[object]] = nullcontext) -> SimResult:
    """Run the simulation: every variant of ``params.events`` events, on ``workers`` processes.

    ``progress(done, total)`` is called after each chunk, counting events over all variants.
    The numbers are the same for any ``workers`` (fixed chunks, summed in chunk order).  The worker
    processes are started inside ``starting_workers()``: a host whose main module must not be re-run by
    a spawned worker (the app's page script) prepares for that there.
    """
    start = time.perf_counter()
    orders = orderings(params)
    size = _chunk_size(params)
    tasks = [(params, v, s, min(s + size, params.events)) for v in params.variants
             for s in range(0, params.events, size)]
    total = params.events * len(params.variants)
    sums = {v: {o.label: PairCounts() for o in orders} for v in params.variants}
    fallbacks = 0
    done = 0
    if progress:
        progress(0, total)

    def collect(task: tuple[SimParams, str, int, int], result: tuple[dict[str, PairCounts], int]) -> None:
        nonlocal done, fallbacks
        counts, fb = result
        for label, c in counts.items():
            sums[task[1]][label].add(c)
        fallbacks += fb
        done += task[3] - task[2]
        if progress:
            progress(done, total)

    if workers <= 1 or len(tasks) == 1:
        for task in tasks:
            collect(task, _chunk(task))
    else:
        ctx = multiprocessing.get_context("spawn")
        with starting_workers():                # the workers are all started here, inside Pool()
            pool = ctx.Pool(min(workers, len(tasks)))
        with pool:
            for task, result in zip(tasks, pool.imap(_chunk, tasks)):
                collect(task, result)
    rows = [MetricRow.build(v, o, sums[v][o.label]) for v in params.variants for o in orders]
    return SimResult(params, rows, time.perf_counter() - start, max(1, workers), fallbacks,
                     PAIRINGS[params.pairing], differences(rows))


def to_csv(result: SimResult) -> str:
    """The metrics table as CSV text (one row per variant and ordering), for the download button."""
    records = result.records()
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(records[0]) if records else ["label"], lineterminator="\n")
    writer.writeheader()
    for rec in records:
        writer.writerow({k: (f"{v:.6f}" if isinstance(v, float) else v) for k, v in rec.items()})
    return buf.getvalue()


# -- reading --------------------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


#: one reading step: the kind of sentence and its values (shares as fractions, labels as the orderings' names)
ReadingStep = tuple[str, dict[str, Any]]

#: each kind of sentence in English; the app renders the same steps in the reader's language
READING_TEXTS: dict[str, str] = {
    "nothing": "No pair of players was tied on points with different strengths: nothing to measure.",
    "best": "**{label}** ranks the stronger player first most often: in {share} of the tied pairs it separates "
            "(95 % interval {low}–{high}).",
    "overlaps": "Its interval overlaps those of {labels}: with this many events that difference may be chance; "
                "run more events to tell them apart.",
    "clear_lead": "Its interval overlaps no other: the lead is not chance.",
    "all_beat_coin": "Every real tie-break here beats a coin (50 %) by between {least} and {most} percentage points.",
    "not_all_beat_coin": "Not every tie-break is clearly better than a coin: {label} gets {share} (interval "
                         "{low}–{high}).",
    "coin": "The coin ({label}, a drawing of lots) gets {share}, as it should (≈ 50 %).",
    "left_tied": "Left tied after the whole ordering: {items} of the tied pairs (shared places; a prize would be "
                 "split or lots drawn).",
}


def reading_steps(result: SimResult) -> list[ReadingStep]:
    """What :func:`reading` says, as steps: which ordering wins, whether the intervals overlap, how far above a
    coin.  Uses the event-clustered interval, the honest one (pairs of one event are not independent).

    Shares are fractions (``share``, ``low``, ``high``), the lead over a coin in percentage points (``least``,
    ``most``); ``labels`` is a list of orderings, ``items`` a list of (ordering, share) pairs.
    """
    rows = [r for r in result.base() if r.correct + r.wrong > 0]
    if not rows:
        return [("nothing", {})]
    rows.sort(key=lambda r: -r.share_correct_broken)
    best, others = rows[0], rows[1:]
    steps: list[ReadingStep] = [("best", {"label": best.label, "share": best.share_correct_broken,
                                          "low": best.broken_cluster_low, "high": best.broken_cluster_high})]
    if others:
        overlap = [r.label for r in others if r.broken_cluster_high >= best.broken_cluster_low]
        steps.append(("overlaps", {"labels": overlap}) if overlap else ("clear_lead", {}))
    coin = [r for r in rows if r.codes == "LOTS"]
    real = [r for r in rows if r.codes != "LOTS"]
    if real:
        worst = min(real, key=lambda r: r.share_correct_broken)
        steps.append(("all_beat_coin", {"least": 100 * (worst.share_correct_broken - 0.5),
                                        "most": 100 * (best.share_correct_broken - 0.5)})
                     if worst.broken_cluster_low > 0.5 else
                     ("not_all_beat_coin", {"label": worst.label, "share": worst.share_correct_broken,
                                            "low": worst.broken_cluster_low, "high": worst.broken_cluster_high}))
    if coin:
        steps.append(("coin", {"label": coin[0].label, "share": coin[0].share_correct_broken}))
    leaky = [r for r in real if r.share_unbroken > 0.05]
    if leaky:
        steps.append(("left_tied", {"items": [(r.label, r.share_unbroken)
                                              for r in sorted(leaky, key=lambda r: -r.share_unbroken)]}))
    return steps


def reading(result: SimResult) -> list[str]:
    """A few plain sentences in English: :func:`reading_steps` written out."""
    lines = []
    for kind, values in reading_steps(result):
        shown = {k: _pct(v) if k in ("share", "low", "high") else f"{v:.1f}" if k in ("least", "most") else v
                 for k, v in values.items()}
        if "labels" in values:
            shown["labels"] = ", ".join(values["labels"])
        if "items" in values:
            shown["items"] = ", ".join(f"{label} {_pct(share)}" for label, share in values["items"])
        lines.append(READING_TEXTS[kind].format(**shown))
    return lines


# -- ready-made experiments ----------------------------------------------------------------------------
class Experiment(TypedDict, total=False):
    """What a ready-made experiment fixes: the single criteria and presets compared, and the rule set."""

    criteria: tuple[str, ...]
    presets: tuple[str, ...]
    rules: str


EXPERIMENTS: dict[str, Experiment] = {
    "Buchholz vs Median vs Modified Median": {
        "criteria": ("BH", "MED", "MM", "LOTS"), "presets": (), "rules": "uscf"},
    "US Chess order vs FIDE order": {
        "criteria": ("LOTS",), "presets": ("uscf", "uscf-wintd", "fide-swiss", "fide-swiss-a")},
    "Does Cumulative really reward tougher schedules?": {
        "criteria": ("CUM", "OCUM", "BH", "ARO", "LOTS"), "presets": (), "rules": "uscf"},
    "Is breaking a tie better than a coin?": {
        "criteria": ("BH", "SB", "CUM", "WIN", "PS", "LOTS"), "presets": ("uscf", "fide-swiss")},
}


def experiment(name: str, base: SimParams | None = None) -> SimParams:
    """A ready-made experiment's parameters (on top of ``base`` for everything it does not fix)."""
    try:
        changes = EXPERIMENTS[name]
    except KeyError:
        raise EventError(said("unknown experiment {name}; choose one of {choices}", name=repr(name),
                              choices=", ".join(EXPERIMENTS))) from None
    return replace(base or SimParams(), **changes)
