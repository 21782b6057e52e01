"""Chesstack's rules page (:data:`PAGE`): the rules of :mod:`.rules` in a player's words, with
a table of every piece type.

The table is built from :mod:`.pieces` (:data:`~.state.TYPES`, names, placement stuns), one
row per type, each row's words from :data:`HOW_IT_MOVES`: a type added to the pieces without
words here fails to load.  The words were checked against :func:`~.pieces.destinations`.
"""

from __future__ import annotations

from ..core.rules_page import parse
from .pieces import NAMES, PROMOTIONS, STUNS
from .state import TYPES

HOW_IT_MOVES = {
    "K": "One step in any of the eight directions.",
    "Q": "Any distance in a straight line, along a rank, a file or a diagonal.",
    "R": "Any distance along a rank or a file.",
    "B": "Any distance along a diagonal.",
    "N": "Jumps two squares one way and one square sideways (an L), over anything between.",
    "P": "One step straight ahead onto an empty square; takes one step diagonally ahead. "
         "No double step, no en passant.",
    "A": "Moves as a queen or jumps as a knight.",
    "G": "Goes along a queen's line to the first piece it meets, of either side, and "
         "lands just beyond it; that square must be empty or hold an enemy. With no piece to hop "
         "over in a line it cannot go that way.",
    "Kr": "A knight's jump repeated in the same direction, as far as the squares "
          "it lands on are empty; it may take on the first occupied one.",
    "W": "Moves as a bishop or jumps as a knight.",
    "D": "Jumps exactly two squares along a rank or a file, over anything between.",
    "L": "Jumps exactly two squares diagonally, over anything between.",
    "F": "One step diagonally.",
    "C": "One step in any direction, as a king, or a knight's jump.",
    "Cl": "A long knight's jump, three squares one way and one sideways.",
    "Tr": "One step diagonally, then any distance straight on from there along the "
          "file or the rank, the way it stepped (from d4 through e5: to e6–e8 or f5–h5). It cannot "
          "stop on the diagonal square, and a piece there does not block it.",
}
"""Each type's move in words (the table's first column names it); riders stop before their own
pieces and may take the first enemy in the way, leapers land on an empty or enemy square."""


def piece_rows() -> str:
    """The pieces table in the page's text form: letter and name, move, stun on placement."""
    rows = ["| Piece | How it moves | Stun |"]
    for kind in TYPES:
        stun = "8–2" if kind == "P" else str(STUNS[kind])
        rows.append(f"| {kind} {NAMES[kind]} | {HOW_IT_MOVES[kind]} | {stun} |")
    return "\n".join(rows)


PROMOTED = ", ".join(f"{NAMES[kind]} ({kind})" for kind in PROMOTIONS)

TEXT = f"""
Chess on an empty board, with every piece placed from a pocket during the game. Each piece
carries two numbers: its stun (while above 0 it cannot move) and its move charges (each
move spends one).

## Aim
Take every royal piece of your opponent. A King is royal from the moment it is placed; other
pieces become royal only by succession. Once both sides have placed their King, a side with no
royal piece on the board has lost (if neither has one, the game is drawn). There is no check or
checkmate: a King may stand attacked or step into attack, and is taken like any other piece.
Nothing else ends a game (no stalemate, no repetition rule); computer tournaments stop a game
after 300 actions and count it as a draw.

## The start
The board is empty and White moves first. Each side's pocket holds a King, a Queen, two
Rooks, two Bishops, two Knights and eight Pawns. Each side's first action must place its King.

## Your turn: one action
- Place: put a piece from your pocket on any empty square. A pawn may not go on the last rank,
  where it would promote; it may go on your own back rank.
- Move: move one of your pieces with stun 0 and at least one move charge, by its pattern
  (table below). The move spends one charge.
- Stun: add 1 stun to any piece on the board, yours or your opponent's, a King included.
- Succession: make one of your pieces royal. Allowed only while one of your royal pieces could
  be taken at once by an enemy piece that is ready to move (stun 0, a move charge left).
- Disguise: turn one of your royal pieces into another type you have on the board (never a
  King or a Pawn). It keeps its stun, charges and royalty and moves as its new type.

## Stun and move charges
- A placed piece starts with the stun of its type (the table's last column) and no move
  charges. A pawn's stun depends on where it is placed: 8 on its own back rank, down to 2 on
  the rank before promotion.
- At the end of each of your turns, every one of your pieces with stun above 0 loses 1 stun
  and gains 1 move charge, the piece you just placed included. Your opponent's pieces do not
  change on your turn.
- So a piece placed with stun S can first move on your S-th turn after the one you placed it
  in, and then it has S charges. A King placed first (stun 4) moves on your fifth turn, with 4
  charges.
- Stunning one of your own ready pieces gives the stun back as a charge at the end of the same
  turn: a turn spent to buy one more move.

## Captures
- A move onto an enemy piece takes it. The taken piece goes into your pocket, as the type it
  was then, to be placed later like any other.
- Your piece adds the taken piece's stun and move charges to its own. Taking a stunned piece
  stuns the taker.
- Taking a royal piece stuns every other piece of that side by 3 more (the taker gets the
  stun the royal piece had before that).

## Promotion
A pawn that reaches the last rank (rank 8 for White, rank 1 for Black), by a move or a
capture, must at once become one of: {PROMOTED}. The window asks which in a picker. The
promoted piece keeps the pawn's stun, charges and royalty.

## The pieces
Riders (Queen, Rook, Bishop, Knightrider, and the Amazon and Archbishop when they move as
riders) go any distance along their line; they stop before one of your own pieces and may
take the first enemy piece in the way. Leapers (King, Knight, Dabbaba, Alfil, Ferz, Camel)
go straight to their square, over anything between; it must be empty or hold an enemy. The
Centaur does both a king's step and a knight's jump. A
game starts with the six chess pieces; the Amazon comes in by promotion. The other fairy
pieces exist in the rules and appear in positions set up with them, such as a position given
to the command line. There is no castling. Stun is the stun a piece gets when placed.

{piece_rows()}

## In the window
- Your pocket is the tray beside the board: click or drag a piece from it to a marked square
  to place it.
- Click one of your pieces to see its moves marked on the board; click a target to move. The
  bar under the board offers the piece's other actions: Stun +1, Succession and Disguise.
  Any piece on the board can be stunned, so clicking an enemy piece offers Stun +1 too.
- On a piece, the red number is its stun, the green one its move charges, and a star marks a
  royal piece.
- Actions are written ADD K@e1 (place), e2->e4 (move), e7->e8=Q (move and promote), STUN@e4,
  SUC@e4 (succession) and DIS e1=Q (disguise).
"""

PAGE = parse("Chesstack", TEXT)
"""Chesstack's rules page (the window's Rules screen and ``tabula rules chesstack``)."""
