"""Theory at hand: the reference figures players keep beside the board.

- :mod:`.race`: race counts (Keith, Thorp, the 8-9-12 rule, Kleinman's metric), effective
  pip counts and, in a bearoff, the database's exact chances (``tabula race``).
"""
