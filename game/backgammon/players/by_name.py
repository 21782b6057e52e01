"""Backgammon computer players by command-line name.

The seed-002 strategies are kept as *choices among legal plays* so that, unlike in the seed's
engine, they always obey the full rules (both dice, larger die, bar first, bear-off order):

- ``easy`` (MoveRandomPiece): a uniformly random legal play.
- ``medium`` (MoveFurthestBack): the play that moves the furthest-back checkers: plays are
  compared by their step sources, largest first (the seed moves the piece with the most
  spaces to home for each die).
- ``hard`` (CompareAllMovesSimple): the play minimising the seed's
  ``V = own pips + 2·own blots − own made points − opponent checkers on the bar``.

The playing levels ``beginner``, ``intermediate``, ``advanced`` and ``expert`` are searches
over the strongest evaluator (:mod:`.ai`).  Plus ``bestoffour`` (seed 002), ``montecarlo`` (seed 000, :mod:`.montecarlo`) and
``greedy:<evaluator>`` for every registered evaluator (:mod:`.players.greedy`).

Ties go to the first play in the generator's fixed order, so every player is reproducible.
The seed players never double, always take and always accept an offer to resign.

The levels read the window's "computer resigns" setting (:data:`.names.RESIGNS`, through
``Player.use_settings``); the research players never resign.
"""

from __future__ import annotations

from ...core.players import Player, RandomPlayer
from ..analysis.ai import LEVELS, level_player
from ..board import BAR, Side
from ..names import PLAYER_NAMES
from ..rules import BackgammonRules
from ..state import BackgammonState
from .greedy import BestOfFourPlayer, GreedyPlayer
from .montecarlo import MonteCarloPlayer


class _PlayChooser(Player):
    """A player that scores every (play, resulting sides) pair and keeps the lowest key."""

    def key(self, steps, me: Side, opp: Side):  # pragma: no cover - interface
        raise NotImplementedError

    def choose(self, rules: BackgammonRules, state: BackgammonState):
        if state.dice is None or rules.to_move(state) != state.turn:  # a cube decision or a resignation to
            return rules.legal_moves(state)[0]  # answer: these seed players never double, always take, accept
        mover = state.turn
        best, best_key = None, None
        for play, after in rules.successors(state):
            key = self.key(play.steps, after.sides[mover], after.sides[1 - mover])
            if best_key is None or key < best_key:
                best, best_key = play, key
        return best


class FurthestBackPlayer(_PlayChooser):
    """Seed 002's Medium: move the checkers furthest from home first."""

    name = "medium"

    def key(self, steps, me, opp):
        return [-source for source in sorted((s for s, _ in steps), reverse=True)]


def seed_hard_value(me: Side, opp: Side) -> int:
    """Seed 002's CompareAllMovesSimple value of a position for ``me`` (lower is better)."""
    pips = sum(p * me[p] for p in range(1, 26))
    blots = sum(1 for p in range(1, 25) if me[p] == 1)
    made = sum(1 for p in range(1, 25) if me[p] >= 2)
    return pips + 2 * blots - made - opp[BAR]


class CompareAllMovesPlayer(_PlayChooser):
    """Seed 002's Hard: the play with the lowest :func:`seed_hard_value`."""

    name = "hard"

    def key(self, steps, me, opp):
        return seed_hard_value(me, opp)


def make_player(name: str, seed: int | None = None) -> Player:
    """The player called ``name`` (see :data:`PLAYER_NAMES`); ``ValueError`` if unknown."""
    if name in LEVELS:
        return level_player(name, seed)
    if name in ("random", "easy"):
        player = RandomPlayer(seed)
        player.name = name
        return player
    if name == "medium":
        return FurthestBackPlayer()
    if name == "hard":
        return CompareAllMovesPlayer()
    if name == "bestoffour":
        return BestOfFourPlayer(seed)
    if name == "montecarlo":
        return MonteCarloPlayer(seed)
    if name.startswith("greedy:"):
        return GreedyPlayer(name.partition(":")[2])
    raise ValueError(f"unknown backgammon player {name!r}; known players: {', '.join(PLAYER_NAMES)}")
