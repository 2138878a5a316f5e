"""Training: TEC-style exercises generated from an event, checked exactly, with hints one step at a time."""
from functools import partial

import streamlit as st

from engine.core.model import Event
from engine.events.generator import UnplayedRates, generate_event
from engine.teaching.exercises import KINDS, Exercise, generate, verdict
from i18n.catalog import N_
from ui import training as words
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tn, tr
from ui.teams.state import active_team
from ui.teams.training import team_training_view
from ui.training import KIND_LABELS

SOURCES = {"current": N_("The current event"), "example": N_("The built-in example (FIDE's exercise)"),
           "random": N_("A random event (from a seed)")}

state.ensure_state()
st.title(t("Training"))
# each thing said once: the caption says what the page is and how it scores; the seed's help how a class shares
# a set; the score's help what it counts
st.caption(t("Exercises in the style of FIDE's arbiter training: compute a value, order a tied group, name the "
             "criterion that decided, share a prize. Only your first answer to each question counts for the score; "
             "you may try again, unscored."))
if st.toggle(t("Team events"), value=active_team() is not None, key="train.teams"):
    team_training_view()
    st.stop()

left, middle, right = st.columns([1, 1, 2])
source = left.radio(t("Event"), list(SOURCES), format_func=partial(words.named, tr(), SOURCES), key="train_source")
event_seed = left.number_input(t("Random event seed"), min_value=0, value=1, step=1, key="train_event_seed",
                               disabled=source != "random")
seed = middle.number_input(t("Exercise seed"), min_value=0, value=1, step=1, key="train_seed",
                           help=t("Give a class the same event and seed and everyone gets the same set."))
count = middle.number_input(t("How many"), min_value=1, max_value=30, value=10, step=1, key="train_count")
kinds = right.multiselect(t("Kinds of exercise"), list(KINDS), default=list(KINDS),
                          format_func=partial(words.named, tr(), KIND_LABELS),
                          key="train_kinds", wrap=True)


@st.cache_data(max_entries=16, show_spinner=False)
def _random_event(seed: int) -> Event:
    return generate_event(14, 5, seed=seed, rates=UnplayedRates.typical(), name=f"Random event (seed {seed})")


@st.cache_data(max_entries=32, show_spinner=False)
def _exercises(key: str, _event: Event, seed: int, count: int, kinds: tuple[str, ...]) -> list[Exercise]:
    return generate(_event, seed, count, kinds)


if source == "current":
    event, key = state.current_event(), f"current-{state.event_id()}-{state.event_version()}"
elif source == "example":
    event, key = state.example_event(), "example"
else:
    event, key = _random_event(int(event_seed)), f"random-{int(event_seed)}"
shown_name = t("Random event (seed {seed})", seed=int(event_seed)) if source == "random" else state.shown_name(event.name)
st.text(tn("Event: {event} — {n} player, {rounds} rounds", "Event: {event} — {n} players, {rounds} rounds",
           len(event.players), event=shown_name, rounds=event.rounds))
if not kinds:
    st.info(t("Choose at least one kind of exercise."))
    st.stop()

exercises = _exercises(key, event, int(seed), int(count), tuple(kinds))
signature = (key, int(seed), int(count), tuple(kinds))
if st.session_state.get("train_signature") != signature:      # a new set: start again
    st.session_state.update(train_signature=signature, train_index=0, train_results={}, train_hints={},
                            train_working=set(), train_unscored=set())
if not exercises:
    st.warning(t("This event gives no exercises of these kinds (it may have no players tied on points)."))
    st.stop()

results: dict[int, bool] = st.session_state["train_results"]
unscored: set[int] = st.session_state.setdefault("train_unscored", set())
right_answers = sum(results.values())
answered = len(results) + len(unscored - set(results))
score, progress = st.columns([1, 3])
score.metric(t("Score"), f"{right_answers} / {len(results)}",
             help=t("Right answers out of the questions scored; an answer given after the full working was shown "
                    "is not scored."))
not_scored = len(unscored - set(results))
progress.progress(answered / len(exercises), text=t("{answered} of {count} answered, {unscored} not scored",
                                                    answered=answered, count=len(exercises), unscored=not_scored)
                  if not_scored else t("{answered} of {count} answered", answered=answered, count=len(exercises)))

i = min(st.session_state["train_index"], len(exercises) - 1)
ex = exercises[i]
st.header(t("Question {number} of {count}: {kind}", number=i + 1, count=len(exercises), kind=t(KIND_LABELS[ex.kind])))
st.markdown(md_escape(words.prompt(ex, event)))
with st.form(key=f"train_form_{i}", clear_on_submit=False, border=False):
    answer = st.text_input(t("Your answer"), key=f"train_answer_{i}",
                           placeholder=t("10½, 10.5, 21/2 or 10 1/2") if ex.kind in ("value", "prize")
                           else "3, 1, 16, 4" if ex.kind == "order" else t("a code such as MM or BH/C1"))
    submitted = st.form_submit_button(t("Check"), icon=":material/check:")
if submitted:
    correct, kind, values = verdict(ex, words.typed(ex, answer))
    feedback = words.verdict_words(ex, kind, values)
    if answer.strip() and i not in results:
        if i in st.session_state["train_working"]:   # the answer was on screen: not scored
            unscored.add(i)
            feedback += " " + t("(Not scored: the full working was shown before this answer.)")
        else:                                        # the first try counts for the score
            results[i] = correct
    st.session_state[f"train_feedback_{i}"] = (correct, feedback)
    st.rerun()
if f"train_feedback_{i}" in st.session_state:
    correct, feedback = st.session_state[f"train_feedback_{i}"]
    (st.success if correct else st.error)(md_escape(feedback))

hints: dict[int, int] = st.session_state["train_hints"]
shown = hints.get(i, 0)
b1, b2, b3, b4 = st.columns(4)
if b1.button(t("Hint: one more step"), key="train_hint", icon=":material/lightbulb:", disabled=shown >= len(ex.hints)):
    hints[i] = shown + 1
    st.rerun()
if b2.button(t("Show the full working"), key="train_show_working", icon=":material/description:"):
    st.session_state["train_working"].add(i)
    st.rerun()
if b3.button(t("Previous"), key="train_prev", icon=":material/arrow_back:", disabled=i == 0):
    st.session_state["train_index"] = i - 1
    st.rerun()
if b4.button(t("Next"), key="train_next", icon=":material/arrow_forward:", disabled=i == len(exercises) - 1):
    st.session_state["train_index"] = i + 1
    st.rerun()

if shown:
    st.markdown(t("**Hints ({shown} of {count})**", shown=shown, count=len(ex.hints)))
    st.markdown("\n".join(f"{n}. {md_escape(h)}" for n, h in enumerate(words.hints(ex)[:shown], start=1)))
if i in st.session_state["train_working"]:
    st.markdown(t("**Answer: {answer}**", answer=md_escape(words.shown_answer(ex))))
    st.code(words.working(ex, event), language=None)
