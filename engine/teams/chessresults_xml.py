"""Swiss-Manager's chess-results upload of a team event (XML, ``type`` 2 team round robin, 3 team Swiss).

The upload carries the players (with team and board), the teams (with Swiss-Manager's own tie-break
values ``tb1``... and the numbers ``tbNno`` naming them), the team pairings (``no2`` -1: the bye from
the pairing, -2: not paired) and every board (``playerpairing``).  Numbers may use a decimal comma.
A document type declaration is refused: an upload has none, and entities are how an XML file is made
to exhaust memory.
"""
from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

from engine.core.errors import EventError, reading
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS
from engine.core.model import Player
from engine.core.said import said
from engine.formats.source import decode_text, read_limited
from engine.teams.model import Board, Match, Team, TeamEvent, TeamScoring, make_team_event


def is_team_upload(text: str) -> bool:
    return "<chessresults" in text[:2000] and re.search(r'\btype="[23]"', text) is not None


def load_team_upload(path: str | os.PathLike[str]) -> TeamEvent:
    return read_team_upload(read_limited(path), os.path.basename(os.fspath(path)))


def read_team_upload(data: str | bytes, source: str = "<xml>") -> TeamEvent:
    with reading(source, known=(ET.ParseError,)):
        text = decode_text(data, source)
        if re.search(r"<!(?:DOCTYPE|ENTITY)", text, re.IGNORECASE):
            raise EventError(said("an XML document type declaration is not accepted"), file=source)
        return _read(ET.fromstring(text), source)


def _num(text: str | None, where: str, source: str) -> Fraction:
    t = (text or "").strip().replace(",", ".")
    if not re.fullmatch(r"-?[0-9]+(?:\.[0-9]+)?", t):
        raise EventError(said("{where}: {text} is not a number", where=where, text=repr(text)), file=source)
    return Fraction(t)


def _int(text: str | None, where: str, source: str, low: int = -2, high: int = MAX_PLAYERS) -> int:
    t = (text or "").strip()
    if not re.fullmatch(r"-?[0-9]{1,7}", t) or not low <= int(t) <= high:
        raise EventError(said("{where}: {text} is not a number from {low} to {high}", where=where, text=repr(text),
                              low=low, high=high), file=source)
    return int(t)


def _read(root: ET.Element, source: str) -> TeamEvent:
    t = root.find("tournamentdata/tournament")
    if t is None:
        raise EventError(said("no <tournament> element: this is not a chess-results upload"), file=source)
    kind = t.get("type", "")
    if kind not in ("2", "3"):
        raise EventError(said("type {kind} is not a team event (2: team round robin, 3: team Swiss)", kind=repr(kind)),
                         file=source)
    rounds = _int(t.get("rounds"), said("tournament rounds"), source, 0, MAX_ROUNDS)
    boards = _int(t.get("playerperteam"), said("tournament playerperteam"), source, 1, 100)
    players, member = [], {}
    for el in root.iterfind("players/player"):
        no = _int(el.get("no"), said("a player's no"), source, 1)
        team = _int(el.get("teamno") or "0", said("player {no}'s teamno", no=no), source, 0)
        rating = (el.get("rtgfide") or el.get("rtg") or "").strip()
        players.append(Player(no, (el.get("lastname") or "").strip() or f"Player {no}",
                              int(rating) if rating.isdigit() and int(rating) else None,
                              (el.get("fed") or "").strip(), fide_id=(el.get("fideid") or "").strip(),
                              sex={"M": "m", "F": "w", "W": "w"}.get((el.get("sex") or "").strip().upper(), "")))
        if team:
            member[no] = (team, _int(el.get("board") or "0", said("player {no}'s board", no=no), source, 0))
    teams = []
    stated: dict[int, tuple[Fraction | None, Fraction | None, int | None]] = {}
    header = {f"tb{k}no": t.get(f"tb{k}no", "") for k in range(1, 6) if t.get(f"tb{k}no", "0") not in ("", "0")}
    for el in root.iterfind("teams/team"):
        no = _int(el.get("no"), said("a team's no"), source, 1)
        roster = sorted((b, p) for p, (tm, b) in member.items() if tm == no)
        teams.append(Team(no, (el.get("teamname") or "").strip() or f"Team {no}", (el.get("teamshort") or "").strip(),
                          tuple(p for _, p in roster)))
        rank = el.get("rank", "").strip()
        stated[no] = (None, None, int(rank) if rank.isdigit() else None)
        for k in range(1, 6):
            if el.get(f"tb{k}", "").strip():
                header[f"team {no} tb{k}"] = el.get(f"tb{k}", "").strip()
    games: dict[tuple[int, int], list[ET.Element]] = {}
    for el in root.iterfind("playerpairings/playerpairing"):
        key = (_int(el.get("round"), said("a board's round"), source, 1, MAX_ROUNDS),
               _int(el.get("pairing"), said("a board's pairing"), source, 1))
        games.setdefault(key, []).append(el)
    matches, byes = [], {}
    scoring = TeamScoring()
    draw_gp = scoring.draw_gp(boards)
    for el in root.iterfind("teampairings/teampairing"):
        rnd = _int(el.get("round"), said("a team pairing's round"), source, 1, MAX_ROUNDS)
        pairing = _int(el.get("pairing"), said("a team pairing's number"), source, 1)
        a, b = _int(el.get("no1"), "no1", source, 1), _int(el.get("no2"), "no2", source)
        if b == -1:
            gp = _num(el.get("res1"), said("round {round}: the bye's points", round=rnd), source)
            byes[(rnd, a)] = "PAB"
            mp = scoring.win if gp > draw_gp else scoring.draw if gp == draw_gp else scoring.loss
            scoring = scoring.with_value("PAB", mp, gp)
            continue
        if b < 1:
            continue
        bl = []
        for g in sorted(games.get((rnd, pairing), []), key=lambda e: int(e.get("board", "0") or 0)):
            w = _int(g.get("whiteno") or "0", "whiteno", source, 0)
            k = _int(g.get("board"), said("a board number"), source, 1, 100)
            bk = _int(g.get("blackno") or "0", "blackno", source, 0)
            rw = _num(g.get("reswhite") or "0", said("round {round}, board {board}: reswhite", round=rnd, board=k), source)
            rb = _num(g.get("resblack") or "0", said("round {round}, board {board}: resblack", round=rnd, board=k), source)
            white_is_a = (member.get(w, (0, 0))[0] == a) if w else (member.get(bk, (0, 0))[0] != a)
            pa, pb = (w or None, bk or None) if white_is_a else (bk or None, w or None)
            pts = (rw, rb) if white_is_a else (rb, rw)
            no_result = not (g.get("reswhite") or "").strip() and not (g.get("resblack") or "").strip()
            played = not (g.get("forfeit") or "").strip() and w != 0 and bk != 0 and not no_result
            bl.append(Board(k, (pa, pb), "W" if white_is_a else "B", pts, played))
        if not bl:
            ra, rb_ = _num(el.get("res1"), "res1", source), _num(el.get("res2"), "res2", source)
            matches.append(Match(rnd, a, b, forfeit="+-" if ra > rb_ else "-+" if rb_ > ra else "--"))
        else:
            matches.append(Match(rnd, a, b, tuple(bl)))
    return make_team_event((t.get("name") or "").strip() or "Team event", teams, players, matches, rounds=rounds,
                           boards=boards, byes=byes, scoring=scoring, source=source, round_robin=kind == "2",
                           date=_date(t.get("from", "")), header=header, stated=stated)


def _date(text: str) -> str:
    t = text.strip()
    return f"{t[:4]}/{t[4:6]}/{t[6:8]}" if re.fullmatch(r"[0-9]{8}", t) else t
