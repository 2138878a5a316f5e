"""Glossary and reference: the names that mean the same thing, US Chess and FIDE words side by side, and
every code, modifier, rule set, preset and option of the app in plain words with the rule it comes from."""
from typing import Sequence

import pandas as pd
import streamlit as st

from engine.core.codes import CODES
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.teaching.explanations import CRITERIA, MODIFIER_LETTERS, OFFICIAL_RULE, OPTIONS_TEXT, modifier_sentences
from i18n import render
from i18n.catalog import N_
from i18n.glossary import terms
from i18n.languages import DEFAULT, ENDONYMS
from ui.glossary import code_box
from ui.render.tables import md_escape
from ui.render.text import search_key
from ui.session import state
from ui.session.language import current, t, tr
from ui.widgets.layout import opened_box

#: (system, also called, code, a short note) — the names a parent meets on results sheets (shown through ``t``)
SAME_THING = [
    (N_("Solkoff"), N_("Buchholz (FIDE and most of Europe)"), "BH",
     N_("Sum of the opponents' scores. The names differ, the sum is the same; the unplayed-round rules differ.")),
    (N_("Median"), N_("Harkness, Median-Buchholz; FIDE Buchholz Median-1"), "MED",
     N_("Buchholz without the highest and lowest opponent (two each from 9 rounds on in US Chess).")),
    (N_("Modified Median"), N_("(US Chess only)"), "MM",
     N_("Median that drops only the lowest with a plus score, only the highest with a minus score.")),
    (N_("Buchholz Cut 1"), N_("BH-C1, Buchholz minus the lowest"), "BH/C1",
     N_("Looks like Modified Median for plus scores, but uses FIDE's unplayed-round rules.")),
    (N_("Cumulative"), N_("Progressive score (FIDE), running score"), "CUM / PS",
     N_("Sum of the running scores; US Chess subtracts unplayed wins and half-point byes, FIDE does not.")),
    (N_("Opposition cumulative"), N_("Opponents' cumulative, cumulative of opposition"), "OCUM",
     N_("Sum of the opponents' Cumulative values.")),
    (N_("Sonneborn-Berger"), N_("Neustadtl, SB"), "SB",
     N_("Beaten opponents' scores plus half the drawn opponents' scores.")),
    (N_("Head-to-head"), N_("Result between tied players (US), direct encounter (FIDE), common game"), "H2H / DE",
     N_("US Chess counts wins minus losses among the tied; FIDE separates only when the games settle it.")),
    (N_("Most wins"), N_("Baumbach; FIDE WIN (any win) and WON (over the board)"), "WIN / WON",
     N_("FIDE counts a bye or forfeit win in WIN, not in WON.")),
    (N_("Most blacks"), N_("Games with Black"), "BPG",
     N_("Only games played over the board count.")),
    (N_("Kashdan"), N_("—"), "KASH",
     N_("4 for a win, 2 for a draw, 1 for a loss, 0 for an unplayed round.")),
    (N_("Koya"), N_("—"), "KS",
     N_("Points scored against the players on 50 % or more (round robins).")),
    (N_("Rounds elected to play"), N_("GE (games elected), REP since 2026"), "REP",
     N_("Rounds minus requested byes, absences and forfeit losses.")),
    (N_("Average rating of opposition"), N_("ARO, average rating of opponents"), "ARO",
     N_("Mean rating of the opponents met over the board.")),
    (N_("Performance rating"), N_("TPR (FIDE table), linear or 'Harkness' performance"), "TPR / PERF",
     N_("The rating that the result 'was worth'.")),
    (N_("Opponents' performance"), N_("APRO (FIDE, TPR), APPO (FIDE, perfect performance)"), "APRO / APPO",
     N_("Mean of the opponents' performance ratings.")),
    (N_("Time of first loss"), N_("Time of loss"), "TFL",
     N_("The later the first loss, the better.")),
    (N_("Tardiness"), N_("Late arrival"), "LATE",
     N_("On-time players rank above late arrivals.")),
    (N_("Drawing of lots"), N_("Coin flip"), "LOTS",
     N_("The very last resort.")),
]

#: (idea, US Chess says, FIDE says), shown through ``t``
VOCABULARY = [
    (N_("The person who runs the event"), N_("Tournament director (TD)"),
     N_("Arbiter; chief arbiter")),
    (N_("The results table"), N_("Wallchart"),
     N_("Crosstable; TRF file")),
    (N_("A player's starting number"), N_("Pairing number"),
     N_("Tournament pairing number (TPN), starting rank")),
    (N_("Players on the same score"), N_("Score group"),
     N_("Score bracket")),
    (N_("Point for the odd player out"), N_("Full-point bye"),
     N_("Pairing-allocated bye (PAB)")),
    (N_("A half point asked for in advance"), N_("Half-point bye"),
     N_("Half-point bye (HPB), a requested bye")),
    (N_("Skipping a round for nothing"), N_("Zero-point bye"),
     N_("Zero-point bye (ZPB); every round after a withdrawal")),
    (N_("Opponent did not show"), N_("Forfeit win"),
     N_("Forfeit win: unplayed, not a voluntarily unplayed round")),
    (N_("Player did not show"), N_("Forfeit loss"),
     N_("Forfeit loss: a voluntarily unplayed round (VUR)")),
    (N_("An opponent's byes and forfeits, seen from you"), N_("Adjusted score: every unplayed round counts ½"),
     N_("Real points, except requested byes with nothing played after them count ½")),
    (N_("Your own byes and forfeits"), N_("An opponent with 0 points"),
     N_("A dummy opponent with your own score (capped at half the rounds since March 2026)")),
    (N_("Where the rules are written"), N_("US Chess rulebook, rule 34 (tie-breaks) and 32 (prizes)"),
     N_("FIDE Handbook C.07 (tie-break regulations)")),
    (N_("Money for tied players"), N_("Shared equally; class prizes by rule 32B3"),
     N_("Set by the tournament regulations: shared, by tie-break order, or the Hort system")),
    (N_("Prizes for a rating band"), N_("Class prize, under-rating prize (U1800)"),
     N_("Rating prize, category prize")),
]

state.ensure_state()
lang = current()
st.title(t("Glossary"))
st.caption(t("The same tie-break often has two or three names, and US Chess and FIDE use different words for "
             "the same thing. Search both tables below."))

query = st.text_input(t("Search"), key="glossary_search", placeholder=t("e.g. Neustadtl, tie-break, bye, progressive"))


def matching(rows: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    q = search_key(query)
    return [r for r in rows if not q or any(q in search_key(cell) for cell in r)]


def translated(rows: Sequence[Sequence[str]], keep: int | None = None) -> list[tuple[str, ...]]:
    """The rows in the session's language (the column ``keep``, a code, as it is), those the search finds in
    either language: a reader may know the English name or their own."""
    q = search_key(query)
    out = []
    for row in rows:
        shown = tuple(cell if i == keep else t(cell) for i, cell in enumerate(row))
        if not q or any(q in search_key(cell) for cell in (*row, *shown)):
            out.append(shown)
    return out


def everyday_names(code: str) -> tuple[str, ...]:
    """The names a parent meets for a code on results sheets (the first table), so that searching "Solkoff",
    "Harkness" or "coin flip" also opens the code's entry in the reference."""
    return tuple(cell for system, also, codes, _ in SAME_THING
                 if code in [c.strip() for c in codes.split("/")] or codes == code for cell in (system, also))


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
    if not matching([(code, info.name, name, text.name, text.sentences, OFFICIAL_RULE[code], *everyday_names(code))]):
        continue
    shown += 1
    letters = [letter for letter, _, _ in MODIFIER_LETTERS if letter[0] in info.modifiers]
    paragraphs = [md_escape(text.sentences), t("**Example:** {example}", example=md_escape(text.example)),
                  t("**Rule:** {rule}", rule=md_escape(OFFICIAL_RULE[code]))]
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
modifiers = pd.DataFrame([(letter, " ".join(modifier_sentences(example)), example)
                          for letter, key, example in MODIFIER_LETTERS],
                         columns=[t("Letter"), t("What it does (for the example)"), t("Example")])
modifiers = modifiers[[bool(matching([tuple(r)])) for r in modifiers.itertuples(index=False)]]
if modifiers.empty:
    st.info(t("No modifier matches the search."))
else:
    st.table(modifiers.set_index(t("Letter")))

st.subheader(t("Rule sets: how byes and forfeits count"))
for name, rules in RULE_SETS.items():
    if not matching([(name, rules.heading, rules.paragraph, rules.citation)]):
        continue
    st.expander(f"{name} · {rules.heading}").markdown(
        md_escape(rules.paragraph) + "\n\n" + t("**Rule:** {rule}", rule=md_escape(render.rules_citation(tr(), name))))

st.subheader(t("Presets: ready-made tie-break orders"))
presets = pd.DataFrame([(render.preset_label(tr(), key), ", ".join(p.codes), p.rules, p.source)
                        for key, p in PRESETS.items()],
                       columns=[t("Preset"), t("Order after points"), t("Rule set"), t("Where it comes from")])
presets = presets[[bool(matching([tuple(r)])) for r in presets.itertuples(index=False)]]
if presets.empty:
    st.info(t("No preset matches the search."))
else:
    st.table(presets.set_index(t("Preset")))

st.subheader(t("Options"))
for option, words in OPTIONS_TEXT:
    if matching([(option, words)]):
        st.markdown(f"**{md_escape(option)}.** {md_escape(words)}")
