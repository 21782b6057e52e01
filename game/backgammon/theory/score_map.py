"""The score map: a position's proper cube action at every score of a match, and for money.

For a position and a match length N (at most 25; the window draws up to 11), every pair of
away counts (a, b), the side on roll a away and the other side b away, gets the action the
cube analysis finds at the chosen level, as eXtreme Gammon's score map shows it:

- both at least 2 away: the game before the Crawford game (``kind`` ``"pre"``);
- one side 1 away: two cells, the Crawford game (``"crawford"``: nobody may double, so the
  action is ``no_double``) and a later game (``"post_crawford"``, the trailer's free cube);
- both 1 away: ``"post_crawford"`` (double match point: a double gains nothing);
- money: with the position's own Jacoby rule and beavers when it is a money game (the beaver
  forms then apply), else neither.

The cube keeps the position's value and whether it is centred or the roller's (its
redouble forms then); a position whose cube the other side owns has no cube action for the
roller and no map.  Actions are :meth:`~..cube.decision.CubeVerdict.key`'s: ``no_double``,
``double_take``, ``double_pass``, ``too_good``, their ``redouble`` forms and the beaver forms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..cube.ai import cube_decision
from ..cube.state import DECIDE, MAX_MATCH_LENGTH, CubeState

MAX_LENGTH = MAX_MATCH_LENGTH
"""The longest match a map covers."""


def _cells(length: int) -> list[tuple[int, int, str]]:
    """``(a, b, kind)`` of every cell of a map of a match to ``length``, row by row."""
    cells = []
    for a in range(1, length + 1):
        for b in range(1, length + 1):
            if a >= 2 and b >= 2:
                cells.append((a, b, "pre"))
            elif a == b == 1:
                cells.append((a, b, "post_crawford"))
            else:
                cells.extend([(a, b, "crawford"), (a, b, "post_crawford")])
    return cells


def _at_score(state, cube: CubeState, a: int, b: int, kind: str, length: int):
    score = [0, 0]
    score[state.turn], score[1 - state.turn] = length - a, length - b
    return replace(state, dice=None, cube=replace(cube, match_length=length, score=tuple(score),
                                                  crawford=kind == "crawford", jacoby=False, beavers=False,
                                                  phase=DECIDE))


def score_map(state, length: int, plies: int, evaluator, progress: Callable[[int, int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> dict:
    """The ``tabula cube --score-map --json`` record (module doc); ``progress(done, total)``
    after each cell; ``cancel()`` true stops it (``None`` is returned)."""
    if not 1 <= length <= MAX_LENGTH:
        raise ValueError(f"the score map's match length must be from 1 to {MAX_LENGTH}, not {length}")
    if state.turn is None:
        raise ValueError("the score map needs a side on roll")
    cube = state.cube if state.cube is not None else CubeState()
    if cube.owner is not None and cube.owner != state.turn:
        raise ValueError("the other side owns the cube: the side on roll has no cube action at any score")
    cells = _cells(length)
    total = len(cells) + 1
    rows = []
    for done, (a, b, kind) in enumerate(cells, 1):
        if cancel is not None and cancel():
            return None
        if kind == "crawford":
            rows.append({"away": [a, b], "action": "no_double", "kind": kind})
        else:
            rows.append({"away": [a, b], **_decided(_at_score(state, cube, a, b, kind, length), plies, evaluator),
                         "kind": kind})
        if progress is not None:
            progress(done, total)
    own = not cube.is_match  # a money position keeps its own Jacoby rule and beavers
    money_state = replace(state, dice=None, cube=replace(cube, match_length=0, score=(0, 0), crawford=False,
                                                         jacoby=cube.jacoby and own, beavers=cube.beavers and own,
                                                         phase=DECIDE))
    money = _decided(money_state, plies, evaluator)
    if progress is not None:
        progress(total, total)
    return {"length": length, "cells": rows, "money": money["action"], "money_equities": money["equities"],
            "cube": cube.value, "owner": "centre" if cube.owner is None else "on roll"}


def _decided(state, plies: int, evaluator) -> dict:
    d = cube_decision(state, plies, evaluator)
    return {"action": d.verdict.key(d.redouble),
            "equities": {"nd": round(d.nd, 4), "dt": round(d.dt, 4), "dp": round(d.dp, 4)}}
