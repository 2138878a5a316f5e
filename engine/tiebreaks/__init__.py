"""The tie-breaks: the per-round contributions table and one module per family of systems.

Each family module files its calculators in :mod:`engine.tiebreaks.context`'s tables when it is imported;
the families are imported here, so any use of the context finds every code's calculator.
"""
from engine.tiebreaks import buchholz, counts, encounter, progressive, ratings, sonneborn  # noqa: F401
