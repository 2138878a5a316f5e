"""TD announcement: the sheet players must see before round 1 — the tie-break order, what each criterion
means, the rule set for byes and forfeits, and how prizes are shared — to preview, print or download."""
import streamlit as st

from engine.core.errors import EventError
from engine.prizes.split import METHODS
from engine.teaching.announcement import to_html, to_pdf
from i18n.announcement import announcement_in
from i18n.said import error_text
from i18n.terms import PRIZE_METHODS
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tp, tr
from ui.session.memory import kept
from ui.teams.announcement_view import if_team_event
from ui.widgets import prizes as ui_prizes
from ui.widgets.ordering import ordering_chooser

state.ensure_state()
if_team_event()

st.title(t("TD announcement"))
st.caption(t("Players must be told the tie-break system before round 1. Choose the order, the rule set and the "
             "prize method; check the sheet below; print it or hand it out as a PDF."))

chosen = ordering_chooser()

left, right = st.columns(2)
event_name = kept(left.text_input, t("Event name on the sheet"), name=f"announce.event.{state.event_id()}",
                  default=state.event_name())
date = kept(left.text_input, t("Date (optional)"), name="announce.date", default="")
method = kept(right.selectbox, t("How cash prizes are shared"), list(METHODS), name="prizes.method",
              default="uscf", format_func=lambda m: tp("prize method", PRIZE_METHODS[m]))
with_prizes = kept(right.checkbox, t("Include the event's prize list (from the Prizes page)"), name="announce.prizes",
                   default=True)
if with_prizes and ui_prizes.prizes_are_example():
    right.warning(t("The prize list is still the example's: replace it on the Prizes page before printing."))
elif with_prizes and not ui_prizes.current_prizes():
    right.caption(t("This event has no prize list yet: add it on the Prizes page."))
notes = kept(st.text_area, t("Notes for the players (optional; saved with the event)"), name="announce.notes",
             default="", height=100)

try:
    sheet = announcement_in(tr(), chosen.codes, chosen.rules.name, method, event_name=event_name, date=date,
                         preset=chosen.preset,
                         prizes=ui_prizes.current_prizes() if with_prizes else (),
                         currency=ui_prizes.currency(), notes=notes)
except EventError as exc:
    st.error(t("The sheet cannot be made: {reason}", reason=md_escape(error_text(tr(), exc))))
    st.stop()

stem = "".join(ch if ch.isalnum() else "_" for ch in (sheet.event_name or "tiebreaks"))[:40] or "tiebreaks"
downloads = st.container(horizontal=True)
downloads.download_button(t("Download HTML"), lambda: to_html(sheet).encode("utf-8"), f"{stem}_announcement.html",
                  "text/html", key="announce.html", on_click="ignore")
downloads.download_button(t("Download PDF"), lambda: to_pdf(sheet), f"{stem}_announcement.pdf", "application/pdf",
                  key="announce.pdf", on_click="ignore")

st.divider()
with st.container(border=True):
    st.header(sheet.title)
    meta = " · ".join(x for x in (sheet.event_name, sheet.date) if x)
    if meta:
        st.markdown(f"**{md_escape(meta)}**")
    st.info(sheet.order_fixed_text)
    st.subheader(sheet.w("The order"))
    st.caption(sheet.ordering_label + (f" — {sheet.source}" if sheet.source else ""))
    st.markdown("\n".join(f"{i}. **{md_escape(c.name)}** ({md_escape(c.code)})"
                          for i, c in enumerate(sheet.criteria, start=1)))
    st.markdown(md_escape(sheet.ties_text))
    st.subheader(sheet.w("What each criterion means"))
    for i, c in enumerate(sheet.criteria, start=1):
        st.markdown(f"**{i}. {md_escape(c.name)}** `{c.code}`  \n{md_escape(c.sentences)}  \n"
                    f"*{md_escape(sheet.w('Example: {example}', example=c.example))}*")
    st.subheader(sheet.w("Byes, forfeits and absences"))
    st.markdown(f"**{md_escape(sheet.rules_title)}** {md_escape(sheet.w('(rule set {rules})', rules=sheet.rules))}"
                f"  \n{md_escape(sheet.rules_text)}")
    st.subheader(sheet.w("How prizes are shared"))
    st.markdown(f"**{md_escape(sheet.method_label)}**  \n{md_escape(sheet.method_text)}  \n"
                f"{md_escape(sheet.trophies_text)}")
    if sheet.prizes:
        st.markdown(f"**{md_escape(sheet.w('Prize list'))}**\n\n" + "\n".join(f"- {md_escape(line)}"
                                                                             for line in sheet.prizes))
    if sheet.notes:
        st.subheader(sheet.w("Notes"))
        st.text(sheet.notes)
