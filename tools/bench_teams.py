"""Team events in the benchmark: an Olympiad-size team Swiss (190 teams x 11 rounds x 4 boards), read and
ranked under the Olympiad order by our command line, and FIDE's checker gacrux on the same file.

``python -m tools.bench_teams`` prints the rows alone; ``python -m tools.bench`` includes them.
"""
from __future__ import annotations

import csv
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

TEAMS, ROUNDS, BOARDS, SEED = 190, 11, 4, 2026
#: what gacrux can compute of the Olympiad order (it has no Olympiad Sonneborn-Berger) and match points
PEER_CODES = ("MPTS", "GPTS", "BH:MP/C1", "EMGSB/C1")


def olympiad_file() -> Path:
    from tools.bench import bench_dir
    path = bench_dir() / f"teams_{TEAMS}x{ROUNDS}x{BOARDS}_seed{SEED}.trf"
    if not path.exists():
        from engine.teams.generate import generate_team_event
        from engine.teams.trf_write import write_team_trf
        ev = generate_team_event(teams=TEAMS, rounds=ROUNDS, boards=BOARDS, seed=SEED, reserves=1,
                                 date="2026/09/01")
        path.write_text(write_team_trf(ev), encoding="utf-8")
    return path


def team_lines(work: Path) -> list:  # type: ignore[type-arg]
    from tools.bench import PY, Line, run
    path = olympiad_file()
    ours_csv = work / "teams_ours.csv"
    ours = run([PY, "-m", "engine", "standings", str(path), "--preset", "olympiad-2026", "--format", "csv"],
               stdout_path=ours_csv)
    lines = [Line(f"team standings {TEAMS} teams x {ROUNDS} rounds x {BOARDS} boards, Olympiad order (CLI)",
                  ours.wall, ours.cpu, ours.peak_mb, "< 1 s CPU", "PASS" if ours.cpu < 1 else "MISS",
                  "read TRF-2026 + MP, Olympiad SB, game points, opponents' MP without the lowest")]
    mine_csv = work / "teams_ours_peer_codes.csv"
    run([PY, "-m", "engine", "standings", str(path), "--tiebreaks", ",".join(PEER_CODES[1:]), "--rules", "fide",
         "--format", "csv"], stdout_path=mine_csv)
    peer_csv = work / "teams_gacrux.csv"
    peer = run([PY, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-t", *PEER_CODES, "-d", "C"],
               stdout_path=peer_csv)
    mine = {int(r["tpn"]): r for r in csv.DictReader(mine_csv.open())}
    cells = differ = 0
    for row in csv.DictReader(peer_csv.open()):
        t = int(row["StartNo"])
        for code in PEER_CODES:
            ours_text = mine[t]["MP"] if code == "MPTS" else mine[t][code]
            cells += 1
            differ += Fraction(row[code]) != Fraction(ours_text)
    lines.append(Line(f"gacrux on the same {TEAMS}-team file ({', '.join(PEER_CODES)})", peer.wall, peer.cpu,
                      peer.peak_mb, "", "", f"{cells} values compared, {differ} differ; "
                      f"CPU {peer.cpu / max(ours.cpu, 1e-9):.1f}x ours (it has no Olympiad SB: EMGSB/C1 instead)"))
    return lines


def main() -> int:
    from tools.bench import print_table
    with tempfile.TemporaryDirectory(prefix="bench-teams-") as work:
        print_table(team_lines(Path(work)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
