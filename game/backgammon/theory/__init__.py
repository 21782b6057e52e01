"""Theory at hand: the reference figures players keep beside the board.

- :mod:`.cube`: the cube at this score: take and cash points (dead and live cube), gammon
  values and where the position stands (``tabula cube --theory``).
- :mod:`.score_map`: the proper cube action at every score of a match, and for money
  (``tabula cube --score-map``).
- :mod:`.race`: race counts (Keith, Thorp, the 8-9-12 rule, Kleinman's metric), effective
  pip counts and, in a bearoff, the database's exact chances (``tabula race``).
- :mod:`.actions`: the cube actions' keys, labels and abbreviations, one table for all of them.
- :mod:`.ability`: the window's theory panel (:class:`~game.core.capabilities.Theory`).
"""
