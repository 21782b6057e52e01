"""The main menu: game (with its Rules page: the button beside it, or F1), mode, players and
levels, the game's setup options, seed and the position to start from (empty: the opening;
a pasted or typed position text, which gives the cube and score itself); set up a position
(games with an edit mode); continue, load, the study library, drills (games with drills), settings, quit.

Modes are data (:data:`MODES`).  A mode whose ``open`` is set starts its own scene instead of
a game: that is where the tournament scene plugs in when it exists.  Setup options are the
game's own (``GameInfo.options.setup``, e.g. Mandragora's pattern and first mover): one
drop-down each, for those the choices before them leave open (backgammon's Jacoby rule only
for a money game).  They start at the options of the game just left, else those last chosen in
this window's menu, else the autosaved game's, else the defaults (the settings file keeps
only game, mode and players).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from weakref import WeakKeyDictionary

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine
from pygame_gui.windows import UIFileDialog

from ..core.capabilities import Drill, PositionEditor
from ..core.match import GameRecord
from ..core.protocol import POSITION
from ..core.rules_page import RulesPage
from ..core.saves import SaveError, autosave_path, examples_dir, load_game, saves_dir, set_aside
from ..core.session import HUMAN, GameSetup, check_player_name
from ..games import all_games, get_game, import_suffixes, rules_for
from .confirm import NEW_GAME_QUESTION, ConfirmDialog
from .gameview import has_view
from .play.paste import clipboard_text
from .scene import Scene
from .theme import ACCENT, TEXT_DIM, ui_scale
from .widgets import draw_text, wrap


@dataclass(frozen=True)
class Mode:
    key: str
    title: str
    humans: int
    """Human seats: 2, 1 (the player picks a side) or 0 (watch)."""
    open: Callable | None = None
    """``open(app, info)`` starts a scene of its own instead of a game (tournaments)."""


def open_tournament(app, info) -> None:
    """The Tournament mode: the tournament screen of the game ``info``."""
    app.open("tournament", info=info)


MODES = [
    Mode("hvc", "Human vs computer", 1),
    Mode("hvh", "Two humans", 2),
    Mode("cvc", "Watch computer vs computer", 0),
    Mode("tournament", "Tournament", 0, open=open_tournament),
]


def read_autosave(app) -> GameRecord | None:
    """The autosaved game, checked as "Continue" would load it (players included); ``None``
    if there is none.  One that cannot be used is renamed to ``autosave.json.bad`` (kept,
    not deleted, and never offered again) and the banner says why."""
    from .jobs.autosaver import AUTOSAVER

    AUTOSAVER.flush()  # the play scene's last autosave may still be on its way to the disk
    path = autosave_path()
    if not os.path.lexists(path):
        return None
    try:
        record = load_game(path, rules_for)
        info = get_game(record.game)
        for name in record.players:
            check_player_name(info, name)
        return record
    except (SaveError, ValueError) as error:
        try:
            kept = f"it is kept as {set_aside(path).name}"
        except OSError as failure:
            kept = f"it could not be set aside ({failure.strerror or failure})"
        app.banner.show(f"The autosaved game cannot be continued: {error}; {kept}.", error=True)
        return None


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.games = [info for info in all_games() if has_view(info)]
        self.game = next((g for g in self.games if g.name == s.last_game), self.games[0])
        self.mode = next((m for m in MODES if m.key == s.last_mode), MODES[0])
        self.players = list(s.last_players)
        self.seed_text = ""
        self.position_text = ""
        """The "Position" row: empty for the opening, else the position a new game starts from."""
        self.widgets: dict = {}
        self.dialog: UIFileDialog | None = None
        self.confirm: ConfirmDialog | None = None  # "Start a new game?" while it is asked
        self.abouts: list[tuple[pygame.Rect, int]] = []  # (area, seat): what each computer player does, as built
        self._fix_players()
        self.autosave = read_autosave(app)
        self.options = _CHOSEN.setdefault(app, {})
        """Game name → its setup options as chosen (kept when another game is picked)."""
        left = app.scene.session if app.scene is not None else None  # the game the menu is opened from, if any
        if left is not None:
            self.options[left.info.name] = _checked_options(left.info, left.options)
        for game in self.games:
            if game.name not in self.options:
                saved = self.autosave is not None and self.autosave.game == game.name
                self.options[game.name] = _checked_options(game, self.autosave.options if saved else {})

    def _fix_players(self) -> None:
        """Make the remembered players fit the game and mode (names the game knows)."""
        names, default = self.game.players.names, self.game.players.default
        players = [p if p in names or p == HUMAN else default for p in self.players[:2]]
        players += [HUMAN, default][len(players):]
        if self.mode.humans == 2:
            players = [HUMAN, HUMAN]
        elif self.mode.humans == 0:
            players = [p if p != HUMAN else default for p in players]
        elif players.count(HUMAN) != 1:
            players = [HUMAN, next((p for p in players if p != HUMAN), default)]
        self.players = players

    def game_in_progress(self) -> bool:
        """An unfinished autosaved game with a move played: a new game would overwrite it."""
        return self.continue_available() and self.autosave.plies > 0

    def continue_available(self) -> bool:
        return self.autosave is not None and self.autosave.result is None

    def _shown_options(self) -> list:
        """``(name, option)`` of the setup options the choices made so far (and a position
        given, :meth:`_implied`) leave open."""
        chosen = {**self.options[self.game.name], **self._implied()}
        return [(name, option) for name, option in self.game.options.setup.items() if option.shown(chosen)]

    def _implied(self) -> dict[str, str]:
        """The setup choices the position given implies (``Options.of_position``), shown fixed;
        none while no readable position is given."""
        read = self.game.options.of_position
        if read is None or not self.position_text.strip() or not self._takes_position():
            return {}
        try:
            return read(self.game.notation.parse_position(self.position_text.strip()))
        except ValueError:
            return {}

    def _takes_position(self) -> bool:
        """Whether the game can start from a position (its "Position" row)."""
        return POSITION in self.game.rules().option_names

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        scale = ui_scale(size)  # at 1920×1080 the form and its text are a third larger
        cw = min(round(520 * scale), w - 40)
        x, y = (w - cw) // 2, _top(h)
        rows = 2.0
        seats = 0 if self.mode.open is not None else 2 - self.mode.humans
        if self.mode.open is None:  # players, setup options and seed; a mode's own screen asks otherwise
            rows += (2 if self.mode.humans < 2 else 0) + len(self._shown_options()) + 1 + self._takes_position()
        describe = self.app.fonts(max(11, min(round(14 * scale), h // 48)))
        for self.about_lines in (2, 1):  # under each computer player: what it does, in 2 lines if they fit
            about = self.about_lines * describe.get_linesize() + 4
            step = max(28, min(46 * scale, (h - y - 10 - seats * about) / (rows + 4.0)))  # the rows and the buttons fit
            if step >= 31:
                break
        self.about_font, self.abouts = describe, []
        gui, titles = self.gui, self.game.players.titles
        labels = cw * 0.36
        field = pygame.Rect(x + labels, 0, cw - labels, max(24, round(step * 0.8)))  # 24: a line of text unclipped
        self.widgets = {}

        def row(label: str, key: str, element, room: int = 0) -> None:
            """A labelled field; ``room``: pixels left free at its right end (for a button)."""
            nonlocal y
            UILabel(pygame.Rect(x, y, labels - 10, field.h), label, gui)
            self.widgets[key] = element(pygame.Rect(field.x, y, field.w - room, field.h))
            y += step

        rules_w = round(min(90 * scale, field.w * 0.3))  # the game's rules page, beside its name
        self.widgets["rules"] = UIButton(pygame.Rect(field.right - rules_w, y, rules_w, field.h), "Rules", gui)
        row("Game", "game", lambda r: UIDropDownMenu([g.title for g in self.games], self.game.title, r, gui),
            room=rules_w + 8)
        row("Mode", "mode", lambda r: UIDropDownMenu([m.title for m in MODES], self.mode.title, r, gui))
        choices = player_choices(self.game)

        def computer(label: str, key: str, seat: int) -> None:
            nonlocal y
            now = next(c for c in choices if c[1] == self.players[seat])
            row(label, key, lambda r: UIDropDownMenu(choices, now, r, gui))
            self.abouts.append((pygame.Rect(field.x, y - step * 0.15, field.w, about), seat))
            y += about

        if self.mode.open is not None:
            pass  # the mode's own screen asks for players and seed
        elif self.mode.humans == 1:
            side = self.players.index(HUMAN)
            row("You play", "side", lambda r: UIDropDownMenu(list(titles), titles[side], r, gui))
            computer("Computer", "level", 1 - side)
        elif self.mode.humans == 0:
            for i in (0, 1):
                computer(titles[i], f"seat{i}", i)

        def seed_entry(r):
            entry = UITextEntryLine(r, gui, placeholder_text="random")
            entry.set_allowed_characters("numbers")
            entry.set_text(self.seed_text)
            return entry

        def position_entry(r):
            entry = UITextEntryLine(r, gui, placeholder_text="the opening, or paste a position (Ctrl+V)")
            entry.set_text(self.position_text)
            return entry

        if self.mode.open is None:
            implied = self._implied()  # a position given fixes what it says (its cube, its match)
            chosen = {**self.options[self.game.name], **implied}

            def option_menu(r, choices, now, fixed):
                menu = UIDropDownMenu(choices, now, r, gui)
                if fixed:
                    menu.disable()
                return menu

            for name, option in self._shown_options():
                choices = [option.title(choice) for choice in option.choices]
                row(option.label, f"option:{name}",
                    lambda r, c=choices, now=option.title(chosen[name]), f=name in implied: option_menu(r, c, now, f))
            row("Seed", "seed", seed_entry)
            if self._takes_position():
                row("Position", "position", position_entry)
        y += step * 0.3
        drills = any(info.has(Drill) for info in self.games)  # the games shown have a board on screen
        half, bh = (cw - 10) / 2, step - 6
        last = ["library", "drills", "settings", "quit"] if drills else ["library", "settings", "quit"]
        part = (cw - 10 * (len(last) - 1)) / len(last)
        start = "New game" if self.mode.open is None else f"{self.mode.title}…"
        setup = self.mode.open is None and self.game.has(PositionEditor)  # the game's edit mode, beside
        start_w = round(cw * 0.6) if setup else cw
        buttons = [("start", start, pygame.Rect(x, y, start_w, step), "#primary"),
                   ("continue", "Continue last game", pygame.Rect(x, y + step * 1.25, half, bh), None),
                   ("load", "Load game…", pygame.Rect(x + half + 10, y + step * 1.25, half, bh), None),
                   *((key, key.title(), pygame.Rect(x + k * (part + 10), y + step * 2.4, part, bh), None)
                     for k, key in enumerate(last))]
        if setup:
            buttons.append(("setup", "Set up position…", pygame.Rect(x + start_w + 10, y, cw - start_w - 10, step), None))
        for key, text, rect, object_id in buttons:
            self.widgets[key] = UIButton(rect, text, gui, object_id=object_id)
        if not self.continue_available():
            self.widgets["continue"].disable()
        self.dialog = None
        if self.confirm is not None:  # the widgets were recreated: so is the question
            self.confirm = ConfirmDialog(self.gui, self.app.screen.get_rect(), *NEW_GAME_QUESTION)

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        confirm = self.confirm
        if confirm is not None:  # modal: "Start a new game?"
            answer = confirm.handle(event)
            if answer is not None:
                confirm.close()
                self.confirm = None
                if answer == "yes":
                    self.command("start", confirmed=True)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._choose(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("seed"):
            self.seed_text = event.text
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("position"):
            before = self._implied()
            self.position_text = event.text
            if self._implied() != before:  # the option rows follow the position: shown again, typing goes on
                self.app.rebuild()
                self.widgets["position"].focus()
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL
              and "position" in self.widgets and not self.widgets["position"].is_focused):
            self.position_text = clipboard_text().strip()  # the field need not be clicked first
            self.app.rebuild()  # the option rows follow the position
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, wd in self.widgets.items() if wd is event.ui_element), None)
            if key:
                self.command(key)
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            self.app.open_saved(event.text)
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not self.dialog:
            self.command("start")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and not self.dialog:
            self.command("rules")

    def _choose(self, element, text: str) -> None:
        key = next((k for k, wd in self.widgets.items() if wd is element), None)
        titles = self.game.players.titles
        if key == "game":
            self.game = next(g for g in self.games if g.title == text)
            self.position_text = ""  # another game's positions are written otherwise
        elif key == "mode":
            self.mode = next(m for m in MODES if m.title == text)
        elif key == "side":
            level = next(p for p in self.players if p != HUMAN)
            self.players = [HUMAN, level] if text == titles[0] else [level, HUMAN]
        elif key == "level" or (key and key.startswith("seat")):
            name = player_named(self.game, text)
            if name is None:  # the "research players" heading: nothing chosen, the row shows the player again
                self.app.rebuild()
                return
            if key == "level":
                self.players = [name if p != HUMAN else p for p in self.players]
            else:
                self.players[int(key[-1])] = name
        elif key and key.startswith("option:"):
            name = key.removeprefix("option:")
            option = self.game.options.setup[name]
            self.options[self.game.name][name] = next(c for c in option.choices if option.title(c) == text)
            if any(name in other.shown_if for other in self.game.options.setup.values()):
                self.app.rebuild()  # it shows or hides other options (a match hides the money options)
            return
        else:
            return
        self._fix_players()
        self.app.rebuild()  # the rows depend on the game and mode

    def command(self, key: str, confirmed: bool = False) -> None:
        if key == "start":
            self._remember()
            if self.mode.open is not None:
                self.mode.open(self.app, self.game)
                return
            if not confirmed and self.game_in_progress():  # it would overwrite "Continue"'s game
                self.confirm = ConfirmDialog(self.gui, self.app.screen.get_rect(), *NEW_GAME_QUESTION)
                return
            seed = int(self.seed_text) if self.seed_text.strip().isdigit() else None
            options = self.game.new_game_options(self.options[self.game.name])  # hidden options at their defaults
            if self.position_text.strip() and "position" in self.widgets:  # it gives cube and score too
                try:
                    options = self.game.position_options(self.position_text)
                except ValueError as error:
                    self.app.banner.show(f"Cannot start from that position: {error}", error=True)
                    return
            self.app.start_game(GameSetup(self.game.name, tuple(self.players), seed, options))
        elif key == "setup":
            self._remember()
            self.app.push("setup", info=self.game)  # the menu waits under it, as chosen
        elif key == "continue":
            self.app.continue_game()
        elif key == "load":
            self.open_dialog()
        elif key == "settings":
            self._remember()
            self.app.show_settings()
        elif key == "library":
            self._remember()
            self.app.open("library")
        elif key == "drills":
            self._remember()
            self.app.open("drill")
        elif key == "rules" and self.game.has(RulesPage):
            self.app.push("rules", info=self.game)  # the menu waits under it, as chosen
        elif key == "quit":
            self.app.close()

    def open_dialog(self) -> None:
        folder = saves_dir()
        if not any(folder.glob("*.json")) and examples_dir() is not None:
            folder = examples_dir()
        folder.mkdir(parents=True, exist_ok=True)
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(560, w - 40), min(480, h - 40))
        rect.center = (w // 2, h // 2)
        self.dialog = UIFileDialog(rect, self.gui, "Load a saved game", {".json", *import_suffixes()},
                                   str(Path(folder)) + "/", allow_existing_files_only=True)

    def _remember(self) -> None:
        s = self.app.settings
        s.last_game, s.last_mode, s.last_players = self.game.name, self.mode.key, list(self.players)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        top = _top(h)
        title = self.app.fonts(min(72, max(30, top // 3)), True)
        rect = draw_text(surface, title, "Tabula", (w // 2, top * 0.45), ACCENT, anchor="center")
        draw_text(surface, self.app.fonts(max(12, min(18, h // 45))),
                  "Board games against computer players that explain themselves",
                  (w // 2, rect.bottom + 2), TEXT_DIM, anchor="midtop")
        for area, seat in self.abouts:  # what the chosen computer player does
            font = self.about_font
            text = self.game.player_description(self.players[seat])
            for i, line in enumerate(wrap(font, text, area.w, self.about_lines)):
                draw_text(surface, font, line, (area.x + 4, area.y + i * font.get_linesize()), TEXT_DIM)


RESEARCH_HEADING = "— research players —"
"""The drop-down's separator between the levels and the research players (not a player)."""


def player_choices(game) -> list[tuple[str, str]]:
    """The computer players as a drop-down offers them, ``(text, player name)``: the levels
    first, weakest first, by title (capitalised); then, after :data:`RESEARCH_HEADING` (name ``""``), the
    seed strategies and evaluator players by their command-line names."""
    main, research = game.menu_players
    choices = [(_capitalised(game.player_title(name)), name) for name in main]
    if research:
        choices.append((RESEARCH_HEADING, ""))
        choices += [(name, name) for name in research]
    return choices


def player_named(game, text: str) -> str | None:
    """The player a drop-down's ``text`` names (its title or its name); ``None`` for the heading."""
    return next((name for title, name in player_choices(game) if name and text in (title, name)), None)


_CHOSEN: WeakKeyDictionary = WeakKeyDictionary()
"""App → game name → setup options chosen in its menu, for as long as the window lives."""


def _checked_options(game, options: dict) -> dict[str, str]:
    """``game``'s setup options with the values in ``options`` it declares, else the defaults
    (a save from another Tabula may hold other choices)."""
    try:
        return game.new_game_options({k: v for k, v in options.items() if k in game.options.setup})
    except ValueError:
        return game.new_game_options()


def _top(height: int) -> int:
    """Where the form starts: below the title, which takes about a fifth of the window."""
    return int(min(max(84, height * 0.22), 200))


def _capitalised(text: str) -> str:
    """A player's title as the drop-down shows it: ``greedy`` → ``Greedy``."""
    return text[:1].upper() + text[1:]
