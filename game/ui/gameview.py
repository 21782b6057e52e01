"""The per-game view interface the play scene drives, and how a game's view is found.

A game gets a board on screen by declaring ``GameInfo.view``, the module (by convention
``game/<name>/view.py``) with a function ``make_view(info, fonts) -> view`` whose object has
the methods of :class:`GameView`.  Views live below the UI layer, so they implement this
protocol structurally and never import it; the play scene knows nothing else about the game.
Game-specific settings reach a view only as the game's own declared settings
(``GameInfo.settings``), and what a move means on the board (a pass announced, an obvious
move played for the human) is the view's business, not the scene's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import pygame

from ..core.gameinfo import GameInfo

FontSource = Callable[..., pygame.font.Font]
"""``fonts(size, bold=False)``: a font of that pixel size."""

ViewEvent = str | None
"""What :meth:`GameView.handle_event` did: ``None`` (ignored), ``"changed"`` or ``"confirm"``."""


class GameView(Protocol):
    """Drawing, animation and human input for one game."""

    animating: bool
    """True while a move is being animated; the scene waits for it before going on."""

    board_rect: pygame.Rect
    """Where the board itself is drawn (the scene centres its result box on it)."""

    def configure(self, *, bottom: int, settings: Mapping[str, Any]) -> None:
        """Which player sits at the bottom of the screen, and the game's own settings
        (``Settings.of(info)``: each of ``GameInfo.all_settings()`` by name)."""

    def set_rect(self, rect: pygame.Rect) -> None:
        """The area to draw in; recompute the layout (called on every resize)."""

    def draw(self, surface: pygame.Surface, state: Any, labels: Sequence[str]) -> None:
        """Draw ``state`` (or the human's turn in progress) with a label per player."""

    def update(self, dt: float) -> list[str]:
        """Advance animations by ``dt`` seconds; returns sound cues (``"move"``, ``"hit"``)."""

    def animate(self, state: Any, move: Any, seconds_per_step: float) -> None:
        """Show ``move`` being played from ``state``; ``animating`` until it has been shown."""

    def begin_turn(self, state: Any, seconds_per_step: float) -> None:
        """A human is to move in ``state``: accept clicks and drags that build a legal move
        (a clicked step is animated for ``seconds_per_step``, 0 for none)."""

    def end_turn(self) -> None:
        """Stop accepting input for the turn."""

    def handle_event(self, event: pygame.event.Event) -> ViewEvent:
        """Mouse input during a human turn."""

    def undo(self) -> bool:
        """Take back the last step of the turn in progress; False if there is none."""

    def can_undo(self) -> bool: ...

    def ready_move(self) -> Any | None:
        """The complete legal move the human has built, or ``None`` while it is incomplete."""

    def automatic_move(self, forced: bool) -> Any | None:
        """A move to play without asking at the start of the human's turn: the only legal one
        when ``forced`` (the player's setting), or one the game's own settings make obvious
        (backgammon's automatic bear-off); ``None`` when the human must choose."""

    def describe(self, state: Any) -> str:
        """A short status line for ``state``, e.g. whose turn it is and the dice."""

    def announcements(self) -> list[str]:
        """Messages for the window's banner since the last call (a pass, an extra turn), each
        once; the view shows them at the moment they mean something (after the pieces land)."""


OPTIONAL_VIEW_HOOKS = {
    "move_arrows": "move_arrows(state, move) -> [(start, end), ...]: screen points of the arrows "
                   "that draw a move (the hint panel's selected move, the computer's choice in watch mode, the "
                   "Review screen's best play and play made)",
    "use_analysis": "use_analysis(records_for): the scene hands over ``records_for(state) -> records or None``, "
                    "the window's analysis of a position (asked for, never computed on the drawing thread), "
                    "for views that mark moves on the board (Mandragora's scores on its areas)",
    "factor_labels": "factor_labels: {factor name: words} for the why section (backgammon: 'hb' -> "
                     "'home board points')",
    "use_history": "use_history(get_states): the scene hands over the game's states so far, for views "
                   "that show what earlier moves did (Mandragora's bases show the pieces scored; the last move is "
                   "marked on every board: backgammon's last two plays, Mandragora's last sowing, Chesstack's "
                   "last action)",
    "handle_key": "handle_key(event) -> ViewEvent: keys of the view's own (Mandragora: A toggles its "
                  "analysis overlay), offered after the scene's keys",
    "needs_confirm": "needs_confirm() -> bool (True if absent): False when a click plays the move at once "
                     "(Mandragora), so the scene shows no Done button except as replay mode's Play on",
    "note_anchor": "note_anchor() -> (x, y): where the window centres the view's announcements, clear of "
                   "the pieces (Mandragora: over its turn strip, which says the same)",
    "partial_notation": "partial_notation() -> str: the move being built in the game's notation "
                        "(backgammon '24/20 13/10'), '' before its first step, for the status line",
    "move_words": "move_words(move) -> str | None: a move's name in the hint table where its notation is "
                  "not what a player reads (backgammon: 'No double', 'Double', 'Take', 'Pass'), else None",
    "unlisted_move": "unlisted_move(state, text) -> bool: True for a decision the move list gives no line of "
                     "its own (backgammon's no double, 'Roll', as GNU Backgammon and XG show none): it joins "
                     "the next line, and replay mode has no stop for it",
    "choices": "choices(state) -> Choices | None: a decision made with buttons rather than on the board "
               "(backgammon's roll or double, take or pass: a question, (label, move, key) options, modal "
               "or not); the scene shows them (game.ui.choices) instead of starting a board turn",
    "choice_area": "choice_area(state) -> Rect: where the choice buttons go, or what a modal choice's "
                   "dialog keeps in view (the offered cube)",
    "has_choices": "has_choices(state) -> bool: the game has such decisions (the key help lists their keys)",
    "hold_before_chance": "hold_before_chance(state) -> bool: True (once per state) when the view shows "
                          "something before the chance node is drawn (a match's game result before the next "
                          "game), announcing it and animating meanwhile",
}
"""Methods and attributes a view may add to :class:`GameView`; the scene looks for them with
``getattr``/``hasattr`` and does without them."""


def has_view(info: GameInfo) -> bool:
    """True when the game declares a view (only those are offered in the menu)."""
    return info.view is not None


def load_view(info: GameInfo, fonts: FontSource) -> GameView:
    """The game's view; ``ValueError`` if the game has no board on screen yet."""
    if not has_view(info):
        raise ValueError(f"{info.title} cannot be shown in the window yet")
    return importlib.import_module(info.view).make_view(info, fonts)
