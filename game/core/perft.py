"""Perft: how many distinct legal action sequences a position has, by length.

The standard check of a move generator (chess programs' "perft"): walk every legal action
to a fixed depth and count the nodes at each depth.  Chance outcomes are actions too, so a
dice game is counted over every roll; a finished game has no action.
"""

from __future__ import annotations

from typing import Any

from .protocol import Rules


def perft(rules: Rules, state: Any, depth: int) -> list[int]:
    """``nodes[k - 1]``: the number of legal action sequences of length ``k``, for k = 1..depth."""
    nodes = [0] * depth

    def walk(position: Any, level: int) -> None:
        if rules.is_over(position):
            return
        actions = rules.actions(position)
        nodes[level] += len(actions)
        if level + 1 < depth:
            for action in actions:
                walk(rules.apply(position, action), level + 1)

    if depth > 0:
        walk(state, 0)
    return nodes
