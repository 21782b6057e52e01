"""The window: one pygame loop at 60 frames a second that runs the current scene.

``run_app()`` opens the main menu; ``run_app(GameSetup(...))`` starts a game directly.
Tests drive an :class:`App` frame by frame with :meth:`App.frame` and posted events.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from ..core.saves import SaveError, autosave_path, data_dir, load_game, remove_stale_temporaries, saves_dir  # noqa: E402
from ..core.session import GameSession, GameSetup  # noqa: E402
from ..core.settings import config_dir, load_settings, save_settings  # noqa: E402
from ..games import all_games, get_game, imported_record, rules_for  # noqa: E402
from .jobs.library_writer import LIBRARY_WRITER  # noqa: E402
from .scene import Scene, scene_class  # noqa: E402
from .sound import Sounds  # noqa: E402
from .theme import BACKGROUND, Fonts, gui_font_size, gui_theme  # noqa: E402
from .widgets import Banner  # noqa: E402

FPS = 60
FAULTS_IN_A_ROW = 30
"""Frames in a row that may fail before the window gives up (half a second at 60 fps)."""
HIDDEN_FPS = 10
"""Frames a second while the window is minimised."""
MIN_SIZE = (720, 480)


def report_unexpected(error: BaseException) -> None:
    """The traceback of a fault on the console, for a bug report."""
    traceback.print_exception(error, file=sys.stderr)


def shown_error(error: BaseException) -> str:
    """An unexpected error in one short line for the banner."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:120]}{'…' if len(text) > 120 else ''}" if text else type(error).__name__


def remove_leftovers() -> None:
    """Delete the temporary files of saves interrupted by a kill (see ``write_atomic``)."""
    for folder in (data_dir(), saves_dir(), config_dir()):
        remove_stale_temporaries(folder)


class App:
    """The window, its shared services (fonts, sounds, settings, banner) and the scene."""

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        # Searches run in worker processes; where one falls back to a thread, a short GIL
        # switch interval lets the drawing thread in often enough to keep the frame rate.
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
        pygame.init()
        remove_leftovers()
        self.settings, problem = load_settings(games=all_games())
        size = tuple(size or self.settings.window_size)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Tabula")
        self._set_minimum_size()
        self.fonts = Fonts()
        self.gui = pygame_gui.UIManager(size, gui_theme(gui_font_size(size)))
        self.sounds = Sounds(self.settings.sound)
        self.banner = Banner()
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        """The scenes open, the one on show last; those under it wait suspended (not left)."""
        self.running = True
        if problem:
            self.banner.show(problem, error=True)

    @staticmethod
    def _set_minimum_size() -> None:
        get_window = getattr(pygame.display, "get_window", None)  # pygame-ce >= 2.5.2
        try:
            if get_window is not None and get_window() is not None:
                get_window().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass

    # -- scenes (registered by name in game.ui.scene.SCENES, kept on a stack) -------------------
    @property
    def scene(self) -> Scene | None:
        """The scene on show: the top of the stack."""
        return self.stack[-1] if self.stack else None

    def open(self, name: str, **arguments) -> Scene:
        """Show the scene registered as ``name``, made with ``arguments``, in place of every
        open one (each is left); the scene it replaces is still on show while it is made."""
        return self.show(scene_class(name)(self, **arguments))

    def show(self, scene: Scene) -> Scene:
        """Show ``scene`` in place of every open one (each is left, the top first)."""
        while self.stack:
            self.stack.pop().leave()
        return self._enter(scene)

    def push(self, name: str, **arguments) -> Scene:
        """Show the scene registered as ``name`` over the one on show, which waits suspended
        (not left) until :meth:`pop`.  A note of the scene under it is not drawn over the new
        one (an error stays until dismissed)."""
        if not self.banner.error:
            self.banner.clear()
        return self._enter(scene_class(name)(self, **arguments))

    def pop(self) -> Scene | None:
        """Leave the scene on show and go back to the one under it, as it was."""
        if self.stack:
            self.stack.pop().leave()
        self.gui.clear_and_reset()
        if self.scene is not None:
            self.scene.build(self.screen.get_size())
        return self.scene

    def _enter(self, scene: Scene) -> Scene:
        self.gui.clear_and_reset()
        self.stack.append(scene)
        scene.build(self.screen.get_size())
        return scene

    def show_menu(self) -> None:
        self.open("menu")

    def show_settings(self) -> None:
        self.open("settings")

    def play(self, session: GameSession, review: bool = False, source=None, over: bool = False) -> None:
        """Play ``session``; ``review``: open it in replay mode (a game loaded from a file,
        ``source``: its path and actions, where the Review screen keeps its cache); ``over``:
        over the scene on show, which waits under it (the Library screen), else in place of
        every open one; a game opened over another is neither autosaved nor added to the
        library (:class:`~game.ui.play.scene.PlayScene`'s ``kept``)."""
        if over:  # not kept: it must not take the place of the game behind "Continue"
            self.push("play", session=session, review=review, source=source, kept=False)
        else:
            self.open("play", session=session, review=review, source=source)

    def start_game(self, setup: GameSetup, over: bool = False) -> bool:
        """Start a new game (``over``: see :meth:`play`); a bad setup is shown in the banner
        (returns False)."""
        try:
            info = get_game(setup.game)
            self.play(GameSession.new(info, setup), over=over)
        except ValueError as error:
            self.banner.show(str(error), error=True)
            return False
        return True

    def open_saved(self, path: Path | str, review: bool = True, over: bool = False) -> bool:
        """Load a saved game, in replay mode at its last position (``review``; "Play on"
        continues an unfinished one), else playing on from where it stopped; errors go to
        the banner.  A ``.mat`` match file opens as one match (:func:`~game.games.imported_record`).
        ``over``: see :meth:`play`."""
        try:
            record = imported_record(path) or load_game(path, rules_for)
            source = (Path(path), tuple(record.actions)) if review else None  # the Review screen's cache goes beside it
            self.play(GameSession.from_record(get_game(record.game), record), review=review, source=source, over=over)
            if record.notes:  # what the file contradicted, and how it was read
                more = f" (and {len(record.notes) - 1} more)" if len(record.notes) > 1 else ""
                self.banner.show(f"Note: {record.notes[0]}{more}")
        except (SaveError, ValueError) as error:
            self.banner.show(f"Cannot load the game: {error}", error=True)
            return False
        except Exception as error:  # a reader's bug must not take the window down with the file
            report_unexpected(error)
            self.banner.show(f"Cannot load the game: {shown_error(error)} (a fault in Tabula; "
                             "the details are on the console)", error=True)
            return False
        return True

    def continue_game(self) -> bool:
        return self.open_saved(autosave_path(), review=False)  # "Continue": play on at once

    # -- the loop ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        size = (max(size[0], 320), max(size[1], 240))
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._set_minimum_size()
        if gui_font_size(size) != gui_font_size(self.gui.window_resolution):  # text grows with the window
            self.gui = pygame_gui.UIManager(size, gui_theme(gui_font_size(size)))
        self.gui.set_window_resolution(size)
        self.settings.window_size = list(size)
        self.rebuild()

    def rebuild(self) -> None:
        """Recreate the scene's widgets and layout (after a resize or a changed choice)."""
        self.gui.clear_and_reset()
        if self.scene is not None:
            self.scene.build(self.screen.get_size())

    def _keys_screen(self, event) -> bool:
        """?: the keys screen of the scene on show (its key help, whole), unless text is typed."""
        if event.type != pygame.KEYDOWN or event.unicode != "?" or self.gui.get_focus_set():
            return False
        return self.keys_screen()

    def keys_screen(self, about: bool = False) -> bool:
        """Push the keys screen of the scene on show, with About (``about``: opened at it, the
        Help menu's About); False for a scene without keys."""
        text = self.scene.help_text() if self.scene is not None else ""
        if not text:
            return False
        from .keys import keys_of_help

        self.push("keys", title=type(self.scene).__name__.removesuffix("Scene"), keys=keys_of_help(text), about=about)
        return True

    def frame(self, dt: float = 1 / FPS) -> bool:
        """Handle pending events, advance ``dt`` seconds and draw; False once closed."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.close()
                return False
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
                continue
            if self.banner.handle_event(event):
                continue
            if not self.gui.process_events(event) and self.scene is not None:
                if not self._keys_screen(event):
                    self.scene.handle_event(event)
            if not self.running:
                return False
        self.banner.update(dt)
        for text, error in LIBRARY_WRITER.messages():  # the study library's writes (a thread)
            self.banner.show(text, error=error)
        if self.scene is not None:
            self.scene.update(dt)
        self.gui.update(dt)
        self.draw()
        return self.running

    def draw(self) -> None:
        self.screen.fill(BACKGROUND)
        if self.scene is not None:
            self.scene.draw(self.screen)
        self.gui.draw_ui(self.screen)
        if self.scene is not None:
            self.scene.draw_above(self.screen)
        self.banner.draw(self.screen, self.fonts)
        pygame.display.flip()

    def run(self) -> int:
        """The loop, until the window closes (0); the last line of defence against a fault
        in a scene: the error goes to the banner and the console and the window goes on,
        unless :data:`FAULTS_IN_A_ROW` frames in a row fail (1: it closes, autosaving)."""
        faults = 0
        try:
            while True:
                # Minimised, the window cannot be seen: a few frames a second keep it alive
                # (events, computer moves, tournaments) without spending a core on drawing.
                dt = min(self.clock.tick(FPS if pygame.display.get_active() else HIDDEN_FPS) / 1000, 0.1)
                try:
                    if not self.frame(dt):
                        return 0
                    faults = 0
                except Exception as error:  # noqa: BLE001 - reported, never fatal at once
                    faults += 1
                    report_unexpected(error)
                    if faults >= FAULTS_IN_A_ROW:
                        print(f"tabula: the window stopped after {faults} faults in a row: {shown_error(error)}",
                              file=sys.stderr)
                        return 1
                    self.banner.show(f"Something went wrong: {shown_error(error)} (a fault in Tabula; "
                                     "the details are on the console)", error=True)
        finally:
            self.close()
            pygame.quit()

    def close(self) -> None:
        """Leave the scene (it autosaves) and keep the settings; safe to call twice."""
        if not self.running:
            return
        self.running = False
        while self.stack:
            try:
                self.stack.pop().leave()
            except Exception as error:  # noqa: BLE001 - the settings are still kept
                report_unexpected(error)
        LIBRARY_WRITER.flush(5.0)  # a game just finished still goes into the library
        for text, _ in LIBRARY_WRITER.messages():  # no banner any more: the console says it
            print(f"tabula: {text}", file=sys.stderr)
        problem = save_settings(self.settings)
        if problem:
            print(f"tabula: {problem}", file=sys.stderr)


def run_app(setup: GameSetup | None = None, size: tuple[int, int] | None = None) -> int:
    """Open the window: the menu, or straight into the game ``setup`` describes."""
    try:
        app = App(size)
    except pygame.error as error:
        print(f"tabula: cannot open a window: {error}", file=sys.stderr)
        return 1
    if setup is None or not app.start_game(setup):
        app.show_menu()
    return app.run()
