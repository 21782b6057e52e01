"""Why a network values a play as it does: integrated gradients over groups of inputs.

A play is valued by the network with the opponent on roll, negated for the mover
(:meth:`..evaluators.base.Evaluator.play_values`).  Its explanation starts from a fixed
baseline, the opening position (the opponent on roll, as after every play), and follows a
straight line in input space to the position's encoding.  Integrated gradients gives each
input ``(x − x₀) · mean slope along the line`` (midpoint rule, :func:`steps_for` steps), and the
inputs' shares are summed over groups a player understands ("your home board", "race
(pips)", "your midfield (13–18)": your checkers in the opponent's outer board...), named
from the mover's view and short enough for the window's panel (:data:`GROUPS`); seed 002's 48-vector gets a
two-leg path and a split of its mixed counts (:func:`_phase48_parts`).  The equity
differentiated is ``equity(consistent(outputs))`` (:mod:`.encoding`), through the clamps.

The parts add up to ``value − baseline value`` only up to the integration error and to
where the network is not asked (finished games get their exact value, bearoffs the
database's and races the race network's, :mod:`.evaluator`);
that residual is shared among the groups in proportion to their sizes ``|part|``, so the
groups plus :data:`BASELINE` add up exactly to the value.

Two facts keep it cheap for every legal play at once: the first layer's pre-activations are
linear along the line, so only the positions' end points go through the big input matrix;
and all steps of all positions are one batched forward and backward pass.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..board import START_SIDE
from ..evaluators.arrays import as_batch, boards_to_array, flip
from ..evaluators.phase_features import PHASE_FEATURES, game_phase
from .encoding import ENCODERS, FULL2_INPUTS, FULL_INPUTS, encode_phase48
from .network import Network, _activate, _derivative

__all__ = [
    "STEPS", "RELU_STEPS", "steps_for", "BASELINE", "GROUPS", "factor_names", "equity_gradient", "integrated_gradients", "mean_gradient", "group_parts",
    "explain_plays", "opening_value",
]

BASELINE = "starting position"
_START = boards_to_array([(START_SIDE, START_SIDE)])
STEPS = 32
RELU_STEPS = 128
"""A relu network's slope jumps along the line, so the midpoint rule's error falls only as
1/steps; 128 steps keep its parts within about 0.002 of the whole change on average (the
smooth sigmoid network's 32 already do)."""


def steps_for(net: Network) -> int:
    """The integration steps for ``net``'s explanations: :data:`RELU_STEPS` for relu hidden
    layers, else :data:`STEPS`."""
    return RELU_STEPS if net.activation == "relu" else STEPS


def equity_gradient(outputs: np.ndarray) -> np.ndarray:
    """``(M, K)``: d equity(consistent(o)) / d o at raw outputs ``o`` (one output: 2·win − 1).

    :func:`.encoding.consistent` clamps wg' = min(wg, win), wbg' = min(wbg, wg'),
    lg' = min(lg, 1 − win), lbg' = min(lbg, lg'); each clamp passes the slope to the side it took.
    """
    o = np.asarray(outputs, dtype=np.float64)
    if o.shape[1] == 1:
        return np.full_like(o, 2.0)
    win, wg, wbg, lg, lbg = o.T
    a1 = (wg > win).astype(np.float64)  # wg' = win
    a2 = (wbg > np.minimum(wg, win)).astype(np.float64)  # wbg' = wg'
    a3 = (lg > 1.0 - win).astype(np.float64)  # lg' = 1 − win
    a4 = (lbg > np.minimum(lg, 1.0 - win)).astype(np.float64)  # lbg' = lg'
    d_wg, d_lg = 1.0 + a2, -(1.0 + a4)  # d equity / d wg', d lg'
    return np.stack([2.0 + d_wg * a1 - d_lg * a3, d_wg * (1 - a1), 1 - a2, d_lg * (1 - a3), a4 - 1], axis=1)


def integrated_gradients(net: Network, start: np.ndarray, end: np.ndarray, steps: int = STEPS) -> np.ndarray:
    """``(N, inputs)``: each input's share of equity(end) − equity(start) for the side on roll,
    along straight lines (midpoint rule, ``steps`` points); ``start`` is ``(N or 1, inputs)``."""
    return (np.asarray(end, dtype=np.float64) - start) * mean_gradient(net, start, end, steps)


def mean_gradient(net: Network, start: np.ndarray, end: np.ndarray, steps: int = STEPS) -> np.ndarray:
    """``(N, inputs)`` float64: d equity / d input for the side on roll, averaged over the
    midpoints of ``steps`` equal pieces of each line ``start → end``."""
    weights, biases, dtype = net.weights, net.biases, net.dtype
    start, end = np.asarray(start, dtype=dtype), np.asarray(end, dtype=dtype)
    z_start, z_end = start @ weights[0] + biases[0], end @ weights[0] + biases[0]
    alphas = ((np.arange(steps, dtype=dtype) + 0.5) / steps)[None, :, None]
    n, width = len(end), weights[0].shape[1]
    z = (z_start[:, None, :] + alphas * (z_end - z_start)[:, None, :]).reshape(n * steps, width)
    last = len(weights) - 1
    kinds = [net.activation] * last + ["sigmoid"]
    layers = []
    for k, kind in enumerate(kinds):
        if k:
            z = layers[-1] @ weights[k]
            z += biases[k]
        layers.append(np.maximum(z, 0, out=z) if kind == "relu" else _activate(kind, z))
    delta = equity_gradient(layers[-1]).astype(dtype) * _derivative("sigmoid", layers[-1])
    for k in range(last, 0, -1):
        delta = delta @ weights[k].T
        if kinds[k - 1] == "relu":  # the slope is 0 or 1: a mask, multiplied in place
            np.multiply(delta, layers[k - 1] > 0, out=delta)
        else:
            delta *= _derivative(kinds[k - 1], layers[k - 1])
    return (delta.reshape(n, steps, width).mean(axis=1) @ weights[0].T).astype(np.float64)


def _matrix(size: int, groups: list[tuple[str, list[int]]]) -> tuple[tuple[str, ...], np.ndarray]:
    """Group names and the ``(size, groups)`` 0/1 matrix summing inputs into them."""
    matrix = np.zeros((size, len(groups)))
    for g, (_, inputs) in enumerate(groups):
        matrix[inputs, g] = 1.0
    return tuple(name for name, _ in groups), matrix


def _full_groups() -> tuple[tuple[str, ...], np.ndarray]:
    """Groups of :func:`.encoding.encode_full` of the flipped position: side 0 (inputs
    0..102) is the opponent, on roll; side 1 (103..205) is the mover.  Hits, blots and
    boards first; what rarely changes with the play last."""

    def side(offset: int, whose: str, who: str) -> dict[str, list[int]]:
        def points(low: int, high: int) -> list[int]:  # four units per point, own numbering
            return list(range(offset + 4 * (low - 1), offset + 4 * high))

        return {
            f"{who} on the bar": [offset + 96],
            f"{whose} blots": [offset + 101],
            f"{whose} home board": points(1, 6) + [offset + 99],
            f"{whose} prime": [offset + 100],
            f"{whose} back checkers": points(19, 24) + [offset + 102],
            f"{whose} outer board": points(7, 12),
            f"{whose} midfield (13–18)": points(13, 18),
            f"{whose} checkers off": [offset + 97],
        }

    inputs = {"race (pips)": [98, 103 + 98, 206], **side(103, "your", "you"),
              **side(0, "opponent's", "opponent"), "contact": [207, 208]}
    order = ["race (pips)", "opponent on the bar", "your blots", "your home board",
             "your prime", "your back checkers", "your outer board", "your midfield (13–18)",
             "opponent's blots", "opponent's home board", "opponent's prime", "opponent's back checkers",
             "opponent's outer board", "opponent's midfield (13–18)", "you on the bar",
             "your checkers off", "opponent's checkers off", "contact"]
    return _matrix(209, [(name, inputs[name]) for name in order])


_PHASE48_SIDES = ((1, "your", "o."), (0, "opponent's", ""))  # flipped batch: 1 the mover, 0 on roll
_ON_BAR = {"your": "you on the bar", "opponent's": "opponent on the bar"}


def _phase48_groups() -> tuple[tuple[str, ...], np.ndarray]:
    """Groups of seed 002's 48-vector of the flipped position, each feature summed over the
    three phase blocks: the plain features are the opponent's (on roll), ``o.*`` the mover's.

    The seed's ``on`` = 15 − off − bar and ``borne`` = off − bar (its bug) mix checkers off
    with checkers on the bar, so these two and ``bar`` are in no group here:
    :func:`_phase48_parts` splits them by cause.  "game phase" takes the move between phase
    blocks."""
    features = {"race (pips)": ("tot", "exc", "o.tot", "o.exc")}
    for _, whose, prefix in _PHASE48_SIDES:
        features |= {f"{whose} blots": (f"{prefix}blots", f"{prefix}blotdist"),
                     f"{whose} points made": (f"{prefix}occ",),
                     _ON_BAR[whose]: (), f"{whose} checkers off": ()}
    order = ["race (pips)", "opponent on the bar", "your blots", "your points made",
             "opponent's blots", "opponent's points made", "you on the bar", "your checkers off",
             "opponent's checkers off"]
    groups = [(name, [16 * block + PHASE_FEATURES.index(f) for f in features[name] for block in range(3)])
              for name in order]
    return _matrix(48, groups + [("game phase", [])])


def _full2_groups() -> tuple[tuple[str, ...], np.ndarray]:
    """:func:`_full_groups` plus ``full2``'s extra inputs of the flipped position (opponent
    209..211, mover 212..214): hit chance to the side's blots, escapes to its back
    checkers, pips to home to the race."""
    names, matrix = _full_groups()
    extra = np.zeros((FULL2_INPUTS - FULL_INPUTS, len(names)))
    for offset, whose in ((0, "opponent's"), (3, "your")):
        extra[offset + 0, names.index(f"{whose} blots")] = 1.0
        extra[offset + 1, names.index(f"{whose} back checkers")] = 1.0
        extra[offset + 2, names.index("race (pips)")] = 1.0
    return names, np.concatenate([matrix, extra])


GROUPS = {"full": _full_groups(), "full2": _full2_groups(), "phase48": _phase48_groups()}


def _straight_parts(encoding: str):
    """The parts of a board encoding (``full``, ``full2``): ``(N, groups)`` integrated
    gradients from the opening, summed by group."""
    encode, matrix = ENCODERS[encoding], GROUPS[encoding][1]
    start = encode(_START)  # the baseline's encoding, the same for every call

    def parts(net: Network, flipped: np.ndarray, steps: int) -> np.ndarray:
        return integrated_gradients(net, start, encode(flipped), steps) @ matrix

    return parts


def _phase48_parts(net: Network, flipped: np.ndarray, steps: int) -> np.ndarray:
    """``(N, groups)``: integrated gradients along two legs.  First the features change
    inside the opening's phase block (summed by group; ``on``, ``borne`` and ``bar`` split by
    cause: with ``(off, bar)`` as the variables, each input's slope times its change through
    each), then the vector moves to the position's own block (all "game phase")."""
    names, matrix = GROUPS["phase48"]
    n = len(flipped)
    x0, x = encode_phase48(_START), encode_phase48(flipped)
    first = 16 * int(game_phase(_START)[0])
    opening_block = slice(first, first + 16)
    middle = np.zeros_like(x)
    middle[:, opening_block] = x.reshape(n, 3, 16).sum(axis=1)  # one block is non-zero
    starts, ends = np.concatenate([np.broadcast_to(x0, x.shape), middle]), np.concatenate([middle, x])
    slope = mean_gradient(net, starts, ends, steps)  # both legs in one pass
    parts = ((middle - x0) * slope[:n]) @ matrix
    parts[:, -1] = ((x - middle) * slope[n:]).sum(axis=1)
    g = slope[:n, opening_block]
    for side, whose, prefix in _PHASE48_SIDES:
        on, borne, bar = (g[:, PHASE_FEATURES.index(prefix + f)] for f in ("on", "borne", "bar"))
        off_change, bar_change = ((flipped[:, side, k] - _START[0, side, k]) / 15.0 for k in (0, 25))
        parts[:, names.index(f"{whose} checkers off")] += (borne - on) * off_change  # on −1, borne +1
        parts[:, names.index(_ON_BAR[whose])] += (bar - on - borne) * bar_change  # on −1, borne −1
    return parts


_PARTS = {"full": _straight_parts("full"), "full2": _straight_parts("full2"), "phase48": _phase48_parts}


def group_parts(net: Network, encoding: str, flipped: np.ndarray, steps: int | None = None) -> np.ndarray:
    """``(N, groups)``: the groups' shares of equity(flipped) − equity(opening) for the side
    on roll, as the network computes it (before the residual is shared out); ``steps``
    defaults to :func:`steps_for` the network."""
    return _PARTS[encoding](net, as_batch(flipped), steps or steps_for(net))


def opening_value(equity: Callable[[np.ndarray], np.ndarray]) -> float:
    """:data:`BASELINE`'s value for the mover, −equity(opening), by ``equity``."""
    return -float(np.asarray(equity(_START))[0])


def explain_plays(
    net: Network, encoding: str, batch: np.ndarray, equity: Callable[[np.ndarray], np.ndarray], steps: int | None = None,
    base: float | None = None,
) -> tuple[tuple[str, ...], np.ndarray]:
    """``(names, (N, groups + 1))``: each play's value ``−equity(flip(batch))`` in points, split
    into the groups of :data:`GROUPS` ``[encoding]`` and :data:`BASELINE` (the opening
    position's value, −equity(opening)); ``batch`` rows are ``(mover, opponent)`` after the play.

    ``equity`` is the evaluator's (the values explained are exactly its values); ``base``, the
    baseline's value (:func:`opening_value`) when the caller kept it.
    """
    flipped = flip(batch)
    values = -np.asarray(equity(flipped), dtype=np.float64)
    base = opening_value(equity) if base is None else base
    parts = 0.0 - group_parts(net, encoding, flipped, steps)  # the mover's view; no −0.0
    residual = values - base - parts.sum(axis=1)
    size = np.abs(parts)
    total = size.sum(axis=1, keepdims=True)
    parts += residual[:, None] * np.divide(size, total, out=np.zeros_like(size), where=total > 0)
    baseline = base + np.where(total[:, 0] > 0, 0.0, residual)
    return factor_names(encoding), np.concatenate([parts, baseline[:, None]], axis=1)


def factor_names(encoding: str) -> tuple[str, ...]:
    """The names of :func:`explain_plays`' columns for ``encoding``: its groups, then
    :data:`BASELINE`."""
    return GROUPS[encoding][0] + (BASELINE,)
