"""The play screen's turn loop: whose turn it is, and each move shown, applied and autosaved.

Per frame (:meth:`TurnLoop.step`): a move on show is applied once the board has shown it; a
chance node is drawn or asked for (dice entered by hand, :mod:`.dice`); a human's turn opens
on the board (:mod:`.board`) or with buttons (:mod:`.choices`); a computer is asked in the
worker process and its move animated.  A failing computer player pauses the game with the
error (the Retry button clears it).  :class:`Mover` plays the moves themselves, a human's and
a computer's: shown (animated), then applied and autosaved; what a move means on the board (a
pass announced, an obvious move played for the human) is the view's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from ...core.protocol import CHANCE
from ...core.saves import autosave_path
from ..jobs.autosaver import AUTOSAVER
from ..jobs.worker import MoveWorker
from ..scene import Part


@dataclass
class Status:
    """The play screen's status line: the position in words, and what is going on (a computer
    thinking, the move being built, where replay mode is)."""

    text: str = ""


class Mover:
    """Plays the game's moves: each is shown on the board (animated) while it is ``pending``,
    then applied to the session and autosaved.  ``human`` is True while a human's turn is open
    (on the board or by buttons); ``after_undo`` keeps the next human turn from playing an
    obvious move at once where undo landed."""

    def __init__(self, session, view, status: Status, settings, banner, announcements, choices) -> None:
        self.session, self.view, self.status = session, view, status
        self.settings, self.banner = settings, banner
        self.announcements, self.choices = announcements, choices
        self.pending = None
        """A move being shown on the board, applied once its animation ends."""
        self.human = False
        self.after_undo = False
        self.autosaving = True

    def play_human(self, move) -> None:
        """Play the move the human built (after the tutor, if it is on, let it through).

        A view that shows the move only now (Mandragora sows the clicked area) is animating
        after ``end_turn``: the move is then applied once it has been shown, as a computer's
        is, so the move list and status never run ahead of the board."""
        self.announcements.end()
        self.view.end_turn()
        self.human = False
        offered = move in self.session.rules.offers(self.session.state)
        if self.choices.current is not None or offered:  # shown as a computer's move is (a cube action's note)
            self.choices.close()
            self.show(self.session.state, move)
        elif self.view.animating:
            self.pending = move
            self.status.text = self.view.describe(self.session.state)
        else:
            self.apply(move)

    def show(self, state, move) -> None:
        """Animate ``move`` from ``state``; it is applied when the board has shown it."""
        self.announcements.end()
        self.view.animate(state, move, self.settings.seconds_per_step)
        self.status.text = self.view.describe(state)
        self.pending = move

    def apply(self, move) -> None:
        self.session.apply(move)
        self.status.text = self.view.describe(self.session.state)
        self.autosave()

    def can_take_back(self, redo: bool) -> bool:
        """Whole moves can be undone (or redone): nothing is on show meanwhile."""
        if self.view.animating or self.pending is not None:
            return False
        return self.session.can_redo() if redo else self.session.can_undo()

    def end_human_turn(self) -> None:
        """Drop the move a human is building on the board (their turn opens again later)."""
        if self.human:
            self.view.end_turn()
            self.human = False

    def autosave(self, wait: bool = False) -> None:
        """Save the game for "Continue", written by a background thread (the disk never holds
        up a frame); ``wait``: until it is on disk (leaving).  A failed write is shown here.
        Nothing is saved when :attr:`autosaving` is off (a game opened from the Library
        screen must not take the place of the game behind "Continue")."""
        if not self.autosaving:
            return
        AUTOSAVER.save(autosave_path(), self.session.record())
        if wait:
            AUTOSAVER.flush()
        for error in AUTOSAVER.errors():
            self.banner.show(f"Autosave failed: {error}", error=True)

    def finish(self) -> None:
        """Leaving: a move decided but still on show is not lost; the game is saved."""
        if self.pending is not None:
            move, self.pending = self.pending, None
            self.session.apply(move)
        if self.session.actions:
            self.autosave(wait=True)


class TurnObserver(Protocol):
    """What may hold the turn loop or keep a computer's move on show a while (the analysis
    overlays: watch mode's pacing)."""

    def holding(self, dt: float) -> bool:
        """True while the loop waits (a watched move on show, paused)."""

    def computer_moved(self, state: Any, move: Any) -> bool:
        """A computer chose ``move``; True when the observer shows it itself, later."""


class TurnLoop(Part):
    """Who moves next, each frame (see the module doc)."""

    def __init__(self, session, view, status: Status, mover: Mover, choices, dice, ending, observer: TurnObserver,
                 settings, banner) -> None:
        self.session, self.view, self.status, self.mover = session, view, status, mover
        self.choices, self.dice, self.ending, self.observer = choices, dice, ending, observer
        self.settings, self.banner = settings, banner
        self.worker = MoveWorker(session)  # its players think in a worker process
        self.error: str | None = None
        """A computer player's failure: the game waits until Retry."""

    def step(self, dt: float) -> None:
        """One frame of the game going on (not called in replay mode)."""
        if self.error or self.view.animating:
            return
        if self.observer.holding(dt):  # watch mode: paused, or a move's analysis on show
            return
        mover = self.mover
        if mover.pending is not None:
            move, mover.pending = mover.pending, None
            mover.apply(move)
            return
        if self.ending.check():
            return
        who = self.session.to_move
        if who == CHANCE:
            self.dice.chance_turn()  # drawn, or asked for (dice entered by hand)
        elif self.session.is_human(who):
            if not mover.human:
                self._begin_human_turn()
        else:
            self._computer_turn(who)

    def building_status(self) -> str:
        """The position in words, and the move the human is building echoed ("24/20 13/10")."""
        text = self.view.partial_notation()
        return self.view.describe(self.session.state) + (f"\nYour move: {text}" if text else "")

    def _begin_human_turn(self) -> None:
        state, settings, mover = self.session.state, self.settings, self.mover
        self.status.text = self.view.describe(state)
        decisions = self.view.decisions
        choices = decisions.question(state) if decisions is not None else None
        if choices is not None:  # a decision by buttons (backgammon: roll or double, take or pass)
            mover.human, mover.after_undo = True, False
            self.choices.open(choices)
            return
        self.view.begin_turn(state, min(0.12, settings.seconds_per_step))
        mover.human = True
        undone, mover.after_undo = mover.after_undo, False
        automatic = None if undone else self.view.automatic_move(settings.auto_forced)
        if automatic is not None:
            self.view.end_turn()
            mover.human = False
            mover.show(state, automatic)

    def _computer_turn(self, who: int) -> None:
        session = self.session
        if not self.worker.busy:
            self.worker.start(session.players[who], session.rules, session.state)
        outcome = self.worker.poll()
        if outcome is None:
            dots = "." * (1 + int(time.monotonic() * 2) % 3)
            self.status.text = f"{self.view.describe(session.state)}\n{session.info.players.titles[who]} is thinking{dots}"
            return
        move, error = outcome
        if error:
            self.error = error
            self.status.text = f"{self.view.describe(session.state)}\nThe computer player failed; the game is paused."
            self.banner.show(error, error=True)
            return
        if not self.observer.computer_moved(session.state, move):
            self.mover.show(session.state, move)

    def close(self) -> None:
        self.worker.cancel()
