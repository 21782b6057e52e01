"""Position text for the command line and tests, parsed and printed symmetrically.

Form: ``1:MCM,2:MMM,3:PMP,4:MMM,5:MMM,6:MAM,7:KMK,8:MMM;turn=player;first=player;score=0-0``.
Piles list their pieces bottom to top (the last letter is sown first).  Empty areas may be
omitted (or written ``7:``); :func:`format_position` omits them, so an empty board leaves
just the fields (``turn=player;first=player;score=21-8``).

Choices: letters and side names are read in any case; the ``turn``, ``first`` and ``score``
fields may come in any order and may be left out (``first`` defaults to the Player, ``turn``
to the first mover, ``score`` to 0-0).  The only piece total the rules fix is the 24 pieces
of every starting pattern, and the text keeps scores rather than scored pieces, so the check
is "at most 24 pieces on the board".
"""

from __future__ import annotations

from ..core.untrusted import shown
from .state import AREA_COUNT, BASES, PIECES, SIDES, TOTAL_PIECES, MandragoraState

EXAMPLE = "1:MCM,2:MMM,3:PMP,4:MMM,5:MMM,6:MAM,7:KMK,8:MMM;turn=player;first=player;score=0-0"


def format_position(state: MandragoraState) -> str:
    """The position text of ``state`` (not of the chance node before the setup is drawn)."""
    if state.setups:
        raise ValueError("no position yet: the pattern and first mover are still to be drawn")
    board = ",".join(f"{area}:{pile}" for area, pile in enumerate(state.board, 1) if pile)
    player, opponent = state.scores
    fields = f"turn={SIDES[state.turn]};first={SIDES[state.first]};score={player}-{opponent}"
    return f"{board};{fields}" if board else fields


def parse_position(text: str) -> MandragoraState:
    """The state ``text`` describes; ``ValueError`` naming the problem if it is malformed."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"empty position text; expected e.g. {EXAMPLE}")
    board_text, *fields = text.strip().split(";")
    if "=" in board_text:  # every area empty and omitted
        board_text, fields = "", [board_text, *fields]
    board = _parse_board(board_text)
    values: dict[str, str] = {}
    for field in fields:
        key, equals, value = field.partition("=")
        key = key.strip().lower()
        if not equals or key not in ("turn", "first", "score"):
            raise ValueError(f"bad field {shown(field.strip())}: expected turn=..., first=... or score=A-B")
        if key in values:
            raise ValueError(f"field {key!r} is given twice")
        values[key] = value.strip()
    first = _parse_side(values.get("first", "player"), "first")
    turn = _parse_side(values["turn"], "turn") if "turn" in values else first
    scores = _parse_score(values.get("score", "0-0"))
    return MandragoraState(board, turn, first, scores)


def _parse_board(text: str) -> tuple[str, ...]:
    piles = [""] * AREA_COUNT
    seen: set[int] = set()
    if not text.strip():
        return tuple(piles)
    for item in text.split(","):
        area_text, colon, pile = item.strip().partition(":")
        area_text, pile = area_text.strip(), pile.strip().upper()
        if not colon or not area_text:
            raise ValueError(f"bad area entry {shown(item.strip())}: expected AREA:PIECES such as 1:MCM")
        if not _is_number(area_text):
            raise ValueError(f"bad area {shown(area_text)} in {shown(item.strip())}: areas are 1 to {AREA_COUNT}")
        area = int(area_text)
        if area in BASES:
            raise ValueError(f"area {area} is a base; bases hold scored pieces and are given by score=")
        if not 1 <= area <= AREA_COUNT:
            raise ValueError(f"area {area} is out of range: areas are 1 to {AREA_COUNT}")
        if area in seen:
            raise ValueError(f"area {area} is given twice")
        bad = sorted(set(pile) - set(PIECES))
        if bad:
            raise ValueError(f"unknown piece letter {bad[0]!r} in area {area}: pieces are {', '.join(PIECES)}")
        seen.add(area)
        piles[area - 1] = pile
    total = sum(map(len, piles))
    if total > TOTAL_PIECES:
        raise ValueError(f"{total} pieces on the board: the game has only {TOTAL_PIECES}")
    return tuple(piles)


def _parse_side(text: str, field: str) -> int:
    name = text.strip().lower()
    if name not in SIDES:
        raise ValueError(f"bad {field}={shown(text)}: expected player or opponent")
    return SIDES.index(name)


def _parse_score(text: str) -> tuple[int, int]:
    parts = text.split("-")
    if len(parts) != 2 or not all(_is_number(part.strip()) for part in parts):
        raise ValueError(f"bad score={shown(text)}: expected two whole numbers such as 21-8 (Player first)")
    return int(parts[0]), int(parts[1])


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()
