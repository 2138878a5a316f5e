"""Build event: players and results in two grids, pairing, random events, files and saved events."""
import zlib

import streamlit as st

from engine.core.errors import EventError
from engine.events.generator import UnplayedRates, generate_event, generate_round_robin
from engine.formats.loader import event_text, read_event_bytes
from engine.core.model import EventType
from ui import jobs, state, workspace
from ui.store import StaleSave
from ui.grid import (add_round, download_name, escape_markdown, frames_to_event, pairings_frame, players_frame,
                     remove_last_round, results_frame, standings_frame)
from ui.missing_rounds import missing_rounds_form
from ui.pairing import BIG_FIELD, METHODS, pair_next_round, pairable, random_results, round_to_pair, withdrawn


def problem(exc: Exception) -> None:
    """A plain-words error; user text inside it is shown literally, never as Markdown or HTML."""
    st.error(escape_markdown(str(exc)), icon="⚠️")


state.ensure_state()
event, pending = state.current_event(), state.pending()
st.title("Build event")
stale = state.stale()
st.text(f"{state.event_name()}: {len(event.players)} players, {event.rounds} rounds "
        + ("(changed elsewhere: not saved from this tab)" if stale else "(saved automatically)"))
if (shown := state.take_notice()) is not None:
    getattr(st, shown[0])(escape_markdown(shown[1]))
if stale:
    with st.container(border=True):
        st.warning("This event was changed in another tab or window after you opened it here, so changes made "
                   "in this tab are not saved over it. Reload the saved event (this tab's changes are dropped), "
                   "or keep this tab's version as a copy next to it.", icon="🔄")
        reload_col, copy_col, _ = st.columns([1, 1, 3])
        if reload_col.button("Reload the saved event", key="stale_reload", width="stretch"):
            try:
                state.reload_saved()
            except EventError as exc:
                problem(f"The saved event cannot be reloaded: {exc}. Keep yours as a copy instead.")
            else:
                state.notice("Reloaded the saved event.")
                st.rerun()
        if copy_col.button("Save mine as a copy", key="stale_copy", width="stretch"):
            state.save_as_copy()
            state.notice(f"Saved this tab's version as \"{state.event_name()}\".")
            st.rerun()

grids, pairing, random_tab, files, saved = st.tabs(
    ["Players and results", "Pair next round", "Random event", "Upload / download", "Saved events"])

with grids:
    st.caption("Type results as +W9 (won with White against 9), =B13 (draw with Black), -W4 (lost), +F14 / -F11 "
               "(forfeit won / lost; +FW14 keeps the scheduled colour), PAB, FPB, HPB, ZPB (byes) or ABS (absent). "
               "Typing one side of a game is enough: the opponent's cell is filled in. Press Apply changes when done.")
    with st.form("grids", border=False):
        rows_px = 35 * (len(event.players) + 1) + 3       # header + every row, no inner scrolling
        players_px, results_px = 420, 270 + 66 * event.rounds     # what each grid needs to show every column
        side_by_side = players_px + results_px <= 1000             # else stack them: no sideways scrolling
        left, right = st.columns([players_px, results_px], gap="small") if side_by_side \
            else (st.container(), st.container())
        with left:
            players = st.data_editor(
                players_frame(event), key=state.grid_key("players"), num_rows="dynamic", hide_index=True,
                width="stretch" if side_by_side else players_px, height=min(rows_px + 35, 740), disabled=["tpn"],
                column_config={"tpn": st.column_config.NumberColumn("No.", width=50, help="Pairing number"),
                               "name": st.column_config.TextColumn("Name", required=True, width=160),
                               "rating": st.column_config.NumberColumn("Rating", min_value=0, max_value=4000,
                                                                       step=1, format="%d", width=70),
                               "on_time": st.column_config.CheckboxColumn("On time", default=True, width=75)})
        with right:
            results = st.data_editor(
                results_frame(event, pending), key=state.grid_key("results"), hide_index=True, width="stretch",
                height=min(rows_px, 740), disabled=["tpn", "name", "pts"],
                column_config={"tpn": st.column_config.NumberColumn("No.", width=45),
                               "name": st.column_config.TextColumn("Name", width=160),
                               "pts": st.column_config.TextColumn("Pts", width=45),
                               **{f"R{r}": st.column_config.TextColumn(f"R{r}", width=62)
                                  for r in range(1, event.rounds + 1)}})
        apply_col, discard_col, _ = st.columns([1, 1, 4])
        apply = apply_col.form_submit_button("Apply changes", type="primary", width="stretch")
        discard = discard_col.form_submit_button("Discard edits", width="stretch")
    if discard:
        state.discard_edits()
        st.rerun()
    if apply:
        try:
            changed = frames_to_event(players, results, event, pending)
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
    st.subheader("Standings preview")
    st.dataframe(standings_frame(event), hide_index=True, width="stretch", height=min(rows_px, 740),
                 key="build_standings")

with pairing:
    rnd = round_to_pair(event)
    rr = event.event_type is EventType.ROUND_ROBIN
    cap = jobs.limits().dutch_players
    big = len(event.players) >= BIG_FIELD or (cap is not None and len(event.players) > cap)
    default = "berger" if rr else "fast" if big else "dutch"
    method = st.radio("How to pair", list(METHODS), index=list(METHODS).index(default), format_func=METHODS.get,
                      key="pair_method", horizontal=True)
    names = {p.tpn: f"{p.tpn} {p.name}" for p in event.players}
    absent = st.multiselect("Leave out this round (withdrawn or absent)", list(names), format_func=names.get,
                            default=withdrawn(event, rnd), key=f"absent_{state.event_version()}")
    playing = len(pairable(event, rnd, absent))
    if method == "dutch" and cap is not None and playing > cap:
        st.info(f"On this shared server the FIDE Dutch pairing takes at most {cap} players per round, so that "
                f"one big pairing cannot slow down everybody else's pages. Round {rnd} has {playing} to pair: "
                "use the fast pairing here, or the Dutch one when Tiebreak Lab runs on your own computer.")
    limit = jobs.limits().job_seconds
    if st.button(f"Pair round {rnd}", type="primary", disabled=bool(pending)):
        with st.status(f"Pairing round {rnd}…", expanded=True) as status:
            clock = st.empty()
            try:
                paired, rp = pair_next_round(event, method, absent, progress=status.write,
                                             tick=lambda s: clock.text(f"{s:.0f} s so far (stopped after "
                                                                     f"{jobs.seconds_words(limit)})"),
                                             limit=limit, max_dutch=cap)
            except EventError as exc:
                status.update(label="Pairing failed", state="error", expanded=True)
                problem(exc)
            else:
                status.update(label=f"Round {rnd} paired in {rp.seconds:.1f} s", state="complete")
                state.set_event(paired, pending={**pending, rp.round: list(rp.boards)})
                state.notice(f"Round {rnd} paired ({len(rp.boards)} boards). Enter the results in the grid, "
                             "or draw them at random.")
                st.rerun()
    if pending:
        st.caption("Results still to be entered. Type them in the results grid (a bare +, = or - in a player's "
                   "empty cell is enough), or draw them from the ratings.")
    for prnd, boards in sorted(pending.items()):
        st.dataframe(pairings_frame(event, prnd, boards), hide_index=True, width="stretch", key=f"pairs_{prnd}")
    seed_col, fill_col, _ = st.columns([1, 2, 3], vertical_alignment="bottom")
    seed = seed_col.number_input("Random seed", min_value=0, value=1, step=1, key="results_seed")
    if fill_col.button("Fill random results from ratings", disabled=not pending):
        filled = event
        for prnd, boards in pending.items():
            filled = random_results(filled, prnd, boards, seed=int(seed) + prnd)
        state.set_event(filled)
        state.notice("Results drawn from the ratings (Elo expectation).")
        st.rerun()

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

with files:
    upload = st.file_uploader("Open an event file: TRF, JSON (Tiebreak Lab or Chess-JSON), CSV wallchart or PGN",
                              type=["trf", "txt", "json", "csv", "pgn"], key="upload")
    if upload is not None and state.upload_is_new(upload.file_id):
        try:
            loaded = read_event_bytes(upload.getvalue(), upload.name)
        except EventError as exc:
            problem(f"The file was not opened; your event is unchanged. {exc}")
        else:
            state.set_event(loaded, loaded.name or upload.name, new=True)
            state.notice(f"Opened {upload.name}: {len(loaded.players)} players, {loaded.rounds} rounds.")
            st.rerun()
    missing_rounds_form()
    down_trf, down_json, down_csv, _ = st.columns([1, 1, 1, 2])
    for column, ending, mime in ((down_trf, "trf", "text/plain"), (down_json, "json", "application/json"),
                                 (down_csv, "csv", "text/csv")):
        try:
            payload = event_text(event, f"event.{ending}")
        except EventError as exc:
            column.warning(f"No {ending.upper()} download: {escape_markdown(str(exc))}")
        else:
            column.download_button(f"Download {ending.upper()}", payload.encode("utf-8"),
                                   file_name=download_name(state.event_name(), ending), mime=mime,
                                   key=f"download_{ending}", width="stretch")

with saved:
    st.caption(workspace.where_saved())
    entries = state.saved_events()
    labels = {s.id: f"{s.name} ({s.players} players, {s.rounds} rounds, saved {s.updated_at[:16].replace('T', ' ')} UTC)" for s in entries}
    listing = zlib.crc32(repr(sorted(labels.items())).encode())     # a new list (a rename) redraws the box
    chosen = st.selectbox("Saved events", list(labels), format_func=labels.get, key=f"saved_pick_{listing}",
                          index=list(labels).index(state.event_id()) if state.event_id() in labels else 0)
    o, dl, _ = st.columns([1, 1, 4])
    if o.button("Open", disabled=chosen is None or chosen == state.event_id()):
        try:
            state.open_saved(chosen)
        except EventError as exc:
            problem(f"That saved event cannot be opened; your event is unchanged. {exc}")
        else:
            st.rerun()
    if dl.button("Delete", disabled=chosen is None or chosen == state.event_id(),
                 help="The open event cannot be deleted; open another one first"):
        state.delete_saved(chosen)
        st.rerun()
    new_name = st.text_input("Rename the open event", value=state.event_name(), key=f"rename_{state.event_id()}")
    if st.button("Rename"):
        try:
            state.rename_current(new_name)
        except StaleSave:
            st.rerun()                       # the page then explains and offers reload or copy
        except EventError as exc:
            problem(exc)
        else:
            st.rerun()
