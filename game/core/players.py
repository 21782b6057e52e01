"""Players: anything that chooses an action for a state.  Humans are players fed by the UI."""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from .protocol import Rules


class Player(ABC):
    """Chooses a move for the state it is asked about (never at a chance node)."""

    name: str = "player"

    @abstractmethod
    def choose(self, rules: Rules, state: Any) -> Any:
        """One of ``rules.legal_moves(state)``."""

    def choose_until(self, rules: Rules, state: Any, cancel: threading.Event) -> Any:
        """:meth:`choose`, giving up early once another thread sets ``cancel`` where the player
        can (a search raises :class:`~game.core.search.SearchCancelled`).  By default the
        choice runs to its end and the caller drops it."""
        return self.choose(rules, state)

    def use_settings(self, settings: Mapping[str, Any]) -> None:
        """Read the game's own settings that concern the player (``GameInfo.options.settings`` by
        name; backgammon's levels: whether they resign a race lost for certain).  Only the
        window passes them; nothing by default."""

    def __str__(self) -> str:
        return self.name


class RandomPlayer(Player):
    """Plays a uniformly random legal move; seeded, so its games replay exactly."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, state: Any) -> Any:
        return self.rng.choice(list(rules.legal_moves(state)))
