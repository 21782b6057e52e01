"""What analysis adds to a game on screen, for the play and Review screens.

- :mod:`.overlays`: the play scene's analysis layer, gathering the rest;
- :mod:`.analyst`: positions analysed off the drawing thread (in a worker process);
- :mod:`.hints` (the analysis of the position on show, its arrows), :mod:`.hint_table` (the
  ranked hint table) and :mod:`.why` (the "why" of the selected move);
- :mod:`.tutor`: the question before a move much worse than the best;
- :mod:`.graph`: the win-chance graph of the game so far;
- :mod:`.every_roll` and :mod:`.every_roll_draw`: every roll's best play as a grid (W);
- :mod:`.rollouts`: rolling out the hint table's rows (O);
- :mod:`.watch`: watch mode's pacing.
"""
