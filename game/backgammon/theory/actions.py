"""The cube actions the score map and the race counts name (:meth:`~..cube.decision.CubeVerdict.key`'s
keys), each with its label and eXtreme Gammon's abbreviation, in the legend's order: one table
for the window's panel and the command line's text."""

from __future__ import annotations

ACTIONS = (("no_double", "No double", "ND"), ("double_take", "Double, take", "D/T"),
           ("double_pass", "Double, pass", "D/P"), ("too_good", "Too good", "TG"),
           ("no_redouble", "No redouble", "NR"), ("redouble_take", "Redouble, take", "R/T"),
           ("redouble_pass", "Redouble, pass", "R/P"), ("double_beaver", "Double, beaver", "D/B"),
           ("no_double_beaver", "No double, beaver", "ND/B"), ("redouble_beaver", "Redouble, beaver", "R/B"),
           ("no_redouble_beaver", "No redouble, beaver", "NR/B"))
"""``(key, label, abbreviation)`` of every action."""

WORDS = {key: label.lower() for key, label, _ in ACTIONS}
"""An action in running text: ``double, take``."""
ABBREVIATIONS = {key: short for key, _, short in ACTIONS}
"""An action as eXtreme Gammon abbreviates it: ``D/T``."""
