"""Build event: players and results in two grids, pairing, new and random events, files and saved events."""
import zlib
from dataclasses import replace
from functools import partial

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Event, EventType
from engine.core.words import progress_text, standings_heading
from engine.events.editing import add_round, remove_last_round
from engine.events.generator import UnplayedRates, blank_event, generate_event, generate_round_robin
from engine.events.settings import EventSettings, write_saved
from engine.formats.loader import event_text, reader_warnings
from engine.formats.pgn import missing_rounds
from engine.formats.trf import trf_problem
from engine.pairing.methods import pairings_for
from engine.pairing.next_round import (
    METHODS,
    Method,
    next_round,
    pair_next_round,
    pairable,
    random_results,
    round_to_pair,
    scheduled_boards,
    withdrawn,
)
from engine.pairing.repeats import describe, repeated_games
from ui import jobs, state, store, workspace
from ui.cached import grids_for, order_key, preview_for, widths_for
from ui.grid import download_name, frames_to_event, pairings_frame
from ui.layout import fitted_columns
from ui.memory import event_ordering, kept
from ui.missing_rounds import missing_rounds_form
from ui.navigation import BUILD_TAB, BUILD_TABS
from ui.one_result import one_result_form, results_table
from ui.reader_warnings import show_reader_warnings
from ui.stale import stale_box
from ui.text import md_escape
from ui.upload import open_upload, open_upload_for_saving


def problem(exc: Exception | str) -> None:
    """A plain-words error; user text inside it is shown literally, never as Markdown or HTML."""
    st.error(md_escape(str(exc)), icon=":material/warning:")


# The quick actions run as their widget's callback, before the page: the page then runs once, on the new event,
# instead of drawing the old event's grids (500 rows each) only to run again at once.  What has to show its
# progress on the page (a hosted upload's or a Dutch pairing's job) still runs in the page.

#: set by a callback that paired the round, so the page's own pairing does not run on the same click
_PAIRED_NOW = "build.paired_now"


def paired_text(rnd: int, boards: int) -> str:
    """The message after a pairing."""
    return f"Round {rnd} paired ({boards} boards). Enter the results in the grid, or draw them at random."


def pair_now(event: Event, method: Method, absent: list[int], cap: int | None) -> None:
    """Pair the next round of ``event`` before the page.  When it fails nothing changes, and the page, seeing
    its button pressed, pairs again in the open, where it says why."""
    try:
        paired, rp = pair_next_round(event, method, absent, max_dutch=cap)
    except EventError:
        return
    state.set_event(paired)
    state.notice(paired_text(rp.round, len(rp.boards)))
    st.session_state[_PAIRED_NOW] = True


def fill_random_results() -> None:
    """Draw every game still waiting for its result from the ratings (the seed box's seed plus the round)."""
    filled = state.current_event()
    for prnd, boards in scheduled_boards(filled).items():
        filled = random_results(filled, prnd, boards, seed=int(st.session_state["results_seed"]) + prnd)
    state.set_event(filled)
    state.notice("Results drawn from the ratings (Elo expectation).")


def opened(loaded: Event, loaded_settings: EventSettings, file_name: str, text: str | None = None) -> None:
    """Make an event read from a file the current one, with the message and the reader's repairs for the page."""
    state.set_event(loaded, loaded.name or file_name, new=True, settings=loaded_settings, text=text)
    state.notice(f"Opened {file_name}: {len(loaded.players)} players, "
                 f"{progress_text(loaded.last_result_round(), loaded.rounds)}.")
    # a PGN's one repair is its games that are missing, which the form below asks about
    state.keep_reader_warnings([] if missing_rounds(loaded) else reader_warnings(loaded))


def open_upload_now() -> None:
    """On a laptop, open the file just dropped before the page.  Hosted, the reading is a job that shows its
    progress on the page; and a file that cannot be read is left to the page, which says why by the uploader."""
    upload = st.session_state.get("upload")
    if upload is None or workspace.hosted():
        return
    try:
        loaded, loaded_settings = open_upload(upload.getvalue(), upload.name, hosted=False)
    except EventError:
        return
    if state.upload_is_new(upload.file_id):
        opened(loaded, loaded_settings, upload.name)


state.ensure_state()
event, settings = state.current_event(), state.settings()
pending = scheduled_boards(event)
kind_text = "round robin" if event.is_round_robin else "Swiss"
st.title("Build event")
stale = state.stale()
st.text(f"{state.event_name()}: {kind_text}, {len(event.players)} players, "
        f"{progress_text(event.last_result_round(), event.rounds)} "
        + ("(changed elsewhere: not saved from this tab)" if stale else
           "(saved as soon as you change it)" if state.unsaved_example() else "(saved automatically)"))
if state.event_name() != state.EXAMPLE_NAME and \
        st.button("Back to the built-in example", icon=":material/undo:", key="open_example",
                  help="Opens the example event the app starts with; your events stay saved (Saved events tab)"):
    state.open_example()
    state.notice("Opened the built-in example. Your other events are in the Saved events tab.")
    st.rerun()
if (shown := state.take_notice()) is not None:
    getattr(st, shown[0])(md_escape(shown[1]))
stale_box()
show_reader_warnings(state.take_reader_warnings())
if not event.is_round_robin and (repeats := repeated_games(event)):
    st.warning("Games that repeat an earlier pairing (a Swiss pairs two players only once): "
               + md_escape("; ".join(f"{describe(event, a, b)} in rounds {first} and {again}"
                                     for a, b, first, again in repeats))
               + ". Check the results grid.")

# Only the open tab is drawn (switching tabs reruns the page): the other five held some twenty widgets that
# still cost every visit, and an action taken in a tab (an upload, a pairing) no longer redraws the 500-row
# grids of the first one.
grids, pairing, new_tab, random_tab, files, saved = st.tabs(
    list(BUILD_TABS), key=BUILD_TAB, on_change="rerun")

if grids.open:
    with grids:
        st.caption("Type results as +W9 (won with White against 9), =B13 (draw with Black), -W4 (lost), +F14 / -F11 "
                   "(forfeit won / lost; +FW14 keeps the scheduled colour), PAB, FPB, HPB, ZPB (byes) or ABS (absent). "
                   "Typing one side of a game is enough: the opponent's cell is filled in. Press Apply changes when done.")
        players_grid, grid = grids_for()
        with st.form("grids", border=False):
            rows_px = 35 * (len(event.players) + 1) + 3       # header + every row, no inner scrolling
            name_px = max(160, widths_for("players grid", players_grid)["name"])   # the longest name, never cut
            players_px, results_px = 260 + name_px, 110 + name_px + 66 * event.rounds  # each grid's every column
            side_by_side = players_px + results_px <= 1000             # else stack them: no sideways scrolling
            left, right = st.columns([players_px, results_px], gap="small") if side_by_side \
                else (st.container(), st.container())
            with left:
                players = st.data_editor(
                    players_grid, key=state.grid_key("players"), num_rows="dynamic", hide_index=True,
                    width="stretch" if side_by_side else players_px, height=min(rows_px + 35, 740), disabled=["tpn"],
                    column_config={"tpn": st.column_config.NumberColumn("No.", width=50, help="Pairing number"),
                                   "name": st.column_config.TextColumn("Name", required=True,
                                                                       width=name_px),
                                   "rating": st.column_config.NumberColumn("Rating", min_value=0, max_value=4000,
                                                                           step=1, format="%d", width=70),
                                   "on_time": st.column_config.CheckboxColumn("On time", default=True, width=75)})
            with right:
                # each column as wide as its texts (a name is never cut); the pinned number stays in view when a
                # phone scrolls the rounds sideways
                fit = {c: max(w, 50) for c, w in widths_for("results grid", grid).items()}
                results = st.data_editor(
                    grid, key=state.grid_key("results"), hide_index=True, width="stretch",
                    height=min(rows_px, 740), disabled=["tpn", "name", "pts"],
                    column_config={"tpn": st.column_config.NumberColumn("No.", width=45, pinned=True),
                                   "name": st.column_config.TextColumn("Name", width=fit["name"]),
                                   "pts": st.column_config.TextColumn("Pts", width=45),
                                   **{f"R{r}": st.column_config.TextColumn(f"R{r}", width=fit.get(f"R{r}", 56))
                                      for r in range(1, event.rounds + 1)}})
            apply_col, discard_col, _ = st.columns([1, 1, 4])
            apply = apply_col.form_submit_button("Apply changes", type="primary", width="stretch")
            discard = discard_col.form_submit_button("Discard edits", width="stretch")
        if discard:
            state.discard_edits()
            st.rerun()
        if apply:
            try:
                changed = frames_to_event(players, results, event)
            except EventError as exc:
                problem(f"Not applied, nothing changed. {exc}")
            else:
                if changed != event:
                    state.set_event(changed)
                    state.notice("Changes applied.")
                st.rerun()
        add_col, remove_col, _ = st.columns([1, 1, 4])
        if add_col.button("Add round", width="stretch"):
            state.set_event(add_round(event))
            st.rerun()
        if remove_col.button("Remove last round", width="stretch", disabled=event.rounds == 0,
                             help="Deletes every result of the last round"):
            state.set_event(remove_last_round(event))
            st.rerun()
        one_result_form(event)
        results_table(event)
        st.header("Standings preview")
        st.caption(f"{standings_heading(event.last_result_round(), event.rounds)}: points, then "
                   f"{', '.join(settings.codes) or 'nothing else'} (the event's order, chosen on the Standings page).")
        ordering = event_ordering()
        preview = preview_for(ordering)
        st.dataframe(preview, hide_index=True, width="stretch", height=min(rows_px, 740), key="build_standings",
                     column_config=fitted_columns(preview, widths=widths_for(f"preview {order_key(ordering)}", preview)))

if pairing.open:
    with pairing:
        rnd = round_to_pair(event)
        type_col, method_col = st.columns([1, 3])
        new_type = type_col.selectbox("Type of event", [EventType.SWISS, EventType.ROUND_ROBIN],
                                      index=1 if event.is_round_robin else 0, key=f"event_type_{state.event_version()}",
                                      format_func=lambda t: "Round robin" if t is EventType.ROUND_ROBIN else "Swiss")
        if new_type is not event.event_type:
            retyped = replace(event, event_type=new_type)
            state.set_event(retyped, settings=settings.retyped(event, retyped))
            state.notice(f"The event is now a {'round robin' if retyped.is_round_robin else 'Swiss'}.")
            st.rerun()
        with method_col:
            method = kept(st.radio, "How to pair", list(pairings_for(event)), name="pairing.method",
                          default=settings.pairing, format_func=METHODS.get, horizontal=True)
        finished = next_round(event) is None
        if finished:
            st.info(f"Every round of this round robin is paired ({event.rounds} rounds): there is no next round "
                    "to pair.")
        names = {p.tpn: f"{p.tpn} {p.name}" for p in event.players}
        absent = [] if finished else \
            st.multiselect("Leave out this round (withdrawn or absent)", list(names), format_func=lambda t: names[t],
                           default=withdrawn(event, rnd), key=f"absent_{state.event_version()}")
        cap, limit = jobs.limits().dutch_players, jobs.limits().job_seconds
        playing = len(pairable(event, rnd, absent))
        if method == "dutch" and cap is not None and playing > cap:
            st.info(f"On this shared server the FIDE Dutch pairing takes at most {cap} players per round, so that "
                    f"one big pairing cannot slow down everybody else's pages. Round {rnd} has {playing} to pair: "
                    "use the fast pairing here, or the Dutch one when Tiebreak Lab runs on your own computer.")
        in_server = method == "dutch" and playing <= jobs.DUTCH_IN_SERVER     # small: no separate process
        if in_server and not finished:
            jobs.load_dutch()
        quick = method != "dutch" or in_server      # no job to watch: paired before the page runs
        clicked = not finished and st.button(f"Pair round {rnd}", type="primary", disabled=bool(pending),
                                             on_click=pair_now if quick else None,
                                             args=(event, method, absent, cap) if quick else None)
        if clicked and not st.session_state.pop(_PAIRED_NOW, False):
            with st.status(f"Pairing round {rnd}…", expanded=True) as status:
                clock = st.empty()
                try:
                    paired, rp = pair_next_round(
                        event, method, absent, progress=status.write, max_dutch=cap,
                        run_dutch=None if in_server else lambda fn, *args: jobs.run_bounded(
                            fn, *args, seconds=limit, what="The FIDE Dutch pairing",
                            on_tick=lambda s: clock.text(f"{s:.0f} s so far (stopped after {jobs.seconds_words(limit)})")))
                except EventError as exc:
                    status.update(label="Pairing failed", state="error", expanded=True)
                    problem(exc)
                else:
                    status.update(label=f"Round {rnd} paired in {rp.seconds:.1f} s", state="complete")
                    state.set_event(paired)
                    state.notice(paired_text(rnd, len(rp.boards)))
                    st.rerun()
        if pending:
            st.caption("Results still to be entered. Type them in the results grid (a bare +, = or - in a player's "
                       "empty cell is enough), or draw them from the ratings.")
        for prnd, boards in sorted(pending.items()):
            st.dataframe(pairings_frame(event, prnd, boards), hide_index=True, width="stretch", key=f"pairs_{prnd}")
        seed_col, fill_col, _ = st.columns([1, 2, 3], vertical_alignment="bottom")
        seed_col.number_input("Random seed", min_value=0, value=1, step=1, key="results_seed")
        fill_col.button("Fill random results from ratings", disabled=not pending, on_click=fill_random_results)

if new_tab.open:
    with new_tab:
        with st.form("new_event"):
            a, b, c, d = st.columns([2, 1, 1, 1])
            new_name = a.text_input("Name", value="New event", key="new_name")
            new_kind = b.selectbox("Type", ["Swiss", "Round robin"], key="new_type")
            new_players = c.number_input("Players", min_value=2, max_value=2000, value=8, step=1, key="new_players")
            new_rounds = d.number_input("Rounds (Swiss)", min_value=1, max_value=30, value=5, step=1, key="new_rounds",
                                        help="A round robin has one round fewer than its players (as many if odd)")
            create = st.form_submit_button("Create the event", type="primary")
        st.caption("The players are numbered Player 1, Player 2, …: type their names and ratings in the players "
                   "grid. The event is saved as a new event; your other events stay as they are.")
        if create:
            try:
                blank = blank_event(new_name, int(new_players), int(new_rounds),
                                    EventType.ROUND_ROBIN if new_kind == "Round robin" else EventType.SWISS)
            except EventError as exc:
                problem(exc)
            else:
                state.set_event(blank, blank.name, new=True)
                state.notice(f"Created {blank.name}: {len(blank.players)} players, {blank.rounds} rounds. "
                             "Type the names in the players grid.")
                st.rerun()

if random_tab.open:
    with random_tab:
        with st.form("random_event"):
            a, b, c, d = st.columns(4)
            kind = a.selectbox("Type", ["Swiss", "Round robin"], key="rand_type")
            n_players = b.number_input("Players", min_value=2, max_value=2000, value=16, step=1, key="rand_players")
            n_rounds = c.number_input("Rounds (Swiss)", min_value=1, max_value=30, value=5, step=1, key="rand_rounds")
            rand_seed = d.number_input("Seed", min_value=0, value=1, step=1, key="rand_seed")
            e, f, g, h = st.columns(4)
            hpb = e.slider("Half-point byes", 0.0, 0.3, 0.03, 0.01, key="rand_hpb")
            zpb = f.slider("Zero-point byes", 0.0, 0.3, 0.02, 0.01, key="rand_zpb")
            forfeit = g.slider("Forfeits", 0.0, 0.3, 0.02, 0.01, key="rand_forfeit")
            withdraw = h.slider("Withdrawals", 0.0, 0.3, 0.01, 0.01, key="rand_withdraw")
            make = st.form_submit_button("Make a random event", type="primary")
        if make:
            try:
                if kind == "Swiss":
                    rates = UnplayedRates(hpb=hpb, zpb=zpb, forfeit=forfeit, withdraw=withdraw)
                    made = generate_event(int(n_players), int(n_rounds), seed=int(rand_seed), rates=rates)
                else:
                    made = generate_round_robin(int(n_players), seed=int(rand_seed), forfeit_rate=forfeit)
            except EventError as exc:
                problem(exc)
            else:
                state.set_event(made, made.name, new=True)
                state.notice(f"Made a random event: {made.name}.")
                st.rerun()

if files.open:
    with files:
        upload = st.file_uploader("Open an event file: TRF, JSON (Tiebreak Lab or Chess-JSON), CSV wallchart or PGN",
                                  type=["trf", "txt", "json", "csv", "pgn"], key="upload", on_change=open_upload_now)
        if workspace.hosted():
            hl = jobs.HOSTED_LIMITS
            st.caption(f"On this shared server: files up to 20 MB; events up to {hl.event_players:,} players and "
                       f"{hl.event_cells:,} player-rounds (players × rounds); {store.MAX_EVENTS_PER_WORKSPACE} saved "
                       f"events and {store.MAX_BYTES_PER_WORKSPACE // 2 ** 20} MB per browser; long work (reading a "
                       f"file, pairing, simulations, searches) one at a time per browser, the rest wait their turn. "
                       f"A workspace that never saved an event is removed after a day.")
        if upload is not None and state.upload_is_new(upload.file_id):     # hosted, or not read by the callback
            try:
                loaded, loaded_settings, text = open_upload_for_saving(upload.getvalue(), upload.name,
                                                                       hosted=workspace.hosted())
            except EventError as exc:
                problem(f"The file was not opened; your event is unchanged. {exc}")
            else:
                opened(loaded, loaded_settings, upload.name, text)
                st.rerun()
        missing_rounds_form()
        down_trf, down_json, down_csv, _ = st.columns([1, 1, 1, 2])

        def event_bytes(ending: str) -> bytes:
            text = write_saved(event, settings) if ending == "json" else event_text(event, f"event.{ending}")
            return text.encode("utf-8")

        for column, ending, mime in ((down_trf, "trf", "text/plain"), (down_json, "json", "application/json"),
                                     (down_csv, "csv", "text/csv")):
            # written only when a button is pressed; only TRF's fixed columns can refuse an event
            why_not = trf_problem(event) if ending == "trf" else None
            if why_not:
                column.warning(f"No {ending.upper()} download: {md_escape(why_not)}")
            else:
                column.download_button(f"Download {ending.upper()}", partial(event_bytes, ending),
                                       file_name=download_name(state.event_name(), ending), mime=mime,
                                       key=f"download_{ending}", width="stretch", on_click="ignore")
        st.caption("The JSON file keeps the event's settings too (its order, prizes, pairing method and notes).")

if saved.open:
    with saved:
        st.caption(workspace.where_saved())
        try:
            entries = state.saved_events()
        except EventError as exc:
            problem(exc)
            entries = []
        labels = {s.id: f"{s.name} ({s.players} players, {s.rounds} rounds, saved {store.human_time(s.updated_at)})"
                  for s in entries}
        listing = zlib.crc32(repr(sorted(labels.items())).encode())     # a new list (a rename) redraws the box
        chosen: int | None = st.selectbox(
            "Saved events", list(labels), format_func=lambda i: labels[i], key=f"saved_pick_{listing}",
            index=list(labels).index(state.event_id()) if state.event_id() in labels else 0)
        o, dl, _ = st.columns([1, 1, 4])
        if chosen is not None and o.button("Open", disabled=chosen == state.event_id()):
            try:
                state.open_saved(chosen)
            except EventError as exc:
                problem(f"That saved event cannot be opened; your event is unchanged. {exc}")
            else:
                st.rerun()
        if chosen is not None and dl.button("Delete", disabled=chosen == state.event_id(),
                     help="The open event cannot be deleted; open another one first"):
            try:
                state.delete_saved(chosen)
            except EventError as exc:
                problem(exc)
            else:
                st.rerun()
        new_name = st.text_input("Rename the open event", value=state.event_name(), key=f"rename_{state.event_id()}")
        if st.button("Rename"):
            try:
                state.rename_current(new_name)
            except store.StaleSave:
                st.rerun()                       # the page then explains and offers reload or copy
            except EventError as exc:
                problem(exc)
            else:
                st.rerun()
