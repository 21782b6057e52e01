"""Mandragora Mania's rules page (:data:`PAGE`): the rules of :mod:`.rules` in a player's
words; the paths, values and patterns are written from the rules' own tables."""

from __future__ import annotations

from ..core.rules_page import parse
from .state import FIRST_MOVER_VALUES, PATHS, PATTERNS, PIECE_NAMES, PIECES, SECOND_MOVER_VALUES


def _path(side: int) -> str:
    """A side's sowing path, its base named: ``1 2 3 4 5 base 6 4 7 2 8``."""
    own = 0 if side == 0 else 9
    return " ".join("base" if stop == own else str(stop) for stop in PATHS[side])


def _values() -> str:
    rows = ["| Piece | First mover | Second mover |"]
    rows += [f"| {letter} {PIECE_NAMES[letter]} | {FIRST_MOVER_VALUES[letter]} | {SECOND_MOVER_VALUES[letter]} |"
             for letter in PIECES]
    return "\n".join(rows)


def _patterns() -> str:
    rows = ["| Pattern | " + " | ".join(str(area) for area in range(1, 9)) + " |"]
    rows += [f"| {name} | " + " | ".join(PATTERNS[name]) + " |" for name in PATTERNS]
    return "\n".join(rows)


TEXT = f"""
A sowing game for two, after the Mandragora Mania minigame: pick up the pieces of an area
and drop them one by one along your path; those that reach your base score. The Player and
the Opponent each try to collect the higher total of piece values.

## The board
Eight areas and two bases. The Player's areas are 1, 3 and 5 (blue, along the bottom), the
Opponent's 6, 7 and 8 (green, along the top), and 2 and 4 in the middle are shared. The
Player's base is on the right, the Opponent's on the left. Each area starts with three
pieces, by the pattern chosen in the menu.

## A move
- Pick one non-empty area you may use: one of yours or a shared one. Either side may sow a
  shared area at any time, whoever put the pieces there.
- Take out all its pieces and sow them one per stop along your path, starting at the stop
  after that area. The top piece goes first, and each piece is put on top of the area it
  lands on.
- The Player's path is {_path(0)}, then round again. The Opponent's is {_path(1)}, then round
  again. A path never passes the other side's base.
- A piece that lands in your base leaves the board and scores for you. A pile of twelve or
  more pieces goes round more than once, and every pass scores.

## Extra turns
When the last piece of a move lands in your own base, you move again at once. Extra turns
can follow one another.

## The end
After every move, if the side to move next has no legal area, the game ends at once. Pieces
still on the board score nothing. The higher total wins; equal totals are a draw.

## Values
Each side scores the pieces it collects by its place in the game: the side that moved first
by the first column, the other side by the second.

{_values()}

## Starting patterns
The piles of areas 1 to 8, each from the bottom up, so the last letter is the top piece, sown
first. A random pattern and a random first mover, when chosen in the menu, are drawn from
the game's seed, so a saved game replays them.

{_patterns()}

## In the window
- Click an area to sow it. The analyzer's score stands on every legal area, a warning sign
  where it warns, and its pick has a star; the A key hides or shows them.
- Moves are written with the mover's letter and the area: P3 (the Player sows area 3),
  O7 (the Opponent sows area 7).
"""

PAGE = parse("Mandragora Mania", TEXT)
"""Mandragora's rules page (the window's Rules screen and ``tabula rules mandragora``)."""
