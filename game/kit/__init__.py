"""The kit: the pygame helpers the games' views and the window share.

A view (game.ui.gameview's ``GameView``) may import it and nothing of the window; it imports
nothing of ``game`` but itself (``tests/test_layers.py`` checks both), so no game package sits
above the window:

- :mod:`.text`: rendered text cached by its look and fitted to a width (shrunk, then cut at a
  letter or at a word), lines wrapped to a width, a player's label fitted to a heading;
- :mod:`.scores`: the analysis' scores on a board, their words and colours, and the chip and
  key (A) that show or hide them.
"""

from .scores import BAD, DIM, GOLD, GOOD, INK, PAPER, ScoresToggle, score_colour, score_text
from .text import MIN_SIZE, Texts, clip, clip_words, fit_label, wrap

__all__ = ["BAD", "DIM", "GOLD", "GOOD", "INK", "MIN_SIZE", "PAPER", "ScoresToggle", "Texts", "clip", "clip_words",
           "fit_label", "score_colour", "score_text", "wrap"]
