"""A tie-break's working (its :class:`~engine.core.trace.Trace`) written in a reader's language, for the command
line's ``explain`` (text and JSON) and the downloads.

English is the engine's own text (``engine.core.render.trace_text``, ``engine.core.trace.trace_json``), kept
byte for byte; another language renders the same records: each row's note and reason for a drop, each step,
the rule cited, the tie-break's name (with its modifiers), the kind of each round, numbers with the
language's decimal mark.  JSON keeps its keys and codes in every language (a file for programs); only the
sentences in it are translated.
"""
from __future__ import annotations

from typing import Any

from engine.core.codes import CODES, parse_code
from engine.core.model import KIND_WORDS, Kind
from engine.core.trace import Result, trace_json
from i18n.catalog import Translator
from i18n.languages import DEFAULT
from i18n.numbers import points
from i18n.render import criterion_name, rules_short
from i18n.said import render, render_all


def label_of(tr: Translator, code: str, label: str) -> str:
    """The tie-break's name in the language of ``tr`` (the engine's English label when the code is not ours)."""
    try:
        known = parse_code(code).code in CODES
    except Exception:                      # a code the registry does not parse: its English label as given
        known = False
    return criterion_name(tr, code) if known else label


def _kind_words(tr: Translator, kind: str) -> str:
    try:
        return render(tr, KIND_WORDS[Kind(kind)])
    except ValueError:
        return kind


def trace_text(tr: Translator, res: Result, name: str) -> str:
    """The working as plain text, in the language of ``tr`` (English: the engine's own text)."""
    from engine.core.render import trace_text as english
    if tr.lang == DEFAULT:
        return english(res, name)
    t = res.trace
    value = points(res.value, tr.lang) if res.value is not None else tr.t("none")
    lines = [tr.t("{label} [{code}] for #{player} {name}: {value}", label=label_of(tr, t.code, t.label),
                  code=t.code, player=t.player, name=name, value=value),
             tr.t("Rules: {rules}", rules=rules_short(tr, t.rules))]
    if t.rows:
        heads = (tr.tp("working column", "Rd"), tr.tp("working column", "Opp"), tr.tp("working column", "Kind"),
                 tr.tp("working column", "Res"), tr.tp("working column", "Value"), tr.tp("working column", "Note"))
        lines.append(f"{heads[0]:>3}  {heads[1]:>4}  {heads[2]:<14} {heads[3]:>3}  {heads[4]:>7}  {heads[5]}")
        for r in t.rows:
            val = points(r.value, tr.lang) if r.value is not None else "–"
            if r.dropped:
                val = f"({val})"
            note = render(tr, r.note)
            if r.dropped:
                note = tr.t("{note}  [DROPPED: {reason}]", note=note, reason=render(tr, r.drop_reason))
            lines.append(f"{r.round:>3}  {r.opponent if r.opponent is not None else '':>4}  "
                         f"{_kind_words(tr, r.kind):<14} {r.result:>3}  {val:>7}  {note}")
    lines.extend(f"- {s}" for s in render_all(tr, t.steps))
    if t.citation:
        lines.append(tr.t("Rule: {rule}", rule=render(tr, t.citation)))
    return "\n".join(lines)


def trace_document(tr: Translator, res: Result, name: str) -> dict[str, Any]:
    """The working as the JSON document of ``explain --format json``: the same keys and codes in every language,
    the sentences (notes, reasons, steps, the rule, the label) in the language of ``tr``."""
    doc = trace_json(res, name)
    if tr.lang == DEFAULT:
        return doc
    t = res.trace
    doc["label"] = label_of(tr, t.code, t.label)
    doc["steps"] = render_all(tr, t.steps)
    doc["citation"] = render(tr, t.citation)
    for row, r in zip(doc["rows"], t.rows):
        row["note"] = render(tr, r.note)
        if "drop_reason" in row:
            row["drop_reason"] = render(tr, r.drop_reason)
    return doc
