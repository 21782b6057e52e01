"""Opening a position from text in the play screen, as GNU Backgammon's and XG's "paste
position" do: Ctrl+V opens the position on the clipboard, and the "Position…" dialog (Ctrl+L,
or "Open…" on the position line) takes one typed or pasted.

The text is any of the game's position forms (backgammon: a GNU position ID, ``posid:matchid``
or an XGID, with their cube, score and dice; Chesstack's and Mandragora's own texts).  It
opens as a new game with the same players and settings, started from that position
(:meth:`GameInfo.position_options`), so it can be analysed at once (hints, cube analysis) and
played on; "New game" then starts that position again with fresh dice.  Bad text is said in
the banner and changes nothing (the dialog stays open to mend it); a game in progress is
thrown away only after "Open this position?" is answered yes.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UIPanel, UITextEntryLine

from ...core.protocol import CHANCE
from ...core.session import GameSession
from ..confirm import ConfirmDialog, answer_buttons
from ..scene import Part
from ..widgets import wrap

OPEN_QUESTION = ("Open this position?", "The game in progress will be lost.")


def clipboard_text() -> str:
    """The clipboard's text, "" when it holds none (or the display has no clipboard)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return ""
    return text if isinstance(text, str) else ""


def session_at(session: GameSession, text: str) -> GameSession:
    """A new game from the position ``text`` with ``session``'s players and settings (fresh
    dice); ``ValueError`` saying what is wrong with the text."""
    info = session.info
    return GameSession(info, session.player_names, options=info.position_options(text),
                       names=session.names, settings=session.settings)


def computer_first(session: GameSession) -> bool:
    """Whether a computer acts first at ``session``'s position (its roll, where dice are due
    next): such a position opens for analysis, in replay mode, and waits for "Play on"
    instead of being played at once; where a human acts first, the human's move plays on."""
    rules, state = session.rules, session.state
    mover = rules.to_move(state)
    if mover == CHANCE:
        mover = getattr(state, "turn", None)
    return isinstance(mover, int) and 0 <= mover < len(session.players) and not session.is_human(mover)


class PositionDialog:
    """A modal panel centred on ``area``: a line to type or paste a position in, Open and
    Cancel.  :meth:`handle` returns the text on Open (or Enter), ``""`` on Cancel (or Esc),
    ``None`` otherwise; it takes every event while open."""

    def __init__(self, gui, area: pygame.Rect, forms: str, text: str = "") -> None:
        w, h = min(560, max(280, area.w - 40)), 204
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        self.panel = UIPanel(rect, starting_height=6, manager=gui)
        UILabel(pygame.Rect(10, 8, w - 26, 28), "Open a position", gui, container=self.panel)
        font = gui.get_theme().get_font(["label"])  # the labels' own, so the lines fit them
        for i, line in enumerate(wrap(font, f"Type or paste {forms}.", w - 40, 2)):  # two in a narrow window
            UILabel(pygame.Rect(10, 34 + 26 * i, w - 26, 28), line, gui, container=self.panel)
        self.entry = UITextEntryLine(pygame.Rect(10, 92, w - 26, 34), gui, container=self.panel)
        self.entry.set_text(text)
        self.entry.focus()
        self.open, self.cancel = answer_buttons(gui, self.panel, w, h, "Open (Enter)", "Cancel (Esc)")

    def handle(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.open:
                return self.entry.get_text().strip() or None
            if event.ui_element is self.cancel:
                return ""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            return self.entry.get_text().strip() or None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return ""
        return None

    def close(self) -> None:
        self.panel.kill()


class Paste(Part):
    """Ctrl+V, Ctrl+L, the Position… dialog (:attr:`dialog`) and the question before a game in
    progress is left (:attr:`confirm`), each modal while open; a click on the position line
    (:attr:`line_clicks`, a part of its own further down the scene's chain) opens the dialog or
    copies the position."""

    def __init__(self, app, view, session, position_line) -> None:
        self.app, self.view, self.session, self.position_line = app, view, session, position_line
        self.dialog: PositionDialog | None = None
        self.confirm: ConfirmDialog | None = None
        self._pasted: GameSession | None = None
        self.line_clicks = LineClicks(self, position_line, app.banner)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.confirm is not None:
            answer = self.confirm.handle(event)
            if answer is not None:
                self.confirm.close()
                self.confirm, pasted, self._pasted = None, self._pasted, None
                if answer == "yes":
                    self._open_session(pasted)
            return True
        if self.dialog is not None:
            text = self.dialog.handle(event)
            if text == "":
                self._close_dialog()
            elif text is not None:
                self.open_position(text)
            return True
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_v:
                self.open_position(clipboard_text(), pasted=True)
                return True
            if event.key == pygame.K_l:
                self.open_dialog()
                return True
        return False

    def open_dialog(self) -> None:
        """The "Position…" dialog, holding the position on show to edit or replace."""
        if self.dialog is None:
            self.dialog = PositionDialog(self.app.gui, self.view.board_rect, self.session.info.position_forms(),
                                         self.position_line.text()[1])

    def open_position(self, text: str, pasted: bool = False) -> bool:
        """Open the position ``text`` (asking first if a game is in progress); bad text is
        said in the banner.  Whether it was good."""
        try:
            if not text.strip():
                raise ValueError("the clipboard holds no text" if pasted else "no position given")
            session = session_at(self.session, text)
        except ValueError as error:
            what = "the pasted text" if pasted else "that position"
            self.app.banner.show(f"Cannot open {what}: {error}", error=True)
            return False
        self._close_dialog()
        if self.session.in_progress:
            self._pasted = session
            self.confirm = ConfirmDialog(self.app.gui, self.view.board_rect, *OPEN_QUESTION)
        else:
            self._open_session(session)
        return True

    def _open_session(self, session: GameSession) -> None:
        name, text = session.info.position_text(session.state)
        waits = computer_first(session)
        self.app.play(session, review=waits)
        self.app.banner.show(f"Opened the position ({name} {text})"
                             + (": the computer is to play; Play on (Enter) lets it" if waits else ""),
                             seconds=5 if waits else 3)

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None

    def build(self, size: tuple[int, int]) -> None:
        """The widgets were recreated (a resize): so are the open dialog and question."""
        if self.dialog is not None:
            text = self.dialog.entry.get_text()
            self.dialog = PositionDialog(self.app.gui, self.view.board_rect, self.session.info.position_forms(), text)
        if self.confirm is not None:
            self.confirm = ConfirmDialog(self.app.gui, self.view.board_rect, *OPEN_QUESTION)


class LineClicks(Part):
    """A click on the position line: "Open…" opens the Position… dialog, the rest copies the
    position (as Ctrl+C)."""

    def __init__(self, paste: Paste, position_line, banner) -> None:
        self.paste, self.position_line, self.banner = paste, position_line, banner

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            return False
        click = self.position_line.hit(event.pos)
        if not click:
            return False
        self.paste.open_dialog() if click == "open" else self.position_line.copy(self.banner)
        return True
