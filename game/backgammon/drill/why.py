"""Why an answer loses against the best: the sentences a graded card shows after the answer.

- A play (:func:`play_why`): the warnings the answer earns that the best play does not (the
  analysis' own :func:`..analysis.warnings.play_warnings`, given how far it trails, and its
  "far worse" sentence), then the evaluator factors that set the two apart (the answer's
  factor minus the best's, as the hint panel's "why" compares them: the biggest first, the
  negligible ones, under 1% of the biggest, left out), each with its reading name.  The
  factors explain the positions the two plays reach at 0 ply, as the analysis records' do.
- A cube action (:func:`cube_why`): the proper action, the three figures from the decider's
  view (match winning chances too in a match), and what the answer loses.
"""

from __future__ import annotations

import math
from typing import Any

from ..rules import BackgammonRules, Play
from ..state import BackgammonState

RULES = BackgammonRules()
MAX_FACTORS = 5
"""The factors shown, at most."""


def factor_deltas(names, mine, best) -> list[tuple[str, float]]:
    """``(name, mine − best)`` per factor, biggest first, the negligible (under 1% of the
    biggest, or 1e-6) left out."""
    pairs = [(name, float(a) - float(b)) for name, a, b in zip(names, mine, best)]
    pairs = [(n, v) for n, v in pairs if math.isfinite(v)]
    biggest = max((abs(v) for _, v in pairs), default=0.0)
    return sorted(((n, v) for n, v in pairs if abs(v) > max(1e-6, 0.01 * biggest)), key=lambda item: -abs(item[1]))


def play_why(state: BackgammonState, answer: Play, best: Play, loss: float, best_text: str) -> tuple[str, ...]:
    """The warnings and factors that separate ``answer`` from ``best`` at ``state`` (see the
    module doc); nothing when they reach the same position."""
    from ..analysis.ai import FAR_WORSE, strongest_evaluator
    from ..analysis.warnings import play_warnings, worse_than_best
    from ..evaluators import boards_to_array, get_evaluator
    from ..view.display import FACTOR_LABELS

    mover = state.turn
    mine, theirs = RULES.apply(state, answer), RULES.apply(state, best)
    if mine == theirs:
        return ()
    before = (state.on_roll, state.opponent)
    views = [(after.sides[mover], after.sides[1 - mover]) for _, after in RULES.successors(state)]
    answer_view, best_view = (mine.sides[mover], mine.sides[1 - mover]), (theirs.sides[mover], theirs.sides[1 - mover])
    common = set(play_warnings(before, best_view, views))
    lines = [w for w in play_warnings(before, answer_view, views, loss) if w not in common]
    far = worse_than_best(loss, best_text, FAR_WORSE)
    if far:
        lines.append(far)
    if not (RULES.is_over(mine) or RULES.is_over(theirs)):
        names, parts = get_evaluator(strongest_evaluator()).play_factors(boards_to_array([answer_view, best_view]))
        lines += [f"{FACTOR_LABELS.get(name, name)}: {value:+.3f} against {best_text}"
                  for name, value in factor_deltas(names, parts[0], parts[1])[:MAX_FACTORS]]
    return tuple(lines)


def cube_why(question: str, cube: dict[str, Any] | None, answer: str, best: str, loss: float) -> tuple[str, ...]:
    """The proper action, the figures and the answer's loss (see the module doc)."""
    lines = []
    if cube is not None:
        whose = "the taker's" if question == "take" else "the doubler's"
        lines.append(f"Proper cube action: {cube['proper']}")
        lines.append(f"No double {cube['nd']:+.3f}, double/take {cube['dt']:+.3f}, double/pass {cube['dp']:+.3f} "
                     f"({whose} view)")
        if None not in (cube.get("nd_mwc"), cube.get("dt_mwc"), cube.get("dp_mwc")):
            lines.append(f"Match winning chances: no double {cube['nd_mwc']:.1%}, double/take {cube['dt_mwc']:.1%}, "
                         f"double/pass {cube['dp_mwc']:.1%}")
    if loss > 0:
        lines.append(f"{answer} loses {loss:.3f} against {best}")
    return tuple(lines)
