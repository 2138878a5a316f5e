"""The parent's answer (:func:`engine.ranking.why_answer.plain_answer`) in a reader's language.

The engine writes each sentence of the answer as a record (:class:`~engine.core.said.Said`): its English, the
whole-sentence template it chose for the case (who is above on points, by the first tie-break or a later one,
by the result between tied players, by lots, a shared place; their game and why it did or did not count) and
the values that fill it.  Here each record is only written again in the reader's language
(:func:`i18n.said.render`): the template looked up in the catalog, the numbers with the language's decimals,
the names as given, lists joined the language's way, the rule's everyday words and name translated.  Which
sentence to say is decided once, in the engine.
"""
from __future__ import annotations

from engine.ranking.why_answer import Answer
from i18n.catalog import NP_, Translator
from i18n.said import render

#: each rule in everyday words, as the answer says it: the registry's words (without the place where the
#: English puts "leaving out the weakest", a record of its own), marked here so the catalogs carry them under
#: the context "everyday", the context the engine's record of them names
EVERYDAY: dict[str, str] = {
    "PTS": NP_("everyday", "points"),
    "BH": NP_("everyday", "the total score of the opponents each played"),
    "MED": NP_("everyday", "the total score of the opponents each played"),
    "MM": NP_("everyday", "the total score of the opponents each played"),
    "FB": NP_("everyday", "the total score of the opponents each played, counting everybody's last game as a draw"),
    "AOB": NP_("everyday", "how strong the opponents' own opponents were"),
    "OBH": NP_("everyday", "how strong the opponents' own opponents were, added up"),
    "PS": NP_("everyday", "each one's running score added up round after round, so early points weigh more"),
    "CUM": NP_("everyday", "each one's running score added up round after round, so early points weigh more"),
    "OCUM": NP_("everyday", "the running scores of the opponents each played, added up"),
    "SB": NP_("everyday", "the scores of the opponents each beat, plus half the scores of those each drew with"),
    "KS": NP_("everyday", "the points each scored against the opponents who finished on at least half the points"),
    "KASH": NP_("everyday", "a count that rewards fighting chess: 4 for a win, 2 for a draw, 1 for a loss"),
    "H2H": NP_("everyday", "the result between the tied players"),
    "DE": NP_("everyday", "the result between the tied players"),
    "WIN": NP_("everyday", "the number of wins"),
    "WON": NP_("everyday", "the number of games won at the board"),
    "BPG": NP_("everyday", "the number of games played with Black"),
    "BWG": NP_("everyday", "the number of games won with Black"),
    "REP": NP_("everyday", "the number of rounds each came to play"),
    "VUR": NP_("everyday", "the number of rounds each chose not to play (fewer goes first)"),
    "ARO": NP_("everyday", "the average rating of the opponents each played"),
    "TPR": NP_("everyday", "the rating each played like in this event"),
    "PTP": NP_("everyday", "the rating each played like in this event, worked out exactly"),
    "PERF": NP_("everyday", "a quick performance rating from the opponents' ratings and the results"),
    "PPR": NP_("everyday", "the rating each played like in this event, as the French federation's program works it "
                           "out"),
    "APRO": NP_("everyday", "how well the opponents played in this event"),
    "APPO": NP_("everyday", "how well the opponents played in this event"),
    "OPERF": NP_("everyday", "how well the opponents played in this event"),
    "LPERF": NP_("everyday", "the lichess performance rating"),
    "TFL": NP_("everyday", "how late each lost a game for the first time (later goes first)"),
    "LATE": NP_("everyday", "who was there on time for the first round"),
    "RTNG": NP_("everyday", "the rating before the event"),
    "TPN": NP_("everyday", "the starting number (the lower goes first)"),
    "LOTS": NP_("everyday", "a drawing of lots"),
}



def answer_sentences(tr: Translator, answer: Answer) -> list[str]:
    """The answer sentence by sentence in the language of ``tr`` (English: the engine's own sentences)."""
    return [render(tr, sentence) for sentence in answer.sentences]


def answer_text(tr: Translator, answer: Answer) -> str:
    """The whole answer in the language of ``tr``."""
    return " ".join(answer_sentences(tr, answer))
