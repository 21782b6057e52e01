"""Chesstack positions as text people type and as the JSON programs exchange.

**Text** (one line, read and written symmetrically)::

    white K*e1:4/0 Re4:0/2 Pa7:0/1 pocket Q1 B2 N2 R1 P7; black Ne6:3/0 K*e8:4/0 pocket Q1 B2 N1 R2 P8; ply 0

Each side lists its pieces (written by square, a1 first) as type, ``*`` if royal, square and
``:stun/move``, then
``pocket`` and the types it holds with their counts (``pocket -`` when empty); ``ply`` is the
number of actions played (the log length: White moves when it is even).  Read in any case and
spacing; a piece without ``:stun/move`` has 0/0, a King is royal with or without its ``*``
(every King is: placing one makes it royal and nothing takes that away), a side without
``pocket`` has an empty one, a missing ``ply`` is 0, and ``start`` is the starting position.

**JSON** (``--position`` starting with ``{``, or ``@file.json``)::

    {"board": [{"square": "e1", "colour": "white", "type": "K", "stun": 4, "move": 0,
                "royal": true}, ...],
     "pockets": {"white": {"K": 0, "Q": 1, ...}, "black": {...}}, "log_length": 4}

A pocket type left out counts 0; a board entry's ``stun`` and ``move`` default to 0 and
``royal`` to whether it is a King (a King with ``"royal": false`` is refused).  :func:`position_json` writes every pocket type.

Positions are checked: one piece a square, known types and colours, stacks whole numbers from
0 to :data:`MAX_STACK`, a ply at most :data:`MAX_PLY`, no pawn on its promotion rank, no more pieces than the game has (32 in all, at
most 2 Kings and 16 pawns, since captures and promotions only move and change pieces), and a
side that must still place its King (log length below 2) has one in its pocket.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.untrusted import UntrustedFileError, parse_json, read_text, shown
from .pieces import last_rank, parse_square, parse_type, square_name
from .state import COLOURS, START_POCKET, TYPES, ChesstackState, Piece, must_place_king

TOTAL_PIECES = sum(START_POCKET) * 2
MAX_PLY = 1_000_000
"""The most actions a position may say were played (a long game has a few hundred)."""
MAX_STACK = 100_000
"""The largest stun or move stack read.  The rules set no cap, but a stack grows by at most
one an action beyond what placements (13 at most) and captures bring, so only a game of some
hundred thousand actions could build one this tall; anything taller is refused rather than
carried into the evaluators' arithmetic."""
EXAMPLE = "white K*e1:4/0 pocket Q1 B2 N2 R2 P8; black K*e8:4/0 pocket Q1 B2 N2 R2 P8; ply 2"
_TYPE_PATTERN = "|".join(sorted(TYPES, key=len, reverse=True))
_PIECE = re.compile(r"([a-z]+)(\*?)([a-z]\d+)(?::(-?\d+)/(-?\d+))?", re.I)
_COUNT = re.compile(rf"({_TYPE_PATTERN})(\d+)", re.I)


# -- text ------------------------------------------------------------------------------------------
def format_position(state: ChesstackState) -> str:
    """The one-line text of ``state`` (see the module doc)."""
    sides = []
    for colour, name in enumerate(COLOURS):
        pieces = [f"{p.kind}{'*' if p.royal else ''}{square_name(sq)}:{p.stun}/{p.move}" for sq, p in state.pieces(colour)]
        pocket = [f"{kind}{count}" for kind, count in zip(TYPES, state.pockets[colour]) if count]
        sides.append(" ".join([name, *pieces, "pocket", *(pocket or ["-"])]))
    return f"{sides[0]}; {sides[1]}; ply {state.log_length}"


MAX_FILE_BYTES = 64_000
"""Largest position file read (a position's JSON is under 2 KB)."""


def parse_position(text: str) -> ChesstackState:
    """Text or JSON (``{...}``, or ``@file.json``), or ``start``; ``ValueError`` saying what is wrong."""
    text = text.strip() if isinstance(text, str) else ""
    if text.startswith("@"):  # a file: untrusted, so a regular one of bounded size
        try:
            text = read_text(text[1:], MAX_FILE_BYTES, "Chesstack position file").strip()
        except UntrustedFileError as error:
            raise ValueError(f"cannot read the position file: {error}") from None
    if text.startswith("{"):
        try:
            data = parse_json(text, "the position", "JSON position")
        except UntrustedFileError as error:
            raise ValueError(f"bad JSON position: {error}") from None
        return position_from_json(data)
    if not text:
        raise ValueError(f"empty position; expected e.g. {EXAMPLE!r}, start, or JSON")
    if text.lower() == "start":
        return ChesstackState.start()
    return _from_text(text)


def _from_text(text: str) -> ChesstackState:
    board: dict[int, Piece] = {}
    pockets: list[list[int] | None] = [None, None]
    ply = 0
    for field in (part.strip() for part in text.split(";")):
        words = field.split()
        head = words[0].lower() if words else ""
        if head in ("ply", "log"):
            if len(words) != 2 or not words[1].isdigit():
                raise ValueError(f"bad field {shown(field, 80)}: expected ply N, the number of actions played")
            ply = _count(_whole(words[1]), "ply", MAX_PLY)
        elif head in COLOURS:
            colour = COLOURS.index(head)
            if pockets[colour] is not None:
                raise ValueError(f"{head} is described twice")
            pockets[colour] = _side(words[1:], colour, board)
        else:
            raise ValueError(f"bad field {shown(field, 80)}: expected 'white ...', 'black ...' or 'ply N' "
                             f"(e.g. {EXAMPLE!r})")
    cells = [board.get(sq) for sq in range(64)]
    return _checked(cells, [pocket or [0] * len(TYPES) for pocket in pockets], ply)


def _side(words: list[str], colour: int, board: dict[int, Piece]) -> list[int]:
    """Read one side's pieces into ``board``; its pocket."""
    pocket = [0] * len(TYPES)
    in_pocket = False
    for word in words:
        if word.lower() == "pocket":
            in_pocket = True
        elif in_pocket:
            if word == "-":
                continue
            match = _COUNT.fullmatch(word)
            if not match:
                raise ValueError(f"bad pocket entry {shown(word, 80)}: expected a type and a count, e.g. Q1")
            pocket[TYPES.index(parse_type(match[1]))] += _count(_whole(match[2]), f"pocket {match[1]}", TOTAL_PIECES)
        else:
            match = _PIECE.fullmatch(word)
            if not match:
                raise ValueError(f"bad piece {shown(word, 80)}: expected type, * if royal, square and :stun/move, "
                                 "e.g. K*e1:4/0")
            kind, sq = parse_type(match[1]), parse_square(match[3])
            if sq in board:
                raise ValueError(f"two pieces on {square_name(sq)}")
            stun = _count(_whole(match[4] or "0"), f"stun on {square_name(sq)}", MAX_STACK)
            move = _count(_whole(match[5] or "0"), f"move on {square_name(sq)}", MAX_STACK)
            board[sq] = Piece(colour, kind, stun, move, bool(match[2]) or kind == "K")
    return pocket


# -- JSON ------------------------------------------------------------------------------------------
def position_json(state: ChesstackState) -> dict[str, Any]:
    """``state`` as the JSON object of the module doc (every pocket type written)."""
    return {
        "board": [{"square": square_name(sq), "colour": COLOURS[p.colour], "type": p.kind, "stun": p.stun,
                   "move": p.move, "royal": p.royal} for sq, p in enumerate(state.board) if p is not None],
        "pockets": {name: dict(zip(TYPES, state.pockets[colour])) for colour, name in enumerate(COLOURS)},
        "log_length": state.log_length,
    }


def position_from_json(data: Any) -> ChesstackState:
    """The state a JSON object describes; ``ValueError`` saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a JSON position is an object with board, pockets and log_length")
    _only(data, {"board", "pockets", "log_length"}, "position")
    entries = data.get("board", [])
    if not isinstance(entries, list):
        raise ValueError("board must be a list of pieces")
    cells: list[Piece | None] = [None] * 64
    for entry in entries:
        if not isinstance(entry, dict):
            raise ValueError(f"bad board entry {shown(entry)}: expected an object with square, colour and type")
        _only(entry, {"square", "colour", "type", "stun", "move", "royal"}, "board entry")
        try:
            sq, kind = parse_square(str(entry["square"])), parse_type(str(entry["type"]))
            colour = _colour(entry["colour"])
        except KeyError as missing:
            raise ValueError(f"board entry {shown(entry)} has no {missing}") from None
        if cells[sq] is not None:
            raise ValueError(f"two pieces on {square_name(sq)}")
        royal = entry.get("royal", kind == "K")
        if not isinstance(royal, bool):
            raise ValueError(f"royal on {square_name(sq)} must be true or false, got {shown(royal)}")
        if kind == "K" and not royal:
            raise ValueError(f"the King on {square_name(sq)} is not royal: every King is (placing one makes it royal)")
        cells[sq] = Piece(colour, kind, _count(entry.get("stun", 0), f"stun on {square_name(sq)}", MAX_STACK),
                          _count(entry.get("move", 0), f"move on {square_name(sq)}", MAX_STACK), royal)
    pockets = data.get("pockets", {})
    if not isinstance(pockets, dict):
        raise ValueError("pockets must be an object with white and black")
    _only(pockets, set(COLOURS), "pockets")
    counts = []
    for name in COLOURS:
        pocket = pockets.get(name, {})
        if not isinstance(pocket, dict):
            raise ValueError(f"the {name} pocket must be an object of type: count")
        held = [0] * len(TYPES)
        for kind, count in pocket.items():
            held[TYPES.index(parse_type(str(kind)))] = _count(count, f"{name} pocket {str(kind)[:20]}", TOTAL_PIECES)
        counts.append(held)
    return _checked(cells, counts, _count(data.get("log_length", 0), "log_length", MAX_PLY))


def _only(data: dict, allowed: set[str], what: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ValueError(f"unknown {what} field {shown(unknown[0])}; expected {', '.join(sorted(allowed))}")


def _colour(value: Any) -> int:
    if isinstance(value, str) and value.strip().lower() in COLOURS:
        return COLOURS.index(value.strip().lower())
    raise ValueError(f"bad colour {shown(value)}: expected white or black")


def _count(value: Any, what: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise ValueError(f"{what} must be a whole number from 0 to {most:,}, got {shown(value)}")
    return value


def _whole(digits: str) -> int | str:
    """``digits`` (a signed run of digits) as a number, or as the text when it is too long
    to be any count (so :func:`_count` refuses it without converting thousands of digits)."""
    return int(digits) if len(digits.lstrip("-0")) <= 12 else digits


# -- checks shared by both forms ---------------------------------------------------------------------
def _checked(cells: list[Piece | None], pockets: list[list[int]], log_length: int) -> ChesstackState:
    """The state, once it passes the checks of the module doc."""
    for sq, piece in enumerate(cells):
        if piece is not None and piece.kind == "P" and sq // 8 == last_rank(piece.colour):
            raise ValueError(f"a {COLOURS[piece.colour]} pawn cannot stand on {square_name(sq)}, its promotion rank")
    total = {kind: sum(p[i] for p in pockets) for i, kind in enumerate(TYPES)}
    for piece in cells:
        if piece is not None:
            total[piece.kind] += 1
    limits = (("pieces", sum(total.values()), TOTAL_PIECES), ("Kings", total["K"], 2), ("pawns", total["P"], 16))
    for what, count, most in limits:
        if count > most:
            raise ValueError(f"{count} {what} in the position; the game has {most}")
    state = ChesstackState(tuple(cells), (tuple(pockets[0]), tuple(pockets[1])), log_length)
    if must_place_king(state) and not state.pocket_count(state.turn, "K"):
        raise ValueError(f"ply {log_length}: {COLOURS[state.turn]} has no royal on the board and must place its "
                         "King first, but has none in its pocket")
    return state
