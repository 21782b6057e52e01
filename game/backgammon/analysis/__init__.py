"""Backgammon's analysis: what the computer levels think of every play and every cube decision.

- :mod:`.ai`: the computer levels and the per-move analysis, on the game-agnostic search;
- :mod:`.scale`: the display scale and the five chances every analysis record shares
  (below :mod:`.ai` and :mod:`..cube.play`, which both read them);
- :mod:`.warnings`: plain-language warnings about a play;
- :mod:`.factors`: a play's factors, computed for the records read;
- :mod:`.review`: backgammon's part of a game review (decision kinds, units, luck).

This package imports nothing up front; import the module you need.
"""
