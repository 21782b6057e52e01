"""The doubling cube: its place in the rules, its mathematics, the computer's decisions and its
words on screen.  No pygame here.

- the cube in the game: :mod:`.state` (:class:`~.state.CubeState` and
  :class:`~.state.CubeAction`, values a state carries) and :mod:`.rules` (the cube and match
  steps of the rules);
- mathematics, pure functions on numbers, no board: :mod:`.met`, match equity tables (the
  shipped Kazaross XG2 via :func:`kazaross`); :mod:`.money`, Janowski's money cubeful
  equities (vectorised over chance arrays); :mod:`.match`, match cubeful equities in MWC and
  EMG; :mod:`.curve`; :mod:`.context`; :mod:`.decision`, :func:`decide`, the proper action in
  GNU Backgammon's words;
- the computer's cube: :mod:`.ai` (decisions at the levels' depths, search in games with a
  cube) and :mod:`.play` (cube actions for the players, the analysis records of cube decisions);
- on screen without pygame: :mod:`.display` (its words, its place, the view's cube hooks).

This package imports nothing up front, so that the rules (which need :mod:`.state` and
:mod:`.rules`) load no numpy; the names below load on first use.
"""
