"""The caches every session shares keep each language apart: a chart or a worked-out table drawn for a German
reader is never handed to a French or an English one (the server serves every browser from one process, and
these caches are shared by all of them), and the column widths measured on German headings are not used for
English ones."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest


def script() -> None:
    import altair as alt
    import pandas as pd
    import streamlit as st

    from ui.session.language import t
    from ui.work.cached import chart, kept_table, widths_for

    # the same "what" in every language, as a page names a chart by what it shows, not by its words
    drawn = chart("the same chart", lambda: alt.Chart(pd.DataFrame({"x": [1]})).mark_bar().properties(
        title=t("Standings")))
    st.text(f"chart: {drawn.title}")
    table = kept_table("the same table", lambda: pd.DataFrame({t("Standings"): [1]}).style)
    st.text(f"table: {list(table.data.columns)[0]}")
    widths = widths_for("the same grid", pd.DataFrame({"x": [1]}).rename(columns={"x": t("Standings")}))
    st.text(f"widths: {list(widths)[0]}")


def shown(lang: str) -> list[str]:
    at = AppTest.from_function(script, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return [x.value for x in at.text]


def test_each_language_gets_its_own_chart_table_and_widths_from_the_shared_caches():
    assert shown("de") == ["chart: Rangliste", "table: Rangliste", "widths: Rangliste"]
    assert shown("fr") == ["chart: Classement", "table: Classement", "widths: Classement"]
    assert shown("en") == ["chart: Standings", "table: Standings", "widths: Standings"]
    assert shown("de") == ["chart: Rangliste", "table: Rangliste", "widths: Rangliste"]    # still kept apart
