"""Mandragora Mania on screen.

- :mod:`.pygame_view`: drawing, animation and human input, the package's only pygame module
  (the game's ``info.ability(View)``);
- :mod:`.layout`: the board's palette and geometry for a window rectangle, in plain numbers;
- :mod:`.display`: what the view shows, worked out without pygame (a sowing piece by piece,
  the pieces each base has collected, the analysis badges, a move's words, the hexagons).

This package imports nothing up front, so that its pygame-free modules load without pygame.
"""
