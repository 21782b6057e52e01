"""Chesstack actions and their text (spec §1): ``ADD K@e1``, ``e2->e4``, ``e7->e8=Q``,
``STUN@e4``, ``SUC@e4``, ``DIS e1=Q``.

:func:`format_action` writes the canonical form; :func:`parse_action` reads it back, and also
(any case, spaces free) ``K@e1`` for a placement and ``e2-e4`` for a move.  Whether an action
is legal is the rules' question (:meth:`~.rules.ChesstackRules.parse`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core.untrusted import shown
from .pieces import parse_square, parse_type, square_name

ADD, MOVE, STUN, SUCCESSION, DISGUISE = "ADD", "MOVE", "STUN", "SUC", "DIS"


class Action(NamedTuple):
    """One action: ``kind`` (ADD, MOVE, STUN, SUC, DIS), the ``square`` it starts from or acts
    on, a move's ``target`` (-1 otherwise), and a piece type: the one placed, a promotion's
    new type, the disguise's new type ("" otherwise)."""

    kind: str
    square: int
    target: int = -1
    piece: str = ""


def format_action(action: Action) -> str:
    kind, sq, target, piece = action
    if kind == ADD:
        return f"ADD {piece}@{square_name(sq)}"
    if kind == MOVE:
        return f"{square_name(sq)}->{square_name(target)}" + (f"={piece}" if piece else "")
    if kind in (STUN, SUCCESSION):
        return f"{kind}@{square_name(sq)}"
    if kind == DISGUISE:
        return f"DIS {square_name(sq)}={piece}"
    raise ValueError(f"not a Chesstack action: {action!r}")


_SQ = r"([a-h][1-8])"
_TYPE = r"([a-z]{1,2})"
_FORMS = (
    (re.compile(rf"(?:add\s*)?{_TYPE}\s*@\s*{_SQ}"), lambda m: Action(ADD, parse_square(m[2]), -1, parse_type(m[1]))),
    (re.compile(rf"{_SQ}\s*-?>?\s*{_SQ}\s*(?:=\s*{_TYPE})?"),
     lambda m: Action(MOVE, parse_square(m[1]), parse_square(m[2]), parse_type(m[3]) if m[3] else "")),
    (re.compile(rf"stun\s*@\s*{_SQ}"), lambda m: Action(STUN, parse_square(m[1]))),
    (re.compile(rf"suc\s*@\s*{_SQ}"), lambda m: Action(SUCCESSION, parse_square(m[1]))),
    (re.compile(rf"dis\s*{_SQ}\s*=\s*{_TYPE}"), lambda m: Action(DISGUISE, parse_square(m[1]), -1, parse_type(m[2]))),
)
EXAMPLES = "ADD K@e1, e2->e4, e7->e8=Q, STUN@e4, SUC@e4, DIS e1=Q"


def parse_action(text: str) -> Action:
    """The action ``text`` writes; ``ValueError`` naming the forms otherwise."""
    cleaned = text.strip().lower()
    for pattern, build in _FORMS:
        match = pattern.fullmatch(cleaned)
        if match:
            return build(match)
    raise ValueError(f"bad action {shown(text)}: expected one of the forms {EXAMPLES}")
