"""Backgammon's computer players and how they meet in tournaments.

- :mod:`.by_name`: every player by its command-line name (:data:`~.by_name.PLAYER_NAMES`,
  :func:`~.by_name.make_player`): the levels, the seeds' strategies and the research players;
- :mod:`.greedy`: players that choose by one evaluator (greedy, seed 002's BestOfFour);
- :mod:`.montecarlo`: seed 000's Monte Carlo player;
- :mod:`.tournament`: how tournaments may be played (cubeless, matches, money games).

This package imports nothing up front; import the module you need.
"""
