"""Tiebreak Lab's engine: chess tie-breaks computed exactly, each with its working.

Pure Python with no user-interface dependency.  The main entry points:

- :func:`engine.formats.loader.load_event` reads an event (TRF-16 / TRF-2026, our JSON, …);
- :func:`engine.ranking.standings.standings` ranks it under an ordering of tie-break codes and a rule set;
- :func:`engine.ranking.standings.explain` gives one tie-break's value for one player with its trace;
- :mod:`engine.core.presets` holds the named orders, :mod:`engine.core.rules` the rule sets and options;
- ``python -m engine`` (or ``tiebreak`` once installed) is the command line; ``python -m engine codes``
  lists the tie-break codes and ``python -m engine presets`` the named orders.
"""
