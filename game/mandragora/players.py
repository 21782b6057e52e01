"""Mandragora Mania computer players by command-line name.

- ``random``: a uniformly random legal area (seeded, so its games replay).
- ``analyzer``: the seed analyzer's top move (:func:`.analysis.analyze`, best first by its
  total; equal totals go to the lower area), so it is deterministic.
- ``expert``: alpha-beta on the real final score difference (:mod:`.expert`), deterministic.
"""

from __future__ import annotations

from ..core.players import Player, RandomPlayer
from .analysis import DEPTH, analyze
from .expert import ExpertPlayer
from .names import PLAYER_NAMES
from .rules import MandragoraRules
from .state import MandragoraState


class AnalyzerPlayer(Player):
    """Plays the move the seed analyzer ranks first: the highest total, the hint table's first row."""

    name = "analyzer"

    def __init__(self, depth: int = DEPTH) -> None:
        self.depth = depth

    def choose(self, rules: MandragoraRules, state: MandragoraState) -> int:
        records = analyze(state, self.depth)
        if not records:
            raise ValueError("no move to choose: the game is over or the setup is still to be drawn")
        return records[0].move


def make_player(name: str, seed: int | None = None) -> Player:
    """The player called ``name`` (see :data:`PLAYER_NAMES`); ``ValueError`` if unknown."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "analyzer":
        return AnalyzerPlayer()
    if name == "expert":
        return ExpertPlayer(seed=seed)
    raise ValueError(f"unknown mandragora player {name!r}; known players: {', '.join(PLAYER_NAMES)}")
