"""Backgammon computer players by command-line name."""

from __future__ import annotations

from ..core.players import Player, RandomPlayer

PLAYER_NAMES = ("random",)


def make_player(name: str, seed: int | None = None) -> Player:
    """The player called ``name`` (see :data:`PLAYER_NAMES`); ``ValueError`` if unknown."""
    if name == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown backgammon player {name!r}; known players: {', '.join(PLAYER_NAMES)}")
