"""Chesstack on screen.

- :mod:`.pygame_view`: drawing, animation and human input (the game's ``info.ability(View)``),
  with :mod:`.pieces`, the pieces' pictures (the package's pygame modules);
- :mod:`.palette`: the board's colours, piece figures and key as plain values;
- :mod:`.display`: what the view shows, worked out without pygame (the geometry, the trays'
  rows, the action between two positions, the analysis badges, the banner's words);
- :mod:`.turn`: a human's action in progress, from a selection to a legal action.

This package imports nothing up front, so that its pygame-free modules load without pygame.
"""
