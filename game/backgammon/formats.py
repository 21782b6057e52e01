"""Position and match exchange formats: GNU Backgammon position/match IDs and XGIDs.

Everything here converts between text and the tuples of :mod:`.board`; nothing depends on
the rules engine.  Parsers raise ``ValueError`` with a message that names the format and the
problem, e.g. ``invalid position ID 'xyz': expected 14 characters, got 3``.

Player numbering: gnubg's player 0 / player 1 and XG's bottom / top players are both ``0`` /
``1``.  A cube owner is ``0``, ``1`` or :data:`CENTRED` (``3``, gnubg's raw value) everywhere
in this module.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from ..core.untrusted import shown
from .board import BAR, CHECKERS, OFF, SLOTS, Side, check_board

CENTRED = 3
"""Cube owner value for a centred cube (gnubg's raw bit pattern ``11``)."""

_BASE64_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_POSITION_ID_LENGTH = 14  # 80 bits in 10 bytes
_MATCH_ID_LENGTH = 12  # 72 bits in 9 bytes


# --------------------------------------------------------------------------- helpers


def _invalid(what: str, text: str, problem: str) -> ValueError:
    return ValueError(f"invalid {what} {shown(text, 80)}: {problem}")


def _decode_base64(what: str, text: str, length: int, nbytes: int) -> int:
    """The bytes behind a gnubg base64 ID as one LSB-first integer."""
    if len(text) != length:
        raise _invalid(what, text, f"expected {length} characters, got {len(text)}")
    bad = sorted(set(text) - _BASE64_ALPHABET)
    if bad:
        raise _invalid(what, text, f"characters {''.join(bad)!r} are not base64 (A-Z a-z 0-9 + /)")
    raw = base64.b64decode(text + "=" * (-length % 4))
    return int.from_bytes(raw[:nbytes], "little")


def _encode_base64(value: int, length: int, nbytes: int) -> str:
    return base64.b64encode(value.to_bytes(nbytes, "little")).decode("ascii")[:length]


def _complete_side(name: str, counts: list[int]) -> Side:
    """``counts`` (bar and points filled in) with the missing checkers borne off."""
    on_board = sum(counts[1:])
    if on_board > CHECKERS:
        raise ValueError(f"{name} has {on_board} checkers; at most {CHECKERS}")
    counts[OFF] = CHECKERS - on_board
    return tuple(counts)


def _check_dice(dice: tuple[int, int], allow_unrolled: bool) -> None:
    if len(dice) != 2 or any(not 0 <= d <= 6 for d in dice):
        raise ValueError(f"dice {dice} are not two values in 1..6")
    if 0 in dice and (not allow_unrolled or dice != (0, 0)):
        raise ValueError(f"dice {dice}: both dice must be rolled" + (" or both 0" if allow_unrolled else ""))


# --------------------------------------------------------------------------- position ID


def position_id(me: Side, opp: Side) -> str:
    """GNU Backgammon position ID (14 characters) of the board ``(me, opp)``, ``me`` on roll.

    The opponent is encoded first, then the side on roll; each walks its points 1..24 then
    its bar, writing one ``1`` bit per checker and a ``0`` after each slot (LSB first).
    """
    check_board(me, opp)
    value = shift = 0
    for side in (opp, me):
        for slot in range(1, BAR + 1):
            value |= ((1 << side[slot]) - 1) << shift
            shift += side[slot] + 1
    return _encode_base64(value, _POSITION_ID_LENGTH, 10)


def parse_position_id(text: str) -> tuple[Side, Side]:
    """``(side_on_roll, opponent)`` from a GNU Backgammon position ID.

    Checkers missing from a side (fewer than 15 on the board and bar) are borne off.
    """
    value = _decode_base64("position ID", text, _POSITION_ID_LENGTH, 10)
    sides = []
    try:
        for name in ("opponent", "player on roll"):
            counts = [0] * SLOTS
            for slot in range(1, BAR + 1):
                while value & 1:
                    counts[slot] += 1
                    value >>= 1
                value >>= 1
            sides.append(_complete_side(name, counts))
        if value:
            raise ValueError("bits set after the last slot")
        opp, me = sides
        check_board(me, opp)
    except ValueError as err:
        raise _invalid("position ID", text, str(err)) from None
    return me, opp


# --------------------------------------------------------------------------- match ID

# (field, first bit, bit count) of gnubg's 9-byte match key.
_MATCH_FIELDS = (
    ("cube_log2", 0, 4), ("cube_owner", 4, 2), ("on_roll", 6, 1), ("crawford", 7, 1),
    ("game_state", 8, 3), ("turn", 11, 1), ("double_offered", 12, 1), ("resignation", 13, 2),
    ("die1", 15, 3), ("die2", 18, 3), ("match_length", 21, 15),
    ("score0", 36, 15), ("score1", 51, 15), ("jacoby_off", 66, 1),
)
_PLAIN_FIELDS = ("cube_log2", "cube_owner", "on_roll", "crawford", "game_state", "turn",
                 "double_offered", "resignation", "match_length")  # stored as they are
_MAX_SCORE = (1 << 15) - 1


@dataclass(frozen=True)
class MatchInfo:
    """The match and cube state in a GNU Backgammon match ID (raw gnubg values).

    - ``cube_log2``: log2 of the cube value (0..15).
    - ``cube_owner``: 0 or 1 for the owning player, :data:`CENTRED` (3) for a centred cube.
    - ``on_roll``: the player on roll (or who just rolled); ``turn``: the player to make the
      next decision (differs from ``on_roll`` while a double or resignation is pending).
    - ``game_state``: 0 none, 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube.
    - ``resignation``: 0 none, 1 single, 2 gammon, 3 backgammon.
    - ``dice``: ``(0, 0)`` when not rolled; stored higher die first, as gnubg writes it.
    - ``match_length``: 0 for a money session; ``score``: points of players 0 and 1 (below
      the length while a game is played; a finished match may end above it).
    - ``jacoby``: the Jacoby rule is in use (the ID stores its negation in bit 66).
    """

    cube_log2: int = 0
    cube_owner: int = CENTRED
    on_roll: int = 0
    crawford: bool = False
    game_state: int = 1
    turn: int = 0
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def __post_init__(self) -> None:
        _check_dice(self.dice, allow_unrolled=True)
        object.__setattr__(self, "dice", tuple(sorted(self.dice, reverse=True)))
        object.__setattr__(self, "score", tuple(self.score))
        for name, low, high in (("cube_log2", 0, 15), ("on_roll", 0, 1), ("turn", 0, 1),
                                ("game_state", 0, 4), ("resignation", 0, 3),
                                ("match_length", 0, _MAX_SCORE)):
            if not low <= getattr(self, name) <= high:
                raise ValueError(f"{name} {getattr(self, name)} is not in {low}..{high}")
        if self.cube_owner not in (0, 1, CENTRED):
            raise ValueError(f"cube owner {self.cube_owner} is not 0, 1 or {CENTRED} (centred)")
        if len(self.score) != 2 or any(not 0 <= s <= _MAX_SCORE for s in self.score):
            raise ValueError(f"score {self.score} is not two values in 0..{_MAX_SCORE}")
        if self.match_length:
            if self.game_state == 1 and max(self.score) > self.match_length - 1:  # a finished game may pass it
                raise ValueError(f"score {self.score[0]}-{self.score[1]} is impossible "
                                 f"in a game of a {self.match_length}-point match")
        elif self.crawford:
            raise ValueError("Crawford game in money play (match length 0)")


def match_id(info: MatchInfo) -> str:
    """The 12-character GNU Backgammon match ID of ``info``."""
    raw = {name: int(getattr(info, name)) for name in _PLAIN_FIELDS}
    raw.update(die1=info.dice[0], die2=info.dice[1], score0=info.score[0],
               score1=info.score[1], jacoby_off=int(not info.jacoby))
    value = 0
    for name, first, _ in _MATCH_FIELDS:
        value |= raw[name] << first
    return _encode_base64(value, _MATCH_ID_LENGTH, 9)


def parse_match_id(text: str) -> MatchInfo:
    """:class:`MatchInfo` from a 12-character GNU Backgammon match ID."""
    value = _decode_base64("match ID", text, _MATCH_ID_LENGTH, 9)
    raw = {name: (value >> first) & ((1 << bits) - 1) for name, first, bits in _MATCH_FIELDS}
    try:
        fields = {name: raw[name] for name in _PLAIN_FIELDS}
        fields.update(crawford=bool(raw["crawford"]), double_offered=bool(raw["double_offered"]))
        return MatchInfo(**fields, dice=(raw["die1"], raw["die2"]),
                         score=(raw["score0"], raw["score1"]), jacoby=not raw["jacoby_off"])
    except ValueError as err:
        raise _invalid("match ID", text, str(err)) from None


# --------------------------------------------------------------------------- XGID

_XGID_FIELDS = ("position", "cube", "cube owner", "turn", "dice", "bottom score",
                "top score", "rules/Crawford", "match length", "max cube")
_XG_OWNER = {1: 0, 0: CENTRED, -1: 1}  # XGID value -> ours
_XG_TURN = {1: 0, -1: 1}
_CUBE_ACTIONS = ("D", "B", "R")


@dataclass(frozen=True)
class XgidPosition:
    """An eXtreme Gammon XGID.  Player 0 is the bottom player, 1 the top player.

    ``bottom`` and ``top`` are sides in their own numbering: an uppercase letter at XGID
    index ``i`` counts bottom's checkers on bottom's point ``i`` (index 25 is bottom's bar);
    a lowercase letter at index ``i`` counts top's checkers on top's point ``25 - i``
    (index 0 is top's bar).  ``dice`` is ``None`` before the roll and during cube action;
    ``cube_action`` is then ``"D"`` (double offered by ``turn``), ``"B"`` (beaver),
    ``"R"`` (raccoon) or ``""``.  ``cube_owner`` is 0, 1 or :data:`CENTRED`.
    ``crawford_or_rules`` is XG's field 8 as is: the Crawford flag in a match, Jacoby (+1)
    and beavers (+2) in money play.
    """

    bottom: Side
    top: Side
    turn: int
    dice: tuple[int, int] | None
    cube_log2: int = 0
    cube_owner: int = CENTRED
    score_bottom: int = 0
    score_top: int = 0
    match_length: int = 0
    crawford_or_rules: int = 0
    max_cube_log2: int = 10
    cube_action: str = ""

    def __post_init__(self) -> None:
        check_board(self.bottom, self.top)
        if self.turn not in (0, 1):
            raise ValueError(f"turn {self.turn} is not 0 (bottom) or 1 (top)")
        if self.cube_action not in ("",) + _CUBE_ACTIONS:
            raise ValueError(f"cube action {self.cube_action!r} is not '', 'D', 'B' or 'R'")
        if self.dice is not None:
            _check_dice(self.dice, allow_unrolled=False)
            if self.cube_action:
                raise ValueError("dice are rolled during cube action")
        if self.cube_owner not in (0, 1, CENTRED):
            raise ValueError(f"cube owner {self.cube_owner} is not 0, 1 or {CENTRED} (centred)")

    def board_on_roll(self) -> tuple[Side, Side]:
        """``(side_on_roll, opponent)`` for the player whose turn it is."""
        return (self.bottom, self.top) if self.turn == 0 else (self.top, self.bottom)

    def match_info(self) -> MatchInfo:
        """The same cube, score and dice as a gnubg :class:`MatchInfo` (bottom = player 0)."""
        doubled = bool(self.cube_action)
        return MatchInfo(
            cube_log2=self.cube_log2, cube_owner=self.cube_owner, on_roll=self.turn,
            crawford=bool(self.match_length and self.crawford_or_rules & 1),
            turn=1 - self.turn if doubled else self.turn, double_offered=doubled,
            dice=self.dice or (0, 0), match_length=self.match_length,
            score=(self.score_bottom, self.score_top),
            jacoby=bool(not self.match_length and self.crawford_or_rules & 1))


def _xgid_slot(char: str, index: int) -> tuple[int, int]:
    """(bottom count, top count) of one XGID position character."""
    if char == "-":
        return 0, 0
    if not ("A" <= char <= "Z" or "a" <= char <= "z"):
        raise ValueError(f"position index {index}: {char!r} is not '-', A-O or a-o")
    count = ord(char.lower()) - ord("a") + 1
    if count > CHECKERS:
        raise ValueError(f"position index {index}: {char!r} means {count} checkers; at most {CHECKERS}")
    bottom = char.isupper()
    if index == (0 if bottom else 25):
        owner = "top player's" if index == 0 else "bottom player's"
        raise ValueError(f"position index {index} is the {owner} bar; {char!r} is the other player's")
    return (count, 0) if bottom else (0, count)


def _xgid_int(fields: list[str], number: int, allowed: dict[int, int] | None = None) -> int:
    """Field ``number`` (1-based) as an int, mapped through ``allowed`` when given."""
    name, text = _XGID_FIELDS[number - 1], fields[number - 1]
    if not re.fullmatch(r"-?\d+", text):
        raise ValueError(f"field {number} ({name}) {shown(text, 20)} is not a number")
    if len(text.lstrip("-0")) > 5:  # no field holds more than 32767 (and Python refuses 4,300 digits)
        raise ValueError(f"field {number} ({name}) {shown(text, 20)} is beyond any backgammon value")
    value = int(text)
    if allowed is not None:
        if value not in allowed:
            choices = ", ".join(map(str, allowed))
            raise ValueError(f"field {number} ({name}) is {value}; expected one of {choices}")
        return allowed[value]
    if value < 0:
        raise ValueError(f"field {number} ({name}) {value} is negative")
    return value


def parse_xgid(text: str) -> XgidPosition:
    """:class:`XgidPosition` from an XGID, with or without the ``XGID=`` prefix."""
    body = text.strip()
    if body[:5].upper() == "XGID=":
        body = body[5:]
    fields = body.split(":")
    try:
        if len(fields) != len(_XGID_FIELDS):
            raise ValueError(f"expected {len(_XGID_FIELDS)} fields separated by ':', got {len(fields)}")
        position, dice_text = fields[0], fields[4]
        if len(position) != SLOTS:
            raise ValueError(f"field 1 (position) has {len(position)} characters; expected {SLOTS}")
        bottom, top = [0] * SLOTS, [0] * SLOTS
        for index, char in enumerate(position):
            b, t = _xgid_slot(char, index)
            bottom[index] += b
            top[25 - index] += t
        dice, action = None, ""
        if dice_text in _CUBE_ACTIONS:
            action = dice_text
        elif re.fullmatch(r"[1-6]{2}", dice_text):
            dice = (int(dice_text[0]), int(dice_text[1]))
        elif dice_text != "00":
            raise ValueError(f"field 5 (dice) {shown(dice_text, 20)} is not '00', two dice 1-6, 'D', 'B' or 'R'")
        return XgidPosition(
            bottom=_complete_side("bottom player", bottom), top=_complete_side("top player", top),
            turn=_xgid_int(fields, 4, _XG_TURN), dice=dice, cube_action=action,
            cube_log2=_xgid_int(fields, 2), cube_owner=_xgid_int(fields, 3, _XG_OWNER),
            score_bottom=_xgid_int(fields, 6), score_top=_xgid_int(fields, 7),
            crawford_or_rules=_xgid_int(fields, 8), match_length=_xgid_int(fields, 9),
            max_cube_log2=_xgid_int(fields, 10))
    except ValueError as err:
        raise _invalid("XGID", text, str(err)) from None


def format_xgid(pos: XgidPosition) -> str:
    """The ``XGID=...`` text of ``pos`` (the inverse of :func:`parse_xgid`)."""
    chars = []
    for index in range(SLOTS):
        mine = pos.bottom[index] if index != OFF else 0
        theirs = pos.top[25 - index] if index != BAR else 0
        chars.append(chr(ord("A") + mine - 1) if mine else chr(ord("a") + theirs - 1) if theirs else "-")
    owner = {ours: xg for xg, ours in _XG_OWNER.items()}[pos.cube_owner]
    dice = pos.cube_action or ("%d%d" % pos.dice if pos.dice else "00")
    fields = ("".join(chars), pos.cube_log2, owner, 1 if pos.turn == 0 else -1, dice,
              pos.score_bottom, pos.score_top, pos.crawford_or_rules, pos.match_length,
              pos.max_cube_log2)
    return "XGID=" + ":".join(map(str, fields))


# --------------------------------------------------------------------------- any of them


@dataclass(frozen=True)
class ParsedPosition:
    """A position read by :func:`parse_position`.

    ``me`` is the side on roll and ``opp`` its opponent; ``player_on_roll`` is gnubg's player
    number (0 for a bare position ID) or XG's 0 = bottom / 1 = top; ``dice`` is ``None`` when
    not rolled; ``match`` is ``None`` for a bare position ID.
    """

    me: Side
    opp: Side
    player_on_roll: int = 0
    dice: tuple[int, int] | None = None
    match: MatchInfo | None = None


def parse_position(text: str) -> ParsedPosition:
    """A position from a 14-character position ID, ``posid:matchid`` or an XGID."""
    text = text.strip()
    if text[:5].upper() == "XGID=" or text.count(":") == len(_XGID_FIELDS) - 1:
        xgid = parse_xgid(text)
        try:
            match = xgid.match_info()
        except ValueError as err:
            raise _invalid("XGID", text, str(err)) from None
        return ParsedPosition(*xgid.board_on_roll(), xgid.turn, xgid.dice, match)
    if ":" not in text:
        return ParsedPosition(*parse_position_id(text))
    parts = text.split(":")
    if len(parts) != 2:
        raise _invalid("GNU ID", text, f"expected 'positionID:matchID', got {len(parts)} parts")
    me, opp = parse_position_id(parts[0].strip())
    match = parse_match_id(parts[1].strip())
    return ParsedPosition(me, opp, match.on_roll, match.dice if match.dice != (0, 0) else None, match)
