"""Team events: teams of players meeting in matches, scored in match points and game points.

A layer of its own between the file formats and the prizes: it reads the players' games with the
individual model below it and adds what a team event has on top (teams, line-ups, matches, team byes,
match points), FIDE's team tie-breaks (FIDE C.07 arts. 11-16) and the team orders people use.
"""
