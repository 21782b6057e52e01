"""Chesstack warnings: what an action leaves or costs, in a player's words.

Each sentence is about the position the action leads to, from the mover's side ("your"),
and names pieces by type and square:

- **royal danger**: "your king can be taken next turn by the rook on e4": an enemy piece that
  can move next turn (stun 0 and a move charge: the enemy's stacks do not change before its
  turn) has the royal among its destinations.  With that royal the side's last, the game is
  lost unless the search found otherwise; a side with several royals is named by square.
- **succession**: "succession is allowed now: your king is attacked": said beside the royal
  danger when the mover could have answered it by succession and did something else.
- **pieces left to a capture**: "the knight on f6 is left to a ready capture by the bishop on
  c3": a non-royal piece that a ready enemy piece can take next turn, where no ready piece of
  the mover protects it or the cheapest taker is worth less (the two most valuable such pieces).
- **stun taken with a capture**: "capturing the queen stuns your rook for 4 turns (it takes
  the queen's stun)": the capturer adds the victim's stun to its own (spec §4).
- **a long stun on placement**: "the placed queen is stunned for 9 turns", from
  :data:`LONG_STUN` turns on (a knight's 3 is the normal price of a placement; a queen's 9 or a
  pawn's 8 on its first rank is worth a word).

"Stunned for N turns" counts the turn of the action: the piece moves again on its side's
N-th turn from now (the stun drops by one at the end of each of its side's turns, this one
included).
"""

from __future__ import annotations

from .notation import ADD, MOVE, SUCCESSION, Action
from .pieces import NAMES, VALUES, destinations, placement_stun, square_name
from .rules import attacked_royal, can_move, defenders
from .state import ChesstackState, Piece

LONG_STUN = 5
"""A placement stun from which the placement is warned about (a rook's)."""
HANGING_SHOWN = 2
"""How many pieces left to a capture are named, most valuable first."""


def turns(n: int) -> str:
    return f"{n} turn" if n == 1 else f"{n} turns"


def _name(piece: Piece) -> str:
    return NAMES[piece.kind].lower()


def _piece_on(board, sq: int) -> str:
    return f"the {_name(board[sq])} on {square_name(sq)}"


def _royal_title(piece: Piece) -> str:
    """``king``, or ``royal queen`` for a royal of another type."""
    return _name(piece) if piece.kind == "K" else f"royal {_name(piece)}"


def reach_map(board, colour: int) -> dict[int, list[int]]:
    """Square → the squares of ``colour``'s pieces that can move now and have it among their
    destinations."""
    found: dict[int, list[int]] = {}
    for sq, piece in enumerate(board):
        if piece is None or piece.colour != colour or not can_move(piece):
            continue
        for target in destinations(board, sq, piece.kind, colour):
            found.setdefault(target, []).append(sq)
    return found


def _listed(board, squares: list[int]) -> str:
    names = [_piece_on(board, sq) for sq in sorted(squares, key=lambda s: -VALUES[board[s].kind])]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def royal_danger(after: ChesstackState, mover: int, threats: dict[int, list[int]]) -> list[str]:
    """"your king can be taken next turn by …" for each royal of ``mover`` under a ready attack."""
    board = after.board
    royals = [(sq, piece) for sq, piece in after.pieces(mover) if piece.royal]
    found = []
    for sq, piece in royals:
        takers = threats.get(sq)
        if takers:
            where = f" on {square_name(sq)}" if len(royals) > 1 else ""
            found.append(f"your {_royal_title(piece)}{where} can be taken next turn by {_listed(board, takers)}")
    return found


def left_to_capture(after: ChesstackState, mover: int, threats: dict[int, list[int]]) -> list[str]:
    """The mover's non-royal pieces a ready enemy piece can take next turn for a gain."""
    board = after.board
    hanging = []
    for sq, piece in after.pieces(mover):
        takers = threats.get(sq)
        if piece.royal or not takers:
            continue
        cheapest = min(VALUES[board[t].kind] for t in takers)
        if cheapest < VALUES[piece.kind] or not defenders(board, sq):
            hanging.append((VALUES[piece.kind], sq, min(takers, key=lambda t: VALUES[board[t].kind])))
    hanging.sort(key=lambda item: -item[0])
    return [f"{_piece_on(board, sq)} is left to a ready capture by {_piece_on(board, taker)}"
            for _, sq, taker in hanging[:HANGING_SHOWN]]


def action_costs(state: ChesstackState, action: Action) -> list[str]:
    """The stun an action puts on the mover's own piece: a capture of a stunned piece, a
    placement with a long stun."""
    board = state.board
    if action.kind == MOVE:
        actor, victim = board[action.square], board[action.target]
        if victim is not None and victim.stun > 0:
            return [f"capturing the {_name(victim)} stuns your {_name(actor)} for {turns(actor.stun + victim.stun)} "
                    f"(it takes the {_name(victim)}'s stun)"]
    if action.kind == ADD:
        stun = placement_stun(action.piece, state.turn, action.square)
        if stun >= LONG_STUN:
            return [f"the placed {NAMES[action.piece].lower()} is stunned for {turns(stun)}"]
    return []


class Warner:
    """The warnings about the actions of one position (what the position itself tells is
    worked out once: whether succession is allowed, and which royal it would answer for)."""

    def __init__(self, state: ChesstackState) -> None:
        self.state, self.mover = state, state.turn
        self.succession_note = None
        if attacked_royal(state, self.mover):
            threats = reach_map(state.board, 1 - self.mover)
            attacked = [piece for sq, piece in state.pieces(self.mover) if piece.royal and sq in threats]
            self.succession_note = f"succession is allowed now: your {_royal_title(attacked[0])} is attacked"

    def warn(self, action: Action, after: ChesstackState) -> list[str]:
        """Every warning about ``action`` (leading to ``after``); see the module doc."""
        mover = self.mover
        if after.log_length >= 2 and not after.royals(1 - mover):
            return []  # the action wins: nothing it leaves matters
        threats = reach_map(after.board, 1 - mover)
        found = royal_danger(after, mover, threats)
        if found and action.kind != SUCCESSION and self.succession_note:
            found.append(self.succession_note)
        found += left_to_capture(after, mover, threats)
        found += action_costs(self.state, action)
        return found


def action_warnings(state: ChesstackState, action: Action, after: ChesstackState) -> list[str]:
    """Every warning about ``action`` played in ``state`` (leading to ``after``)."""
    return Warner(state).warn(action, after)
