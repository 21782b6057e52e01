"""The jobs the window sends a :class:`~.worker.WorkerProcess`: module-level functions (they
travel by reference), each called in the child as ``job(*args, cancel=event)``.

- :func:`choose_move`: a computer player's move, the player built once from its
  :class:`PlayerRecipe` and kept for the seat's next moves;
- :func:`run_analysis`: a position's analysis (cancellable where the game's is);
- :func:`theory_figures`: a position's reference figures (the game's :class:`~..capabilities.Theory`);
- :func:`theory_score_map`: its score map, a streaming job (``("progress", done, total)``);
- :func:`process_pid`: the process a job runs in (for tests and benches).
"""

from __future__ import annotations

import collections
import os
import threading
from collections.abc import Callable
from typing import Any

from ..factors import explain


class PlayerRecipe:
    """How the child builds a computer player: ``lookup(game).computer_player(player, seed,
    settings)`` (``settings``: the game's own settings its players read, as ``(name, value)``
    pairs; none by default).

    ``token`` names one player object of the parent: the child keeps the player it built
    for a token and asks it again for that seat's next moves, so a player's own state (its
    noise generator) runs on exactly as it would in the parent.  ``lookup`` is a
    module-level function (``game.games.get_game``), so it travels by reference.
    """

    __slots__ = ("game", "lookup", "player", "seed", "settings", "token")

    def __init__(self, lookup: Callable[[str], Any], game: str, player: str, seed: int | None, token: int,
                 settings: tuple = ()) -> None:
        self.lookup, self.game, self.player, self.seed, self.token = lookup, game, player, seed, token
        self.settings = tuple(settings)

    def __getstate__(self):
        return (self.lookup, self.game, self.player, self.seed, self.token, self.settings)

    def __setstate__(self, state) -> None:
        self.lookup, self.game, self.player, self.seed, self.token, self.settings = state


_PLAYERS: collections.OrderedDict[int, tuple[Any, Any]] = collections.OrderedDict()
KEPT_PLAYERS = 16
"""Players a child keeps (the seats of the last few games)."""


def choose_move(recipe: PlayerRecipe, state: Any, *, cancel: threading.Event) -> tuple[Any, bool]:
    """In the child: the recipe's player's move for ``state`` and whether it is legal."""
    entry = _PLAYERS.get(recipe.token)
    if entry is None:
        info = recipe.lookup(recipe.game)
        entry = _PLAYERS[recipe.token] = (info.computer_player(recipe.player, recipe.seed, dict(recipe.settings)),
                                          info.rules())
        while len(_PLAYERS) > KEPT_PLAYERS:
            _PLAYERS.popitem(last=False)
    _PLAYERS.move_to_end(recipe.token)
    player, rules = entry
    until = getattr(player, "choose_until", None)
    move = until(rules, state, cancel) if until else player.choose(rules, state)
    return move, rules.is_legal(state, move)


def run_analysis(analyze: Callable[..., Any], state: Any, options: dict[str, Any], cancellable: bool,
                 explained: int = 0, *, cancel: threading.Event) -> list:
    """In the child: ``analyze(state, **options)`` (with ``limits`` that ``cancel`` stops), the
    factors of its first ``explained`` records computed here (:func:`..factors.explain`), so
    they travel computed."""
    if cancellable:
        from ..search.base import Limits

        options = dict(options, limits=Limits(cancel=cancel))
    records = list(analyze(state, **options))
    explain(records[:explained])
    return records


def process_pid(*, cancel: threading.Event | None = None) -> int:
    """This process's id (a job for checking where jobs run)."""
    return os.getpid()


def theory_figures(lookup: Callable[[str], Any], game: str, state: Any, level: str, *, cancel, send=None) -> Any:
    """``lookup(game)``'s :class:`~..capabilities.Theory` figures of ``state`` at ``level`` (a
    worker's job, or a :class:`~.stream.StreamingJob`'s, which sends nothing)."""
    from ..capabilities import Theory
    return lookup(game).ability(Theory).figures(state, level)


def theory_score_map(lookup: Callable[[str], Any], game: str, state: Any, length: int, level: str, *, send,
                     cancel) -> Any:
    """The score map of ``state`` (a :class:`~.stream.StreamingJob`: ``("progress", done, total)``
    messages as it goes; ``None`` once cancelled)."""
    from ..capabilities import Theory
    return lookup(game).ability(Theory).score_map(state, length, level,
                                                  lambda done, total: send(("progress", done, total)), cancel.is_set)
