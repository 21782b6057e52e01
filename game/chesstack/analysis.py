"""Chesstack's analysis record: every legal action ranked by a level's search, with the
evaluator's terms behind each and warnings in words (:mod:`game.core.analysis`).

- **value**: the search's value for the mover in the ``stacks`` evaluator's centipawns
  (:mod:`.evaluators.stacks`); a won game is :data:`~.search.WIN`.  Actions the level
  searched deeper rank first; the rest keep their 0-ply values (as a backgammon hint list).
- **score**: the common display score with :data:`DISPLAY_SCALE` = 500 centipawns (a rook
  ahead shows as 50).
- **factors**: the ``stacks`` terms of the position the action leads to, for the mover; they
  add up to its 0-ply value.  An action that ends the game is explained by its result.
- **warnings**: :mod:`.warnings`; an action that misses a win at hand; how far an action
  trails the best, in pawns, from :data:`FAR_WORSE` centipawns on.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..core.analysis import MoveAnalysis, analyze
from ..core.capabilities import Analysis, TutorMargin
from ..core.search import Limits, ScoredMove, trails
from .ai import LEVELS, get_level, search
from .evaluators.stacks import STACKS_TERMS, stacks_terms
from .search import RULES, WIN
from .state import ChesstackState
from .warnings import Warner

DISPLAY_SCALE = 500.0
"""Centipawns shown as 50 on the display score: a rook."""
FAR_WORSE = 300.0
"""Centipawns behind the best (compared where both were searched) from which an action is
warned about: three pawns, a minor piece."""
ENDED = {1.0: "wins at once", -1.0: "loses at once", 0.0: "draws at once"}
"""What an action that ends the game does, as its explanation (no factor: a game's end has no
centipawn value to show, only the search's win sentinel)."""


def format_value(value: float) -> str:
    """A value or a difference in whole centipawns; a won (lost) game's ``+win`` (``-win``)."""
    if abs(value) >= WIN / 2:
        return "+win" if value > 0 else "-win"
    return f"{value:+.0f}"


def factors_of(state: ChesstackState, moves: list[ScoredMove]) -> dict:
    """Per root action, the ``stacks`` terms of the position it leads to, for the mover."""
    sign = 1.0 if state.turn == 0 else -1.0
    live = [m for m in moves if not RULES.is_over(m.after)]
    terms = stacks_terms([m.after for m in live]) * sign if live else np.zeros((0, len(STACKS_TERMS)))
    found = {m.move: dict(zip(STACKS_TERMS, map(float, row))) for m, row in zip(live, terms)}
    for m in moves:
        if RULES.is_over(m.after):
            found[m.move] = {}
    return found


def ending(state: ChesstackState, after: ChesstackState) -> str | None:
    """What the action from ``state`` to ``after`` does if it ends the game ("wins at once:
    takes the last enemy royal"), else ``None``."""
    if not RULES.is_over(after):
        return None
    said = ENDED[RULES.result(after)[state.turn]]
    return f"{said}: takes the last enemy royal" if said == ENDED[1.0] else said


def analyze_position(state: ChesstackState, level: str = "advanced", limits: Limits | None = None) -> list[MoveAnalysis]:
    """The analysis record of every legal action of ``state`` at ``level``, best first."""
    ranked = search(state, get_level(level), limits, all_exact=True)
    if not ranked.moves:
        return []
    factors = factors_of(state, list(ranked.moves))
    warner = Warner(state)
    best_text = RULES.notation(state, ranked.best.move)
    best_wins = RULES.is_over(ranked.best.after) and RULES.result(ranked.best.after)[state.turn] > 0

    def warnings(_, scored, best):
        found = warner.warn(scored.move, scored.after)
        if scored is best or RULES.is_over(scored.after) and scored.value >= best.value:
            return found
        if best_wins:
            found.append(f"misses the win: {best_text} takes the last enemy royal")
        elif trails(scored, best) >= FAR_WORSE:
            found.append(f"{trails(scored, best) / 100:.1f} pawns worse than {best_text}")
        return found

    records = analyze(RULES, state, ranked.moves, DISPLAY_SCALE, explain=lambda _, m: factors[m.move],
                      warnings=warnings)
    ended = {m.move: ending(state, m.after) for m in ranked.moves}
    return [replace(r, explanation=(ended[r.move],)) if ended[r.move] else r for r in records]


def _analysis() -> Analysis:
    from .evaluators import DEFAULT_EVALUATOR, EVALUATORS, evaluate

    return Analysis(
        analyze=analyze_position,
        levels=tuple(LEVELS.values()),
        options={"level": "advanced"},
        cancellable=True,
        value_heading="cp",
        tutor_margin=TutorMargin(150.0, "value", "centipawns", decimals=0),
        format_value=format_value,
        evaluators=EVALUATORS,
        default_evaluator=DEFAULT_EVALUATOR,
        evaluate=evaluate,
    )


ANALYSIS = _analysis()
"""Chesstack's :class:`~game.core.capabilities.Analysis`: a level's search (``--level``); the
tutor questions an action 150 centipawns (a pawn and a half) or more behind the best."""
