"""Check published standings on a 200-player, 21-round event in each program's layout: read, recomputed,
settings inferred, every difference explained and the report written, in under 3 s of CPU each.

The event is the seeded 200 x 21 Swiss of ``tools.bench`` (byes, forfeits, absences), published as:

- a chess-results ranking crosstable (``;``, opponents by rank; TB1 BH/C1, TB2 BH, TB3 SB/C1);
- a Papi grid (``+53B``, ``EXE``; Tr. = BH/C1, Bu. = BH, Cu. = PS, Perf = PPR);
- a Swiss-Chess ranking (Buchh, SoBerg, BuSumm) with its 21 pairing lists, pasted as one text;
- a Swiss-Chess progress table (``s`` for Black; Buchh, SoBerg).

Each has three values printed wrong, so the search for causes and the column patterns run too.
Run: ``python -m tools.bench_check`` (part of ``make bench``).
"""
from __future__ import annotations

from typing import Callable

from engine.core.exact import fmt
from engine.core.model import Event, Kind
from engine.core.ordering import ordering_of
from engine.events.generator import UnplayedRates, generate_event
from engine.formats.published import read_published
from engine.ranking.second_opinion import check_published
from engine.ranking.standings import standings
from engine.teaching.check_report import report_text
from tools.bench import SEED, stopwatch

BUDGET = 3.0


def _ranked(event: Event, codes: tuple[str, ...], rules: str):
    st = standings(event, ordering_of(list(codes), rules))
    return st.rows, {row.tpn: i for i, row in enumerate(st.rows, 1)}


def _value(row, code: str, wrong: dict[tuple[int, str], str]) -> str:
    return wrong.get((row.tpn, code), fmt(row.values.get(code))).replace(".", ",")


def _wrong(event: Event, codes: tuple[str, ...]) -> dict[tuple[int, str], str]:
    tpns = event.tpns
    return {(tpns[10], codes[0]): "1", (tpns[50], codes[1]): "2", (tpns[120], codes[-1]): "3"}


def papi_grid(event: Event) -> str:
    codes = ("BH/C1", "BH", "PS", "PPR")
    rows, place = _ranked(event, codes, "fide2024")
    wrong = _wrong(event, codes)
    head = ["Pl", "", "Nom", "Elo", "Cat.", "Fede", "Ligue", *(f"R {r}" for r in range(1, event.rounds + 1)), "Pts",
            "Tr.", "Bu.", "Cu.", "Perf"]
    lines = ["Bench 200x21", f"Grille américaine après la ronde {event.rounds}", "\t".join(head)]
    for row in rows:
        cells = []
        for e in event.entries[row.tpn]:
            if e.kind is Kind.G:
                sign = {1: "+", 0: "-"}.get(e.points, "=")
                cells.append(f"{sign}{place[e.opponent]}{'B' if e.colour == 'W' else 'N'}")
            elif e.kind in (Kind.FW, Kind.FL):
                cells.append(f"{'>' if e.kind is Kind.FW else '<'}{place[e.opponent]}")
            else:
                cells.append({Kind.PAB: "EXE", Kind.FPB: "EXE", Kind.HPB: "="}.get(e.kind, ""))
        p = event.player(row.tpn)
        lines.append("\t".join([str(place[row.tpn]), "", p.name, f"{p.rating or ''}", "", "", "", *cells,
                                fmt(row.values["PTS"]).replace(".", ","), *(_value(row, c, wrong) for c in codes)]))
    return "\n".join(lines)


def as_lists_show_it(event: Event) -> Event:
    """The event as pairing lists show it: a bye is "spielfrei" (a bye from the pairing) whoever asked for it,
    and a round a player was not paired in is an absence."""
    from engine.core.model import Entry
    rows = {t: [Entry.bye(Kind.PAB) if e.kind is Kind.FPB else Entry.bye(Kind.ABS) if e.kind is Kind.ZPB else e
                for e in row] for t, row in event.entries.items()}
    return event.with_entries(rows, rounds=event.rounds)


def swiss_chess_lists(event: Event) -> str:
    event = as_lists_show_it(event)
    codes = ("BH", "SB", "OBH")
    rows, place = _ranked(event, codes, "fide2024")
    wrong = _wrong(event, codes)
    lines = ["Bench 200x21", f"Rangliste: Stand nach der {event.rounds}. Runde",
             "\t".join(["Rang", "TNr", "Teilnehmer", "TWZ", "Punkte", "Buchh", "SoBerg", "BuSumm"])]
    for row in rows:
        p = event.player(row.tpn)
        lines.append("\t".join([str(place[row.tpn]), str(row.tpn), p.name, f"{p.rating or ''}",
                                fmt(row.values["PTS"]).replace(".", ","), *(_value(row, c, wrong) for c in codes)]))
    for r in range(1, event.rounds + 1):
        lines += ["", f"Paarungsliste der {r}. Runde",
                  "\t".join(["Brett", "TNr", "Teilnehmer", "Punkte", "-", "TNr", "Teilnehmer", "Punkte", "Ergebnis"])]
        board = 1
        for t in event.tpns:
            e = event.entries[t][r - 1]
            white = e.colour == "W" or (e.colour is None and e.opponent is not None and t < e.opponent)
            if e.kind in (Kind.G, Kind.FW, Kind.FL) and white:
                back = event.entries[e.opponent][r - 1]
                res = ({1: "1 - 0", 0: "0 - 1"}.get(e.points, "½ - ½") if e.kind is Kind.G
                       else "+ - -" if e.kind is Kind.FW else "- - -" if back.kind is Kind.FL else "- - +")
                lines.append("\t".join([str(board), str(t), event.player(t).name, "", "-", str(e.opponent),
                                        event.player(e.opponent).name, "", res]))
                board += 1
            elif e.kind in (Kind.PAB, Kind.FPB, Kind.HPB):
                res = "½ - ½" if e.kind is Kind.HPB else "+ - -"
                lines.append("\t".join([str(board), str(t), event.player(t).name, "", "-", "", "spielfrei", "", res]))
                board += 1
    return "\n".join(lines)


def progress_table(event: Event) -> str:
    codes = ("BH", "SB")
    rows, place = _ranked(event, codes, "fide2024")
    wrong = _wrong(event, codes)
    lines = ["Bench 200x21", "Fortschrittstabelle",
             "\t".join(["Rang", "TNr", "Teilnehmer", "TWZ", *(f"{r}.Rd" for r in range(1, event.rounds + 1)),
                        "Punkte", "Buchh", "SoBerg"])]
    for row in rows:
        cells = []
        for e in event.entries[row.tpn]:
            if e.kind is Kind.G:
                cells.append(f"{e.opponent}{'w' if e.colour == 'W' else 's'}{ {1: '1', 0: '0'}.get(e.points, '½') }")
            elif e.kind in (Kind.FW, Kind.FL):
                cells.append(f"{e.opponent}{'+' if e.kind is Kind.FW else '-'}")
            else:
                cells.append({Kind.PAB: "+", Kind.FPB: "+", Kind.HPB: "½"}.get(e.kind, "-"))
        p = event.player(row.tpn)
        lines.append("\t".join([str(place[row.tpn]), str(row.tpn), p.name, f"{p.rating or ''}", *cells,
                                fmt(row.values["PTS"]).replace(".", ","), *(_value(row, c, wrong) for c in codes)]))
    return "\n".join(lines)


def chess_results(event: Event) -> str:
    from tools.bench import published_crosstable
    codes = ("BH/C1", "BH", "SB/C1")
    return published_crosstable(event, codes, "fide2024", _wrong(event, codes))


def main() -> int:
    event = generate_event(200, 21, seed=SEED, rates=UnplayedRates.typical(), name="Bench 200x21")
    layouts: list[tuple[str, Callable[[Event], str]]] = [
        ("chess-results crosstable", chess_results), ("Papi grid", papi_grid),
        ("Swiss-Chess ranking + 21 pairing lists", swiss_chess_lists), ("Swiss-Chess progress table", progress_table)]
    worst = 0.0
    print(f"check a published 200x21 table, read + recomputed + explained + report (budget {BUDGET:.0f} s CPU each):")
    for label, make in layouts:
        text = make(event)
        with stopwatch() as took:
            check = check_published(read_published([("bench", text)]))
            report = report_text(check)
        seconds = took.cpu
        worst = max(worst, seconds)
        found = ", ".join(f"{c.label} {c.agree}/{c.total} {c.code}" for c in check.columns)
        print(f"  {label}: {seconds:.2f} s CPU, {len(report.splitlines())} report lines, "
              f"{'PASS' if seconds < BUDGET else 'MISS'} ({check.published.program}: {found})")
    print(f"  worst: {worst:.2f} s CPU {'PASS' if worst < BUDGET else 'MISS'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
