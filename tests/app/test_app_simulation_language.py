"""The Simulation lab in Russian and German: the form, the run's caption, the reading's sentences (the same steps
as the English ones, each number with the language's decimal comma), the charts' titles and legend."""
from __future__ import annotations

import re

from tests.app.test_app_simulation import TIMEOUT, charts, tiny
from tests.pages import open_page


def run_in(lang: str):
    at = open_page("Simulation lab", timeout=TIMEOUT)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    return at


def test_the_simulation_lab_in_russian():
    at = run_in("ru")
    assert at.title[0].value == "Лаборатория моделирования"
    assert at.number_input(key="sim.events").label == "Турниров смоделировать"
    assert at.info[0].value == "Выберите эксперимент или свои параметры, затем нажмите **Запустить моделирование**."
    assert at.selectbox(key="sim.experiment").options[-1] == "Лучше ли дополнительный показатель, чем монетка?"
    at.selectbox(key="sim.experiment").set_value("Is breaking a tie better than a coin?").run()
    tiny(at).button[0].click().run()
    assert not at.exception
    assert at.header[0].value == "Что показывает моделирование"
    caption = next(c.value for c in at.caption if "рабочих процессах" in c.value)
    assert caption.startswith("Турниров: 8, по 10 участников × 4 туров, жеребьёвка: быстрая швейцарская жеребьёвка")
    lines = [m.value for m in at.markdown if m.value.startswith("- ")]
    # the coin's line: LOTS and its share with a decimal comma, never a decimal point, kept on one line with
    # its % sign (a no-break space)
    coin = next(line for line in lines if "Монетка (LOTS, жребий)" in line)
    assert re.fullmatch(r"- Монетка \(LOTS, жребий\) даёт \d{1,3},\d\xa0%, как и положено \(≈ 50 %\)\.", coin)
    assert re.search(r"\*\*\S+\*\* чаще всех ставит сильнейшего выше: в \d{1,3},\d\xa0% ", lines[0])
    (spec, frames), *_ = charts(at)
    assert " ".join(spec["title"]).startswith("Как часто сильнейший из двух участников")
    data = next(f for f in frames if "label" in f.columns)
    assert {"отдельный показатель", "монетка (жребий)"} <= set(data["kind"])
    assert set(data["kind"]) <= {"отдельный показатель", "готовый порядок", "монетка (жребий)"}


def test_the_simulation_lab_in_german_names_its_orderings_in_german():
    at = run_in("de")
    at.multiselect(key="sim.criteria").set_value(["BH", "LOTS"])
    tiny(at).button[0].click().run()
    assert not at.exception
    table = at.dataframe[0].value
    assert list(table["Ordering"]) == ["BH", "LOTS"]
    assert table["What it is"][0] == "Buchholz-Wertung"
    assert at.expander[0].label == "Was genau gemessen wird"


def test_parameters_that_cannot_be_simulated_are_refused_in_german():
    """Nothing to compare (no criterion, no preset): the engine's refusal, in German, under the page's own words."""
    at = run_in("de")
    at.multiselect(key="sim.criteria").set_value([])
    at.multiselect(key="sim.presets").set_value([])
    tiny(at).button[0].click().run()
    assert not at.exception
    assert at.error[0].value == ("Diese Parameter lassen sich nicht simulieren: wählen Sie mindestens ein Kriterium "
                                 "oder eine Vorgabe für die Simulation")
