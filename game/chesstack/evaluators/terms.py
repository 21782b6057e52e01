"""The two Chesstack evaluators of spec §8, one position at a time (the reference form).

Both are pure functions of a :class:`~game.chesstack.state.ChesstackState`, White positive,
and both read a piece's **potential moves**: the destinations its pattern allows on this
board whatever its stacks (:func:`~game.chesstack.pieces.destinations`), a pawn's move onto
its last rank counting once per promotion choice (``len(PROMOTIONS)`` = 5 times), exactly as
upstream ``calcLegalMovesInOnePiece(..., calc_potential=true)`` returns one record per choice.

**weighted** (§8 "GPT-proposed", ``minimax_gpt.cpp`` @36321be), raw terms:

- ``Mat``   Σ ±value over the board and the pockets (count × value);
- ``Mob``   Σ ±min(potential moves, 32) over board pieces;
- ``Res``   Σ ±(move − 0.5·stun) over board pieces;
- ``Thr``   Σ ± over each board piece's potential *non-promotion* moves of the value of the
  enemy piece on the destination (empty destinations add 0);
- ``Place`` Σ ±value·e^(−0.35·d), d = √((4.5 − f)² + (4.5 − r)²) with f, r **0-based**: the
  note's centre (4.5, 4.5) is the corner of e5/f5/e6/f6, not the board's centre (3.5, 3.5);
  it is kept for fidelity (spec §9.10, §11) so that §8's reference values hold.  One
  consequence: mirroring the ranks does not negate ``Place``, so this evaluator is
  antisymmetric in every term but that one;
- ``Turn``  +1 when the log length is even (White to move), else −1;
- ``Royal`` +8000 when White has exactly one royal and Black none, −8000 for the mirror, else 0.

``value = round(1·Mat + 15·Mob + 40·Res + 30·Place + 50·Thr + 10·Turn + Royal)``, summed in
that order from 0.0 as upstream does and rounded half away from zero (C++ ``std::round``):
an ``int``.

**designer** (§8 "my_propose", ``eval_equation.md`` / ``minimax.cpp`` @36321be, with the
royal factor), one turn worth 0.3 and a royal's death stunning by 3:

- a board piece adds factor·value + 0.3·(potential moves)·move − 0.3·stun, factor = 20000 for
  its side's last royal, 0.3·3·Σ(its side's board values, its own included) for a royal that
  is not the last, 1 otherwise.  Potential moves count promotions 5 times (as upstream, whose
  ``my_propose`` uses the same generator) and have **no** cap (the 32 cap is weighted's);
- a pocket piece adds value − 0.3·3 (the code's constant; the note meant its placement stun).

Its terms, which add up to the value: ``Material`` (non-royal board pieces' values),
``Royal`` (royal pieces' factor·value), ``Activity`` (0.3·moves·move), ``Stun`` (−0.3·stun)
and ``Pocket`` (Σ count·(value − 0.9)).  Every one of them is a whole number of tenths, so
the value is computed exactly in tenths and divided by 10 once: a ``float``, the same bits
whatever order the pieces are visited in.  (Upstream rounds it to an int; the spec's table
shows those roundings, e.g. 7999599.7 → 7999600.)
"""

from __future__ import annotations

import math

from ..pieces import PROMOTIONS, ROYAL_CAPTURE_STUN, VALUES, destinations, promotes
from ..state import TYPES, WHITE, ChesstackState, Piece

WEIGHTED_TERMS = ("Mat", "Mob", "Res", "Thr", "Place", "Turn", "Royal")
DESIGNER_TERMS = ("Material", "Royal", "Activity", "Stun", "Pocket")

WEIGHTS = {"Mat": 1.0, "Mob": 15.0, "Res": 40.0, "Place": 30.0, "Thr": 50.0, "Turn": 10.0}
"""weighted's weights (the note's w_M … w_Turn); ``Royal`` is added as it is (±8000)."""
COMBINE_ORDER = ("Mat", "Mob", "Res", "Place", "Thr", "Turn")
"""The order upstream adds the weighted terms in (``Royal`` last): kept so floats agree."""
ROYAL_BONUS = 8000
MOB_CAP = 32
PLACE_CENTRE = 4.5
PLACE_DECAY = 0.35
PROMOTION_CHOICES = len(PROMOTIONS)

TURN_TENTHS = 3
"""designer's value of one turn, 0.3, in tenths."""
LAST_ROYAL_FACTOR = 20000
ROYAL_FACTOR_TENTHS = TURN_TENTHS * ROYAL_CAPTURE_STUN
"""A royal that is not its side's last: factor = 0.3·3·Σ own values, i.e. 9 tenths per unit."""
POCKET_PENALTY_TENTHS = TURN_TENTHS * ROYAL_CAPTURE_STUN
"""A pocket piece: value − 0.3·3 (0.9, 9 tenths)."""


def place_weight(sq: int) -> float:
    """e^(−0.35·d) with d the distance of ``sq`` (0-based file, rank) from (4.5, 4.5)."""
    f, r = sq % 8, sq // 8
    return math.exp(-PLACE_DECAY * math.sqrt((PLACE_CENTRE - f) ** 2 + (PLACE_CENTRE - r) ** 2))


PLACE_WEIGHTS = tuple(place_weight(sq) for sq in range(64))


def round_half_away(x: float) -> int:
    """``x`` to the nearest whole number, halves away from zero (C++ ``std::round``)."""
    a = abs(x)
    whole = math.floor(a)
    whole += 1 if a - whole >= 0.5 else 0
    return int(whole) if x >= 0 else -int(whole)


def potential(board, sq: int, piece: Piece) -> tuple[int, int]:
    """``(moves, threat)`` of the piece on ``sq``: its potential moves (a promotion counts
    once per choice) and the values of the enemy pieces on its non-promotion destinations."""
    moves = threat = 0
    for target in destinations(board, sq, piece.kind, piece.colour):
        if promotes(piece.kind, piece.colour, target):
            moves += PROMOTION_CHOICES
            continue
        moves += 1
        victim = board[target]
        if victim is not None and victim.colour != piece.colour:
            threat += VALUES[victim.kind]
    return moves, threat


def weighted_terms(state: ChesstackState) -> dict[str, float]:
    """weighted's raw terms (ints but ``Res`` and ``Place``), in :data:`WEIGHTED_TERMS` order."""
    board = state.board
    mat = mob = thr = res2 = 0
    place = 0.0
    royals = [0, 0]
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        sign = 1 if piece.colour == WHITE else -1
        value = VALUES[piece.kind]
        moves, threat = potential(board, sq, piece)
        mat += sign * value
        mob += sign * min(moves, MOB_CAP)
        thr += sign * threat
        res2 += sign * (2 * piece.move - piece.stun)
        place += (sign * value) * PLACE_WEIGHTS[sq]  # in square order, as the batch form sums
        royals[piece.colour] += piece.royal
    for colour, sign in ((0, 1), (1, -1)):
        mat += sign * sum(count * VALUES[kind] for kind, count in zip(TYPES, state.pockets[colour]))
    royal = ROYAL_BONUS if royals == [1, 0] else -ROYAL_BONUS if royals == [0, 1] else 0
    return {"Mat": mat, "Mob": mob, "Res": res2 / 2, "Thr": thr, "Place": place + 0.0,
            "Turn": 1 if state.log_length % 2 == 0 else -1, "Royal": royal}


def weighted_value(terms) -> int:
    """``round(Mat + 15·Mob + 40·Res + 30·Place + 50·Thr + 10·Turn + Royal)`` of raw terms."""
    total = 0.0
    for name in COMBINE_ORDER:
        total += WEIGHTS[name] * terms[name]
    return round_half_away(total + terms["Royal"])


def designer_tenths(state: ChesstackState) -> dict[str, int]:
    """designer's terms in tenths (whole numbers), in :data:`DESIGNER_TERMS` order."""
    board = state.board
    own = [0, 0]
    royals = [0, 0]
    for piece in board:
        if piece is not None:
            own[piece.colour] += VALUES[piece.kind]
            royals[piece.colour] += piece.royal
    tenths = dict.fromkeys(DESIGNER_TERMS, 0)
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        sign = 1 if piece.colour == WHITE else -1
        value = VALUES[piece.kind]
        if not piece.royal:
            tenths["Material"] += sign * 10 * value
        elif royals[piece.colour] == 1:
            tenths["Royal"] += sign * 10 * LAST_ROYAL_FACTOR * value
        else:
            tenths["Royal"] += sign * ROYAL_FACTOR_TENTHS * own[piece.colour] * value
        moves, _ = potential(board, sq, piece)
        tenths["Activity"] += sign * TURN_TENTHS * moves * piece.move
        tenths["Stun"] -= sign * TURN_TENTHS * piece.stun
    for colour, sign in ((0, 1), (1, -1)):
        tenths["Pocket"] += sign * sum(count * (10 * VALUES[kind] - POCKET_PENALTY_TENTHS)
                                       for kind, count in zip(TYPES, state.pockets[colour]))
    return tenths


def designer_terms(state: ChesstackState) -> dict[str, float]:
    """designer's terms (``Material`` an int, the others floats); they add up to the value."""
    tenths = designer_tenths(state)
    terms: dict[str, float] = {name: part / 10 for name, part in tenths.items()}
    terms["Material"] = tenths["Material"] // 10
    return terms


def designer_value(state: ChesstackState) -> float:
    """The designer's value: its tenths, added exactly, over 10."""
    return sum(designer_tenths(state).values()) / 10
