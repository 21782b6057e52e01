"""Every roll's best play (W), like eXtreme Gammon's temperature map: a position before the
roll as a grid of its chance outcomes (backgammon: the 6×6 of two dice, a non-double in two
mirrored cells, the doubles on the diagonal), each cell with the roll's best play and its
equity, coloured from the worst roll to the best (:mod:`.every_roll_draw`), and the
position's average over the rolls (their chances: 1/36 a double, 2/36 any other roll).

Which position: the one on show when it is before a roll (a chance node, or the player on
roll's cube decision, taken as no double as ``tabula analyze --all-rolls`` takes it); when
the roll has just been drawn (the position on show has the dice, and the one before it in
the game was the chance node), the position before that roll, its roll outlined in the
grid: in play and when watching, the position on screen has always been rolled already.
Anything else (a move half built, a double to answer, a game over, the opening roll that
names the starter) gets a banner instead.  The layout is the game's declaration
(``Chance.grid``, :class:`~game.core.gameinfo.OutcomeGrid`): a game without one does not
offer the key, and nothing here knows which game it shows.

The rolls are analysed by the scene's :class:`~game.ui.analysis.analyst.Analyst` (in its worker
process, at the level its hints use; the positions after a roll are those the hints show
later, so they are analysed once), as requests ahead of the graph's; the grid fills in as
they finish, with a progress bar, and is coloured once all are in.  When the position on show
changes, the grid closes and the rolls not analysed yet are withdrawn (a running search of
one is cancelled).

A click on a cell shows that roll's best play on the board: the position with that roll's
dice and the play's arrows, as the hint panel shows a selected hint (the roll and the play
visible at once, the checkers still where they start); a click anywhere or Esc goes back to
the grid, Esc or W again closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...core.all_rolls import NotBeforeTheRoll, Roll, before_the_roll, has_drawn, roll_start, rolls_of, summary
from ...core.protocol import CHANCE
from .every_roll_draw import GridDrawing
from .hints import draw_arrows

HALF_MADE = "Every roll: a move is half made on the board: finish it or take it back first"
GAME_OVER = "Every roll: the game is over"
OPENING = "Every roll: the roll on show is the opening roll, which names who starts (no one player's rolls)"
A_DECISION = "Every roll: the player to act has a decision to take first (a double to answer), not a roll's move"


def grid_position(info, states: Sequence[Any]) -> tuple[Any, Any | None]:
    """``(position before the roll, position after the roll drawn or None)`` for the position
    on show, ``states[-1]`` (``states``: the game up to it): itself when it is before a roll;
    else, just after a roll, the chance node before it: the game's previous position, or for a
    position without its past (pasted, set up, loaded) the same position undrawn (the game's
    ``Chance.undrawn``).  :class:`NotBeforeTheRoll` saying which condition failed otherwise."""
    rules = info.rules()
    state = states[-1]
    if rules.is_over(state):
        raise NotBeforeTheRoll(GAME_OVER)
    try:
        return before_the_roll(info, state), None
    except NotBeforeTheRoll:
        pass
    if len(states) >= 2 and rules.to_move(states[-2]) == CHANCE:
        return states[-2], state
    try:
        return roll_start(info, state), state
    except NotBeforeTheRoll:
        raise NotBeforeTheRoll(OPENING if has_drawn(info, state) else A_DECISION) from None


def toggle_key(event, key: int, panel) -> bool | None:
    """An over-the-board panel's own key (W, K; not with Ctrl): closes it when open, else
    opens it, and says whether the key was taken (an open the panel refused is not); ``None``
    for any other event.  ``panel``: ``is_open``, ``open()``, ``close()``."""
    if event.type != pygame.KEYDOWN or event.key != key or event.mod & pygame.KMOD_CTRL:
        return None
    if panel.is_open:
        panel.close()
        return True
    return panel.open()


class RollTable:
    """The grid's data: the position, its rolls, their cells, and which roll was drawn."""

    def __init__(self, info, states: Sequence[Any]) -> None:
        before, drawn = grid_position(info, states)
        self.source = states[-1]
        """The position on show it was made for (the grid closes when that changes)."""
        self.rolls: list[Roll] = rolls_of(info, before)
        layout = info.chance.grid
        self.rows, self.columns = layout.rows, layout.columns
        self.cells: dict[tuple[int, int], int] = {}
        """``(row, column)`` → the index of its roll in :attr:`rolls`."""
        for index, roll in enumerate(self.rolls):
            places = layout.cells(roll.dice)
            if not places:
                raise NotBeforeTheRoll(f"the roll {roll.dice} has no place in the grid")
            self.cells.update((place, index) for place in places)
        self.drawn = next((i for i, roll in enumerate(self.rolls) if roll.state == drawn), None)
        """The roll that was drawn in the game (outlined), ``None`` before it."""
        self.mover = info.rules().to_move(self.rolls[0].state) if self.rolls else None
        """The player whose rolls they are."""

    def bests(self, records_of: Callable[[Any], Sequence | None]) -> list:
        """Each roll's best record (``records_of(state)``: its analysis, ``None`` until done)."""
        bests = []
        for roll in self.rolls:
            records = records_of(roll.state)
            bests.append(records[0] if records else None)
        return bests

    def summary(self, records_of) -> dict | None:
        """:func:`~game.core.all_rolls.summary` (the command line's table) once every roll is in."""
        bests = self.bests(records_of)
        return None if any(best is None for best in bests) else summary(self.rolls, bests)


class EveryRoll:
    """The grid of a scene: open, closed, or showing one roll's play on the board.

    ``analyst()``: the scene's analyst (``None``: no analysis); ``history()``: the game's
    states up to the position on show; ``area()``: where the grid is drawn (the board's);
    ``running()``: True while the game goes on by itself (watching, not paused): the grid
    then waits for a pause."""

    def __init__(self, app, info, view, analyst: Callable[[], Any], history: Callable[[], Sequence[Any]],
                 area: Callable[[], pygame.Rect], running: Callable[[], bool] = lambda: False) -> None:
        self.app, self.info, self.view = app, info, view
        self.analyst, self.history, self.area, self.running = analyst, history, area, running
        self.table: RollTable | None = None
        self.shown: int | None = None
        """The roll whose play is on the board (``None``: the grid is)."""
        self.drawing = GridDrawing(app.fonts, info)

    @property
    def offered(self) -> bool:
        """The game lays its chance outcomes out as a grid and the scene analyses."""
        chance = self.info.chance
        return chance is not None and chance.grid is not None and self.analyst() is not None

    @property
    def is_open(self) -> bool:
        return self.table is not None

    def records_of(self, state) -> Sequence | None:
        analyst = self.analyst()
        return analyst.get(state) if analyst is not None else None

    def failed(self) -> str | None:
        """The first roll's analysis that failed, as its message."""
        analyst = self.analyst()
        return next((error for error in (analyst.error(r.state) for r in self.table.rolls) if error), None)

    def progress(self) -> int:
        """How many of the rolls are analysed (successfully or not)."""
        analyst = self.analyst()
        return sum(analyst.done(roll.state) for roll in self.table.rolls)

    # -- opening and closing --------------------------------------------------------------
    def open(self) -> bool:
        """Open the grid of the position on show; a banner says why not where it cannot."""
        if not self.offered:
            return False
        if self.running():
            self.app.banner.show("Every roll: pause first (Space)", seconds=2)
            return False
        if self.view.can_undo():  # a move half built: the board is not the position
            self.app.banner.show(HALF_MADE, seconds=3)
            return False
        try:
            table = RollTable(self.info, self.history())
        except NotBeforeTheRoll as refusal:
            self.app.banner.show(str(refusal), seconds=4)
            return False
        self.table, self.shown = table, None
        analyst = self.analyst()
        for roll in reversed(table.rolls):  # ahead of the graph's requests, in the rolls' order
            analyst.request(roll.state, first=True)
        return True

    def close(self) -> None:
        """Close the grid; the rolls not analysed yet are withdrawn."""
        if self.table is not None and self.analyst() is not None:
            self.analyst().withdraw([roll.state for roll in self.table.rolls])
        self.table, self.shown = None, None

    def update(self) -> None:
        """Close the grid when the position on show is no longer the one it was made for
        (checked before anything is drawn: :meth:`board_state`, :meth:`draw`)."""
        if self.table is not None and self.history()[-1] is not self.table.source:
            self.close()

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """W opens or closes; while open, clicks and Esc are the grid's (a cell shows its roll's
        play, a click or Esc goes back to the grid, Esc on the grid closes it).  True when taken."""
        toggled = toggle_key(event, pygame.K_w, self)
        if toggled is not None:
            return toggled
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.shown is not None:
                self.shown = None
            else:
                self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.drawing.hover = self.drawing.cell_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.shown is not None:
                self.shown = None
                return True
            if not self.area().collidepoint(event.pos):
                return False
            cell = self.drawing.cell_at(event.pos)
            if cell is not None:
                self.show(self.table.cells[cell])
            return True
        return False

    def show(self, roll: int) -> bool:
        """Show roll ``roll``'s best play on the board, once it is analysed."""
        if self.table.bests(self.records_of)[roll] is None:
            self.app.banner.show(f"{self.table.rolls[roll].dice}: still being analysed", seconds=1.5)
            return False
        self.shown = roll
        return True

    # -- drawing ----------------------------------------------------------------------------
    def board_state(self) -> Any | None:
        """The position the board shows instead of the game's: the roll on show's, else ``None``."""
        self.update()
        return self.table.rolls[self.shown].state if self.table is not None and self.shown is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        """The grid over the board, or the roll on show's play as arrows with a caption."""
        self.update()
        if self.table is None:
            return
        bests = self.table.bests(self.records_of)
        if self.shown is None:
            level = self.analyst().options.get("level")
            self.drawing.draw(surface, self.area(), self.table, bests, self.progress(), self.failed(), level)
            return
        roll, best = self.table.rolls[self.shown], bests[self.shown]
        draw_arrows(surface, self.view.move_arrows(roll.state, best.move))
        self.drawing.caption(surface, self.area(), self.view.board_rect, roll, best)
