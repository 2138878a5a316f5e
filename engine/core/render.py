"""Traces as plain text (the command line, the announcement sheet, exercise hints)."""
from __future__ import annotations

from engine.core.exact import nice
from engine.core.model import KIND_WORDS as _WORDS
from engine.core.trace import Result

#: the kind of a trace row (its code) in words: "lost by forfeit", "bye from the pairing", "did not play"
KIND_WORDS = {kind.value: words for kind, words in _WORDS.items()}


def trace_text(res: Result, name: str) -> str:
    t = res.trace
    lines = [f"{t.label} [{t.code}] for #{t.player} {name}: {nice(res.value) if res.value is not None else 'none'}",
             f"Rules: {t.rules}"]
    if t.rows:
        lines.append(f"{'Rd':>3}  {'Opp':>4}  {'Kind':<14} {'Res':>3}  {'Value':>7}  Note")
        for r in t.rows:
            val = nice(r.value) if r.value is not None else "–"
            if r.dropped:
                val = f"({val})"
            note = r.note + (f"  [DROPPED: {r.drop_reason}]" if r.dropped else "")
            lines.append(f"{r.round:>3}  {r.opponent if r.opponent is not None else '':>4}  "
                         f"{KIND_WORDS.get(r.kind, r.kind):<14} {r.result:>3}  {val:>7}  {note}")
    lines.extend(f"- {s}" for s in t.steps)
    if t.citation:
        lines.append(f"Rule: {t.citation}")
    return "\n".join(lines)
