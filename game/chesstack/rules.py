"""Chesstack under the common game protocol (spec §1–§7 with the defaults of §9).

One action a turn, White first, the board empty and each pocket K1 Q1 B2 N2 R2 P8:

- **Place** a piece from your pocket on an empty square (no pawn on its promotion rank): its
  stun is its type's (a pawn's by rank: White 8 − r, Black r + 1), its move stack 0.  A King
  placed is royal.  Each side's first action must place its King.
- **Move** one of your pieces with stun 0 and move ≥ 1 by its pattern (:mod:`.pieces`),
  costing one move; a pawn reaching its last rank promotes at once to Q, R, B, N or A.  A
  capture puts the victim's current type in your pocket and adds its stun and move to the
  capturer; capturing a royal first gives every other piece of its side stun +3 (the
  capturer takes the victim's stun from before that).  Promotion keeps stacks and royalty.
- **Stun** any piece on the board, of either colour, by +1.
- **Succession**: make one of your non-royal pieces royal, only while one of your royals is
  attacked by an enemy piece that can move now (stun 0, move ≥ 1).  It is revealed.
- **Disguise**: a royal of yours becomes a type you have on the board (never K or P, never its
  current type); it moves as that type and stays royal.

At the end of every action each of the mover's stunned pieces gets stun − 1 and move + 1
(the piece just placed too).  Once two actions have been played, a side with no royal on the
board has lost (both without: a draw).  There is no check rule and no natural end otherwise:
tournaments cap a game's length (``Rules.max_plies``).  Results: +1 / −1, a draw 0.

Choices where the spec leaves a program a question: §9's defaults throughout (one action per
turn, pawn stun 8..2 by rank, stun on any piece, succession only when attacked, disguise to a
type on the board, capture credit +1, decay once at the end of the acting side's turn).  The
first-action rule binds a side with no royal on the board yet: a position set up directly with
the Kings already placed (the spec's §8 test position, log length 0) is played normally.  A
side that must place its King has one in its pocket; positions are checked for that when they
are read (:mod:`.position`).
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import POSITION, IllegalMoveError, InvalidMoveError, Rules, start_from_position
from .notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION, Action, format_action, parse_action
from .pieces import INDEX, PROMOTIONS, ROYAL_CAPTURE_STUN, destinations, last_rank, placement_stun, promotes
from .position import parse_position
from .state import TYPES, ChesstackState, Piece, must_place_king

PLACEMENTS = {kind: tuple(Action(ADD, sq, -1, kind) for sq in range(64)) for kind in TYPES}
"""Every placement action by piece type and square, made once: a position's placements are
most of its legal actions (a type in pocket on every empty square), and taking them from here
instead of building each tuple anew halves the time of ``legal_moves``."""
STUNS = tuple(Action(STUN, sq) for sq in range(64))
"""The stun of every square, made once as :data:`PLACEMENTS`."""


def can_move(piece: Piece) -> bool:
    return piece.stun == 0 and piece.move >= 1


def attacked_royal(state: ChesstackState, colour: int) -> bool:
    """True when an enemy piece that can move now (stun 0, move ≥ 1) can take one of
    ``colour``'s royals: what allows succession."""
    royals = {sq for sq, piece in state.pieces(colour) if piece.royal}
    if not royals:
        return False
    board = state.board
    return any(can_move(piece) and royals.intersection(destinations(board, sq, piece.kind, piece.colour))
               for sq, piece in state.pieces(1 - colour))


def defenders(board, sq: int) -> list[int]:
    """Squares of the pieces of ``sq``'s owner that can move now and could take back on ``sq``
    (their patterns reach it once an enemy piece stands there)."""
    owner = board[sq].colour
    stand_in = list(board)
    stand_in[sq] = Piece(1 - owner, "P")
    return [other for other, piece in enumerate(board)
            if piece is not None and other != sq and piece.colour == owner and can_move(piece)
            and sq in destinations(stand_in, other, piece.kind, owner)]


def disguise_types(state: ChesstackState, colour: int) -> list[str]:
    """Types a royal of ``colour`` may take: those of its pieces on the board, never K or P."""
    present = {piece.kind for _, piece in state.pieces(colour)}
    return [kind for kind in TYPES if kind in present and kind not in ("K", "P")]


class ChesstackRules(Rules[ChesstackState, Action]):
    """The rules of Chesstack (one action per turn)."""

    name = "chesstack"
    max_plies = 300
    """Nothing ends a game in which neither side takes the other's last royal (the spec has no
    move-count rule)."""

    option_names = (POSITION,)
    text_options = (POSITION,)

    def initial_state(self, options: dict[str, Any] | None = None) -> ChesstackState:
        """The starting position, or the state the ``position`` option's text gives."""
        if options and options.get(POSITION) is not None:
            return start_from_position(self, options, parse_position)
        return ChesstackState.start()

    def to_move(self, state: ChesstackState) -> int:
        return state.turn

    def legal_moves(self, state: ChesstackState) -> list[Action]:
        """Every legal action: moves, then placements, stuns, successions and disguises."""
        if self.is_over(state):
            return []
        me, board = state.turn, state.board
        empty = [sq for sq in range(64) if board[sq] is None]
        if must_place_king(state):
            return [PLACEMENTS["K"][sq] for sq in empty]
        actions = []
        mine = state.pieces(me)
        for sq, piece in mine:
            if not can_move(piece):
                continue
            for target in destinations(board, sq, piece.kind, me):
                if promotes(piece.kind, me, target):
                    actions += [Action(MOVE, sq, target, kind) for kind in PROMOTIONS]
                else:
                    actions.append(Action(MOVE, sq, target))
        pawn_rank = last_rank(me)
        for kind, count in zip(TYPES, state.pockets[me]):
            if count:
                placed = PLACEMENTS[kind]
                actions += ([placed[sq] for sq in empty] if kind != "P" else
                            [placed[sq] for sq in empty if sq // 8 != pawn_rank])
        actions += [STUNS[sq] for sq in range(64) if board[sq] is not None]
        if attacked_royal(state, me):
            actions += [Action(SUCCESSION, sq) for sq, piece in mine if not piece.royal]
        types = disguise_types(state, me)
        for sq, piece in mine:
            if piece.royal:
                actions += [Action(DISGUISE, sq, -1, kind) for kind in types if kind != piece.kind]
        return actions

    def apply(self, state: ChesstackState, action: Any) -> ChesstackState:
        """The state after ``action`` and the mover's end-of-turn decay.  The action is trusted
        to be legal beyond what it needs to exist (a piece to move, a type in the pocket)."""
        if not isinstance(action, Action):
            raise IllegalMoveError(f"not a Chesstack action: {action!r}")
        me = state.turn
        board = list(state.board)
        pockets = [list(state.pockets[0]), list(state.pockets[1])]
        kind, sq, target, piece = action
        if kind == ADD:
            if pockets[me][INDEX[piece]] <= 0 or board[sq] is not None:
                raise IllegalMoveError(f"{format_action(action)}: no {piece} in the pocket or the square is taken")
            pockets[me][INDEX[piece]] -= 1
            board[sq] = Piece(me, piece, placement_stun(piece, me, sq), 0, piece == "K")
        else:
            actor = board[sq]
            if actor is None or (kind != STUN and actor.colour != me):
                raise IllegalMoveError(f"{format_action(action)}: no piece of the side to move there")
            if kind == MOVE:
                self._move(board, pockets[me], actor, sq, target, piece)
            elif kind == STUN:
                board[sq] = actor._replace(stun=actor.stun + 1)
            elif kind == SUCCESSION:
                board[sq] = actor._replace(royal=True)
            elif kind == DISGUISE:
                board[sq] = actor._replace(kind=piece)
            else:
                raise IllegalMoveError(f"unknown action kind {kind!r}")
        for s, p in enumerate(board):  # end of turn: the mover's stunned pieces charge up
            if p is not None and p.colour == me and p.stun > 0:
                board[s] = Piece(me, p.kind, p.stun - 1, p.move + 1, p.royal)
        return ChesstackState(tuple(board), (tuple(pockets[0]), tuple(pockets[1])), state.log_length + 1)

    @staticmethod
    def _move(board: list, pocket: list, actor: Piece, sq: int, target: int, promotion: str) -> None:
        """Move ``actor`` from ``sq`` to ``target`` in ``board``, capturing into ``pocket``."""
        stun, move = actor.stun, actor.move - 1
        victim = board[target]
        if victim is not None:
            if victim.royal:  # every other piece of the victim's side is stunned by 3
                for s, p in enumerate(board):
                    if p is not None and p.colour == victim.colour and s != target:
                        board[s] = p._replace(stun=p.stun + ROYAL_CAPTURE_STUN)
            stun, move = stun + victim.stun, move + victim.move
            pocket[INDEX[victim.kind]] += 1
        board[sq] = None
        board[target] = Piece(actor.colour, promotion or actor.kind, stun, move, actor.royal)

    def is_over(self, state: ChesstackState) -> bool:
        return state.log_length >= 2 and (not state.royals(0) or not state.royals(1))

    def winner(self, state: ChesstackState) -> int | None:
        """The side that still has a royal once the game is over (``None``: a draw, or not over)."""
        if not self.is_over(state):
            return None
        white, black = state.royals(0), state.royals(1)
        return 0 if white and not black else 1 if black and not white else None

    def result(self, state: ChesstackState) -> tuple[float, float]:
        winner = self.winner(state)
        return (0.0, 0.0) if winner is None else (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    def notation(self, state: ChesstackState, action: Any) -> str:
        return format_action(action)

    def parse(self, state: ChesstackState, text: str) -> Action:
        try:
            action = parse_action(text)
        except ValueError as error:
            raise InvalidMoveError(str(error)) from None
        if action not in self.legal_moves(state):
            raise IllegalMoveError(f"{format_action(action)} is not legal here" + _why(state, action))
        return action


def _why(state: ChesstackState, action: Action) -> str:
    """A hint at why an action written correctly is not legal."""
    if must_place_king(state):
        return ": each side's first action places its King"
    piece = state.board[action.square] if action.kind != ADD else None
    if action.kind == MOVE and piece is not None and not can_move(piece):
        return f" (the piece has stun {piece.stun} and move {piece.move}: it moves with stun 0 and move 1 or more)"
    if (action.kind == MOVE and not action.piece and piece is not None
            and promotes(piece.kind, piece.colour, action.target)):
        return f": a pawn reaching its last rank must promote: add ={', ='.join(PROMOTIONS)}"
    if action.kind == SUCCESSION and not attacked_royal(state, state.turn):
        return ": succession needs one of your royals attacked by an enemy piece that can move"
    return ""
