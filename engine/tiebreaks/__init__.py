"""The tie-breaks: the per-round contributions table and one module per family of systems.

Each family module files its calculators in :mod:`engine.tiebreaks.context`'s tables when it is imported.
Every family named in a code's row (:data:`engine.core.codes.CODES`) is imported here, so any use of the
context finds every code's calculator, and a new family needs no line here.
"""
from importlib import import_module

from engine.core.codes import CODES

for _family in sorted({info.family for info in CODES.values()}):
    import_module(f"engine.tiebreaks.{_family}")
