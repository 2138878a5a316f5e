"""Reader warnings are bounded: the first 100 are listed and the rest counted in one line.

The files are built here from tests/data/trf/fide_tec_rr6.trf and tests/data/fide_tec_rr6.chess.json (FIDE's
tie-break examples), spoiled with junk; the counts are the numbers of junk lines or codes put in.
"""
from __future__ import annotations

import json

import pytest

from engine.core.limits import MAX_CODES, MAX_WARNINGS
from engine.formats.loader import read_event_bytes, reader_warnings
from tests.paths import REPO_ROOT

DATA = REPO_ROOT / "tests" / "data"


def test_a_trf_of_junk_lines_lists_100_warnings_and_counts_the_rest():
    junk = "".join(f"XYZ junk {i}\n" for i in range(5_000))
    event = read_event_bytes(((DATA / "trf" / "fide_tec_rr6.trf").read_text() + junk).encode(), "junk.trf")
    warnings = reader_warnings(event)
    assert len(warnings) == MAX_WARNINGS + 1 == 101
    assert warnings[-1].startswith("... and 4,900 more repairs")       # 5,000 junk lines, 100 listed
    assert len(event.players) == 6                                       # the event itself is read as before


def test_a_chess_json_rank_order_of_many_unknown_codes_reads_only_the_first_50():
    doc = json.loads((DATA / "fide_tec_rr6.chess.json").read_text())
    doc["event"]["tournaments"][0]["rankOrder"] = [f"ZZ{i}" for i in range(100_000)]
    event = read_event_bytes((" " * 100_000 + json.dumps(doc)).encode(), "codes.json")
    warnings = reader_warnings(event)
    assert MAX_CODES == 50 and len(warnings) == 1 + 50
    assert '"rankOrder" lists 100,000 tie-breaks; only the first 50 were read' in warnings[0]


def test_the_upload_limit_of_the_server_is_the_readers_limit():
    """Streamlit refuses a larger upload in the browser, before sending it (its default, 200 MB, made the server
    hold about 380 MB for each refused 190 MB upload)."""
    import tomllib

    from engine.formats.source import MAX_BYTES
    config = tomllib.loads((REPO_ROOT / ".streamlit" / "config.toml").read_text())
    # One meaning of "20 MB": the browser's (20 x 1,000 x 1,000 bytes outside Windows), the readers'
    assert config["server"]["maxUploadSize"] * 1000 * 1000 == MAX_BYTES == 20_000_000


def test_the_size_message_states_the_real_limit():
    from engine.core.errors import EventError
    from engine.formats.source import MAX_BYTES, check_size
    check_size(MAX_BYTES, "exactly.trf")
    with pytest.raises(EventError) as refused:
        check_size(20_500_000, "big.trf")
    assert str(refused.value) == ("big.trf: file is too large (20.5 MB, 20,500,000 bytes); the limit is 20 MB "
                                  "(20,000,000 bytes)")
