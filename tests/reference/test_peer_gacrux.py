"""Differential tests against FIDE's reference calculator, the PyPI package ``gacrux``.

Seeded random events, with every kind of unplayed round (PAB, HPB, ZPB, FPB, forfeits including double
forfeits, withdrawals, late entries), are written to TRF with our writer and read by the peer; every value of
every code in :data:`VALUE_CODES` must then be *exactly* ours, under both FIDE editions (our rule sets
``fide2024`` = the peer's ``/V2024`` and ``fide`` = ``/V2026``), and our rank must be its ``Rank`` for whole
tie-break orders that contain direct encounter (shared places, DE's "alone at the top" clause and its
recursion).  Round robins check the pre-determined-pairing rules (FIDE C.07 art. 15).  DE's recursion seldom
decides anything in random events, so a few seeds where it does are added (and checked to still do so).
Every fifth Swiss event is also compared through the traced calculators (what ``explain`` shows), not only
through the standings' fast path.

How the peer is run.  ``python -m gacrux.tiebreakchecker -i FILE -c -s -d C -t PTS BH/V2026 ...`` is run
*in-process* (its ``common_main`` with our argv, its stdout captured), which is ~20x faster than a subprocess
per event; :func:`test_in_process_runner_equals_command_line` checks that both give the same CSV.  The events
are spread over a pool of two processes (about 30 s of CPU in all), and each parametrised test then asserts on
its own batch of ten events, so a failure names the seed (and how to regenerate the event).

Conventions of the peer's CSV (see tests/data/trf/README.md): ``-0`` is "no value" (our ``None``), its
``Rank`` column is only meaningful when the order is the one we rank by (the rank tests), the closing
``Check:`` line is ignored.  Every player is rated, so its rating columns are filled without ``-u``.

A known defect of the peer is worked around here: computing FB changes the peer's internal "last round not
a VUR" of players whose final round had an opponent, so every BH-family code (BH, cuts, AOB, SB) computed
*after* FB in the same run comes out different (e.g. ``-t PTS FB/V2024 AOB/V2024`` gives another AOB than
``-t PTS AOB/V2024``).  FB codes are therefore always put last in the peer's list.
"""
from __future__ import annotations

import contextlib
import functools
import io
import multiprocessing
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Iterable, Sequence

import pytest
from gacrux.tiebreakchecker import tiebreakchecker

from engine.core.codes import parse_codes
from engine.core.errors import EventError
from engine.core.exact import Number, round_fraction
from engine.core.model import Event
from engine.core.rules import Options
from engine.events.generator import UnplayedRates, generate_event, generate_round_robin, missing_kinds
from engine.formats.trf import write_trf
from engine.ranking.standings import Standings, standings, traced_values

# -- what is compared -------------------------------------------------------------------------------

#: the codes of the issue, compared value by value under both editions
VALUE_CODES: tuple[str, ...] = ("BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "PS", "PS/C1", "KS", "FB", "AOB",
                                "WIN", "WON", "BPG", "BWG", "REP", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO")
#: our rule set -> the peer's edition modifier
EDITIONS: dict[str, str] = {"fide2024": "/V2024", "fide": "/V2026"}
#: whole orders (after PTS) whose rank must equal the peer's Rank column
RANK_ORDERS: tuple[tuple[str, ...], ...] = (
    ("DE",),
    ("BH/C1", "BH", "DE", "WIN"),
    ("DE", "WIN", "BPG", "ARO/C1", "BH/C1"),
    ("SB/C1", "DE", "PS"),
)
#: round robins: the codes the issue names for them (WON/BPG/BWG differ on purpose: we read FIDE C.07 art. 15.2 as counting a
#: forfeit win as a game won in a round robin, the peer does not special-case it)
RR_VALUE_CODES: tuple[str, ...] = ("SB", "SB/C1", "KS", "WIN", "PS")
RR_RANK_ORDERS: tuple[tuple[str, ...], ...] = (("DE",), ("SB", "DE", "WIN"), ("KS", "DE", "SB/C1"), ("DE", "KS"))

SWISS_EVENTS = 200
BATCH = 10
RR_EVENTS = 24
PROCESSES = max(1, min(2, os.cpu_count() or 1))
#: every test of this module on one worker of a parallel run: the fixture compares every event once per worker
#: that runs a test of the module, and three workers each comparing all of them did the work three times
pytestmark = pytest.mark.xdist_group("peer-gacrux")
#: every so many Swiss events, the values are also compared through the traced (explaining) calculators
TRACED_EVERY = 5


@dataclass(frozen=True)
class Spec:
    """How one Swiss event is generated: 6..24 players, 3..9 rounds, odd and even sizes mixed."""

    index: int
    players: int
    rounds: int
    seed: int
    #: chosen because DE's recursion separates players there (checked: see :func:`de_recursion_splits`)
    recursion: bool = False

    @property
    def batch(self) -> int:
        return self.index // BATCH

    @property
    def edition_for_ranks(self) -> str:
        """Rank orders alternate editions from event to event (both editions, half the cost)."""
        return "fide" if self.index % 2 == 0 else "fide2024"


SWISS_SPECS: tuple[Spec, ...] = (
    *(Spec(i, 6 + (i * 7) % 19, 3 + (i * 5) % 7, 1000 + 97 * i) for i in range(SWISS_EVENTS)),
    # DE's recursion rarely matters in a random Swiss (a subgroup left tied by the first pass must then be
    # separated by its own games); this seed was found by a search over 7..12 players, 5..9 rounds
    Spec(SWISS_EVENTS, 7, 9, 107, recursion=True),
)
BATCHES: tuple[int, ...] = tuple(sorted({s.batch for s in SWISS_SPECS}))


# -- running the peer -------------------------------------------------------------------------------

@dataclass
class PeerTable:
    """The peer's CSV: for each start number, its Rank and the cells in the order of ``codes``."""

    codes: list[str]
    rank: dict[int, int]
    cells: dict[int, list[str]]

    def value(self, tpn: int, code: str) -> Fraction | None:
        return peer_value(self.cells[tpn][self.codes.index(code)])


def peer_value(cell: str) -> Fraction | None:
    """A CSV cell as an exact number; ``-0`` is the peer's "no value" (None printed by its writer)."""
    cell = cell.strip()
    if cell in ("-0", "", "None"):
        return None
    return Fraction(cell)


def peer_argv(trf: Path, codes: Sequence[str], round_robin: bool) -> list[str]:
    # -s forces the Swiss rules; for round robins nothing is passed, so that the peer must recognise the
    # event type from our writer's 092 record ("Round Robin") by itself.
    mode = [] if round_robin else ["-s"]
    return ["-i", str(trf), "-c", *mode, "-d", "C", "-t", *codes]


def parse_peer_csv(text: str, codes: Sequence[str]) -> PeerTable:
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not lines[0].startswith("StartNo,Rank"):
        raise AssertionError(f"the peer printed no table:\n{text[:2000]}")
    header = lines[0].split(",")
    if [h.upper() for h in header[2:]] != [c.upper() for c in codes]:
        raise AssertionError(f"the peer's columns {header[2:]} are not the codes asked for {list(codes)}")
    rank: dict[int, int] = {}
    cells: dict[int, list[str]] = {}
    for line in lines[1:]:
        if line.startswith("Check:"):
            continue
        parts = line.split(",")
        tpn = int(parts[0])
        rank[tpn] = int(parts[1])
        cells[tpn] = parts[2:]
    return PeerTable(list(codes), rank, cells)


def run_peer(trf: Path, codes: Sequence[str], round_robin: bool = False) -> PeerTable:
    """``python -m gacrux.tiebreakchecker ...`` in-process: its own main, our argv, its stdout captured."""
    checker = tiebreakchecker()
    checker.parser.parse_args = functools.partial(checker.parser.parse_args, peer_argv(trf, codes, round_robin))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = checker.common_main()
    if status != 0:
        raise AssertionError(f"the peer failed on {trf} with status {status}:\n{out.getvalue()[:2000]}")
    return parse_peer_csv(out.getvalue(), codes)


def with_edition(codes: Iterable[str], edition: str) -> list[str]:
    return [c + edition for c in codes]


# -- our side ---------------------------------------------------------------------------------------

def aob_places(rounds: int) -> int:
    """FIDE C.07 art. 8.2 as the reference calculator applies it: AOB is rounded half up to 2 decimals below 9
    rounds, 3 up to 26, 4 up to 72."""
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


def our_value(value: Number | None, code: str, rounds: int) -> Fraction | None:
    if value is None:
        return None
    if code.split("/")[0] == "AOB":
        return round_fraction(Fraction(value), aob_places(rounds))
    return Fraction(value)


def ours(event: Event, codes: Sequence[str], rules: str, traced: bool = False) -> Standings:
    """Our standings.  ``traced``: the values through the explaining calculators (what ``explain`` shows)
    instead of the default fast path (:mod:`engine.tiebreaks.fast`), which is what the standings use."""
    # Every round of the generated event is computed, as the peer does (its XXR).  Our default would stop
    # at the last round holding a game or forfeit, and a heavily withdrawn small event can end in rounds
    # of byes only.
    return standings(event, parse_codes(list(codes)), rules, Options(round=event.rounds),
                     values_provider=traced_values if traced else None)


def show(x: Fraction | None) -> str:
    if x is None:
        return "None"
    return str(x) if x.denominator == 1 else f"{x} (= {float(x):g})"


# -- one event, both sides --------------------------------------------------------------------------

@dataclass
class Report:
    """What one event gave: counts, and a line per disagreement (each naming the seed)."""

    label: str
    missing: list[str] = field(default_factory=list)
    values: dict[str, int] = field(default_factory=dict)          # edition -> values compared
    traced_values: int = 0        # values also compared through the traced calculators
    value_mismatches: dict[str, list[str]] = field(default_factory=dict)
    ranks: int = 0
    de_separations: int = 0       # neighbours our ranking separated by DE (so the rank tests test DE)
    rank_mismatches: list[str] = field(default_factory=list)
    seconds: float = 0.0          # CPU time in the worker


def make_swiss(spec: Spec) -> Event:
    rates = UnplayedRates.every_kind()
    try:
        return generate_event(spec.players, spec.rounds, seed=spec.seed, rates=rates, ensure_every_kind=True)
    except EventError:   # too small for every kind in 50 seeds: keep the rates, take the seed as it is
        return generate_event(spec.players, spec.rounds, seed=spec.seed, rates=rates)


def swiss_label(spec: Spec, event: Event) -> str:
    return (f"event #{spec.index} '{event.name}' = generate_event({spec.players}, {spec.rounds}, "
            f"seed={spec.seed}, rates=UnplayedRates.every_kind(), ensure_every_kind=True)")


def compare_values(label: str, event: Event, codes: Sequence[str], peer: PeerTable, peer_codes: dict[str, str],
                   rules: str, traced: bool = False) -> tuple[int, list[str]]:
    """Every value of ``codes`` under ``rules``; ``peer_codes`` maps our code to the peer's column."""
    st = ours(event, codes, rules, traced)
    if traced:
        rules += ", traced calculators"
    compared = 0
    bad: list[str] = []
    for row in st.rows:
        mine_pts, theirs_pts = Fraction(row.values["PTS"] or 0), peer_value(peer.cells[row.tpn][0])
        if mine_pts != theirs_pts:
            bad.append(f"{label} [{rules}] player {row.tpn}: PTS ours {show(mine_pts)} vs peer {show(theirs_pts)}")
        for code in codes:
            mine = our_value(row.values[code], code, st.round)
            theirs = peer.value(row.tpn, peer_codes[code])
            compared += 1
            if mine != theirs:
                bad.append(f"{label} [{rules}] player {row.tpn}: {code} ours {show(mine)} vs peer {show(theirs)} "
                           f"(peer column {peer_codes[code]})")
    return compared, bad


def compare_ranks(label: str, event: Event, trf: Path, order: Sequence[str], rules: str,
                  round_robin: bool = False) -> tuple[int, int, list[str]]:
    """(ranks compared, neighbours our ranking separated by DE, disagreements) for one whole order."""
    peer_codes = ["PTS"] + with_edition(order, EDITIONS[rules])
    peer = run_peer(trf, peer_codes, round_robin)
    st = ours(event, order, rules)
    mine = {row.tpn: row.rank for row in st.rows}
    bad: list[str] = []
    for row in st.rows:
        if mine[row.tpn] != peer.rank[row.tpn]:
            tied = sorted(t for t in mine if event.score(t) == event.score(row.tpn))
            bad.append(f"{label} [{rules}] order PTS {' '.join(order)}: player {row.tpn} rank ours {mine[row.tpn]} "
                       f"vs peer {peer.rank[row.tpn]}; the players on {event.score(row.tpn)} points, "
                       f"ours {[(t, mine[t]) for t in tied]} vs peer {[(t, peer.rank[t]) for t in tied]}")
    by_de = sum(1 for sep in st.separated_by if sep.criterion == "DE")
    return len(st.rows), by_de, bad


def check_swiss(spec: Spec, directory: Path) -> Report:
    start = time.process_time()
    event = make_swiss(spec)
    report = Report(swiss_label(spec, event), missing=missing_kinds(event))
    if spec.recursion and not de_recursion_splits(event, spec.edition_for_ranks):
        report.missing.append("DE's recursion no longer separates anybody here: choose another seed")
    trf = directory / f"swiss_{spec.index:03d}.trf"
    trf.write_text(write_trf(event), encoding="latin-1", newline="")
    # one peer run for both editions; the FB columns last (see the module docstring)
    head = [c for c in VALUE_CODES if c != "FB"]
    peer_codes = (["PTS"] + with_edition(head, "/V2024") + with_edition(head, "/V2026")
                  + ["FB/V2024", "FB/V2026"])
    peer = run_peer(trf, peer_codes)
    for rules, edition in EDITIONS.items():
        columns = {c: c + edition for c in VALUE_CODES}
        report.values[rules], report.value_mismatches[rules] = compare_values(
            report.label, event, VALUE_CODES, peer, columns, rules)
        if spec.index % TRACED_EVERY == 0:
            n, bad = compare_values(report.label, event, VALUE_CODES, peer, columns, rules, traced=True)
            report.traced_values += n
            report.value_mismatches[rules] += bad
    for order in RANK_ORDERS:
        n, by_de, bad = compare_ranks(report.label, event, trf, order, spec.edition_for_ranks)
        report.ranks += n
        report.de_separations += by_de
        report.rank_mismatches += bad
    report.seconds = time.process_time() - start
    return report


@dataclass(frozen=True)
class RRSpec:
    """A round robin of 4..12 players (odd sizes sit one player out each round), two in three with forfeits."""

    index: int
    players: int
    seed: int
    forfeit_rate: float
    draw_rate: float = 0.3
    #: chosen because DE's recursion separates players there (checked: see :func:`de_recursion_splits`)
    recursion: bool = False

    @property
    def id(self) -> str:
        return f"rr{self.index:02d}-{self.players}p-seed{self.seed}" + ("-recursion" if self.recursion else "")


#: seeds with DE recursion, found by a search over 5..10 players with half the games drawn
_RR_RECURSION = ((6, 57, 0.12), (7, 290, 0.0), (8, 311, 0.12), (9, 360, 0.0), (10, 122, 0.0))
RR_SPECS: tuple[RRSpec, ...] = (
    *(RRSpec(i, 4 + i % 9, 500 + 31 * i, 0.0 if i % 3 == 0 else 0.12) for i in range(RR_EVENTS)),
    *(RRSpec(RR_EVENTS + k, p, seed, rate, draw_rate=0.5, recursion=True)
      for k, (p, seed, rate) in enumerate(_RR_RECURSION)),
)


def de_recursion_splits(event: Event, rules: str) -> int:
    """How many subgroups left tied by an earlier DE pass were then separated by their own games (order
    ``PTS DE``): a later pass's group whose players end in more than one final class."""
    st = ours(event, ["DE"], rules)
    splits = {id(split): split for split in st.splits.get("DE", {}).values()}
    count = 0
    for split in splits.values():
        final = {t: i for i, c in enumerate(split.classes) for t in c}
        count += sum(1 for group, _ in split.passes[1:] if len({final[t] for t in group}) > 1)
    return count


def check_round_robin(spec: RRSpec, directory: Path) -> Report:
    start = time.process_time()
    event = generate_round_robin(spec.players, seed=spec.seed, forfeit_rate=spec.forfeit_rate,
                                 draw_rate=spec.draw_rate)
    report = Report(f"'{event.name}' = generate_round_robin({spec.players}, seed={spec.seed}, "
                    f"forfeit_rate={spec.forfeit_rate}, draw_rate={spec.draw_rate})")
    if spec.recursion and not de_recursion_splits(event, "fide"):
        report.missing.append("DE's recursion no longer separates anybody here: choose another seed")
    text = write_trf(event)
    # the peer is not told (no -p): it must see the type in record 092 or 192, as its tiebreak.py looks for it
    marked = [line for line in text.splitlines() if line[:4] in ("092 ", "192 ")
              and any(word in line[4:].upper() for word in ("ROBIN", "RR", "BERGER"))]
    if not event.is_round_robin or not marked:
        report.missing.append("the writer does not mark the event as a round robin (record 092/192) for the peer")
    trf = directory / f"rr_{spec.index:02d}.trf"
    trf.write_text(text, encoding="latin-1", newline="")
    for rules, edition in EDITIONS.items():
        peer = run_peer(trf, ["PTS"] + with_edition(RR_VALUE_CODES, edition), round_robin=True)
        report.values[rules], report.value_mismatches[rules] = compare_values(
            report.label, event, RR_VALUE_CODES, peer, {c: c + edition for c in RR_VALUE_CODES}, rules)
        for order in RR_RANK_ORDERS:
            n, by_de, bad = compare_ranks(report.label, event, trf, order, rules, round_robin=True)
            report.ranks += n
            report.de_separations += by_de
            report.rank_mismatches += bad
    report.seconds = time.process_time() - start
    return report


def _run_job(job: tuple[Spec | RRSpec, Path]) -> tuple[str, int, Report]:
    spec, directory = job
    if isinstance(spec, Spec):
        return "swiss", spec.index, check_swiss(spec, directory)
    return "rr", spec.index, check_round_robin(spec, directory)


@dataclass
class Reports:
    swiss: dict[int, Report]
    rr: dict[int, Report]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Reports:
    """Every event compared once per module, in a pool of two processes (biggest first, so both end together).

    The workers are spawned, not forked: a fork of a pytest process that already runs threads (the app's
    tests start some) can deadlock on a lock held at the moment of the fork."""
    directory = tmp_path_factory.mktemp("peer")
    specs: list[Spec | RRSpec] = [*sorted(SWISS_SPECS, key=lambda s: -s.players * s.rounds), *RR_SPECS]
    jobs = [(s, directory) for s in specs]
    if PROCESSES == 1:
        done = list(map(_run_job, jobs))
    else:
        with multiprocessing.get_context("spawn").Pool(PROCESSES) as pool:
            done = list(pool.imap_unordered(_run_job, jobs, chunksize=2))
    result = Reports({}, {})
    for kind, index, report in done:
        (result.swiss if kind == "swiss" else result.rr)[index] = report
    return result


def batch_reports(reports: Reports, batch: int) -> list[Report]:
    return [reports.swiss[s.index] for s in SWISS_SPECS if s.batch == batch]


def failure_text(lines: list[str], limit: int = 40) -> str:
    more = f"\n... and {len(lines) - limit} more" if len(lines) > limit else ""
    return f"{len(lines)} disagreement(s) with the peer:\n" + "\n".join(lines[:limit]) + more


# -- the tests --------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("rules", list(EDITIONS))
@pytest.mark.parametrize("batch", BATCHES, ids=[f"batch{b:02d}" for b in BATCHES])
def test_values_equal_peer(reports: Reports, batch: int, rules: str) -> None:
    events = batch_reports(reports, batch)
    assert all(r.values[rules] > 0 for r in events)
    bad = [line for r in events for line in r.value_mismatches[rules]]
    assert not bad, failure_text(bad)


@pytest.mark.parametrize("batch", BATCHES, ids=[f"batch{b:02d}" for b in BATCHES])
def test_ranks_with_direct_encounter_equal_peer(reports: Reports, batch: int) -> None:
    events = batch_reports(reports, batch)
    assert all(r.ranks > 0 for r in events)
    bad = [line for r in events for line in r.rank_mismatches]
    assert not bad, failure_text(bad)


@pytest.mark.parametrize("index", [s.index for s in RR_SPECS], ids=[s.id for s in RR_SPECS])
def test_round_robin_equals_peer(reports: Reports, index: int) -> None:
    report = reports.rr[index]
    assert not report.missing, report.missing
    assert report.ranks > 0 and all(n > 0 for n in report.values.values())
    bad = [line for lines in report.value_mismatches.values() for line in lines] + report.rank_mismatches
    assert not bad, failure_text(bad)


def test_coverage(reports: Reports) -> None:
    """At least 200 events per edition, each with every kind of unplayed round, all values compared."""
    swiss = reports.swiss
    assert len(swiss) == len(SWISS_SPECS) > 200
    lacking = [f"{r.label}: lacks {', '.join(r.missing)}" for r in swiss.values() if r.missing]
    assert not lacking, "\n".join(lacking)
    for rules in EDITIONS:
        assert min(r.values[rules] for r in swiss.values()) >= 6 * len(VALUE_CODES)
    assert {(s.players % 2, s.rounds % 2) for s in SWISS_SPECS} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    values = sum(sum(r.values.values()) for r in swiss.values())
    traced = sum(r.traced_values for r in swiss.values())
    assert traced > 0
    ranks = sum(r.ranks for r in swiss.values())
    by_de = sum(r.de_separations for r in swiss.values())
    rr_values = sum(sum(r.values.values()) for r in reports.rr.values())
    rr_ranks = sum(r.ranks for r in reports.rr.values())
    rr_by_de = sum(r.de_separations for r in reports.rr.values())
    assert by_de >= 100 and rr_by_de >= 100, "DE separates too few players for the rank tests to test it"
    cpu = sum(r.seconds for r in (*swiss.values(), *reports.rr.values()))
    print(f"\npeer comparison: {len(swiss)} Swiss events x {len(EDITIONS)} editions: {values} values "
          f"(and {traced} through the traced calculators) and {ranks} ranks ({by_de} places decided by DE); "
          f"{len(reports.rr)} round robins: {rr_values} values and {rr_ranks} ranks ({rr_by_de} places decided "
          f"by DE); {cpu:.1f} s CPU in the workers")


# -- the runner itself ------------------------------------------------------------------------------

def test_in_process_runner_equals_command_line(tmp_path: Path) -> None:
    """The in-process peer gives the same table as ``python -m gacrux.tiebreakchecker`` in a subprocess."""
    event = make_swiss(SWISS_SPECS[7])
    trf = tmp_path / "one.trf"
    trf.write_text(write_trf(event), encoding="latin-1", newline="")
    codes = ["PTS", "BH/C1/V2026", "SB/V2024", "AOB/V2026", "DE/V2026", "TPR/V2024", "FB/V2024"]
    # another in-process run first: nothing may leak from one run into the next
    run_peer(trf, ["PTS", "FB/V2026", "KS/V2024"])
    inside = run_peer(trf, codes)
    done = subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", *peer_argv(trf, codes, False)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    outside = parse_peer_csv(done.stdout, codes)
    assert (inside.rank, inside.cells) == (outside.rank, outside.cells)
