"""One event under several orderings at once: who moves, and which criterion put him there.

A teacher's question is rarely "what is the order?" but "why is Stephan fourth here and fifth there?".
:func:`compare` ranks the event under each :class:`Ordering` (a preset, a custom list, a rule set) and
:func:`why_placed` says, in words, which criterion fixed a player's place: the criterion that separated him
from the neighbour above and the one below, with both values.  :func:`single_criterion_ranks` ranks by
points and then one criterion alone, for the "which criterion favours whom" heat map.

Pure: no Streamlit, no pandas; the page and the charts only render what this returns.

>>> from engine.core.example import fide_exercise
>>> c = compare(fide_exercise(), [ordering_of(preset="uscf"), ordering_of(preset="fide-swiss-a")])
>>> c.ranks["uscf"][16], c.ranks["fide-swiss-a"][16]
(4, 2)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable, Iterator, Mapping

from engine.core.codes import CODES, parse_code
from engine.core.collector import collector_paused
from engine.core.errors import EventError
from engine.core.exact import Number
from engine.core.model import Event
from engine.core.ordering import Ordering, ordering_of
from engine.core.rules import Options, RuleSet, rule_set
from engine.core.said import CodeName, Joined, num, said
from engine.ranking.standings import (
    Standings,
    ValuesProvider,
    dense_keys,
    plain_ranks,
    shared_fast_values,
    skipped_rating,
    standings,
)
from engine.tiebreaks.context import Context


@dataclass(frozen=True)
class Placement:
    """Why one player stands where he does under one ordering."""

    rank: int
    #: the criterion that finally fixed his place (the later of the two neighbour separations); "PTS" if
    #: his score alone placed him, None if he shares his place with everybody he is tied with
    decided_by: str | None
    words: str


@dataclass(frozen=True)
class Move:
    """A player whose rank is not the same under every ordering."""

    tpn: int
    name: str
    ranks: dict[str, int]
    #: ordering label -> the comparison's placements under it (each worked out when first read)
    of: Mapping[str, Mapping[int, Placement]]

    @property
    def placements(self) -> dict[str, Placement]:
        """What placed him under each ordering (worked out now: in a large field nearly everybody moves,
        and the page shows only the players on screen)."""
        return {lab: self.of[lab][self.tpn] for lab in self.ranks}

    @property
    def spread(self) -> int:
        return max(self.ranks.values()) - min(self.ranks.values())


class Placements(Mapping[int, Placement]):
    """tpn -> :class:`Placement` under one ordering, each worked out when first asked for.

    The page shows the placements of the players who move and of those in the window on screen; writing
    the sentence for every player of a 20,000-player event under every ordering was most of a comparison's time.
    """

    def __init__(self, table: Standings) -> None:
        self._table = table
        self._done: dict[int, Placement] = {}

    def __getitem__(self, tpn: int) -> Placement:
        found = self._done.get(tpn)
        if found is None:
            try:
                found = self._done[tpn] = why_placed(self._table, tpn)
            except EventError:
                raise KeyError(tpn) from None
        return found

    def __iter__(self) -> Iterator[int]:
        return iter(self._table.order)

    def __len__(self) -> int:
        return len(self._table.rows)


@dataclass
class OrderingsComparison:
    orderings: list[Ordering]
    #: (tpn, name) in the order of the first ordering's standings
    players: list[tuple[int, str]]
    #: ordering label -> tpn -> rank (shared places share the best rank number)
    ranks: dict[str, dict[int, int]]
    standings: dict[str, Standings]
    placements: dict[str, Placements]
    #: players whose rank changes, biggest movers first
    moves: list[Move]
    warnings: list[str] = field(default_factory=list)

    def portable(self) -> OrderingsComparison:
        """The same comparison without what only the explanations of DE, H2H and lots read (each standings'
        tied groups, splits and context): what a page shows, a third of the size to send from a job's
        process to the app's (a 20,000-player comparison: 10 MB instead of 28, read back in a quarter of a
        second).  The placements are worked out from the rows and separations alone, so they are the same.
        """
        with collector_paused():        # thousands of moves: see engine.core.collector
            tables = {lab: replace(st, groups={}, splits={}, context=None) for lab, st in self.standings.items()}
            placements = {lab: Placements(st) for lab, st in tables.items()}
            moves = [Move(m.tpn, m.name, m.ranks, placements) for m in self.moves]
        return OrderingsComparison(self.orderings, self.players, self.ranks, tables, placements, moves,
                                   list(self.warnings))


def criterion_name(code: str) -> str:
    """The person-readable name of a code with its modifiers: ``BH/C1`` -> ``Buchholz (Solkoff) (cut 1)``."""
    if code == "PTS":
        return "points"
    return parse_code(code).label


@lru_cache(maxsize=256)
def _group_dependent(code: str) -> bool:
    """Whether a code's value is a position in a tied group (asked once per code, not once per player)."""
    return CODES[parse_code(code).code].group_dependent


def _value_text(code: str, value: Number | None) -> str:
    if value is None:
        return said("none")
    if _group_dependent(code):
        return said("position {value}", value=value)
    return num(value)


def why_placed(st: Standings, tpn: int) -> Placement:
    """In words, what put ``tpn`` at his rank: his separation from the players just above and below.

    Only neighbours on the same points are mentioned (points separate everybody else); the deciding
    criterion is the later of the two, since it is the one that was still needed.
    """
    rows = st.rows
    i = st.position(tpn)          # constant time: this is asked for every player of every ordering
    row = rows[i]
    last = len(rows) - 1
    codes = [str(c) for c in st.criteria]
    parts: list[str] = []
    deciders: list[str] = []
    shared: list[int] = []
    for sep, neighbour, above in ((st.separated_by[i - 1] if i > 0 else None, rows[i - 1].tpn if i > 0 else None, True),
                                  (st.separated_by[i] if i < last else None, rows[i + 1].tpn if i < last else None,
                                   False)):
        if sep is None or neighbour is None:
            continue
        if sep.criterion is None:
            shared.append(neighbour)
            continue
        if sep.criterion == "PTS":
            continue
        other = st.row(neighbour)
        code = sep.criterion
        mine, theirs = _value_text(code, row.values.get(code)), _value_text(code, other.values.get(code))
        name = CodeName(criterion_name(code), code)
        parts.append(said("below #{tpn} on {name} ({mine} to {theirs})", tpn=neighbour, name=name, mine=mine,
                          theirs=theirs) if above else
                     said("above #{tpn} on {name} ({mine} to {theirs})", tpn=neighbour, name=name, mine=mine,
                          theirs=theirs))
        deciders.append(code)
    if shared:
        with_whom = ", ".join(f"#{t}" for t in shared)
        parts.insert(0, said("shares {rank} with {players}: equal on every criterion", rank=row.rank,
                             players=with_whom))
    if not parts:
        return Placement(row.rank, "PTS", said("alone on {points} points", points=num(row.values["PTS"])))
    decided = max(deciders, key=codes.index) if deciders else None
    return Placement(row.rank, decided, Joined(parts, "; "))


def _unique(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


#: ``progress(done, total, text)``: how far a long piece of work is (a job's progress bar shows it)
Progress = Callable[[int, int, str], None]


def compare(event: Event, orderings: list[Ordering], *, values_provider: ValuesProvider | None = None,
            progress: Progress | None = None) -> OrderingsComparison:
    """Rank ``event`` under every ordering; list who moves and why.  Duplicate labels get a suffix.

    ``values_provider``: a :func:`~engine.ranking.standings.shared_fast_values` the caller goes on using for the
    same event (the single-criterion ranks after it); by default a fresh one.  ``progress`` is told after each
    ordering is ranked.
    """
    if not orderings:
        raise ValueError("compare needs at least one ordering")
    with collector_paused():        # a large field builds a million objects in no cycle (engine.core.collector)
        return _compare(event, orderings, values_provider or shared_fast_values(), progress)


def _compare(event: Event, orderings: list[Ordering], provider: ValuesProvider,
             progress: Progress | None) -> OrderingsComparison:
    labels = _unique([o.label for o in orderings])
    orderings = [o.named(lab) for lab, o in zip(labels, orderings)]
    tables: dict[str, Standings] = {}
    warnings: list[str] = []
    # one provider: one set of columns per rule set and options, not per ordering
    for done, o in enumerate(orderings, 1):
        st = standings(event, o, values_provider=provider)
        tables[o.label] = st
        warnings.extend(f"{o.label}: {w}" for w in st.warnings)
        if progress is not None:
            progress(done, len(orderings), f"Ranked under {o.label} ({done} of {len(orderings)})")
    first = tables[orderings[0].label]
    players = [(r.tpn, r.name) for r in first.rows]
    ranks = {lab: {r.tpn: r.rank for r in st.rows} for lab, st in tables.items()}
    placements = {lab: Placements(st) for lab, st in tables.items()}
    # each player's ranks as one tuple (a column per ordering, zipped): a dict per player only for those who move
    tpns = [t for t, _ in players]
    rows = zip(*(list(map(ranks[lab].__getitem__, tpns)) for lab in labels))
    found = [(min(r) - max(r), r[0], tpn, name, r) for (tpn, name), r in zip(players, rows) if min(r) != max(r)]
    found.sort(key=lambda f: f[:3])             # biggest spread first, then the first ordering's rank, tpn
    moves = [Move(tpn, name, dict(zip(labels, r)), placements) for _, _, tpn, name, r in found]
    return OrderingsComparison(orderings, players, ranks, tables, placements, moves, warnings)


def single_criterion_ranks(event: Event, codes: list[str], under: Ordering | RuleSet | str,
                           options: Options | None = None, points_first: bool = True, *,
                           values_provider: ValuesProvider | None = None) -> dict[str, dict[int, int]]:
    """code -> tpn -> rank when the event is ranked by points and then ``code`` alone, under an ordering's
    rule set and options (or a rule set and ``options``).

    With ``points_first=False`` the criterion ranks everybody on its own (points ignored), which shows
    whom a system favours across the whole field rather than inside the score groups.
    """
    with collector_paused():
        # the same rule set and options for every code: columns built once (or taken from a comparison's)
        return _single_criterion_ranks(event, codes, *_rules_and_options(under, options), points_first,
                                       values_provider or shared_fast_values())


def _single_criterion_ranks(event: Event, codes: list[str], rules: RuleSet, options: Options,
                            points_first: bool, provider: ValuesProvider) -> dict[str, dict[int, int]]:
    out: dict[str, dict[int, int]] = {}
    for code in codes:
        crit = parse_code(code)
        o = ordering_of([crit], rules, options)
        if crit.info.group_dependent or o.options.played_score_first:
            st = standings(event, o, values_provider=provider)
            if points_first or crit.info.group_dependent:   # DE/H2H/LOTS only mean something inside a tie
                out[code] = {r.tpn: r.rank for r in st.rows}
                continue
            values = {r.tpn: r.values.get(str(crit)) for r in st.rows}
        elif points_first:
            out[code] = plain_ranks(event, o, provider)     # the same ranks, without building every row
            continue
        else:
            ctx = Context(event, o.rules, o.options)
            plain = provider(ctx, crit)
            # asked once: whether everybody is rated is a look at the whole field (once per player was quadratic)
            values = dict.fromkeys(ctx.tpns) if skipped_rating(ctx, crit) else {t: plain[t] for t in ctx.tpns}
        out[code] = _rank_by(values, crit.higher_is_better)
    return out


def _rules_and_options(under: Ordering | RuleSet | str, options: Options | None) -> tuple[RuleSet, Options]:
    """The rule set and options meant by ``under`` (a rule-set name resolved here, once for every code)."""
    if isinstance(under, Ordering):
        return under.rules, under.options
    return (rule_set(under) if isinstance(under, str) else under), options or Options()


def _rank_by(values: dict[int, Number | None], higher_is_better: bool) -> dict[int, int]:
    """Competition ranks (1, 2, 2, 4) by one value; a missing value ranks last.  Players with equal values keep
    the order of ``values`` (a stable sort), and the sort compares small ints, not Fractions."""
    players = list(values)
    place = dict(zip(players, dense_keys(values, higher_is_better, players)))
    order = sorted(players, key=place.__getitem__)
    ranks: dict[int, int] = {}
    prev: int | None = None
    for pos, t in enumerate(order, start=1):
        ranks[t] = ranks[prev] if prev is not None and place[prev] == place[t] else pos
        prev = t
    return ranks
