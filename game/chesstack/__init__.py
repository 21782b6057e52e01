"""Chesstack: chess with pockets, stun and move stacks (spec ``specs/chesstack.md``).  No pygame
but in the view.

:data:`GAME` (in :mod:`.info`) is what the rest of Tabula knows of Chesstack (``game/games.py``
lists it); this package imports nothing up front, so its rules load alone.

The template of every game's shape (``docs/adding-a-game.md``), each module importing only
modules below it:

- :mod:`.state`: the state, and the colours, piece types and pockets it is written in (the bottom);
- :mod:`.pieces` (values, placement stuns, movement), :mod:`.notation` (actions in text) and
  :mod:`.position` (position text and JSON);
- :mod:`.rules`: the game protocol: the five actions, stacks, results;
- :mod:`.status`: a state in words (the status line, the outcome, the seats' titles);
- :mod:`.evaluators`, :mod:`.search`, :mod:`.ai` (the levels), :mod:`.warnings`,
  :mod:`.upstream` (the upstream bot), then :mod:`.analysis` and :mod:`.players`;
- :mod:`.info`: the declaration; :mod:`.rules_page`: the rules in a player's words;
- :mod:`.view`: the board on screen (its one pygame module, ``view/pygame_view.py``, and what it
  works out without pygame).
"""
