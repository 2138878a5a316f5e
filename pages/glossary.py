"""Glossary and reference: the names that mean the same thing, US Chess and FIDE words side by side, and
every code, modifier, rule set, preset and option of the app in plain words with the rule it comes from."""
from typing import Sequence

import pandas as pd
import streamlit as st

from engine.core.codes import CODES
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.teaching.explanations import CRITERIA, MODIFIER_LETTERS, OFFICIAL_RULE, OPTIONS_TEXT, modifier_sentences
from ui.glossary import SAME_THING, VOCABULARY, code_box, everyday_names, rows_matching
from ui.render.text import md_escape
from ui.session import state
from ui.widgets.layout import opened_box

state.ensure_state()
st.title("Glossary")
st.caption("The same tie-break often has two or three names, and US Chess and FIDE use different words for "
           "the same thing. Search both tables below.")

query = st.text_input("Search", key="glossary_search", placeholder="e.g. Neustadtl, tie-break, bye, progressive")




def matching(rows: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    return rows_matching(rows, query)


st.header("Names that mean the same thing")
same = pd.DataFrame(matching(SAME_THING), columns=["System", "Also called", "Code", "In one line"])
if same.empty:
    st.info("No system matches the search.")
else:
    st.table(same.set_index("System"))          # a table wraps the long lines instead of cutting them

st.header("US Chess and FIDE words, side by side")
vocab = pd.DataFrame(matching(VOCABULARY), columns=["The idea", "US Chess", "FIDE"])
if vocab.empty:
    st.info("No entry matches the search.")
else:
    st.table(vocab.set_index("The idea"))

st.header("Reference")
st.caption("Everything the app's menus offer, in plain words, with the official rule it comes from: for "
           "readers who want the detail behind a code on a results sheet.")

st.subheader("Every tie-break code")
shown = 0
for code, info in CODES.items():
    text = CRITERIA[code]
    if not matching([(code, info.name, text.name, text.sentences, OFFICIAL_RULE[code], *everyday_names(code))]):
        continue
    shown += 1
    letters = [letter for letter, _, _ in MODIFIER_LETTERS if letter[0] in info.modifiers]
    paragraphs = [md_escape(text.sentences), f"**Example:** {md_escape(text.example)}",
                  f"**Rule:** {md_escape(OFFICIAL_RULE[code])}"]
    if letters:
        paragraphs.append(f"**Modifiers it accepts:** {md_escape(', '.join(dict.fromkeys(letters)))} (see below)")
    # one element per entry, its paragraphs apart, written only while its box is open (forty entries)
    if (box := opened_box(f"{code} · {text.name}", key=code_box(code))) is not None:
        box.markdown("\n\n".join(paragraphs))
if not shown:
    st.info("No code matches the search.")

st.subheader("Modifiers")
st.caption("A code can carry modifiers after a slash, FIDE's way of writing a variant: BH/C1 is Buchholz "
           "without the least significant opponent.")
modifiers = pd.DataFrame([(letter, " ".join(modifier_sentences(example)), example)
                          for letter, key, example in MODIFIER_LETTERS],
                         columns=["Letter", "What it does (for the example)", "Example"])
modifiers = modifiers[[bool(matching([tuple(r)])) for r in modifiers.itertuples(index=False)]]
if modifiers.empty:
    st.info("No modifier matches the search.")
else:
    st.table(modifiers.set_index("Letter"))

st.subheader("Rule sets: how byes and forfeits count")
for name, rules in RULE_SETS.items():
    if not matching([(name, rules.heading, rules.paragraph, rules.citation)]):
        continue
    st.expander(f"{name} · {rules.heading}").markdown(f"{md_escape(rules.paragraph)}\n\n**Rule:** {md_escape(rules.citation)}")

st.subheader("Presets: ready-made tie-break orders")
presets = pd.DataFrame([(p.label, ", ".join(p.codes), p.rules, p.source) for p in PRESETS.values()],
                       columns=["Preset", "Order after points", "Rule set", "Where it comes from"])
presets = presets[[bool(matching([tuple(r)])) for r in presets.itertuples(index=False)]]
if presets.empty:
    st.info("No preset matches the search.")
else:
    st.table(presets.set_index("Preset"))

st.subheader("Options")
for option, words in OPTIONS_TEXT:
    if matching([(option, words)]):
        st.markdown(f"**{md_escape(option)}.** {md_escape(words)}")
