"""Prizes: sharing money among tied players and awarding trophies by the tie-break order."""
