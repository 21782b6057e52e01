"""The play screen: a game's board, its side panel, and the parts that run them.

- :mod:`.scene`: the scene, which builds the parts, offers them each event in turn, runs the
  commands that span them and orders each frame;
- :mod:`.turns`: the turn loop (whose turn it is) and the mover (a move shown, applied and
  autosaved), with the status line;
- :mod:`.board`: a human's move built on the board;
- :mod:`.choices`: decisions by buttons (roll or double, take or pass) and yes/no questions;
- :mod:`.offers`: what a human may offer besides moving (resign);
- :mod:`.paste`: a position opened from text (Ctrl+V, Ctrl+L, the position line);
- :mod:`.dice`: chance nodes drawn, or a human's dice entered by hand;
- :mod:`.replay`: the move list and replay mode;
- :mod:`.game_end`: the view's announcements and how the game ended;
- :mod:`.buttons` and :mod:`.keys`: the buttons and the keys.

The analysis the screen shows (hints, tutor, graph, watch mode) is :mod:`game.ui.analysis`'s.
"""
