"""The per-game view interface the window's scenes drive, and how a game's view is found.

A game gets a board on screen by registering its :class:`~game.core.capabilities.View`: the
``make_view(info, fonts) -> view`` of its ``view/`` package's ``pygame_view.py``, whose object
implements :class:`GameView` in full.  Views live below the UI layer, so they implement these
protocols structurally and never import them; a view imports nothing of the window, only the
kit (:mod:`game.kit`), the pygame helpers views share.

There are no optional methods: a view that has nothing to say on a point returns the neutral
value (no arrows, no labels, ``""``, ``None``, ``False``) and the scenes call every method
directly, never probing with ``getattr``/``hasattr``.  Decisions a human makes with buttons
rather than on the board (backgammon's cube, and answering an offer to resign) are a second
protocol, :class:`Decisions`, which a view exposes as ``view.decisions``, ``None`` when its
game has none; so are the offers a human may make besides moving (backgammon: resigning,
Ctrl+R), which the rules list apart from the legal moves (``Rules.offers``).

Game-specific settings reach a view only as the game's own declared settings
(``GameInfo.options.settings``), and what a move means on the board (a pass announced, an obvious
move played for the human) is the view's business, not the scene's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

import pygame

from ..core.capabilities import PositionEditor, View
from ..core.gameinfo import GameInfo

FontSource = Callable[..., pygame.font.Font]
"""``fonts(size, bold=False)``: a font of that pixel size."""

ViewEvent = str | None
"""What :meth:`GameView.handle_event` did: ``None`` (ignored), ``"changed"`` or ``"confirm"``."""

Point = tuple[float, float]
Arrow = tuple[Point, Point]
"""An arrow's ``(start, end)`` in screen pixels."""


class Option(NamedTuple):
    """One answer to a decision by buttons: its button's words, the move it plays, and the key
    that answers it too, as its name (a letter, ``"t"``: ``pygame.key.key_code`` reads it)."""

    label: str
    move: Any
    key: str


class Choices(Protocol):
    """A decision asked with buttons (see :class:`Decisions`); :class:`~game.ui.choices.ChoiceButtons`
    shows it.  Any object with these fields will do (backgammon's is a named tuple)."""

    question: str
    options: Sequence[Option]
    """``(label, move, key)`` per button, the first the default."""
    modal: bool
    """Asked in a dialog (a double to answer) rather than with buttons on the board."""


class Decisions(Protocol):
    """Decisions a human makes with buttons rather than on the board, and how they read: the
    ``decisions`` of a view whose game has them (backgammon: roll or double, take or pass,
    accept or decline a resignation; and the offer to resign)."""

    def keys(self, state: Any) -> Sequence[tuple[str, str, str]]:
        """The keys of the decisions a human may meet in the game ``state`` belongs to, for the
        key help: ``(keys, what they do, the README's longer words)`` each (backgammon: roll or
        double and take or pass in a cube game; offer, accept or decline a resignation)."""

    def question(self, state: Any) -> Choices | None:
        """The decision open at ``state``, ``None`` where the board takes the move; the scene
        shows its buttons instead of starting a board turn."""

    def offer(self, state: Any) -> Choices | None:
        """What the human on turn at ``state`` may offer besides moving, asked in a dialog
        when they ask for it (backgammon: which resignation, Ctrl+R; Esc or a click beside the
        dialog cancels).  ``None`` where nothing may be offered."""

    def area(self, state: Any) -> tuple[int, int, int, int]:
        """Where the buttons of the decision at ``state`` go, ``(x, y, w, h)`` (a Rect will do);
        for a modal one what its dialog keeps in view (the offered cube)."""

    def words(self, move: Any) -> str | None:
        """A decision's move as the hint table and the review name it where its notation is
        not what a player reads (``"No double"``, ``"Double"``, ``"Take"``, ``"Pass"``);
        ``None`` for any other move."""

    def unlisted(self, state: Any, text: str) -> bool:
        """True for a decision the move list gives no line of its own (backgammon's no double,
        ``Roll``, as GNU Backgammon and XG show none): it joins the next line, and replay mode
        has no stop for it."""

    def hold_before_chance(self, state: Any) -> bool:
        """True (once per state) when the view shows something before the chance node at
        ``state`` is drawn (a match's game result before the next game), announcing it and
        animating meanwhile."""


class GameView(Protocol):
    """Drawing, animation and human input for one game; every member is required."""

    animating: bool
    """True while a move is being animated; the scene waits for it before going on."""

    board_rect: pygame.Rect
    """Where the board itself is drawn (the scene centres its result box on it)."""

    factor_labels: Mapping[str, str]
    """Words for the analysis' factors in the hint panel's why section (backgammon: ``"hb"``
    -> ``"home board points"``); empty where the factors' own names read well."""

    decisions: Decisions | None
    """The game's decisions by buttons (:class:`Decisions`), ``None`` when it has none."""

    board_scores: bool
    """Whether the board shows the analysis' scores, which A shows or hides (Chesstack's and
    Mandragora's; backgammon's are in the hint table)."""

    def configure(self, *, bottom: int, settings: Mapping[str, Any]) -> None:
        """Which player sits at the bottom of the screen, and the game's own settings
        (``Settings.of(info)``: each of ``GameInfo.all_settings()`` by name)."""

    def set_rect(self, rect: pygame.Rect) -> None:
        """The area to draw in; recompute the layout (called on every resize)."""

    def use_history(self, states: Callable[[], Sequence[Any]]) -> None:
        """``states()`` gives the game's states up to the one on show, for what earlier moves
        did (the last move is marked on every board; Mandragora's bases show the pieces scored)."""

    def use_analysis(self, records_for: Callable[[Any], Sequence[Any] | None]) -> None:
        """``records_for(state)``: the window's analysis of a position (asked for, never
        computed on the drawing thread), for views that mark moves on the board (Mandragora's
        and Chesstack's scores); a view that marks none ignores it."""

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

    def shown_notation(self, state: Any, text: str) -> str:
        """A move of ``state`` written ``text`` (the game's notation, the mover's), as the hint
        table and its why section show it: in the numbering the board shows (backgammon's
        point numbers may be fixed to one side); ``text`` itself in the other games."""

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key of the view's own (Chesstack and Mandragora: A toggles the scores on the
        board), offered after the scene's keys; False when the key means nothing to it."""

    def undo(self) -> bool:
        """Take back the last step of the turn in progress; False if there is none."""

    def can_undo(self) -> bool: ...

    def ready_move(self) -> Any | None:
        """The complete legal move the human has built, or ``None`` while it is incomplete."""

    def automatic_move(self, forced: bool) -> Any | None:
        """A move to play without asking at the start of the human's turn: the only legal one
        when ``forced`` (the player's setting), or one the game's own settings make obvious
        (backgammon's automatic bear-off); ``None`` when the human must choose."""

    def needs_confirm(self) -> bool:
        """False when a click plays the move at once (Mandragora): the scene then shows no Done
        button except as replay mode's Play on."""

    def describe(self, state: Any) -> str:
        """A short status line for ``state``, e.g. whose turn it is and the dice."""

    def partial_notation(self) -> str:
        """The move being built in the game's notation (backgammon ``24/20 13/10``) for the
        status line; ``""`` before its first step, and in games whose move is one click."""

    def announcements(self) -> list[str]:
        """Messages for the window's banner since the last call (a pass, an extra turn), each
        once; the view shows them at the moment they mean something (after the pieces land)."""

    def note_anchor(self) -> tuple[int, int] | None:
        """Where the window centres the announcements, clear of the pieces (Mandragora: over its
        turn strip, which says the same); ``None``: the banner's own place."""

    def move_arrows(self, state: Any, move: Any) -> list[Arrow]:
        """Screen ``(start, end)`` of the arrows that draw ``move`` from ``state`` (the hint
        panel's selected move, the tutor's, the Review screen's best play and play made);
        empty for a move the board cannot draw."""


class SetupBoard(Protocol):
    """The board of a game's edit mode ("Set up position"): draws a position being set up, a
    :class:`~game.core.capabilities.PositionDraft`, and edits its pieces (and whatever else
    the game sets on the board: backgammon's dice) by mouse.  The game's
    :class:`~game.core.capabilities.PositionEditor` names the function that makes it."""

    board_rect: pygame.Rect
    """Where the board is drawn (the screen keeps its messages clear of it)."""

    def configure(self, *, bottom: int, settings: Mapping[str, Any]) -> None:
        """Which player sits at the bottom, and the game's own settings (as :meth:`GameView.configure`)."""

    def set_rect(self, rect: pygame.Rect) -> None:
        """The area to draw in."""

    def draw(self, surface: pygame.Surface, draft: Any) -> None:
        """Draw ``draft`` (an impossible position too: it is being edited)."""

    def handle_event(self, event: pygame.event.Event, draft: Any) -> bool:
        """Mouse input on the board; True when it changed ``draft``."""


def load_setup_board(info: GameInfo, fonts: FontSource) -> SetupBoard:
    """The board of ``info``'s edit mode; ``ValueError`` for a game without one."""
    editor = info.ability(PositionEditor)
    if editor is None:
        raise ValueError(f"{info.title} has no position editor")
    return editor.board()(info, fonts)


def has_view(info: GameInfo) -> bool:
    """True when the game declares a view (only those are offered in the menu)."""
    return info.has(View)


def load_view(info: GameInfo, fonts: FontSource) -> GameView:
    """The game's view; ``ValueError`` if the game has no board on screen yet."""
    if not has_view(info):
        raise ValueError(f"{info.title} cannot be shown in the window yet")
    return info.ability(View)(info, fonts)


def decision_words(view: GameView) -> Callable[[Any], str | None] | None:
    """The view's words for its decisions' moves (:meth:`Decisions.words`), for the hint table
    and the review; ``None`` when its game has no decisions by buttons."""
    return view.decisions.words if view.decisions is not None else None


def unlisted_moves(view: GameView) -> Callable[[Any, str], bool] | None:
    """The view's test for decisions with no line of their own in the move list
    (:meth:`Decisions.unlisted`); ``None`` when its game has no decisions by buttons."""
    return view.decisions.unlisted if view.decisions is not None else None
