"""Pairing a round: the simple Swiss matching, the FIDE Dutch system, Berger tables for round robins, the
pairing methods an event may use, the next round, and the check that no game is repeated."""
