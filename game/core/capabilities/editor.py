"""A game's edit mode ("Set up position", :class:`PositionEditor`: a :class:`PositionDraft` and the
board that edits it, the panel's rows and controls) and its board on screen (:class:`View`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, runtime_checkable


class SetupControl(NamedTuple):
    """One control of a position editor's panel, as the window builds it without knowing the
    game: ``kind`` is ``"choice"`` (a drop-down of ``choices``, ``value`` chosen), ``"toggle"``
    (a button per choice, ``value``'s marked), ``"flag"`` (one button, ``label`` and ``value``
    "on" or "off"), ``"button"`` (``label`` on it) or ``"text"`` (a typed line holding ``value``,
    ``label`` its placeholder).  Whatever the user does goes back as
    :meth:`PositionDraft.set` ``(key, value)`` (a button's value is ``""``)."""

    key: str
    kind: str
    label: str = ""
    choices: tuple[str, ...] = ()
    value: str = ""


class SetupRow(NamedTuple):
    """A row of a position editor's panel: its label (``""``: none) and its controls, side by side."""

    label: str
    controls: tuple[SetupControl, ...]


@runtime_checkable
class PositionDraft(Protocol):
    """A position being set up by hand: mutable, possibly impossible while it is edited, and
    checked as it goes (:meth:`problems`).  The game's board for drafts (:attr:`PositionEditor.board`)
    edits its pieces; the window's panel edits the rest through :meth:`rows` and :meth:`set`."""

    def rows(self) -> list[SetupRow]:
        """The panel's rows as the draft stands now (a row may come or go: a match's score)."""

    def set(self, key: str, value: str = "") -> None:
        """A control of :meth:`rows` used: a choice made, a flag turned, a button pressed, text typed."""

    def typed(self, char: str) -> bool:
        """A character typed over the board (backgammon: digits set the dice); False if it means nothing."""

    def problems(self) -> list[str]:
        """What makes the position impossible, each a plain sentence; empty when it can be played."""

    def describe(self) -> str:
        """The position in a short line (whose turn, dice, cube, score)."""

    def state(self) -> Any:
        """The position as a state of the game's rules; ``ValueError`` (the first problem) if impossible."""

    def text(self) -> str:
        """The position in the game's position text, which the rules' ``position`` option
        starts a game from (:meth:`game.core.gameinfo.GameInfo.position_options`) and gives back as :meth:`state`."""


@dataclass(frozen=True)
class PositionEditor:
    """A game's edit mode ("Set up position"): a draft from a position, and the board that
    shows and edits drafts.  The window's setup screen drives both without knowing the game."""

    draft: Callable[[Any], PositionDraft]
    """``draft(state)``: a draft of ``state``, of the starting position for ``None``."""
    board: Callable[[], Callable[[Any, Any], Any]]
    """A factory (:func:`lazy`) of the game's board for drafts, ``board()(info, fonts)``: part
    of its view (pygame), loaded only by the window (``game.ui.gameview.SetupBoard``)."""


@runtime_checkable
class View(Protocol):
    """A game's board on screen, its ``view/`` package (the only pygame code of the game):
    called with the game's declaration and the window's fonts, it gives the board the window's
    scenes drive (``game.ui.gameview.GameView``).  Only games with one are offered in the window."""

    def __call__(self, info: Any, fonts: Any) -> Any:
        """The board of a new scene."""
