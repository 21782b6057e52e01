"""Resigning a backgammon game: a player offers to resign a single game, a gammon or a
backgammon, and the opponent accepts or declines.  No pygame here.

- in the game: :mod:`.state` (:class:`~.state.ResignAction`, :class:`~.state.Resignation`,
  values the rules and states carry) and :mod:`.rules` (the steps and their words);
- the computer's side: :mod:`.decide` (accepting by equity as GNU Backgammon does, resigning
  a race it cannot lose less in, the analysis records of a resignation decision);
- on screen without pygame: :mod:`.display` (the questions, buttons and words).

Like :mod:`..cube`, this package imports nothing up front, so the rules load no numpy.
"""
