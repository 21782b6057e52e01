"""The Set up position screen: a game's edit mode, for any game that declares one.

The game gives the position being edited (a :class:`~game.core.capabilities.PositionDraft`),
the board that draws and edits it (:class:`~game.ui.gameview.SetupBoard`) and the panel's
rows of controls (:meth:`PositionDraft.rows`); this screen lays them out, hands every use of
a control back to the draft, and says what is wrong with the position as it is edited (Done
is refused until nothing is).  Nothing here knows the game.

- Opened over the menu ("Set up position…", the starting position) or over a game (Ctrl+E,
  the position on show), with ``app.push("setup", info=..., state=..., bottom=...)``: Esc or
  Back goes back to it as it was, nothing changed.
- Done starts a game from the position (``GameInfo.position_options`` of the draft's text)
  with its hints shown: the analysis of the position, and play goes on from it between the
  players chosen in "Play on" (two humans, or either side against the computer).  Over a
  game in progress it asks first, as New game does.
- Save writes that game, with no move yet, as a saved game (the menu's Load game… opens it,
  Play on plays from the position).
"""

from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from ..core.capabilities import PositionEditor
from ..core.saves import SaveError, save_game, saves_dir
from ..core.session import HUMAN, GameSession
from .confirm import NEW_GAME_QUESTION, ConfirmDialog
from .gameview import load_setup_board
from .keys import SETUP, KeyContext
from .menubar.bar import BAR_HEIGHT, MenuBar
from .menubar.entries import SETUP_MENUS, key_menus
from .panel import panel_scale, panel_width
from .play.paste import computer_first
from .scene import Scene
from .theme import ACCENT, ERROR, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, gui_font_size
from .widgets import draw_text, wrap

MOUSE_HELP = "Left click: add a checker of the chosen colour · right click: take one away · drag: move one"
MIN_PANEL = 290
"""The panel's least width here: three buttons in a row ("Clear", "Start position", "Swap sides")."""
PLAYERS = "players"
"""The key of the screen's own row, who plays on from the position (no draft's control has it)."""


KEYS = KeyContext(SETUP, (), (("analysis", False),))
"""The screen's keys (it shows no analysis): its key help, keys screen and menus."""


class SetupScene(Scene):
    """Setting up a position of the game ``info``, from ``state`` (``None``: the starting
    position); ``bottom``: the player at the bottom of the board (the game's it came from)."""

    def __init__(self, app, info, state=None, bottom: int = 0) -> None:
        super().__init__(app)
        if not info.has(PositionEditor):
            raise ValueError(f"{info.title} has no position editor")
        self.info, self.bottom = info, bottom
        self.draft = info.ability(PositionEditor).draft(state)
        self.board = load_setup_board(info, app.fonts)
        self.menu_bar = MenuBar(app.fonts, self.menus)
        self.players = self._player_choices()
        self.chosen = self._first_choice()
        self.widgets: dict = {}
        """Element → ``(key, value)`` it sets (a toggle's button: its choice)."""
        self.buttons: dict[str, UIButton] = {}
        self.built: list = []
        """The draft's rows the widgets show; a row that changes rebuilds them."""
        self.text_area = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.label_x, self.row_labels = 0, []
        """Where the rows' labels are drawn: their left edge, and ``(label, middle y)`` per row."""
        self.scale = 1.0
        self.confirm: ConfirmDialog | None = None

    # -- who plays on ----------------------------------------------------------------------------
    def _under(self):
        """The scene this one was opened over, if any."""
        stack = self.app.stack
        place = stack.index(self) if self in stack else len(stack)
        return stack[place - 1] if place > 0 else None

    def _player_choices(self) -> list[tuple[str, tuple[str, str]]]:
        """``(words, players)``: two humans, or a human against the computer on either side.
        The computer is the one of the game left, else the menu's last, else the game's default."""
        info, names = self.info, set(self.info.players.names)
        under = self.app.scene.session if self.app.scene is not None else None
        seen = list(under.player_names) if under is not None and under.info is info else []
        seen += list(self.app.settings.last_players)
        level = next((name for name in seen if name != HUMAN and name in names), info.players.default)
        title = info.player_title(level)
        titles = info.players.titles
        return [("Two humans (analysis)", (HUMAN, HUMAN)),
                (f"{titles[0]} against {title}", (HUMAN, level)),
                (f"{titles[1]} against {title}", (level, HUMAN))]

    def _first_choice(self) -> int:
        """The players of the game left where they fit a choice, else two humans."""
        under = self.app.scene.session if self.app.scene is not None else None
        if under is not None and under.info is self.info:
            return next((i for i, (_, players) in enumerate(self.players)
                         if players == tuple(under.player_names)), 0)
        return 0

    # -- layout -----------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = max(MIN_PANEL, panel_width(w, h))
        self.board.configure(bottom=self.bottom, settings=self.app.settings.of(self.info))
        self.menu_bar.place(0, 0, w - pw)
        self.board.set_rect(pygame.Rect(10, BAR_HEIGHT + 6, w - pw - 20, h - BAR_HEIGHT - 16))
        self.panel_rect = pygame.Rect(w - pw, 0, pw, h)
        self.scale = scale = panel_scale(pw, h)
        x, width = w - pw + 12, pw - 24
        gui = self.gui
        self.widgets, self.built = {}, self.draft.rows()
        top = round(46 * scale)
        button_h = round(38 * scale)
        bottom = h - button_h - 14
        room = bottom - top - round(110 * scale)  # the text under the rows: status, problems, help
        step = max(26, min(round(40 * scale), room // (len(self.built) + 1)))
        label_w = round(width * 0.27)
        self.label_x, self.row_labels, y = x, [], top
        for row in self.built:  # the draft's rows, then who plays on
            left = x + (label_w if row.label else 0)
            self._row(row.controls, pygame.Rect(left, y, x + width - left, step - 6))
            self.row_labels.append((row.label, y + (step - 6) // 2))
            y += step
        self._players_row(pygame.Rect(x + label_w, y, width - label_w, step - 6))
        self.row_labels.append(("Play on", y + (step - 6) // 2))
        y += step
        self.text_area = pygame.Rect(x, y + 4, width, bottom - y - 12)
        third = (width - 12) // 3
        make = UIButton
        self.buttons = {
            "done": make(pygame.Rect(x, bottom, third, button_h), "Done", gui, object_id="#primary"),
            "save": make(pygame.Rect(x + third + 6, bottom, third, button_h), "Save", gui),
            "back": make(pygame.Rect(x + 2 * third + 12, bottom, third, button_h), "Back", gui),
        }
        if self.confirm is not None:
            self.confirm = ConfirmDialog(gui, self.board.board_rect, *NEW_GAME_QUESTION)
        self._refresh_buttons()

    def _natural(self, control) -> int:
        """A control's width by its words, to share a row out."""
        font = self.app.fonts(gui_font_size(self.app.screen.get_size()))
        if control.kind == "choice":
            return max(font.size(c)[0] for c in control.choices) + 34
        if control.kind == "flag":
            return font.size(f"{control.label}: off")[0] + 28
        if control.kind == "toggle":
            return sum(font.size(c)[0] + 16 for c in control.choices)
        return max(font.size(control.label if control.kind == "button" else "000")[0] + 16, 60)

    def _row(self, controls, rect: pygame.Rect) -> None:
        """One row of the draft's controls, side by side, each as wide as its words ask."""
        gap, gui = 6, self.gui
        natural = [self._natural(c) for c in controls]
        free = rect.w - gap * (len(controls) - 1)
        x = rect.x
        for control, want in zip(controls, natural):
            w = round(free * want / sum(natural))
            box = pygame.Rect(x, rect.y, w, rect.h)
            if control.kind == "toggle":
                part = (w - gap * (len(control.choices) - 1)) // len(control.choices)
                for i, choice in enumerate(control.choices):
                    button = UIButton(pygame.Rect(x + i * (part + gap), rect.y, part, rect.h), choice, gui,
                                      object_id="#primary" if choice == control.value else None)
                    self.widgets[button] = (control.key, choice)
            elif control.kind == "flag":
                on = control.value == "on"
                button = UIButton(box, f"{control.label}: {control.value}", gui, object_id="#primary" if on else None)
                self.widgets[button] = (control.key, "off" if on else "on")
            elif control.kind == "button":
                self.widgets[UIButton(box, control.label, gui)] = (control.key, "")
            elif control.kind == "choice":
                choices = list(control.choices) + ([control.value] if control.value not in control.choices else [])
                self.widgets[UIDropDownMenu(choices, control.value, box, gui)] = (control.key, None)
            else:  # text
                entry = UITextEntryLine(box, gui, placeholder_text=control.label)
                entry.set_text(control.value)
                self.widgets[entry] = (control.key, None)
            x += w + gap

    def _players_row(self, rect: pygame.Rect) -> None:
        words = [text for text, _ in self.players]
        self.widgets[UIDropDownMenu(words, words[self.chosen], rect, self.gui)] = (PLAYERS, None)

    def _refresh_buttons(self) -> None:
        done = self.buttons.get("done")
        if done is None:
            return
        ready = not self.draft.problems()
        for button in (done, self.buttons["save"]):
            if ready != button.is_enabled:
                button.enable() if ready else button.disable()

    # -- input -----------------------------------------------------------------------------------
    def help_text(self) -> str:
        return KEYS.help()

    def menus(self) -> list:
        """The menu bar's menus: the screen's keys, and Help."""
        return key_menus(SETUP_MENUS, KEYS, self)

    def draw_above(self, surface: pygame.Surface) -> None:
        self.menu_bar.draw_above(surface)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirm is None and self.menu_bar.handle_event(event):
            return
        if self.confirm is not None:  # modal: "Start a new game?"
            answer = self.confirm.handle(event)
            if answer is not None:
                self.confirm.close()
                self.confirm = None
                if answer == "yes":
                    self.done(confirmed=True)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.widgets:
                self.use(*self.widgets[event.ui_element])
            else:
                self.command(next((k for k, b in self.buttons.items() if b is event.ui_element), ""))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.widgets:
            self.use(self.widgets[event.ui_element][0], event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.widgets:
            self.use(self.widgets[event.ui_element][0], event.text, typing=True)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.command("back")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.command("done")
            elif not self._typing() and self.draft.typed(event.unicode):
                self._changed()
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.board.handle_event(event, self.draft):
                self._changed()

    def _typing(self) -> bool:
        """A line of the panel has the keyboard: its keys are its own, not the board's."""
        return any(isinstance(element, UITextEntryLine) and element.is_focused for element in self.widgets)

    def use(self, key: str, value: str, typing: bool = False) -> None:
        """A control of the panel used: the draft's (``key``, ``value``), or who plays on."""
        if key == PLAYERS:
            self.chosen = next((i for i, (words, _) in enumerate(self.players) if words == value), 0)
            return
        self.draft.set(key, value)
        self._changed(key if typing else None)

    def _changed(self, typed: str | None = None) -> None:
        """The draft changed: rebuild the widgets if its rows did (not for the line being typed in)."""
        rows = self.draft.rows()
        if rows != self.built:
            if typed is not None and _same_but(rows, self.built, typed):
                self.built = rows
            else:
                self.app.rebuild()
        self._refresh_buttons()

    def command(self, action: str) -> None:
        if action == "done":
            self.done()
        elif action == "save":
            self.save()
        elif action == "back":
            if len(self.app.stack) > 1:
                self.app.pop()
            else:
                self.app.show_menu()

    # -- the game from the position --------------------------------------------------------------
    def game(self) -> GameSession | None:
        """The game that starts from the position, between the players chosen; ``None``
        (and the problem in the banner) while the position cannot be played."""
        problems = self.draft.problems()
        if problems:
            self.app.banner.show(f"Not yet: {problems[0]}", error=True)
            return None
        try:
            options = self.info.position_options(self.draft.text())
            return GameSession(self.info, self.players[self.chosen][1], None, options)
        except ValueError as error:
            self.app.banner.show(f"Cannot play from this position: {error}", error=True)
            return None

    def done(self, confirmed: bool = False) -> None:
        """Play on from the position, its hints shown (after "Start a new game?" over a game in progress)."""
        session = self.game()
        if session is None:
            return
        under = self._under()
        if not confirmed and under is not None and under.session is not None and under.session.in_progress:
            self.confirm = ConfirmDialog(self.gui, self.board.board_rect, *NEW_GAME_QUESTION)
            return
        self.app.settings.hints = True
        self.app.play(session, review=computer_first(session))  # a computer to act first waits for "Play on"

    def save(self) -> None:
        """The game from the position, no move played yet, as a saved game."""
        session = self.game()
        if session is None:
            return
        path = saves_dir() / f"{self.info.name}-setup-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save_game(path, session.record())
        except SaveError as error:
            self.app.banner.show(str(error), error=True)
            return
        self.app.banner.show(f"Saved as {path} (Load game… opens it; Play on plays from the position)")

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.board.draw(surface, self.draft)
        r = self.panel_rect
        pygame.draw.rect(surface, PANEL, r)
        pygame.draw.line(surface, PANEL_EDGE, r.topleft, r.bottomleft, 2)
        fonts, scale = self.app.fonts, self.scale
        draw_text(surface, fonts(round(20 * scale), True), "Set up position", (r.x + 12, 12),
                  ACCENT)
        label = fonts(round(13 * scale))
        for text, y in self.row_labels:
            if text:
                draw_text(surface, label, text, (self.label_x, y), TEXT_DIM, anchor="midleft")
        self._draw_text(surface)
        self.menu_bar.draw(surface)

    def _draw_text(self, surface: pygame.Surface) -> None:
        """Under the rows: the position in words, what is wrong with it (boxed), then help."""
        area, fonts, scale = self.text_area, self.app.fonts, self.scale
        y, bottom = area.y, area.bottom
        bold, body, small = fonts(round(14 * scale), True), fonts(round(13 * scale)), fonts(round(11 * scale))
        for line in wrap(bold, self.draft.describe(), area.w):
            draw_text(surface, bold, line, (area.x, y), TEXT)
            y += bold.get_linesize()
        y += 4
        helps = [wrap(small, text, area.w) for text in (MOUSE_HELP, self.help_text())]
        help_h = sum(len(lines) for lines in helps) * small.get_linesize() + 6
        problems = self.draft.problems()
        if problems:
            lines = [line for problem in problems for line in wrap(body, problem, area.w - 12)]
            fit = max(1, (bottom - help_h - y - 8) // body.get_linesize())
            if len(lines) > fit:
                lines = lines[:fit - 1] + [f"… and more ({len(problems)} problems in all)"] if fit > 1 else lines[:1]
            box = pygame.Rect(area.x - 4, y, area.w + 8, len(lines) * body.get_linesize() + 8)
            pygame.draw.rect(surface, ERROR, box, border_radius=6)
            for i, line in enumerate(lines):
                draw_text(surface, body, line, (area.x + 2, y + 4 + i * body.get_linesize()), TEXT)
            y = box.bottom + 6
        else:
            draw_text(surface, body, "Ready: Done plays on from this position.", (area.x, y), ACCENT)
            y += body.get_linesize() + 6
        y = max(y, bottom - help_h + 6)
        for lines in helps:
            for line in lines:
                if y + small.get_linesize() <= bottom + 8:
                    draw_text(surface, small, line, (area.x, y), TEXT_DIM)
                y += small.get_linesize()


def _same_but(rows, built, key: str) -> bool:
    """Whether ``rows`` differ from ``built`` only in the value of the control ``key``."""
    def without(found):
        return [[c._replace(value="") if c.key == key else c for c in row.controls] for row in found]

    return [row.label for row in rows] == [row.label for row in built] and without(rows) == without(built)
