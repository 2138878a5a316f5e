"""Writing a team event as TRF-2026: the players' ``001`` lines and the team records.

Board order is the roster order of the players fielded, as FIDE's format assumes; a line-up that differs
(or has an empty board) gets a ``300`` record.  Byes from the pairing go to ``320`` with their value,
requested byes to ``240``, forfeited matches to ``330``, the arbiter's awards to ``299``.
"""
from __future__ import annotations

from fractions import Fraction

from engine.core.exact import fmt
from engine.core.model import HALF, ONE, ZERO
from engine.teams.model import Match, TeamEvent


def _pts(x: Fraction, width: int = 4) -> str:
    return f"{float(x):{width}.1f}"


def _code(points: Fraction, played: bool, ev: TeamEvent) -> str:
    s = ev.scoring
    if not played:
        return "+" if points >= s.game_win else "-"
    return "1" if points == s.game_win else "=" if points == s.game_draw else "0"


def write_team_trf(ev: TeamEvent) -> str:
    """The whole file: the header, the players' ``001`` lines, then the team records."""
    blocks, points, lineups = _players_rounds(ev)
    lines = _header(ev)
    lines.append("### SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR")
    for p in ev.players:
        static = (f"001 {p.tpn:4d} {(p.sex or ' ')[:1]}{(p.title or '')[:3]:>3} {p.name[:33]:<33} "
                  f"{p.rating or '':>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} {'':<10} "
                  f"{_pts(points[p.tpn])} {'':>4}")
        lines.append((static + "".join(f"  {b}" for b in blocks[p.tpn])).rstrip())
    lines += _team_records(ev, lineups)
    return "\r\n".join(lines) + "\r\n"


def _header(ev: TeamEvent) -> list[str]:
    """The event's header records: name, date, counts, system (``192``), tie-breaks and both point scales."""
    s = ev.scoring
    lines = [f"012 {ev.name}"]
    if ev.date:
        lines.append(f"042 {ev.date}")
    lines += [f"062 {len(ev.players)}", f"082 {len(ev.teams)}"]
    kind = ev.header.get("192") or ("FIDE_TEAM_ROUNDROBIN" if ev.round_robin else
                                    f"FIDE_TEAM_{s.primary}_{s.secondary}")
    lines.append("092 " + ("Team Round Robin" if ev.round_robin else "Team Swiss System"))
    lines.append(f"142 {ev.rounds}")
    if (s.game_win, s.game_draw, s.game_loss) != (ONE, HALF, ZERO):
        lines.append(f"162  W{_pts(s.game_win)}    D{_pts(s.game_draw)}    L{_pts(s.game_loss)}")
    lines.append(f"192 {kind}")
    if ev.file_tiebreaks:
        lines.append("202 " + ",".join(ev.file_tiebreaks))
    lines.append(f"352 {ev.colours or ('WB' * ev.boards)[: ev.boards]}")
    lines.append(f"362 TW{_pts(s.win)}   TD{_pts(s.draw)}   TL{_pts(s.loss)}")
    return lines


def _players_rounds(ev: TeamEvent) -> tuple[dict[int, list[str]], dict[int, Fraction], list[str]]:
    """Each player's round blocks and points, and the ``300`` line-ups, gathered match by match.

    A player with no board in a round keeps the block of an absence (``0000 - Z``).
    """
    blocks: dict[int, list[str]] = {p.tpn: ["0000 - Z"] * ev.rounds for p in ev.players}
    points: dict[int, Fraction] = {p.tpn: ZERO for p in ev.players}
    lineups: list[str] = []
    roster = {t.tpn: {p: i for i, p in enumerate(t.players)} for t in ev.teams}
    for m in ev.matches:
        if m.forfeit:
            _forfeit_blocks(ev, m, blocks, points)
            continue
        _board_blocks(ev, m, blocks, points)
        lineups += _line_ups(m, roster)
    return blocks, points, lineups


def _forfeit_blocks(ev: TeamEvent, m: Match, blocks: dict[int, list[str]], points: dict[int, Fraction]) -> None:
    """A match won by forfeit: a forfeit win for each of the winning team's first players, one per board."""
    for side, team in ((0, m.home), (1, m.away)):
        if m.forfeit[side] == "+":
            for member in ev.team(team).players[: ev.boards]:
                blocks[member][m.round - 1] = "0000 - +"
                points[member] += ev.scoring.game_win


def _board_blocks(ev: TeamEvent, m: Match, blocks: dict[int, list[str]], points: dict[int, Fraction]) -> None:
    """A match played: each seated player's block names the opponent, the colour and the result."""
    for b in m.boards:
        for side in (0, 1):
            me, opp = b.players[side], b.players[1 - side]
            if me is None:
                continue
            colour = b.colour if side == 0 else {"W": "B", "B": "W"}.get(b.colour, "-")
            code = _code(b.points[side], b.played, ev)
            if opp is None:
                blocks[me][m.round - 1] = f"0000 - {code}"
            else:
                blocks[me][m.round - 1] = f"{opp:4d} {colour.lower()} {code}"
            points[me] += b.points[side]


def _line_ups(m: Match, roster: dict[int, dict[int, int]]) -> list[str]:
    """A ``300`` record for each side whose boards are not its players in roster order on boards 1, 2, ..."""
    out = []
    for side, team in ((0, m.home), (1, m.away)):
        seats = [b.players[side] for b in sorted(m.boards, key=lambda b: b.number)]
        fielded = [n for n in seats if n is not None]
        natural = sorted(fielded, key=lambda n: roster[team].get(n, 0))
        numbers = [b.number for b in sorted(m.boards, key=lambda b: b.number)]
        if seats != natural or numbers != list(range(1, len(numbers) + 1)):
            by_number = {b.number: b.players[side] for b in m.boards}
            full = [by_number.get(k) for k in range(1, max(numbers) + 1)]
            other = m.away if side == 0 else m.home
            out.append(f"300 {m.round:3d} {team:3d} {other:3d} " + " ".join(f"{n or 0:4d}" for n in full))
    return out


def _team_records(ev: TeamEvent, lineups: list[str]) -> list[str]:
    """The team records after the players: ``310`` teams, ``320`` pairing byes, ``240`` requested byes,
    ``330`` forfeited matches, ``300`` line-ups, ``299`` awards, and a comment for each other unplayed value."""
    s = ev.scoring
    lines = []
    for tm in ev.teams:
        mp, gp = ev.mp(tm.tpn), ev.gp(tm.tpn)
        lines.append((f"310 {tm.tpn:3d} {tm.name[:32]:<32} {tm.short[:5]:<5} {'':6} {float(mp):6.1f} {float(gp):6.1f} "
                      f"{'':3}  " + " ".join(f"{n:4d}" for n in tm.players)).rstrip())
    pabs = {r: t for (r, t), k in ev.byes.items() if k == "PAB"}
    if pabs:
        mp, gp = s.value_of("PAB", ev.boards)
        lines.append(f"320 {_pts(mp)} {_pts(gp)} " + " ".join(f"{pabs.get(r, 0):3d}" for r in range(1, ev.rounds + 1)))
    for (r, t), k in sorted(ev.byes.items()):
        if k != "PAB":
            lines.append(f"240 {k[0]} {r:3d} {t:4d}")
    for m in ev.matches:
        if m.forfeit:
            lines.append(f"330 {m.forfeit} {m.round:3d} {m.home:3d} {m.away:3d}")
    lines += lineups
    for a in ev.awards:
        letter = {"W": "W", "D": "D", "L": "L", "FPB": "F", "HPB": "H", "ZPB": "Z", "FW": "+", "FL": "-"}.get(a.kind, " ")
        lines.append(f"299 {letter}  {float(a.mp):4.1f}  {float(a.gp):4.1f}  {a.round:3d} " +
                     " ".join(f"{t:4d}" for t in a.teams))
    for (k, mp, gp) in s.unplayed:
        if k != "PAB":
            lines.append(f"### value of {k}: {fmt(mp)} match points, {fmt(gp)} game points")
    return lines
