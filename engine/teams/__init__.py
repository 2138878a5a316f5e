"""Team events: teams of players meeting in matches, scored in match points and game points.

A layer of its own between the file formats and the prizes: it reads the players' games with the
individual model below it and adds what a team event has on top (teams, line-ups, matches, team byes,
match points), FIDE's team tie-breaks (FIDE C.07 arts. 11-16) and the team orders people use.

Where to start:

- :func:`engine.teams.files.load_team_event` reads a team file (TRF-16/TRF-2026, our JSON, a chess-results
  upload); :func:`engine.teams.files.team_event_text` writes one;
- :class:`engine.teams.context.TeamContext` holds an event, the rules' edition and the readings
  (:class:`engine.teams.context.TeamOptions`);
- :func:`engine.teams.tiebreaks.compute` gives one code's value and working for one team,
  :func:`engine.teams.encounter.group_result` the same for a group tie-break (direct encounter ...);
- :func:`engine.teams.standings.team_standings` ranks the teams; :func:`engine.teams.why.why_above` says why
  one is above another; :data:`engine.teams.presets.TEAM_PRESETS` are the named orders;
- :func:`engine.teams.model.players_event` is the players' own event, for every individual feature.
"""
