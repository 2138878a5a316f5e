"""Glossary and reference: the names that mean the same thing, US Chess and FIDE words side by side, and
every code, modifier, rule set, preset and option of the app in plain words with the rule it comes from."""
from typing import Sequence

import pandas as pd
import streamlit as st

from engine.core.codes import CODES
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.teaching.explanations import CRITERIA, MODIFIER_LETTERS, OFFICIAL_RULE, OPTIONS_TEXT, modifier_sentences
from ui.glossary import code_box
from ui.render.tables import md_escape
from ui.render.text import search_key
from ui.session import state
from ui.widgets.layout import opened_box

#: (system, also called, code, a short note) — the names a parent meets on results sheets
SAME_THING = [
    ("Solkoff", "Buchholz (FIDE and most of Europe)", "BH",
     "Sum of the opponents' scores. The names differ, the sum is the same; the unplayed-round rules differ."),
    ("Median", "Harkness, Median-Buchholz; FIDE Buchholz Median-1", "MED",
     "Buchholz without the highest and lowest opponent (two each from 9 rounds on in US Chess)."),
    ("Modified Median", "(US Chess only)", "MM",
     "Median that drops only the lowest with a plus score, only the highest with a minus score."),
    ("Buchholz Cut 1", "BH-C1, Buchholz minus the lowest", "BH/C1",
     "Looks like Modified Median for plus scores, but uses FIDE's unplayed-round rules."),
    ("Cumulative", "Progressive score (FIDE), running score", "CUM / PS",
     "Sum of the running scores; US Chess subtracts unplayed wins and half-point byes, FIDE does not."),
    ("Opposition cumulative", "Opponents' cumulative, cumulative of opposition", "OCUM",
     "Sum of the opponents' Cumulative values."),
    ("Sonneborn-Berger", "Neustadtl, SB", "SB",
     "Beaten opponents' scores plus half the drawn opponents' scores."),
    ("Head-to-head", "Result between tied players (US), direct encounter (FIDE), common game", "H2H / DE",
     "US Chess counts wins minus losses among the tied; FIDE separates only when the games settle it."),
    ("Most wins", "Baumbach; FIDE WIN (any win) and WON (over the board)", "WIN / WON",
     "FIDE counts a bye or forfeit win in WIN, not in WON."),
    ("Most blacks", "Games with Black", "BPG", "Only games played over the board count."),
    ("Kashdan", "—", "KASH", "4 for a win, 2 for a draw, 1 for a loss, 0 for an unplayed round."),
    ("Koya", "—", "KS", "Points scored against the players on 50 % or more (round robins)."),
    ("Rounds elected to play", "GE (games elected), REP since 2026", "REP",
     "Rounds minus requested byes, absences and forfeit losses."),
    ("Average rating of opposition", "ARO, average rating of opponents", "ARO",
     "Mean rating of the opponents met over the board."),
    ("Performance rating", "TPR (FIDE table), linear or 'Harkness' performance", "TPR / PERF",
     "The rating that the result 'was worth'."),
    ("Opponents' performance", "APRO (FIDE, TPR), APPO (FIDE, perfect performance)", "APRO / APPO",
     "Mean of the opponents' performance ratings."),
    ("Time of first loss", "Time of loss", "TFL", "The later the first loss, the better."),
    ("Tardiness", "Late arrival", "LATE", "On-time players rank above late arrivals."),
    ("Drawing of lots", "Coin flip", "LOTS", "The very last resort."),
]

#: (idea, US Chess says, FIDE says)
VOCABULARY = [
    ("Tie-break: a rule that orders players who finished on the same score; an event lists several, each "
     "looked at only while players are still level", "Tiebreak, tiebreaker (rule 34)",
     "Tie-break (FIDE Handbook C.07)"),
    ("The person who runs the event", "Tournament director (TD)", "Arbiter; chief arbiter"),
    ("The results table", "Wallchart", "Crosstable; TRF file"),
    ("A player's starting number", "Pairing number", "Tournament pairing number (TPN), starting rank"),
    ("Players on the same score", "Score group", "Score bracket"),
    ("Point for the odd player out", "Full-point bye", "Pairing-allocated bye (PAB)"),
    ("A half point asked for in advance", "Half-point bye", "Half-point bye (HPB), a requested bye"),
    ("Skipping a round for nothing", "Zero-point bye", "Zero-point bye (ZPB); every round after a withdrawal"),
    ("Opponent did not show", "Forfeit win", "Forfeit win: unplayed, not a voluntarily unplayed round"),
    ("Player did not show", "Forfeit loss", "Forfeit loss: a voluntarily unplayed round (VUR)"),
    ("An opponent's byes and forfeits, seen from you", "Adjusted score: every unplayed round counts ½",
     "Real points, except requested byes with nothing played after them count ½"),
    ("Your own byes and forfeits", "An opponent with 0 points",
     "A dummy opponent with your own score (capped at half the rounds since March 2026)"),
    ("Where the rules are written", "US Chess rulebook, rule 34 (tie-breaks) and 32 (prizes)",
     "FIDE Handbook C.07 (tie-break regulations)"),
    ("Money for tied players", "Shared equally; class prizes by rule 32B3",
     "Set by the tournament regulations: shared, by tie-break order, or the Hort system"),
    ("Prizes for a rating band", "Class prize, under-rating prize (U1800)", "Rating prize, category prize"),
]

state.ensure_state()
st.title("Glossary")
st.caption("The same tie-break often has two or three names, and US Chess and FIDE use different words for "
           "the same thing. Search both tables below.")

query = st.text_input("Search", key="glossary_search", placeholder="e.g. Neustadtl, tie-break, bye, progressive")


def matching(rows: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    q = search_key(query)
    return [r for r in rows if not q or any(q in search_key(cell) for cell in r)]


def everyday_names(code: str) -> tuple[str, ...]:
    """The names a parent meets for a code on results sheets (the first table), so that searching "Solkoff",
    "Harkness" or "coin flip" also opens the code's entry in the reference."""
    return tuple(cell for system, also, codes, _ in SAME_THING
                 if code in [c.strip() for c in codes.split("/")] or codes == code for cell in (system, also))


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
