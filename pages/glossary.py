"""Glossary and reference: the names that mean the same thing, US Chess and FIDE words side by side, and
every code, modifier, rule set, preset and option of the app in plain words with the rule it comes from."""
from typing import Sequence

import pandas as pd
import streamlit as st

from engine.core.codes import CODES
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.teaching.explanations import CRITERIA, MODIFIER_LETTERS, OFFICIAL_RULE
from i18n import render
from i18n.glossary import terms
from i18n.languages import DEFAULT, ENDONYMS
from i18n.terms import CODE_TEXTS, OFFICIAL_RULES, OPTIONS, PRESET_SOURCES, RULE_HEADINGS, RULE_PARAGRAPHS
from ui.glossary import SAME_THING, VOCABULARY, code_box, everyday_names, rows_matching, translated_rows
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tp, tr
from ui.teams.glossary import team_glossary
from ui.widgets.layout import opened_box

state.ensure_state()
lang = current()
st.title(t("Glossary"))
st.caption(t("The same tie-break often has two or three names, and US Chess and FIDE use different words for "
             "the same thing. Search both tables below."))

query = st.text_input(t("Search"), key="glossary_search", placeholder=t("e.g. Neustadtl, tie-break, bye, progressive"))


def matching(rows: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    return rows_matching(rows, query)


def translated(rows: Sequence[Sequence[str]], keep: int | None = None) -> list[tuple[str, ...]]:
    return translated_rows(rows, query, t, keep)


if lang != DEFAULT:
    # the words this language's arbiters use, each with where it was found (i18n/glossary/<code>.toml)
    st.header(t("The arbiters' words in {language}", language=ENDONYMS[lang]))
    st.caption(t("Codes (BH, SB, DE, ...) are the same in every language: results sheets print them everywhere. "
                 "A term marked “to be confirmed” is common usage that no rule text found so far states."))
    own = pd.DataFrame(matching([(term.concept, term.code or "—",
                                  term.term if term.confirmed else t("{term} (to be confirmed)", term=term.term),
                                  " ".join(x for x in (term.note, term.source) if x)) for term in terms(lang)]),
                       columns=[t("Concept (in English)"), t("Code"), t("Term"), t("Where it is written")])
    if own.empty:
        st.info(t("No entry matches the search."))
    else:
        with st.container(key="arbiters_words"):      # the sources are quoted as written, often in English
            st.table(own.set_index(t("Concept (in English)")))

st.header(t("Names that mean the same thing"))
same = pd.DataFrame(translated(SAME_THING, keep=2), columns=[t("System"), t("Also called"), t("Code"), t("In one line")])
if same.empty:
    st.info(t("No system matches the search."))
else:
    st.table(same.set_index(t("System")))          # a table wraps the long lines instead of cutting them

st.header(t("US Chess and FIDE words, side by side"))
vocab = pd.DataFrame(translated(VOCABULARY), columns=[t("The idea"), t("US Chess"), "FIDE"])
if vocab.empty:
    st.info(t("No entry matches the search."))
else:
    st.table(vocab.set_index(t("The idea")))

st.header(t("Reference"))
st.caption(t("Everything the app's menus offer, in plain words, with the official rule it comes from: for "
             "readers who want the detail behind a code on a results sheet."))

st.subheader(t("Every tie-break code"))
shown = 0
for code, info in CODES.items():
    text = CRITERIA[code]
    name = render.code_name(tr(), code)
    sentences, example = (tp("code explanation", CODE_TEXTS[code][0]), tp("code example", CODE_TEXTS[code][1]))
    if not matching([(code, info.name, name, text.name, text.sentences, sentences, OFFICIAL_RULE[code],
                      *everyday_names(code))]):
        continue
    shown += 1
    letters = [letter for letter, _, _ in MODIFIER_LETTERS if letter[0] in info.modifiers]
    paragraphs = [md_escape(sentences), t("**Example:** {example}", example=md_escape(example)),
                  t("**Rule:** {rule}", rule=md_escape(tp("official rule", OFFICIAL_RULES[code])))]
    if letters:
        paragraphs.append(t("**Modifiers it accepts:** {letters} (see below)",
                            letters=md_escape(", ".join(dict.fromkeys(letters)))))
    # one element per entry, its paragraphs apart, written only while its box is open (forty entries)
    if (box := opened_box(f"{code} · {name}", key=code_box(code))) is not None:
        box.markdown("\n\n".join(paragraphs))
if not shown:
    st.info(t("No code matches the search."))

st.subheader(t("Modifiers"))
st.caption(t("A code can carry modifiers after a slash, FIDE's way of writing a variant: BH/C1 is Buchholz "
             "without the least significant opponent."))
modifiers = pd.DataFrame([(letter, " ".join(render.modifier_sentences(tr(), example)), example)
                          for letter, key, example in MODIFIER_LETTERS],
                         columns=[t("Letter"), t("What it does (for the example)"), t("Example")])
modifiers = modifiers[[bool(matching([tuple(r)])) for r in modifiers.itertuples(index=False)]]
if modifiers.empty:
    st.info(t("No modifier matches the search."))
else:
    st.table(modifiers.set_index(t("Letter")))

st.subheader(t("Rule sets: how byes and forfeits count"))
for name, rules in RULE_SETS.items():
    heading, paragraph = tp("rule set", RULE_HEADINGS[name]), tp("rule set", RULE_PARAGRAPHS[name])
    citation = render.rules_citation(tr(), name)
    if not matching([(name, rules.heading, rules.paragraph, rules.citation, heading, paragraph, citation)]):
        continue
    st.expander(f"{name} · {heading}").markdown(
        md_escape(paragraph) + "\n\n" + t("**Rule:** {rule}", rule=md_escape(citation)))

st.subheader(t("Presets: ready-made tie-break orders"))
presets = pd.DataFrame([(render.preset_label(tr(), key), ", ".join(p.codes), p.rules, tp("preset source", PRESET_SOURCES[key]))
                        for key, p in PRESETS.items()],
                       columns=[t("Preset"), t("Order after points"), t("Rule set"), t("Where it comes from")])
presets = presets[[bool(matching([tuple(r)])) for r in presets.itertuples(index=False)]]
if presets.empty:
    st.info(t("No preset matches the search."))
else:
    st.table(presets.set_index(t("Preset")))

st.subheader(t("Options"))
for option, words in OPTIONS:
    shown_option, shown_words = tp("option", option), tp("option", words)
    if matching([(option, words, shown_option, shown_words)]):
        st.markdown(f"**{md_escape(shown_option)}.** {md_escape(shown_words)}")

team_glossary(query)
