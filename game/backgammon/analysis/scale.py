"""What every backgammon analysis record shares, chequer play and cube alike: the display
scale of its scores and the names of its five chances.  Below both :mod:`.ai` and
:mod:`.cube.play`, which read them (so neither imports the other for them)."""

from __future__ import annotations

DISPLAY_SCALE = 0.5
"""Equity (points) shown as a display score of 50."""

CHANCES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
"""The analysis' chances, the keys of its records' details: GNU Backgammon's five cumulative
outcome probabilities (the cube's cubeless chances in ``tabula cube --json`` too)."""
