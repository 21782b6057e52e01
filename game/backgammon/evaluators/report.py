"""``tabula eval backgammon``: one evaluator's value and factors for the side on roll.

The report (:class:`~game.core.evaluation.Evaluation`) is the evaluator's own main value
(S_me in 0..100 for ``bras``, which also adds ``"D"``) with its factors; every evaluator adds
``"equity"`` (cubeless points for the side on roll), and the networks ``"outputs"``: the
probabilities (win, gammons, backgammons) the equity is made of (``net-phase48`` only
``"win"``); the seed evaluators with a fitted curve (:mod:`.evaluators.calibrated`) give
``"win"``, their calibrated win chance, of which the equity is ``2·win − 1``.
"""

from __future__ import annotations

from ...core.evaluation import Evaluation
from ..state import BackgammonState
from . import boards_to_array, bras_details, get_evaluator

DEFAULT_EVALUATOR = "bras"
"""What ``tabula eval`` runs unless told otherwise: seed 001's evaluator."""


def evaluate(state: BackgammonState, name: str) -> Evaluation:
    """``name``'s evaluation of ``state`` for the side on roll; ``ValueError`` for an unknown name."""
    evaluator = get_evaluator(name)
    me, opp = state.on_roll, state.opponent
    # ``+ 0.0`` turns the -0.0 of a zero contribution into 0.0 for printing.
    explained = {factor: value + 0.0 for factor, value in evaluator.explain(me, opp).items()}
    total = explained.pop("total")
    batch = boards_to_array([(me, opp)])
    equity = float(evaluator.equity(batch)[0]) + 0.0
    probabilities = getattr(evaluator, "probabilities", None)
    outputs = {} if probabilities is None else dict(zip(evaluator.output_names, map(float, probabilities(batch)[0])))
    if probabilities is None and evaluator.curve is not None:  # the fitted curve's win chance
        outputs = {"win": (equity + 1.0) / 2.0}
    extra = {"D": float(bras_details(batch).d[0])} if evaluator.name == "bras" else {}
    return Evaluation(evaluator.name, total, explained, "the side on roll", evaluator.description,
                      outputs=outputs, summary=f"equity {equity:+.4f} points per game (cubeless, side on roll)",
                      hidden={"equity": equity}, extra=extra)
