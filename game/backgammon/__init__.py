"""Backgammon: rules, formats, notation, evaluators and players.  No pygame but in the view.

:data:`GAME` (in :mod:`.info`) is what the rest of Tabula knows of backgammon
(``game/games.py`` lists it).  This package imports nothing up front, so that
``import game.backgammon.rules`` loads the rules alone; the names below load on first use.

The package by subject (each subpackage's ``__init__`` says more, and loads nothing):

- rules and formats, here, in every game's shape (``docs/adding-a-game.md``): :mod:`.state`
  (the state and a roll, at the bottom, on :mod:`.board`, the cube's and a resignation's
  states), :mod:`.movegen` (the legal plays; :mod:`.movegen_batch` many positions' at once as
  arrays, compiled by :mod:`.movegen_kernel` with numba), :mod:`.notation` (plays in text),
  :mod:`.formats` (GNU IDs, XGID) and :mod:`.position` (a state to and from them),
  :mod:`.rules` (the game protocol), :mod:`.status` (a state in words), :mod:`.rules_page`;
- :mod:`.cube`: the doubling cube, all of it: its state and rules, its mathematics (match
  equity tables, money and match equities, the decision), the computer's cube decisions and
  the analysis records of them, its words and place on screen;
- :mod:`.resignation`: resigning a single game, a gammon or a backgammon, shaped like the cube:
  its values and steps in the rules, the computer's accept rule and resigning, its words;
- evaluation and networks: :mod:`.evaluators` (the seeds' evaluators, the registry, the bearoff
  database, calibration samples, seeded positions, the ``tabula eval`` report) and :mod:`.nets`
  (the trained networks, the pruning network rollouts shortlist plays with, and their training);
- :mod:`.analysis`: the computer levels and per-move analysis, warnings, the review;
- :mod:`.drill`: its part in drills: a card's question and answers, the idea of a play,
  grading, variations, GNU Backgammon's text board (its ``__init__`` loads the rules only);
- :mod:`.players`: the computer players by name and tournament play;
- files: :mod:`.matfile` (``.mat`` and SGF match files); :mod:`.commands` (``tabula cube``,
  ``import``, ``export``);
- :mod:`.view`: the board on screen (its one pygame module, ``view/pygame_view.py``, and what it
  works out without pygame).
"""
