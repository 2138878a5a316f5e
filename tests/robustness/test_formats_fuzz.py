"""Random and mutated files thrown at every reader: only :class:`EventError` may come out.

For each format (TRF, our JSON, Chess-JSON, CSV wallchart, PGN) hypothesis draws either random text or
bytes, or a real file of that format with a few random edits (characters flipped, inserted, deleted,
lines dropped, duplicated or cut short); for the two JSON formats also a parsed file with one subtree
replaced by a random JSON value.  Whatever comes back is either a valid Event or an EventError whose
message names the file, in one line.
"""
from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import EventError
from engine.core.model import Event, Kind
from engine.formats.jsonfmt import write_json
from engine.formats.loader import load_event, read_event_bytes
from engine.formats.wallchart import write_wallchart
from tests.paths import DATA, TRF_DIR

DATA = DATA
SMALL = ["fide_tec_swiss16.trf", "fide_tec_rr6.trf", "unplayed_cases_8p5r.trf", "uzchess_cup_masters_2025.trf"]
EVENTS = [load_event(TRF_DIR / name) for name in SMALL]
FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def pgn_of(event: Event) -> str:
    """The games of ``event`` as PGN (tags only), the way a broadcast or a club's database would give them."""
    names = {p.tpn: p.name for p in event.players}
    ratings = {p.tpn: p.rating for p in event.players}
    out = []
    for rnd in range(1, event.rounds + 1):
        board = 0
        for tpn in sorted(event.entries):
            e = event.entry(tpn, rnd)
            if e.kind is Kind.G and e.colour == "W":
                board += 1
                result = {1: "1-0", 0: "0-1"}.get(e.points, "1/2-1/2")  # type: ignore[call-overload]
                tags = [("Event", event.name), ("Round", f"{rnd}.{board}"), ("White", names[tpn]),
                        ("Black", names[e.opponent]), ("Result", result)]
                if ratings[tpn]:
                    tags.append(("WhiteElo", str(ratings[tpn])))
                out.append("\n".join(f'[{k} "{v}"]' for k, v in tags) + f"\n\n1. e4 e5 {result}\n")
    return "\n".join(out)


SAMPLES: dict[str, list[str]] = {
    "trf": [(TRF_DIR / name).read_text(encoding="utf-8") for name in SMALL],
    "json": [write_json(e) for e in EVENTS],
    "chessjson": [(DATA / name).read_text(encoding="utf-8") for name in
                  ("unplayed_cases_8p5r.chess.json", "fide_tec_rr6.chess.json")],
    "csv": [write_wallchart(e) for e in EVENTS],
    "pgn": [pgn_of(e) for e in EVENTS],
}
ENDING = {"trf": "x.trf", "json": "x.json", "chessjson": "x.json", "csv": "x.csv", "pgn": "x.pgn"}
ALPHABET = st.sampled_from(list("0123456789 +-=½WBwbFHUZPDLXA?*\n\r\t,;\"'{}[]:.#/\\ä\x00é") + ["0000", "  ", "1-0",
                                                                                       "[Round \"", "001 "])


@st.composite
def mutated(draw: st.DrawFn, fmt: str) -> str:
    """A real file of format ``fmt`` with one to six random edits."""
    text = draw(st.sampled_from(SAMPLES[fmt]))
    for _ in range(draw(st.integers(1, 6))):
        lines = text.split("\n")
        op = draw(st.sampled_from(["flip", "insert", "delete", "drop_line", "dup_line", "cut_line", "swap"]))
        i = draw(st.integers(0, max(len(text) - 1, 0)))
        if op == "flip" and text:
            text = text[:i] + draw(ALPHABET) + text[i + 1:]
        elif op == "insert":
            text = text[:i] + "".join(draw(st.lists(ALPHABET, max_size=3))) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 12)):]
        else:
            j = draw(st.integers(0, len(lines) - 1))
            if op == "drop_line":
                del lines[j]
            elif op == "dup_line":
                lines.insert(j, lines[j])
            elif op == "cut_line":
                lines[j] = lines[j][:draw(st.integers(0, max(len(lines[j]) - 1, 0)))]
            else:
                k = draw(st.integers(0, len(lines) - 1))
                lines[j], lines[k] = lines[k], lines[j]
            text = "\n".join(lines)
    return text


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats(allow_nan=True)
                           | st.lists(ALPHABET, max_size=6).map("".join),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                       max_size=3),
                           max_leaves=6)


@st.composite
def json_mutated(draw: st.DrawFn, fmt: str) -> str:
    """A parsed JSON sample with one randomly chosen subtree (or key) replaced by a random value."""
    doc: Any = json.loads(draw(st.sampled_from(SAMPLES[fmt])))
    node = doc
    for _ in range(draw(st.integers(0, 6))):
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) \
            if isinstance(node, list) else []
        children = [(k, v) for k, v in children if isinstance(v, (dict, list))]
        if not children:
            break
        node = draw(st.sampled_from(children))[1]
    if isinstance(node, dict) and node:
        key = draw(st.sampled_from(sorted(node, key=str)))
        if draw(st.booleans()):
            node[key] = draw(JSON_VALUES)
        else:
            node.pop(key)
    elif isinstance(node, list) and node:
        node[draw(st.integers(0, len(node) - 1))] = draw(JSON_VALUES)
    return json.dumps(doc, allow_nan=True)


def throw(data: bytes | str, fmt: str) -> None:
    """Read ``data`` as format ``fmt``: a valid Event or one located EventError, nothing else."""
    name = ENDING[fmt]
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    try:
        event = read_event_bytes(raw, name)
    except EventError as exc:
        text = str(exc)
        assert text.startswith(name) and "\n" not in text, text
    else:
        assert isinstance(event, Event)


def anything(fmt: str) -> st.SearchStrategy:
    return st.one_of(mutated(fmt), st.text(max_size=300), st.binary(max_size=300),
                     st.lists(ALPHABET, max_size=300).map("".join))


@FUZZ
@given(anything("trf"))
def test_trf_reader_fuzz(data: bytes | str) -> None:
    throw(data, "trf")


@FUZZ
@given(st.one_of(anything("json"), json_mutated("json")))
def test_our_json_reader_fuzz(data: bytes | str) -> None:
    throw(data, "json")


@FUZZ
@given(st.one_of(anything("chessjson"), json_mutated("chessjson"), json_mutated("chessjson")))
def test_chessjson_reader_fuzz(data: bytes | str) -> None:
    throw(data, "chessjson")


@FUZZ
@given(anything("csv"))
def test_wallchart_reader_fuzz(data: bytes | str) -> None:
    throw(data, "csv")


@FUZZ
@given(anything("pgn"))
def test_pgn_reader_fuzz(data: bytes | str) -> None:
    throw(data, "pgn")


def test_samples_themselves_read() -> None:
    """The unmutated samples are valid (else the fuzzing would only ever test error paths)."""
    for fmt, texts in SAMPLES.items():
        for text in texts:
            assert isinstance(read_event_bytes(text.encode("utf-8"), ENDING[fmt]), Event)
