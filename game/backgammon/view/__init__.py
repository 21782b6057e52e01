"""Backgammon on screen.

- :mod:`.pygame_view`: drawing, animation and human input, the package's only pygame module
  (the game's ``info.ability(View)``);
- :mod:`.layout`: the board's palette and geometry in plain numbers;
- :mod:`.display`: what the view shows, worked out without pygame (flights, used dice,
  the last plays, words for the hint panel);
- :mod:`.turn`: a human's turn in progress, one checker step at a time.

The cube's words and place on screen are :mod:`..cube.display`.  This package imports
nothing up front, so that its pygame-free modules load without pygame.
"""
