"""Mandragora Mania: rules, position text, the seed analyzer and players.  No pygame but in the view.

:data:`GAME` (in :mod:`.info`) is what the rest of Tabula knows of Mandragora (``game/games.py``
lists it); this package imports nothing up front, so its rules load alone.

The package has every game's shape (``docs/adding-a-game.md``), each module importing only
modules below it:

- :mod:`.state`: the state, and the board and pieces it is written in (the bottom);
- :mod:`.notation` (moves in text) and :mod:`.position` (position text);
- :mod:`.rules`: the game protocol: sowing, extra turns, results;
- :mod:`.status`: a state in words (the status line, the outcome, the seats' titles);
- :mod:`.expert` (alpha-beta on the final score), :mod:`.analysis` (the seed analyzer) and
  :mod:`.players` (the computer players by name);
- :mod:`.info`: the declaration; :mod:`.rules_page`: the rules in a player's words;
- :mod:`.view`: the board on screen (its one pygame module, ``view/pygame_view.py``, and what it
  works out without pygame).
"""
