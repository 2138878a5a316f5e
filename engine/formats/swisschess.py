"""Reading a Swiss-Chess ranking together with its pairing lists, as German clubs publish them.

Swiss-Chess publishes the standings ("Rangliste: Stand nach der 7. Runde": Rang, TNr, Teilnehmer, TWZ, ...,
Punkte, Buchh, SoBerg, BuSumm) and, on separate pages, one pairing list per round ("Paarungsliste der 3.
Runde": Brett, TNr, Teilnehmer, ..., "-", TNr, Teilnehmer, ..., Ergebnis) with results such as ``1 - 0``,
``½ - ½``, ``+ - -`` (won by forfeit) and ``spielfrei`` for the player without an opponent.  The ranking has
no rounds, so the games come from the pairing lists: given as two files or more, or pasted as one text that
holds them all.  A ranking that prints no players' numbers ("Rang, Teilnehmer, TWZ, ..., Punkte, Buchh.") is
matched to the lists by the names they print beside the numbers.

A player missing from a round's list did not play that round (an absence); a pairing without a result is a
game still to be played.  Everything is text: one :class:`EventError` names the file and line of what
cannot be read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from engine.core.errors import EventError
from engine.core.limits import MAX_ROUNDS, check_count
from engine.core.model import HALF, ONE, ZERO, Entry, Kind, Player, make_event
from engine.core.said import Joined, said
from engine.formats.tables import (
    Row,
    _layout,
    _name_key,
    _norm,
    _players,
    _title,
    html_tables,
    legends,
    text_rows,
)
from engine.ranking.second_opinion import Published, PublishedColumn

#: the words of a pairing list's head: the result column, the board, the player's number and name
_RESULT_HEADS = {"ergebnis", "erg", "result", "res", "resultat"}
_NAME_HEADS = {"teilnehmer", "name", "spieler", "player", "weiß", "weiss", "schwarz", "white", "black"}
_TNR_HEADS = {"tnr", "nr", "sno", "snr"}
#: "the 3rd round": "Paarungsliste der 3. Runde", "Paarungen Runde 3", "Ergebnisse der 3. Runde", "Round 3"
_ROUND_TITLE = re.compile(r"(\d{1,3})\s*\.\s*runde|runde\s*(\d{1,3})|round\s*(\d{1,3})", re.I)
_BYE_NAMES = {"spielfrei", "freilos", "bye", "spielfrei."}
_SCORE = {"1": ONE, "0": ZERO, "½": HALF, "0,5": HALF, "0.5": HALF, "1/2": HALF, "+": ONE, "-": ZERO}


def is_swiss_chess(files: Sequence[tuple[str, str]]) -> bool:
    """Pairing lists in Swiss-Chess's words: a title with the round and a head row with two players and a
    result, somewhere in the files."""
    if not any(re.search(r"paarung|ergebnisse der|runde", text, re.I) for _, text in files):
        return False
    return any(_pairing_head(row.texts()) is not None for name, text in files for row in _rows_of(name, text)[0])


@dataclass
class _Pairing:
    round: int
    white: str          # the number or the name as printed
    black: str
    result: str
    line: int
    source: str
    #: the names the list prints beside the numbers, for a ranking that prints no numbers
    white_name: str = ""
    black_name: str = ""


def _rows_of(name: str, text: str) -> tuple[list[Row], list[tuple[str, int]]]:
    return html_tables(text) if re.search(r"<\s*table", text, re.I) else text_rows(text)


def _pairing_head(texts: list[str]) -> tuple[list[int], list[int], int] | None:
    """(the two number columns, the two name columns, the result column) of a pairing list's head row."""
    normed = [_norm(t) for t in texts]
    names = [i for i, t in enumerate(normed) if t in _NAME_HEADS]
    results = [i for i, t in enumerate(normed) if t in _RESULT_HEADS]
    if len(names) < 2 or not results:
        return None
    numbers = [i for i, t in enumerate(normed) if t in _TNR_HEADS]
    return numbers[:2], names[:2], results[-1]


def _round_of(lines: list[tuple[str, int]], before: int) -> int | None:
    found = None
    for text, no in lines:
        if no > before:
            break
        m = _ROUND_TITLE.search(text)
        if m:
            found = int(next(g for g in m.groups() if g))
    return found


def _pairings(name: str, rows: list[Row], lines: list[tuple[str, int]]) -> list[_Pairing]:
    out: list[_Pairing] = []
    i = 0
    while i < len(rows):
        head = _pairing_head(rows[i].texts())
        if head is None:
            i += 1
            continue
        numbers, names, result = head
        rnd = _round_of(lines, rows[i].line)
        if rnd is None:
            raise EventError(said("a pairing list without its round (a title such as \"Paarungsliste der 3. Runde\")"),
                             file=name, line=rows[i].line)
        check_count(said("the round number"), rnd, MAX_ROUNDS, file=name, line=rows[i].line)
        i += 1
        while i < len(rows):
            cells = rows[i].texts()
            if _pairing_head(cells) is not None:
                break

            def cell(k: int, cells: list[str] = cells) -> str:
                return cells[k].strip() if k < len(cells) else ""
            white = cell(numbers[0]) if len(numbers) == 2 else cell(names[0])
            black = cell(numbers[1]) if len(numbers) == 2 else cell(names[1])
            if len(numbers) == 2 and not black and cell(names[1]).lower() in _BYE_NAMES:
                black = "spielfrei"
            if not white or not (black or cell(names[1])):
                break       # the list ends (a blank line, a footer)
            if not black:
                black = cell(names[1])
            out.append(_Pairing(rnd, white, black, cell(result), rows[i].line, name, cell(names[0]), cell(names[1])))
            i += 1
    return out


def _shortened(name: str, names: list[str]) -> int | None:
    """The one player of ``names`` who is ``name`` printed shorter or longer: the same surname (before the
    comma) and each given name the start of the other's ("Hasselgruber, Robert F." and "Hasselgruber,
    Robert Ferenc"; "Hasselgruber, Robert" where the ranking's column cut the name), else None."""
    def parts(text: str) -> tuple[str, list[str]]:
        surname, _, given = text.partition(",")
        return _name_key(surname), [_name_key(g) for g in re.split(r"[\s.]+", given) if _name_key(g)]
    surname, given = parts(name)
    found = []
    for i, other in enumerate(names):
        o_surname, o_given = parts(other)
        if o_surname != surname or not given or not o_given:
            continue
        short, long = sorted((given, o_given), key=len)
        if all(a.startswith(b) or b.startswith(a) for a, b in zip(short, long)):
            found.append(i)
    return found[0] if len(found) == 1 else None


def _printed(cell: str) -> str:
    """A tie-break cell as a value: Swiss-Chess prints ``---`` where the tie-break gave the player nothing (a
    direct encounter no tie needed), which is no number to check."""
    return "" if re.fullmatch(r"\s*-{2,}\s*", cell) else cell


def _result(text: str) -> tuple[Fraction, Fraction, bool] | None:
    """White's and Black's points and whether by forfeit; None when there is no result yet."""
    t = text.replace(" ", "").replace("\u00a0", "")
    if not t or t in ("-", ":", "-:-"):
        return None
    m = re.fullmatch(r"(1|0|½|0[.,]5|1/2|\+|-)[-:](1|0|½|0[.,]5|1/2|\+|-)", t)
    if not m:
        raise ValueError(text)
    w, b = _SCORE[m.group(1)], _SCORE[m.group(2)]
    return w, b, "+" in (m.group(1), m.group(2)) or (m.group(1) == m.group(2) == "-")


def _ranking_and_pairings(files: Sequence[tuple[str, str]]
                          ) -> tuple[tuple[str, list[Row], list[tuple[str, int]], int], list[_Pairing]]:
    """The ranking (its file, rows, lines and head row) and every pairing list among ``files``: the lists may
    come as separate files or pasted one after the other in one text."""
    ranking: tuple[str, list[Row], list[tuple[str, int]], int] | None = None
    pairings: list[_Pairing] = []
    for name, text in files:
        rows, lines = _rows_of(name, text)
        pairings += _pairings(name, rows, lines)
        for k, row in enumerate(rows):
            texts = row.texts()
            normed = {_norm(t) for t in texts}
            if _pairing_head(texts) is None and normed & {"rang", "rg", "platz", "pl"} and normed & _NAME_HEADS:
                if ranking is None:
                    ranking = (name, rows, lines, k)
                break
    if ranking is None:
        raise EventError(said("no ranking (a head row with Rang, Teilnehmer and Punkte) among the Swiss-Chess lists"),
                         file=files[0][0], line=1)
    if not pairings:
        raise EventError(said("the Swiss-Chess ranking has no rounds: give its pairing lists too (\"Paarungsliste der "
                              "1. Runde\" and the others), as files or pasted with it"), file=ranking[0], line=1)
    return ranking, pairings


def read_swiss_chess(files: Sequence[tuple[str, str]]) -> Published:
    """The ranking and its pairing lists, from one text or several files, as a published table."""
    (source, rows, lines, start), pairings = _ranking_and_pairings(files)
    lay = _layout(rows[start].texts())
    players = _players(rows, start + 1, lay, source)
    if not players:
        raise EventError(said("the ranking has a head row but no players"), file=source, line=rows[start].line)
    by_number = {p.sno: i for i, p in enumerate(players) if p.sno is not None}
    by_name = {_name_key(p.name): i for i, p in enumerate(players)}
    numbered = lay.sno is not None and len(by_number) == len(players)
    tpn_of: list[int] = [p.sno if numbered and p.sno is not None else i + 1 for i, p in enumerate(players)]
    rounds = max(p.round for p in pairings)
    entries: dict[int, list[Entry]] = {t: [Entry.bye(Kind.ABS)] * rounds for t in tpn_of}
    seen: dict[tuple[int, int], _Pairing] = {}

    def who(text: str, name: str, p: _Pairing) -> int:
        if not numbered and name:       # a ranking without the players' numbers ("Rang, Teilnehmer, ..."): by name
            text = name
        t = text.strip().rstrip(".")
        i = by_number.get(int(t)) if t.isdigit() and len(t) < 7 else by_name.get(_name_key(t))
        if i is None and not t.isdigit():
            i = _shortened(t, [q.name for q in players])
        if i is None:
            raise EventError(said("round {round} pairs {text}, who is not in the ranking", round=p.round,
                                  text=repr(text[:40])), file=p.source, line=p.line)
        return tpn_of[i]

    def place(tpn: int, p: _Pairing, entry: Entry) -> None:
        if (tpn, p.round) in seen:
            raise EventError(said("{name} is paired twice in round {round}", name=players[tpn_of.index(tpn)].name,
                                  round=p.round),
                             file=p.source, line=p.line)
        seen[(tpn, p.round)] = p
        entries[tpn][p.round - 1] = entry

    for p in pairings:
        w = who(p.white, p.white_name, p)
        bye = p.black.strip().lower() in _BYE_NAMES
        text = p.result.strip()
        try:
            res = _result(f"{text} - -" if bye and text in ("+", "1", "½", "0") else text)   # a bye's "+" alone
        except ValueError:
            raise EventError(said("round {round}: the result {text} is not one we know (1 - 0, ½ - ½, 0 - 1, + - -, - - +)",
                                  round=p.round, text=repr(p.result.strip()[:20])), file=p.source, line=p.line) from None
        if bye:
            points = res[0] if res is not None else ONE
            place(w, p, Entry.bye(Kind.PAB if points == 1 else Kind.HPB if points == HALF else Kind.ZPB))
            continue
        b = who(p.black, p.black_name, p)
        if res is None:
            place(w, p, Entry.scheduled(b, "W"))
            place(b, p, Entry.scheduled(w, "B"))
        elif res[2]:
            place(w, p, Entry(Kind.FW if res[0] == 1 else Kind.FL, b, "W", res[0]))
            place(b, p, Entry(Kind.FW if res[1] == 1 else Kind.FL, w, "B", res[1]))
        else:
            place(w, p, Entry.game(b, "W", res[0]))
            place(b, p, Entry.game(w, "B", res[1]))
    title = _title(lines, range(rows[start].line, players[-1].line + 1), "Swiss-Chess event")
    plist = [Player(tpn_of[i], p.name, p.rating) for i, p in enumerate(players)]
    try:
        event = make_event(title, plist, entries, rounds=rounds, source=source)
    except EventError as e:
        raise EventError(e.said or e.message, file=source) from None
    legend = legends(lines)
    columns = tuple(PublishedColumn(label, legend.get(label.upper().replace(" ", "")),
                                    {tpn_of[i]: _printed(p.tiebreaks.get(label, "")) for i, p in enumerate(players)})
                    for _, label in lay.tiebreaks)
    missing = sorted(set(range(1, rounds + 1)) - {p.round for p in pairings})
    notes: list[str] = [said("the games come from the pairing lists of {n} rounds", n=len({p.round for p in pairings}))]
    if missing:
        notes.append(said("no pairing list for round {rounds}: every player is read as absent in it",
                          rounds=Joined(missing, ", ")))
    return Published(event, "Swiss-Chess", tuple(tpn_of), {tpn_of[i]: p.rank for i, p in enumerate(players)},
                     {tpn_of[i]: p.points for i, p in enumerate(players)} if lay.points is not None else {},
                     columns, tuple(notes))
