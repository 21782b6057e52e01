"""A backgammon position being set up by hand: checkers, turn, dice, cube and match, mutable.

Choices:

- **Counts are kept as placed**, each colour's slots in its own numbering as in
  :mod:`..board` (``OFF`` the tray, 1..24 the points, ``BAR``), so a draft may hold an
  impossible position (16 checkers, a shared point) while it is edited; :mod:`.checks` says
  what is wrong, and only a draft without problems becomes a state.
- **The tray is where checkers come from and go to**, as in GNU Backgammon's edit mode, where
  checkers not on the board are borne off: a checker added to a point or the bar is taken
  from its colour's tray while the tray holds any (so a colour keeps its 15), else it is a
  new one (a 16th is then reported); one removed from a point or the bar goes back to the
  tray, unless its colour has more than 15 (then it leaves the game: a click and a right
  click on the same point undo each other); added to or removed from the tray itself, one is
  added to or taken out of the game.
  "Clear" puts every checker in the trays.
- **Dice** are kept as typed (``"31"``, ``"3"`` half chosen, ``""`` none), so a half-typed
  roll is a problem to report rather than a keystroke lost.
- **Three kinds of game**: cubeless, a money game and a match.  A money game's score is not
  kept (neither format has one); Jacoby and beavers are money rules, Crawford a match's.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..board import CHECKERS, OFF, SLOTS, START_SIDE
from ..cube.state import DECIDE, MAX_MATCH_LENGTH, CubeState
from ..state import BackgammonState
from ..status import TITLES

CUBELESS, MONEY, MATCH = "cubeless", "money", "match"
KINDS = (CUBELESS, MONEY, MATCH)
WHITE, BLACK = 0, 1


def read_dice(text: str) -> tuple[int, int] | None:
    """``(high, low)`` from ``"31"``, ``"3-1"`` or ``"3 1"``; ``None`` for no dice (``""``);
    ``ValueError`` for anything else (one die, a 7, letters)."""
    digits = "".join(c for c in text if c not in " -")
    if not digits:
        return None
    if len(digits) != 2 or not all("1" <= c <= "6" for c in digits):
        raise ValueError(text)
    high, low = sorted(map(int, digits), reverse=True)
    return high, low


@dataclass
class Draft:
    """A position being set up; see the module's docstring.  ``sides[colour][slot]``."""

    sides: list[list[int]] = field(default_factory=lambda: [list(START_SIDE), list(START_SIDE)])
    turn: int = WHITE
    dice_text: str = ""
    kind: str = CUBELESS
    cube: int = 1
    owner: int | None = None
    length: int = 7
    """The match's length (kept while another kind is chosen, for when a match is chosen again)."""
    score: list[int] = field(default_factory=lambda: [0, 0])
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    colour: int = WHITE
    """The colour a left click adds."""

    # -- from a state -----------------------------------------------------------------------------
    @classmethod
    def of(cls, state: BackgammonState | None) -> "Draft":
        """A draft of ``state`` (the starting position for ``None``; an opening roll not yet
        made is White's turn).  A double on offer is left out (the doubler is to decide again),
        and so is an offer to resign."""
        draft = cls()
        if state is None:
            return draft
        draft.sides = [list(state.sides[0]), list(state.sides[1])]
        draft.turn = WHITE if state.turn is None else state.turn
        draft.dice_text = "" if state.dice is None else f"{state.dice[0]}{state.dice[1]}"
        cube = state.cube
        if cube is not None:
            draft.kind = MATCH if cube.is_match else MONEY
            draft.cube, draft.owner = cube.value, cube.owner
            draft.length = cube.match_length or draft.length
            draft.score = list(cube.score) if cube.is_match else [0, 0]
            draft.crawford, draft.jacoby, draft.beavers = cube.crawford, cube.jacoby, cube.beavers
        return draft

    # -- checkers --------------------------------------------------------------------------------
    def count(self, colour: int, slot: int) -> int:
        return self.sides[colour][slot]

    def total(self, colour: int) -> int:
        """Every checker of ``colour``: on the points, on the bar and in the tray."""
        return sum(self.sides[colour])

    def add(self, colour: int, slot: int) -> None:
        """A checker of ``colour`` on ``slot`` (its own numbering): from its tray while it
        holds any, unless ``slot`` is the tray itself."""
        side = self.sides[colour]
        if slot != OFF and side[OFF] > 0:
            side[OFF] -= 1
        side[slot] += 1

    def remove(self, colour: int, slot: int) -> bool:
        """One checker of ``colour`` off ``slot``: back to its tray (out of the game when
        ``slot`` is the tray, or when ``colour`` has more than 15); False if there is none there."""
        side = self.sides[colour]
        if side[slot] <= 0:
            return False
        if slot != OFF and sum(side) <= CHECKERS:
            side[OFF] += 1
        side[slot] -= 1
        return True

    def move(self, colour: int, source: int, target: int) -> bool:
        """One checker of ``colour`` from ``source`` to ``target`` (a drag); False if none is there."""
        side = self.sides[colour]
        if source == target or side[source] <= 0:
            return False
        side[source] -= 1
        side[target] += 1
        return True

    def clear(self) -> None:
        """Every checker in its tray."""
        self.sides = [[CHECKERS] + [0] * (SLOTS - 1) for _ in (WHITE, BLACK)]

    def start(self) -> None:
        """The checkers where a game starts (turn, dice, cube and score stay as they are)."""
        self.sides = [list(START_SIDE), list(START_SIDE)]

    def swap(self) -> None:
        """White and Black change places: each takes the other's checkers, turn, cube and score."""
        self.sides.reverse()
        self.turn = 1 - self.turn
        self.owner = None if self.owner is None else 1 - self.owner
        self.score.reverse()

    # -- dice ------------------------------------------------------------------------------------
    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice typed, ``None`` for none; ``ValueError`` while they are not two dice."""
        return read_dice(self.dice_text)

    def pick_die(self, face: int) -> None:
        """A die chosen by its face (or typed): the first die of a new roll, else the second."""
        text = "".join(c for c in self.dice_text if c.isdigit())
        self.dice_text = text + str(face) if len(text) == 1 else str(face)

    # -- the state it gives ---------------------------------------------------------------------
    def cube_state(self) -> CubeState | None:
        """The cube, score and rules of the kind of game chosen; ``None`` for cubeless play."""
        if self.kind == CUBELESS:
            return None
        match = self.kind == MATCH
        return CubeState(value=self.cube, owner=self.owner, match_length=self.length if match else 0,
                         score=tuple(self.score) if match else (0, 0), crawford=match and self.crawford,
                         jacoby=not match and self.jacoby, beavers=not match and self.beavers)

    def build(self) -> BackgammonState:
        """The state, checked only as far as the board (:meth:`BackgammonState.from_board`):
        an unrolled turn is the player's cube decision where they may double, as a position
        read from a GNU ID or an XGID is (:mod:`..position`)."""
        cube = self.cube_state()
        me, opp = tuple(self.sides[self.turn]), tuple(self.sides[1 - self.turn])
        state = BackgammonState.from_board(me, opp, self.turn, self.dice, cube)
        if cube is not None and state.dice is None and cube.may_double(self.turn):
            state = replace(state, cube=replace(cube, phase=DECIDE))
        return state

    def preview(self) -> BackgammonState:
        """The draft as a state to draw, whatever is wrong with it (counts as placed, a tray
        never below 0, dice only once both are chosen); never played."""
        try:
            dice = self.dice
        except ValueError:
            dice = None
        sides = tuple(tuple(max(0, n) for n in side) for side in self.sides)
        return BackgammonState(sides, self.turn, dice, False, self.cube_state())

    def words(self) -> str:
        """The draft in a short line: "White to play 31 · match to 7, 3–2, cube at 2, Black's"."""
        try:
            dice = self.dice
        except ValueError:
            dice = None
        does = f"to play {dice[0]}{dice[1]}" if dice else "to roll"
        line = f"{TITLES[self.turn]} {does}"
        if self.kind == CUBELESS:
            return line + " · cubeless"
        owner = " in the middle" if self.owner is None else f", {TITLES[self.owner]}'s"
        cube = f"cube at {self.cube}{owner}"
        if self.kind == MONEY:
            rules = [name for name, on in (("Jacoby", self.jacoby), ("beavers", self.beavers)) if on]
            return f"{line} · money game, {cube}" + (f" ({', '.join(rules)})" if rules else "")
        crawford = ", Crawford game" if self.crawford else ""
        return f"{line} · match to {self.length}, {self.score[0]}–{self.score[1]}{crawford}, {cube}"


MATCH_LENGTHS = tuple(range(1, MAX_MATCH_LENGTH + 1))
