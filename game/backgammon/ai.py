"""Backgammon's computer levels and per-move analysis, built on the game-agnostic search.

Values are equities in points for the player named (see :meth:`Evaluator.equity`): the
search works with them, the display score maps them (0.5 points shows as 50), and finished
games count their real 1, 2 or 3 points.

The levels, like GNU Backgammon's presets (0-ply plus noise for the weaker ones, deeper
search for the stronger ones), all use the strongest evaluator available (the trained
``net-full`` network when it is installed, otherwise BRAS):

========== ===== ====================== ===========================================
level      plies move filter            noise (standard deviation, points)
========== ===== ====================== ===========================================
beginner   0     --                     0.12
intermediate 0   --                     0.04
advanced   1     best 4 within 0.20     0
expert     2     best 5 within 0.16     0 (then 2 within 0.08 at the inner ply)
========== ===== ====================== ===========================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core.analysis import MoveAnalysis, analyze
from ..core.search import Limits, MoveFilter, ScoredMove, SearchPlayer, SearchResult, expectiminimax, greedy
from .evaluators import Evaluator, boards_to_array, evaluator_names, get_evaluator
from .rules import BackgammonRules, BackgammonState
from .warnings import play_warnings, worse_than_best

DISPLAY_SCALE = 0.5
"""Equity (points) shown as a display score of 50."""
FAR_WORSE = 0.10
"""Equity behind the best play from which a play is called far worse."""


@dataclass(frozen=True)
class Level:
    """A playing level: search depth, move filter and noise (in points)."""

    name: str
    plies: int
    move_filter: MoveFilter | tuple[MoveFilter, ...] = MoveFilter()
    noise: float = 0.0


LEVELS = {
    level.name: level
    for level in (
        Level("beginner", 0, noise=0.12),
        Level("intermediate", 0, noise=0.04),
        Level("advanced", 1, MoveFilter(4, 0.20)),
        Level("expert", 2, (MoveFilter(5, 0.16), MoveFilter(2, 0.08))),
    )
}


def strongest_evaluator() -> str:
    """The best evaluator installed: the full-board network if present, else BRAS."""
    return "net-full" if "net-full" in evaluator_names() else "bras"


def state_evaluate(evaluator: Evaluator):
    """The search's evaluate callback: each state's equity for ``player``.

    Every state is valued from its side on roll (what the networks are trained on) and the
    sign flipped for the other player; the equities are antisymmetric, so that is exact.
    """

    def evaluate(states: Sequence[BackgammonState], player: int) -> np.ndarray:
        batch = boards_to_array([(s.sides[s.turn], s.sides[1 - s.turn]) for s in states])
        sign = np.array([1.0 if s.turn == player else -1.0 for s in states])
        return evaluator.equity(batch) * sign

    return evaluate


def get_level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; known levels: {', '.join(LEVELS)}") from None


def _search_with(level: Level):
    """The search function and its options for ``level``."""
    if level.plies == 0:
        return greedy, {}
    return expectiminimax, {"plies": level.plies, "move_filter": level.move_filter}


def search(state: BackgammonState, level: Level, evaluator: Evaluator, limits: Limits | None = None) -> SearchResult:
    """Every legal play of ``state`` (dice rolled) ranked at ``level`` with ``evaluator``."""
    run, options = _search_with(level)
    return run(BackgammonRules(), state, state_evaluate(evaluator), limits=limits, **options)


def level_player(level_name: str, seed: int | None = None, evaluator_name: str | None = None) -> SearchPlayer:
    """The computer player of a named level (its noise seeded, so its games replay)."""
    level = get_level(level_name)
    run, options = _search_with(level)
    evaluate = state_evaluate(get_evaluator(evaluator_name or strongest_evaluator()))
    return SearchPlayer(run, evaluate, name=level.name, limits=Limits(), noise=level.noise, seed=seed, **options)


def _mover_view(state: BackgammonState, scored: ScoredMove) -> tuple[tuple, tuple]:
    mover = state.turn
    return scored.after.sides[mover], scored.after.sides[1 - mover]


def analyze_position(
    state: BackgammonState, level: str = "advanced", evaluator: str | None = None, limits: Limits | None = None
) -> list[MoveAnalysis]:
    """The analysis record of every legal play, best first (see :mod:`game.core.analysis`).

    ``details`` holds the equity and the mover's win chance after the play at 0 ply
    (with gammon chances where the evaluator gives them); ``factors`` the evaluator's
    explanation of the position after the play; ``warnings`` :mod:`.warnings`' sentences.
    """
    chosen = get_evaluator(evaluator or strongest_evaluator())
    ranked = search(state, get_level(level), chosen, limits)
    if not ranked.moves:
        return []
    before = (state.on_roll, state.opponent)
    best_text = BackgammonRules().notation(state, ranked.best.move)
    # Plays the filter left at 0 ply are compared with the best at 0 ply too.
    shallow = dict(zip(ranked.moves, state_evaluate(chosen)([m.after for m in ranked.moves], state.turn)))

    def details(_, scored):
        me, opp = _mover_view(state, scored)
        return {"equity": scored.value, **mover_chances(chosen, me, opp)}

    def factors(_, scored):
        explained = chosen.explain(*_mover_view(state, scored))
        explained.pop("total", None)
        return explained

    def warnings(_, scored, best):
        found = play_warnings(before, _mover_view(state, scored))
        behind = best.value - scored.value if scored.plies == best.plies else shallow[best] - shallow[scored]
        far = worse_than_best(float(behind), best_text, FAR_WORSE)
        if far and scored is not best:
            found.append(far)
        return found

    return analyze(BackgammonRules(), state, ranked.moves, DISPLAY_SCALE, explain=factors, details=details, warnings=warnings)


def mover_chances(evaluator: Evaluator, me, opp) -> dict[str, float]:
    """The mover's chances after a play, the opponent on roll, at 0 ply.

    Networks report their five outputs (win, gammons, backgammons); other evaluators give
    a win chance read off their equity, ``(clip(equity, −1, 1) + 1) / 2``.
    """
    batch = boards_to_array([(opp, me)])  # the opponent is on roll
    outputs = getattr(evaluator, "outputs", None)
    if outputs is not None:
        return flip_outputs(outputs(batch)[0])
    equity = -float(evaluator.equity(batch)[0])
    return {"win": (min(max(equity, -1.0), 1.0) + 1.0) / 2.0}


def flip_outputs(on_roll: Sequence[float]) -> dict[str, float]:
    """Five cumulative outputs of the side on roll, turned into its opponent's chances."""
    win, win_g, win_bg, lose_g, lose_bg = (float(x) for x in on_roll)
    return {"win": 1.0 - win, "win_gammon": lose_g, "win_backgammon": lose_bg, "lose_gammon": win_g, "lose_backgammon": win_bg}
