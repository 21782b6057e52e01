"""A position as GNU Backgammon's ``show board`` prints it (its standard, anticlockwise layout),
and such a board checked when read back.

The layout is ``DrawBoardStd`` of GNU Backgammon's ``drawboard.c`` (1.0x, 2017) with the side
texts ``ShowBoard`` gives it (``gnubg.c``), read in the code corpus (gnubg-fast-export
``drawboard.c``, ``$Id: drawboard.c,v 1.77``):

- two header lines: ``Position ID`` (the position from the side on roll) and ``Match ID``;
- the frame, numbered from the side on roll (``+13-14-…-24-+`` on top when X is on roll,
  ``+12-11-…-1-+`` when O is), X at the bottom with its home board on the right;
- each point five rows deep: rows 1 to 4 show a checker when the point holds more than the
  row's depth, the fifth shows the count's character: ``X``/``O`` for five, ``6``–``9``, then
  ``A``–``F`` for 10 to 15;
- the bar in the middle column (O's on top, X's below), the borne-off checkers in three
  columns of five at the right (O's on top, X's below), ``v`` (X on roll) or ``^`` (O on roll)
  at the start of the ``BAR`` line;
- beside it: ``O: name`` above and ``X: name`` below (the cube's owner adds ``(Cube: N)``),
  each side's score (``0 points``), ``Rolled 31`` or ``On roll`` at the side on roll, or
  ``Cube offered at 2`` at the side asked to take, and on the ``BAR`` line the centred cube
  (``7 point match (Cube: 1)``, ``(Cube: 1)`` in money) or, with the cube owned, the match
  length.

X is a player the caller chooses (a drill card's player; the player to decide for "Copy board
as text") and O the other.

A board pasted from GNU Backgammon, a forum or Tabula reads back (:mod:`.position`'s
``parse_position``): the position comes from its ``Position ID`` and ``Match ID`` lines
(:func:`diagram_ids`), and the drawing must be the one those IDs give, X at the bottom being
either player (:func:`check_drawing`), so a damaged or edited diagram is refused rather than
read as another position.  The side texts (names, score words) are not compared.
"""

from __future__ import annotations

import re

from .board import BAR, OFF, Side
from .cube.state import OFFERED
from .state import TITLES, BackgammonState

_COUNT = {"X": "     X6789ABCDEF", "O": "     O6789ABCDEF"}
"""The fifth row's character for a point holding 0..15 checkers (``achX``, ``achO``)."""
TOP, BOTTOM = " +13-14-15-16-17-18------19-20-21-22-23-24-+     ", " +12-11-10--9--8--7-------6--5--4--3--2--1-+     "


def _points(x: Side, o: Side, points, row: int | None) -> str:
    """Six points' cells at depth ``row`` (``None``: the fifth row); ``x``'s point ``p`` is
    ``o``'s ``25 − p``."""
    cells = []
    for p in points:
        mine, theirs = x[p], o[25 - p]
        if row is None:
            cells.append(_COUNT["X"][mine] if mine else _COUNT["O"][theirs])
        else:
            cells.append("X" if mine > row else "O" if theirs > row else " ")
    return "".join(f" {c} " for c in cells)


def _off(side: Side, letter: str, row: int) -> str:
    return "".join(letter if side[OFF] > 5 * i + row else " " for i in range(3))


def _points_word(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def side_texts(state: BackgammonState, x: int, names: tuple[str, str]) -> list[str | None]:
    """``ShowBoard``'s seven texts beside the board (``asz``), X being player ``x``; ``names``
    are (X's, O's)."""
    o = 1 - x
    texts: list[str | None] = [f"O: {names[1]}", None, None, None, None, None, f"X: {names[0]}"]
    cube = state.cube
    score = cube.score if cube is not None else (0, 0)
    texts[1], texts[5] = _points_word(score[o]), _points_word(score[x])
    if cube is not None and cube.phase == OFFERED:
        texts[4 if state.turn == o else 2] = f"Cube offered at {cube.value * 2}"
        return texts
    texts[4 if state.turn == x else 2] = (f"Rolled {state.dice[0]}{state.dice[1]}" if state.dice
                                          else "On roll" if state.winner is None else "")
    value = 1 if cube is None else cube.value
    length = 0 if cube is None else cube.match_length
    if cube is None or cube.owner is None:
        texts[3] = f"{length} point match (Cube: {value})" if length else f"(Cube: {value})"
    else:
        owner = names[0] if cube.owner == x else names[1]
        texts[6 if cube.owner == x else 0] = f"{'X' if cube.owner == x else 'O'}: {owner} (Cube: {value})"
        if length:
            texts[3] = f"{length} point match"
    return texts


def text_board(state: BackgammonState, x: int, names: tuple[str, str], ids_text: str) -> str:
    """``state`` as GNU Backgammon's ASCII board with player ``x`` as X (see the module doc);
    ``names``: X's and O's; ``ids_text``: its ``posid:matchid`` (or position ID alone)."""
    xs, os_ = state.sides[x], state.sides[1 - x]
    texts = side_texts(state, x, names)
    on_roll = state.turn == x
    ids = ids_text.split(":")
    lines = [f" GNU Backgammon  Position ID: {ids[0]}"]
    if len(ids) > 1:
        lines.append(f"                 Match ID   : {ids[1]}")
    lines.append((TOP if on_roll else BOTTOM) + (texts[0] or ""))
    top_left, top_right = range(13, 19), range(19, 25)
    bottom_left, bottom_right = range(12, 6, -1), range(6, 0, -1)
    for row in range(4):
        bar = "O" if os_[BAR] > row else " "
        line = f" |{_points(xs, os_, top_left, row)}| {bar} |{_points(xs, os_, top_right, row)}| {_off(os_, 'O', row)} "
        lines.append(line + ((texts[row + 1] or "") if row < 2 else ""))
    lines.append(f" |{_points(xs, os_, top_left, None)}| {_COUNT['O'][os_[BAR]]} |"
                 f"{_points(xs, os_, top_right, None)}| {_off(os_, 'O', 4)}")
    lines.append(("v" if on_roll else "^") + "|                  |BAR|                  |     " + (texts[3] or ""))
    lines.append(f" |{_points(xs, os_, bottom_left, None)}| {_COUNT['X'][xs[BAR]]} |"
                 f"{_points(xs, os_, bottom_right, None)}| {_off(xs, 'X', 4)}")
    for row in range(3, -1, -1):
        bar = "X" if xs[BAR] > row else " "
        line = (f" |{_points(xs, os_, bottom_left, row)}| {bar} |{_points(xs, os_, bottom_right, row)}| "
                f"{_off(xs, 'X', row)} ")
        lines.append(line + ((texts[5 - row] or "") if row < 2 else ""))
    lines.append((BOTTOM if on_roll else TOP) + (texts[6] or ""))
    return "\n".join(lines) + "\n"



BOARD_WIDTH = 49
"""The columns of a diagram line that hold the board (the side texts start after them)."""
_ID = re.compile(r"Position ID:\s*(\S+)")
_MATCH = re.compile(r"Match ID\s*:\s*(\S+)")


def diagram_ids(text: str) -> str:
    """The ``posid:matchid`` (or position ID) a diagram's ID lines give; ``ValueError``
    when it has none."""
    found = _ID.search(text)
    if found is None:
        raise ValueError("not a GNU Backgammon board: no 'Position ID:' line")
    match = _MATCH.search(text)
    return found.group(1) + (f":{match.group(1)}" if match else "")


def check_drawing(text: str, state: BackgammonState, ids_text: str) -> None:
    """``ValueError`` unless the board ``text`` draws is ``state``'s (module doc)."""
    drawn = _board_lines(text)
    if not any(_board_lines(text_board(state, x, ("", ""), ids_text)) == drawn for x in (0, 1)):
        raise ValueError("the board drawn is not the position its Position ID and Match ID give "
                         "(a line edited or lost?)")


def _board_lines(text: str) -> list[str]:
    """The diagram's drawn board: its frame lines' first :data:`BOARD_WIDTH` columns."""
    lines = [line.rstrip("\r") for line in text.splitlines()]
    start = next((i for i, line in enumerate(lines) if line.lstrip().startswith("+")), None)
    if start is None:
        return []
    return [line[:BOARD_WIDTH].rstrip() for line in lines[start:start + 13]]


def decider(state: BackgammonState) -> int:
    """The player a shared board is drawn for: the taker while a double is offered, else the
    player on turn (the first before the opening roll)."""
    turn = state.turn if state.turn is not None else 0
    return 1 - turn if state.cube is not None and state.cube.phase == OFFERED else turn


def diagram_of(state: BackgammonState, ids_text: str) -> str:
    """``state`` as GNU Backgammon's board for sharing: :func:`decider` as X, the sides named
    by their colours."""
    x = decider(state)
    return text_board(state, x, (TITLES[x], TITLES[1 - x]), ids_text)
