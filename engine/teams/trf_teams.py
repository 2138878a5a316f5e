"""Team events in FIDE's Tournament Report File: TRF-16 team lines (``013``) and TRF-2026 team records.

TRF-16 has only the teams and the players' games; the matches are rebuilt from the games (board k is a
team's k-th player fielded that round, in roster order), and a team whose players all sat out while every
other team was paired is taken as having had the bye from the pairing.  TRF-2026 adds the team records:
``310`` teams (match points, game points, rank, roster), ``320`` pairing-allocated byes and their value,
``330`` forfeited matches, ``300`` line-ups out of roster order (``0000`` an empty board), ``240``
requested byes, ``299`` points set by the arbiter, ``352`` the board colours, ``362`` the match points.
Files made for the 2024 draft numbered byes ``330`` and forfeited matches ``340``; they are read with a
warning.

Every problem is one line naming the file, the line and what is wrong.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from fractions import Fraction

from engine.core.errors import EventError, located, reading
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_WARNINGS
from engine.core.model import HALF, ONE, ZERO, Player
from engine.core.said import Joined, Said, dec, said
from engine.formats.source import decode_text, read_limited
from engine.teams.model import Award, Board, Match, Team, TeamEvent, TeamScoring, make_team_event

_INT = re.compile(r"[0-9]+", re.ASCII)
_NUM = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?", re.ASCII)
_LINE = re.compile(r"\r\n|\r|\n")
_PLAYED = {"1": ONE, "=": HALF, "0": ZERO, "W": ONE, "D": HALF, "L": ZERO}


#: one team line as read: its line number, the team, its record (13 or 310), and the match points, game
#: points and rank it states
_TeamLine = tuple[int, Team, int, tuple[Fraction | None, Fraction | None, int | None]]


@dataclass
class _Block:
    opponent: int | None
    colour: str
    code: str


@dataclass
class _Read:
    source: str
    warnings: list[str] = field(default_factory=list)
    header: dict[str, str] = field(default_factory=dict)
    players: dict[int, tuple[Player, list[_Block], int, Fraction | None]] = field(default_factory=dict)
    teams: list[_TeamLine] = field(default_factory=list)
    lineups: dict[tuple[int, int], list[int | None]] = field(default_factory=dict)
    pab: list[tuple[int, int]] = field(default_factory=list)
    pab_value: tuple[Fraction, Fraction] | None = None
    byes: dict[tuple[int, int], str] = field(default_factory=dict)
    forfeits: list[tuple[int, int, int, str, int]] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    game: dict[str, Fraction] = field(default_factory=dict)
    match: dict[str, Fraction] = field(default_factory=dict)
    tiebreaks: list[str] = field(default_factory=list)
    rounds: int | None = None
    colours: str = ""
    kind: str = ""

    def warn(self, line: int | None, message: Said) -> None:
        """Keep the first :data:`MAX_WARNINGS` repairs, each as a record with its place (``club.trf:12: ...``),
        so that the command line and the app write it again in the reader's language."""
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(located(message, file=self.source, line=line))

    def error(self, line: int, message: Said) -> EventError:
        return EventError(message, file=self.source, line=line)


def is_team_trf(text: str) -> bool:
    """Whether a TRF text holds a team event (a ``013`` or ``310`` line)."""
    return re.search(r"^(?:013|310) ", text, re.MULTILINE) is not None


def load_team_trf(path: str | os.PathLike[str]) -> TeamEvent:
    source = os.fspath(path)
    return read_team_trf(read_limited(path), os.path.basename(source))


def read_team_trf(data: str | bytes, source: str = "<trf>") -> TeamEvent:
    with reading(source):
        return _read(decode_text(data, source), source)


def _num(st: _Read, no: int, text: str, what: Said) -> Fraction:
    t = text.strip()
    if not _NUM.fullmatch(t):
        raise st.error(no, said("{what} must be a number, not {text}", what=what, text=repr(t)))
    return Fraction(t.replace(",", "."))


def _int(st: _Read, no: int, text: str, what: Said, low: int = 0, high: int = MAX_PLAYERS) -> int:
    t = text.strip()
    if not _INT.fullmatch(t) or len(t) > 7 or not low <= int(t) <= high:
        raise st.error(no, said("{what} must be a whole number from {low} to {high}, not {text}", what=what, low=low,
                                high=high, text=repr(t)))
    return int(t)


def _scoring_pairs(value: str) -> dict[str, str]:
    """``W 3.0    D 1.0`` / ``TW 2.0   TD 1.0`` -> symbol -> number text."""
    return dict(re.findall(r"([A-Z]{1,2})\s*(-?[0-9]+(?:[.,][0-9]+)?)", value.upper()))


def _read(text: str, source: str) -> TeamEvent:
    st = _Read(source)
    lines = _LINE.split(text)
    draft = any(line.startswith("340 ") for line in lines)
    if draft:
        st.warn(None, said("the file uses the 2024 draft numbering (byes in 330, forfeited matches in 340): read as such"))
    for no, line in enumerate(lines, 1):
        rec = line[:3]
        if not line.strip() or line.startswith("###"):
            continue
        if len(line) > 3 and line[3] != " " and rec.isdigit():
            st.warn(no, said("record {rec} has no space in column 4: skipped", rec=rec))
            continue
        value = line[4:].rstrip()
        if rec == "001":
            _player(st, no, line)
        elif rec == "013":
            _team013(st, no, line)
        elif rec == "310":
            _team310(st, no, line)
        elif rec == "300":
            _lineup(st, no, line)
        elif rec == "320":
            _pab(st, no, line)
        elif rec == "330" and not draft:
            _forfeit(st, no, value)
        elif rec == "340" or (rec == "330" and draft):
            (_forfeit if rec == "340" else _bye)(st, no, value)
        elif rec == "240":
            _bye(st, no, value)
        elif rec == "299":
            _award(st, no, line)
        elif rec == "012":
            st.header["012"] = value.strip()
        elif rec == "142":
            st.rounds = _int(st, no, value, said("the number of rounds (142)"), 0, MAX_ROUNDS)
        elif rec == "162":
            st.game = {k: Fraction(v.replace(",", ".")) for k, v in _scoring_pairs(value).items()}
        elif rec == "362":
            st.match = {k: Fraction(v.replace(",", ".")) for k, v in _scoring_pairs(value).items()}
        elif rec == "352":
            st.colours = value.strip().upper()
            if st.colours and not re.fullmatch(r"[WB]+", st.colours):
                raise st.error(no, said("board colours (352) must be W and B letters, not {text}", text=repr(st.colours)))
        elif rec in ("202", "212"):
            codes = [c for c in re.split(r"[,\s]+", value.strip()) if c]
            if rec == "212" or not st.tiebreaks:
                st.tiebreaks = [c for c in codes if c.upper() not in ("PTS",)] if rec == "212" else codes
        elif rec in ("192", "092"):
            st.header[rec] = value.strip()
        elif re.fullmatch(r"[0-9]{3}|XX[A-Z]", rec):
            st.header[rec] = value.strip()
        elif re.fullmatch(r"[A-Z]{3}", rec) and len(line) > 60:
            continue                                         # a national rating line: not needed here
        else:
            st.warn(no, said("line not understood, skipped: {text}", text=repr(line[:40])))
    return _build(st)


def _player(st: _Read, no: int, line: str) -> None:
    if len(line) < 84:
        line = line.ljust(84)
    tpn = _int(st, no, line[4:8], said("the pairing number (columns 5-8)"), 1)
    if tpn in st.players:
        raise st.error(no, said("pairing number {tpn} is used twice (first on line {first})", tpn=tpn,
                                first=st.players[tpn][2]))
    rating_text = line[48:52].strip()
    rating = int(rating_text) if _INT.fullmatch(rating_text) and int(rating_text) else None
    pts_text = line[80:84].strip()
    points = Fraction(pts_text.replace(",", ".")) if _NUM.fullmatch(pts_text) else None
    body = line.rstrip()
    count = max(0, -(-(len(body) - 89) // 10))
    if count > MAX_ROUNDS:
        raise st.error(no, said("{count} round blocks on one line; at most {most}", count=count, most=MAX_ROUNDS))
    body = body.ljust(89 + 10 * count)
    blocks = []
    for r in range(count):
        b = body[89 + 10 * r: 99 + 10 * r]
        opp_text = b[2:6].strip()
        if opp_text and not _INT.fullmatch(opp_text):
            raise st.error(no, said("round {round}: opponent (columns {first}-{last}) must be a pairing number, not "
                                    "{text}", round=r + 1, first=92 + 10 * r, last=95 + 10 * r, text=repr(opp_text)))
        colour = b[7].upper() if len(b) > 7 else " "
        code = b[9].upper() if len(b) > 9 else " "
        if code not in "10=WDL+-HFUZ ":
            raise st.error(no, said("round {round}: result code {code} (column {column}) is not a TRF result", round=r + 1,
                                    code=repr(code), column=99 + 10 * r))
        opponent = int(opp_text) if opp_text and int(opp_text) else None
        if code in "10=WDL" and code != " " and opponent is None:
            raise st.error(no, said("round {round}: a game result {code} without an opponent", round=r + 1,
                                    code=repr(code)))
        blocks.append(_Block(opponent, colour if colour in "WB" else "", code))
    sex = line[9].strip()
    st.players[tpn] = (Player(tpn, line[14:47].strip() or f"Player {tpn}", rating, line[53:56].strip(),
                              fide_id=line[57:68].strip(), sex=sex), blocks, no, points)


def _members(st: _Read, no: int, line: str, start: int) -> tuple[int, ...]:
    out = []
    for c in range(start, len(line.rstrip()), 5):
        t = line[c:c + 4].strip()
        if not t:
            continue
        n = _int(st, no, t, said("a team member's pairing number (column {column})", column=c + 1), 0)
        if n:
            out.append(n)
    return tuple(out)


def _team013(st: _Read, no: int, line: str) -> None:
    name = line[4:36].strip()
    members = _members(st, no, line, 36)
    tpn = len(st.teams) + 1
    st.teams.append((no, Team(tpn, name or f"Team {tpn}", "", members), 13, (None, None, None)))


def _team310(st: _Read, no: int, line: str) -> None:
    line = line.ljust(73)
    tpn = _int(st, no, line[4:7], said("the team number (columns 5-7)"), 1)
    name = line[8:40].strip()
    short = line[41:46].strip()
    mp = _num(st, no, line[54:60], said("match points (columns 55-60)")) if line[54:60].strip() else None
    gp = _num(st, no, line[61:67], said("game points (columns 62-67)")) if line[61:67].strip() else None
    rank = _int(st, no, line[68:71], said("the rank (columns 69-71)")) if line[68:71].strip() else None
    st.teams.append((no, Team(tpn, name or f"Team {tpn}", short, _members(st, no, line, 73)), 310, (mp, gp, rank)))


def _lineup(st: _Read, no: int, line: str) -> None:
    rnd = _int(st, no, line[4:7], said("the round (columns 5-7)"), 1, MAX_ROUNDS)
    team = _int(st, no, line[8:11], said("the team (columns 9-11)"), 1)
    seats: list[int | None] = []
    for c in range(16, len(line.rstrip()), 5):
        n = _int(st, no, line[c:c + 4], said("a board's player (column {column})", column=c + 1), 0)
        seats.append(n or None)
    st.lineups[(rnd, team)] = seats


def _pab(st: _Read, no: int, line: str) -> None:
    line = line.ljust(14)
    st.pab_value = (_num(st, no, line[4:8], said("the bye's match points (columns 5-8)")),
                    _num(st, no, line[9:13], said("the bye's game points (columns 10-13)")))
    for r, c in enumerate(range(14, len(line.rstrip()), 4), 1):
        if r > MAX_ROUNDS:
            raise st.error(no, said("the bye record (320) names teams for more than {most} rounds", most=MAX_ROUNDS))
        t = line[c:c + 3].strip()
        if t and t.strip("0"):
            st.pab.append((r, _int(st, no, t, said("round {round}'s bye team (column {column})", round=r, column=c + 1), 1)))


def _forfeit(st: _Read, no: int, value: str) -> None:
    parts = value.split()
    if len(parts) != 4 or parts[0] not in ("+-", "-+", "--"):
        raise st.error(no, said("a forfeited match needs '+-', '-+' or '--', a round and two teams, not {text}",
                                text=repr(value.strip())))
    rnd = _int(st, no, parts[1], said("the round"), 1, MAX_ROUNDS)
    st.forfeits.append((rnd, _int(st, no, parts[2], said("the White team"), 1),
                        _int(st, no, parts[3], said("the Black team"), 1),
                        parts[0], no))


def _bye(st: _Read, no: int, value: str) -> None:
    parts = value.split()
    if len(parts) < 3 or parts[0].upper() not in ("F", "H", "Z"):
        raise st.error(no, said("a bye needs F, H or Z, a round and the teams, not {text}", text=repr(value.strip())))
    rnd = _int(st, no, parts[1], said("the round"), 1, MAX_ROUNDS)
    for t in parts[2:]:
        st.byes[(rnd, _int(st, no, t, said("a team number"), 1))] = parts[0].upper() + "PB"


def _award(st: _Read, no: int, line: str) -> None:
    line = line.ljust(24)
    try:
        kind = line[4].strip()
        mp = Fraction(line[7:11].strip() or "0")
        gp = Fraction(line[13:17].strip() or "0")
        rnd = int(line[19:22].strip() or 0)
        teams = tuple(int(t) for t in line[23:].split())
    except ValueError:
        parts = line[4:].split()
        if len(parts) < 4:
            raise st.error(no, said("a points award (299) needs a kind, match points, game points, a round and "
                                    "teams")) from None
        kind, mp, gp, rnd = "", _num(st, no, parts[0], said("match points")), \
            _num(st, no, parts[1], said("game points")), _int(st, no, parts[2], said("the round"), 0, MAX_ROUNDS)
        teams = tuple(_int(st, no, t, said("a team"), 1) for t in parts[3:])
    st.awards.append(Award({"W": "W", "D": "D", "L": "L", "F": "FPB", "H": "HPB", "Z": "ZPB", "+": "FW",
                            "-": "FL"}.get(kind, ""), mp, gp, rnd, teams))


def _game_points(st: _Read, code: str) -> Fraction:
    g = st.game
    if code in "1W+":
        return g.get("W", ONE)
    if code in "=D":
        return g.get("D", HALF)
    if code == "L" or code == "0":
        return g.get("L", ZERO)
    return g.get("A", ZERO)


def _block_points(st: _Read, code: str) -> Fraction:
    """A player's points for one round block, as the points column counts them (162's symbols)."""
    g = st.game
    if code == "U":
        return g.get("P", g.get("W", ONE))
    if code == "F":
        return g.get("W", ONE)
    if code == "H":
        return g.get("D", HALF)
    return _game_points(st, code) if code in "10=WDL+" else ZERO


def _build(st: _Read) -> TeamEvent:
    """Turn the records read into a team event, in the order a person checking the file would go.

    First the rosters (which team lines count, who plays for whom), then every game checked from both
    sides, then the matches and team byes rebuilt round by round from the games, and last the totals the
    file states compared with the matches rebuilt.
    """
    if not st.teams:
        raise EventError(said("no team lines (013 or 310): this is not a team event"), file=st.source)
    lines = _team_lines(st)
    member = _memberships(st, lines)
    rounds = _round_count(st)
    pending = _check_games(st)
    _warn_teamless(st, member)
    teams = [tm for _, tm, _, _ in lines]
    rebuild = _Rebuild.start(st, member, teams)
    for rnd in range(1, rounds + 1):
        rebuild.play_round(rnd)
    for rnd in sorted(pending):
        st.warn(None, said("round {round} is paired but not every result is in: it counts as still to be played",
                           round=rnd))
    header = {k: v for k, v in st.header.items() if k != "012"}
    header["warnings"] = Joined(st.warnings, "\n")
    ev = _event(st, lines, rebuild, rounds, pending, header)
    _check_stated_totals(st, ev, lines)
    header["warnings"] = Joined(st.warnings, "\n")       # the event holds this same dict; saved, it is the English
    return ev


# --- the rosters --------------------------------------------------------------------------------------


def _team_lines(st: _Read) -> list[_TeamLine]:
    """The team lines that count: TRF-2026's ``310`` lines when there are any, else TRF-16's ``013`` lines.

    Each team number is checked to be used once, naming both lines when it is not.
    """
    if any(kind == 310 for _, _, kind, _ in st.teams):
        if any(kind == 13 for _, _, kind, _ in st.teams):
            st.warn(None, said("the file has both 013 and 310 team lines: the 310 lines are used"))
        lines = [entry for entry in st.teams if entry[2] == 310]
    else:
        lines = st.teams
    seen: dict[int, int] = {}
    for line, tm, _, _ in lines:
        if tm.tpn in seen:
            raise st.error(line, said("team number {team} is used twice (first on line {first})", team=tm.tpn,
                                      first=seen[tm.tpn]))
        seen[tm.tpn] = line
    return lines


def _memberships(st: _Read, lines: list[_TeamLine]) -> dict[int, int]:
    """Each player's team number, checking that every member has a ``001`` line and plays for one team."""
    member: dict[int, int] = {}
    for line, tm, _, _ in lines:
        for p in tm.players:
            if p not in st.players:
                raise st.error(line, said("team {team} ({name}) names player {p}, who has no 001 line", team=tm.tpn,
                                          name=tm.name, p=p))
            if p in member:
                raise st.error(line, said("player {p} is in two teams: {first} and {second}", p=p, first=member[p],
                                          second=tm.tpn))
            member[p] = tm.tpn
    return member


def _round_count(st: _Read) -> int:
    """The rounds the file states (``142``), else the last round any record names."""
    return st.rounds or max([len(b) for _, b, _, _ in st.players.values()] + [r for r, _ in st.pab] +
                            [r for r, _ in st.byes] + [f[0] for f in st.forfeits], default=0)


def _warn_teamless(st: _Read, member: dict[int, int]) -> None:
    """A player in no team cannot sit at a match board: said once per player, then left out."""
    for tpn in st.players:
        if tpn not in member:
            st.warn(st.players[tpn][2], said("player {tpn} is in no team: left out of the matches", tpn=tpn))


# --- every game checked from both sides ---------------------------------------------------------------


def _check_games(st: _Read) -> set[int]:
    """Check every game both ways and each player's points column; return the rounds still to be played.

    A game paired without a result makes its round one still to be played.  The points column is only
    compared when a game win is worth one point, the scale the column is written in.
    """
    pending: set[int] = set()
    for tpn, (_, blocks, no, points) in st.players.items():
        total = ZERO
        for r, blk in enumerate(blocks, 1):
            total += _block_points(st, blk.code)
            if blk.opponent is not None and _awaits_result(st, tpn, r, blk.code, blk.opponent, no):
                pending.add(r)
        if points is not None and points != total and st.game.get("W", ONE) == ONE:
            st.warn(no, said("player {tpn}'s points column says {points}, the games add up to {total}: the games are "
                             "used", tpn=tpn, points=dec(points), total=dec(total)))
    return pending


def _awaits_result(st: _Read, tpn: int, r: int, code: str, opponent: int, no: int) -> bool:
    """Whether player ``tpn``'s round-``r`` game (result ``code``) is paired without a result yet.

    The opponent's line must name ``tpn`` back that round, and the two results must fit together.
    """
    other = st.players.get(opponent)
    if other is None:
        raise st.error(no, said("round {round}: opponent {opponent} has no 001 line", round=r, opponent=opponent))
    ob = other[1][r - 1] if r <= len(other[1]) else None
    if ob is None or ob.opponent != tpn:
        raise st.error(no, said("round {round}: player {tpn} meets {opponent}, whose line does not name {tpn} back",
                                round=r, tpn=tpn, opponent=opponent))
    pair = code + ob.code
    if pair == "  ":
        return True
    if pair not in ("10", "01", "==", "WL", "LW", "DD", "+-", "-+", "--", "1L", "L1", "0W", "W0"):
        raise st.error(no, said("round {round}: the board result {code} disagrees with its opponent's {other} "
                                "(player {opponent}, line {line})", round=r, code=repr(code), other=repr(ob.code),
                                opponent=opponent, line=other[2]))
    return False


# --- the matches and team byes, rebuilt from the games ------------------------------------------------


@dataclass
class _Rebuild:
    """The matches and team byes, rebuilt round by round from the players' games.

    TRF-16 has no match records: two teams met in a round when their players met, and board k is a team's
    k-th player fielded in roster order, unless a ``300`` line-up says otherwise.  The state is kept in one
    place because each round adds to the matches and byes the next rounds look at.
    """

    st: _Read
    member: dict[int, int]
    roster: dict[int, dict[int, int]]
    known: set[int]
    colours: str
    forfeited: set[tuple[int, int]]
    matches: list[Match]
    byes: dict[tuple[int, int], str]

    @classmethod
    def start(cls, st: _Read, member: dict[int, int], teams: list[Team]) -> _Rebuild:
        """Begin with what the file records itself: the byes (``240``, ``320``) and the forfeited matches."""
        known = {tm.tpn for tm in teams}
        byes: dict[tuple[int, int], str] = dict(st.byes)
        for r, t in st.pab:
            byes[(r, t)] = "PAB"
        matches: list[Match] = []
        for r, a, b, how, no in st.forfeits:
            for t in (a, b):
                if t not in known:
                    raise st.error(no, said("a forfeited match names team {team}, which does not exist", team=t))
            matches.append(Match(r, a, b, forfeit=how))
        return cls(st, member, {tm.tpn: {p: i for i, p in enumerate(tm.players)} for tm in teams}, known,
                   st.colours or "WBWB", {(r, t) for r, a, b, _, _ in st.forfeits for t in (a, b)}, matches, byes)

    def play_round(self, rnd: int) -> None:
        """Pair off the teams whose players met in round ``rnd``, then settle the teams left without a match."""
        fielded = self._fielded(rnd)
        done: set[int] = set()
        lonely: list[int] = []             # teams whose players won their boards with nobody facing them
        for t in sorted(self.known):
            if t in done or (rnd, t) in self.forfeited or not fielded[t]:
                continue
            seats = self._line_up(rnd, t, fielded[t])
            self._check_line_up(rnd, t, seats)
            u = self._opponent_team(rnd, t, seats, fielded[t])
            if u is None:
                lonely.append(t)
                done.add(t)
                continue
            self.matches.append(self._match(rnd, t, u, seats, fielded[u]))
            done |= {t, u}
        self._settle_byes(rnd, done, lonely)

    def _fielded(self, rnd: int) -> dict[int, list[int]]:
        """Each team's players with a game (or a forfeit win) in round ``rnd``."""
        fielded: dict[int, list[int]] = {t: [] for t in self.known}
        for tpn, (_, blocks, _, _) in self.st.players.items():
            if tpn in self.member and rnd <= len(blocks):
                blk = blocks[rnd - 1]
                if (blk.opponent is not None and blk.code != " ") or blk.code == "+":
                    fielded[self.member[tpn]].append(tpn)
        return fielded

    def _line_up(self, rnd: int, t: int, fielded: list[int]) -> list[int | None]:
        """Team ``t``'s boards in order: its ``300`` line-up if it has one, else its players in roster order."""
        order = self.st.lineups.get((rnd, t))
        if order:
            return list(order)
        return [p for p in sorted(fielded, key=self.roster[t].__getitem__)]

    def _check_line_up(self, rnd: int, t: int, seats: list[int | None]) -> None:
        """A ``300`` line-up may only seat the team's own players."""
        for seat in seats:
            if seat is not None and self.member.get(seat) != t:
                raise EventError(said("round {round}: the line-up (300) of team {team} names player {p}, who is not in "
                                      "that team", round=rnd, team=t, p=seat), file=self.st.source)

    def _opponent_team(self, rnd: int, t: int, seats: list[int | None], fielded: list[int]) -> int | None:
        """The one team whose players team ``t``'s players met, or None when nobody faced them."""
        opp_teams: set[int] = set()
        for seat in seats:
            if seat is not None:
                blocks_of = self.st.players[seat][1]
                opp = blocks_of[rnd - 1].opponent if rnd <= len(blocks_of) else None
                if opp is not None and opp in self.member:
                    opp_teams.add(self.member[opp])
        if len(opp_teams) > 1:
            raise self.st.error(self.st.players[fielded[0]][2],
                                said("round {round}: team {team}'s players meet players of several teams ({teams})",
                                     round=rnd, team=t, teams=Joined(sorted(opp_teams), ", ")))
        return opp_teams.pop() if opp_teams else None

    def _match(self, rnd: int, t: int, u: int, seats: list[int | None], fielded_u: list[int]) -> Match:
        """The match of teams ``t`` and ``u``, board by board, the team with White on board 1 named first."""
        uorder = self._line_up(rnd, u, fielded_u)
        self._check_line_up(rnd, u, uorder)
        boards: list[Board] = []
        used_u: set[int] = set()
        for k, seat in enumerate(seats, 1):
            if seat is None:
                q = uorder[k - 1] if k <= len(uorder) else None
                if q is not None:
                    used_u.add(q)
                    boards.append(self._board_of_theirs(rnd, k, q))
                continue
            board = self._board_of_ours(rnd, t, k, seat)
            if board.players[1] is not None:
                used_u.add(board.players[1])
            boards.append(board)
        self._add_unfaced(rnd, u, fielded_u, uorder, used_u, boards)
        return self._home_first(rnd, t, u, boards)

    def _board_colour(self, k: int) -> str:
        """The first team's colour on board ``k`` when the game does not say (``352``, else alternating)."""
        return self.colours[(k - 1) % len(self.colours)]

    def _board_of_theirs(self, rnd: int, k: int, q: int) -> Board:
        """Board ``k``, empty on our side, with the other team's player ``q`` winning it unopposed."""
        qb = self.st.players[q][1][rnd - 1]
        colour_q = qb.colour or ("W" if self._board_colour(k) == "B" else "B")
        return Board(k, (None, q), "W" if colour_q == "B" else "B", (ZERO, _game_points(self.st, qb.code)), False)

    def _board_of_ours(self, rnd: int, t: int, k: int, p: int) -> Board:
        """Board ``k`` with our player ``p``: the game against its opponent, or a win with nobody facing."""
        blocks = self.st.players[p][1]
        if rnd > len(blocks) or not (blocks[rnd - 1].opponent or blocks[rnd - 1].code == "+"):
            raise EventError(said("round {round}: the line-up (300) of team {team} puts player {p} on board {board}, "
                                  "but player {p} has no game that round", round=rnd, team=t, p=p, board=k),
                             file=self.st.source)
        pb = blocks[rnd - 1]
        colour = pb.colour or self._board_colour(k)
        if pb.opponent is None:
            return Board(k, (p, None), colour, (_game_points(self.st, pb.code), ZERO), False)
        qb = self.st.players[pb.opponent][1][rnd - 1]
        return Board(k, (p, pb.opponent), colour, (_game_points(self.st, pb.code), _game_points(self.st, qb.code)),
                     pb.code in _PLAYED)

    def _add_unfaced(self, rnd: int, u: int, fielded_u: list[int], uorder: list[int | None], used_u: set[int],
                     boards: list[Board]) -> None:
        """Add the other team's players who won with nobody facing them, on their line-up board if it is free."""
        for q in sorted(fielded_u, key=self.roster[u].__getitem__):
            if q not in used_u and self.st.players[q][1][rnd - 1].opponent is None:
                qb = self.st.players[q][1][rnd - 1]
                k = (uorder.index(q) + 1) if q in uorder else len(boards) + 1
                while any(b.number == k for b in boards):
                    k += 1
                boards.append(Board(k, (None, q), "B" if (qb.colour or "W") == "W" else "W",
                                    (ZERO, _game_points(self.st, qb.code)), False))

    def _home_first(self, rnd: int, t: int, u: int, boards: list[Board]) -> Match:
        """The match named with the team that has the first board colour of ``352`` on board 1 first."""
        boards.sort(key=lambda b: b.number)
        if boards and boards[0].colour == self.colours[0]:
            return Match(rnd, t, u, tuple(boards))
        flipped = tuple(Board(b.number, (b.players[1], b.players[0]), "W" if b.colour == "B" else "B",
                              (b.points[1], b.points[0]), b.played) for b in boards)
        return Match(rnd, u, t, flipped)

    def _settle_byes(self, rnd: int, done: set[int], lonely: list[int]) -> None:
        """The teams of round ``rnd`` without a match: the pairing's bye, or a full-point bye.

        When the file records no pairing byes, an odd number of teams was paired and exactly one team was
        left alone, that team had the bye from the pairing; a team whose players all won unopposed otherwise
        had a full-point bye.
        """
        idle = [t for t in sorted(self.known)
                if t not in done and (rnd, t) not in self.forfeited and (rnd, t) not in self.byes]
        alone = [t for t in lonely + idle if (rnd, t) not in self.byes]
        if not self.st.pab and len(alone) == 1 and len(self.known) % 2 == 1 and any(m.round == rnd for m in self.matches):
            self.byes[(rnd, alone[0])] = "PAB"
            self.st.warn(None, said("round {round}: team {team} had no match while all others were paired: taken "
                                    "as the bye from the pairing", round=rnd, team=alone[0]))
            return
        for t in lonely:
            if (rnd, t) not in self.byes:
                self.byes[(rnd, t)] = "FPB"
                self.st.warn(None, said("round {round}: team {team} won every board without an opponent team: read "
                                        "as a full-point bye", round=rnd, team=t))


# --- the event and its stated totals ------------------------------------------------------------------


def _scoring(st: _Read) -> TeamScoring:
    """Match and game points from ``362`` and ``162``, the main score from ``192``, the bye's value from ``320``."""
    kind = st.header.get("192", "")
    scoring = TeamScoring(win=st.match.get("TW", Fraction(2)), draw=st.match.get("TD", ONE),
                          loss=st.match.get("TL", ZERO), game_win=st.game.get("W", ONE),
                          game_draw=st.game.get("D", HALF), game_loss=st.game.get("L", ZERO),
                          primary="GP" if re.search(r"_GP(?:_|$)", kind) and not re.search(r"_MP_GP", kind) else "MP")
    if st.pab_value:
        scoring = scoring.with_value("PAB", *st.pab_value)
    return scoring


def _event(st: _Read, lines: list[_TeamLine], rebuild: _Rebuild, rounds: int, pending: set[int],
           header: dict[str, str]) -> TeamEvent:
    """The team event itself, checked by :func:`make_team_event` (nobody twice in a round, no unknown team)."""
    matches = rebuild.matches
    size = max([len(m.boards) for m in matches] + [len(st.colours)], default=0)
    return make_team_event(st.header.get("012", "") or "Team event", [tm for _, tm, _, _ in lines],
                           [p for p, _, _, _ in st.players.values()], matches, rounds=rounds,
                           boards=size, byes=rebuild.byes, scoring=_scoring(st), source=st.source,
                           round_robin=bool(re.search(r"ROUNDROBIN|round[\s_-]*robin", st.header.get("192", "") +
                                                      st.header.get("092", ""), re.IGNORECASE)),
                           date=st.header.get("042", ""), file_tiebreaks=tuple(st.tiebreaks), colours=st.colours,
                           awards=tuple(st.awards), header=header,
                           stated={tm.tpn: stated for _, tm, _, stated in lines},
                           pending_rounds=frozenset(pending))


def _check_stated_totals(st: _Read, ev: TeamEvent, lines: list[_TeamLine]) -> None:
    """Warn where a ``310`` line's match or game points differ from what the matches give; the matches count."""
    for _, tm, _, (mp, gp, _rank) in lines:
        if mp is not None and mp != ev.mp(tm.tpn):
            st.warn(None, said("team {team} ({name}): the file states {stated} match points, the matches give {total}",
                               team=tm.tpn, name=tm.name, stated=dec(mp), total=dec(ev.mp(tm.tpn))))
        if gp is not None and gp != ev.gp(tm.tpn):
            st.warn(None, said("team {team} ({name}): the file states {stated} game points, the matches give {total}",
                               team=tm.tpn, name=tm.name, stated=dec(gp), total=dec(ev.gp(tm.tpn))))


def warnings_of(ev: TeamEvent) -> list[str]:
    """The reader's warnings, one per item (empty when the file was clean): their records when the file was just
    read, so that the command line and the app write each in the reader's language; the English lines of a team
    event saved before (its JSON keeps the text)."""
    text = ev.header.get("warnings", "")
    if isinstance(text, Joined):
        return [item for item in text.items if item]
    return [w for w in text.split("\n") if w]
