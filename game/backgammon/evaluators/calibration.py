"""Backgammon's samples for ``tabula calibrate``: self-play positions labelled with who won.

**Games.**  ``games`` seeded cubeless single games of a greedy 0-ply player on
:data:`PLAYER_EVALUATOR` (the strongest installed evaluator, the full-board network) against
itself.  For variety, each play is a uniformly random legal play with probability ``noise``
(default 0.1, about five random plays per game): positions stray from the player's habits
the way a weaker opponent's would, while the games stay realistic.  The opening roll is
never a double, as in a real game.

**Samples.**  Every turn's position *before its roll* (the side on roll, then the
opponent; what every evaluator values), or ``per_game`` of them drawn at random from
each game, with the outcome for the side on roll: 1 when it went on to win the game.

**Scores.**  Each evaluator is calibrated on its raw equity (:meth:`~.evaluators.base.Evaluator.raw_equity`,
the antisymmetric value in points its own formula gives: BRAS ``S/50 − 1``, which is S
rescaled), so the fitted curve is what :attr:`~.evaluators.base.Evaluator.curve` applies.
The mapping the program used before calibration (the "raw" column) is the networks' win
output, and for the seed evaluators ``(clip(raw equity, −1, 1) + 1)/2`` — for BRAS exactly
``S/100``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..board import CHECKERS, OFF, START_SIDE
from ..movegen import legal_plays
from . import Evaluator, boards_to_array, evaluator_names, get_evaluator

__all__ = ["PLAYER_EVALUATOR", "Samples", "selfplay_samples", "scores", "CALIBRATION"]

PLAYER_EVALUATOR = "net-full"
"""The evaluator the self-play player chooses its plays by (BRAS when the network is missing)."""


@dataclass(frozen=True)
class Samples:
    """Sampled positions: ``boards`` ``(M, 2, 26)``, the ``game`` each came from, the
    ``outcome`` (1 = the side on roll won) and the ``turn`` number within its game."""

    boards: np.ndarray
    game: np.ndarray
    outcome: np.ndarray
    turn: np.ndarray

    def __len__(self) -> int:
        return len(self.outcome)


def _choose(plays, mover_evaluator: Evaluator, rng: random.Random, noise: float):
    if len(plays) == 1:
        return plays[0]
    if noise and rng.random() < noise:
        return rng.choice(plays)
    values = mover_evaluator.after_play(boards_to_array([(mine, theirs) for _, mine, theirs in plays]))
    return plays[int(np.argmax(values))]


def _play_one(rng: random.Random, evaluator: Evaluator, noise: float) -> tuple[list, int]:
    """One game: the positions before each roll and who won (0 = the side that started)."""
    me, opp = START_SIDE, START_SIDE
    positions, turn = [], 0
    while True:
        positions.append((me, opp))
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        while turn == 0 and d1 == d2:  # the opening roll is never a double
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(me, opp, d1, d2)
        if plays:
            _, me, opp = _choose(plays, evaluator, rng, noise)
        if me[OFF] == CHECKERS:
            return positions, turn % 2
        me, opp, turn = opp, me, turn + 1


def selfplay_samples(games: int, seed: int, noise: float = 0.1, per_game: int | None = None,
                     progress: Callable[[int, int], None] | None = None) -> Samples:
    """Samples of ``games`` seeded self-play games (module doc); the same arguments always
    give the same samples.  ``progress(done, games)`` is called after each game."""
    if games < 1:
        raise ValueError(f"need at least 1 game, got {games}")
    if not 0.0 <= noise <= 1.0:
        raise ValueError(f"noise must be between 0 and 1, got {noise}")
    name = PLAYER_EVALUATOR if PLAYER_EVALUATOR in evaluator_names() else "bras"
    evaluator = get_evaluator(name)
    rng = random.Random(seed)
    boards, game_of, outcome, turns = [], [], [], []
    for number in range(games):
        positions, winner = _play_one(rng, evaluator, noise)
        chosen = range(len(positions))
        if per_game is not None and per_game < len(positions):
            chosen = sorted(rng.sample(range(len(positions)), per_game))
        for turn in chosen:
            boards.append(positions[turn])
            game_of.append(number)
            outcome.append(1.0 if turn % 2 == winner else 0.0)
            turns.append(turn)
        if progress is not None:
            progress(number + 1, games)
    return Samples(boards_to_array(boards), np.array(game_of), np.array(outcome), np.array(turns))


def scores(evaluator: Evaluator, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(raw equity, the win probability the program read before calibration)`` per board."""
    raw = evaluator.raw_equity(boards)
    probabilities = getattr(evaluator, "probabilities", None)
    before = probabilities(boards)[:, 0] if probabilities is not None else (np.clip(raw, -1.0, 1.0) + 1.0) / 2.0
    return np.asarray(raw, dtype=np.float64), np.asarray(before, dtype=np.float64)


@dataclass(frozen=True)
class Calibration:
    """What ``tabula calibrate`` needs from a game (``info.ability(Calibration)``)."""

    evaluators: Callable[[], list[str]]
    samples: Callable[..., Samples]
    scores: Callable[[str, np.ndarray], tuple[np.ndarray, np.ndarray]]
    player: str
    score_name: str = "raw equity (points, side on roll)"


def _scores_by_name(name: str, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return scores(get_evaluator(name), boards)


CALIBRATION = Calibration(
    evaluators=evaluator_names, samples=selfplay_samples, scores=_scores_by_name,
    player=f"greedy:{PLAYER_EVALUATOR} (greedy:bras without the network), a share noise of its plays random",
)
"""Backgammon's declaration for ``tabula calibrate``."""
