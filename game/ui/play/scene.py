"""The play scene: a game's board (its view), the side panel, and the parts that run them.

The scene is made of parts (:class:`~game.ui.scene.Part`), each built with what it needs:

- :class:`~.turns.TurnLoop` and :class:`~.turns.Mover`: whose turn it is; a move from the
  board, a button, the dice or a computer, shown, applied and autosaved;
- :class:`~.board.BoardInput`: a human's move built on the board;
- :class:`~.choices.Choices` and :class:`~.choices.Confirmation`: decisions by buttons (roll or
  double, take or pass) and "Start a new game?";
- :class:`~.offers.Offers`: what a human may offer besides moving (Ctrl+R: resign);
- :class:`~.paste.Paste`: a position opened from text (Ctrl+V, Ctrl+L, the position line);
- :class:`~.dice.Dice`: chance nodes drawn, or a human's dice entered by hand;
- :class:`~.replay.Replay` and :class:`~.replay.MoveLines`: the move list and replay mode;
- :class:`~.game_end.GameEnd` and :class:`~.game_end.Announcements`: the view's announcements
  and how the game ended;
- :class:`~game.ui.analysis.overlays.Overlays`: hints, "why", arrows, tutor, graph, watch mode,
  every roll's grid and rollouts;
- :class:`~.buttons.Controls` and :class:`~.keys.Keys`: the buttons and the keys, which run
  the scene's commands (:meth:`PlayScene.command`);
- :class:`~.menus.PlayMenus`: the menu bar, each item its key or an action of its own.

Events go down :attr:`PlayScene.chain` until a part takes one; modal dialogs come first.  The
scene itself lays the window out, runs the commands that span parts (undo and redo of whole
moves, a new game, saving, the other screens) and orders each frame's update and drawing.
A finished game, and one loaded from a file, open in replay mode; "Review the game" (V)
suspends the scene for the Review screen.
"""

from __future__ import annotations

import time

import pygame

from ...core.capabilities import PositionEditor
from ...core.rules_page import RulesPage
from ...core.saves import SaveError, save_game, saves_dir
from ...core.session import GameSession, player_labels
from ..analysis.overlays import Overlays
from ..analysis.tables import use_chosen_table
from ..confirm import NEW_GAME_QUESTION
from ..gameview import load_view
from ..library.intake import add_finished_game
from ..menubar.bar import BAR_HEIGHT
from ..panel import SidePanel, TextSection, key_help_section, panel_width
from ..position_line import PositionLine
from ..scene import Scene
from ..theme import ACCENT
from ..widgets import draw_text
from .board import BoardInput
from .buttons import Controls
from .choices import BUTTON_ROWS, Choices, Confirmation
from .dice import Dice
from .game_end import Announcements, GameEnd
from .keys import Keys
from .menus import PlayMenus
from .offers import Offers
from .paste import Paste
from .replay import MoveLines, Replay
from .turns import Mover, Status, TurnLoop


def can_review(session) -> bool:
    """A game can be reviewed: it has an analysis and a move was made."""
    return session.info.move_analysis().analyze is not None and any(
        session.rules.to_move(s) >= 0 for s in session.states[:-1])


class PlayScene(Scene):
    def __init__(self, app, session: GameSession, review: bool = False, source=None, kept: bool = True) -> None:
        """``review``: open in replay mode at the last position (a game loaded from a file);
        a finished game always opens in it.  ``source``: the file the game was loaded from and
        its actions then, ``(path, actions)`` (the Review screen keeps its cache beside it).
        ``kept``: the game is autosaved for "Continue" and, finished, goes into the study
        library; not a game opened from the Library screen (a match, a position to study)."""
        super().__init__(app)
        use_chosen_table(app.settings, session.info)  # before a worker analyses or plays a move
        self.session, self.source = session, source
        info, settings, fonts = session.info, app.settings, app.fonts
        view = self.view = load_view(info, fonts)
        humans = [i for i in range(len(session.players)) if session.is_human(i)]
        self.bottom = humans[0] if len(humans) == 1 else 0
        view.configure(bottom=self.bottom, settings=settings.of(info))
        view.use_history(lambda: self.session.states[:self.replay.shown_index + 1])
        session.use_settings(settings.of(info))  # the game's settings its computers read
        self.labels = player_labels(session)
        panel = self.panel = SidePanel()
        status = self.status = Status()

        self.announcements = Announcements(view, app.banner)
        self.choices = Choices(app, panel, view, session, self.announcements,
                               lambda: self.mover.human and not self.replay.replaying and self.overlays.tutor is None,
                               self._decided)
        self.mover = Mover(session, view, status, settings, app.banner, self.announcements, self.choices)
        self.mover.autosaving = kept
        self.move_list = MoveLines(fonts, session, view)
        self.replay = Replay(session, view, status, self.move_list, self.mover, self._can_browse)
        self.ending = GameEnd(session, view, status, app.sounds, fonts, self.replay,
                              finished=lambda: add_finished_game(app.settings, session) if kept else None)
        self.overlays = Overlays(app, session, view, panel, status, self.mover, self.replay)
        self.dice = Dice(app, panel, session, view, status, self.mover, self.replay)
        self.turns = TurnLoop(session, view, status, self.mover, self.choices, self.dice, self.ending, self.overlays,
                              settings, app.banner)
        self.confirmation = Confirmation(app, view, NEW_GAME_QUESTION)
        self.offers = Offers(app, panel, view, session, self.mover,
                             lambda: not self.replay.replaying and self.overlays.tutor is None)
        self.position_line = PositionLine(fonts, info, lambda: self.session.states[self.replay.shown_index],
                                          lambda: app.settings.of(info), opens=True)
        self.paste = Paste(app, view, session, self.position_line)
        self.controls = Controls(app, view, self.mover, self.replay, self.turns, self.overlays, self.choices,
                                 lambda: can_review(self.session), self.command, self.over_another)
        self.keys = Keys(app, session, view, self.overlays, self.replay, self.move_list, self.dice,
                         self.position_line, self.command)
        self.board = BoardInput(view, lambda: self.mover.human and not self.replay.replaying,
                                lambda: self.command("done"))
        self.menus = PlayMenus(app, session, view, self.keys, self.overlays, lambda: self.bottom,
                               self.handle_event, lambda: can_review(self.session))
        self.menu_bar = self.menus.bar
        self.chain = [self.confirmation, self.offers, self.paste, self.overlays.rollout_settings, self.menu_bar,
                      self.dice, self.choices, self.overlays, self.paste.line_clicks, self.replay, self.controls,
                      self.keys, self.board]
        """The parts in the order they are offered an event: modal dialogs first."""

        panel.sections = [
            TextSection(fonts, lambda: status.text, size=17, bold=True), self.dice.section,
            TextSection(fonts, lambda: self.turns.error or "", "Problem", boxed=lambda: True),
            *self.overlays.sections,
            self.move_list.section,
            self.position_line,
            key_help_section(fonts, self.keys.help, app.settings),
        ]
        if review or self.replay.finished:
            self.ending.ended = self.replay.finished
            self.replay.go(self.replay.last_stop)

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = panel_width(w, h)
        self.menu_bar.place(0, 0, w - pw)
        self.view.set_rect(pygame.Rect(10, BAR_HEIGHT + 6, w - pw - 20, h - BAR_HEIGHT - 16))
        self.panel.rect = pygame.Rect(w - pw, 0, pw, h)
        self.panel.reserved_top, self.panel.reserved_bottom = self.controls.place(self.panel.rect, h), BUTTON_ROWS
        self.overlays.build(size)
        for part in (self.confirmation, self.choices, self.offers, self.paste,
                     self.overlays.rollout_settings):  # their widgets were recreated
            part.build(size)
        self.controls.refresh()

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for part in self.chain:
            if part.handle_event(event):
                return

    def _decided(self, move) -> None:
        """A decision by buttons answered: played, unless the tutor questions it."""
        if not self.overlays.stops(move):
            self.mover.play_human(move)

    def _can_browse(self) -> bool:
        """A game in progress may be left for replay mode between moves (not while one is shown,
        the tutor asks, or a watched move is on show)."""
        overlays = self.overlays
        return (not self.view.animating and self.mover.pending is None and overlays.tutor_move is None
                and overlays.watch_move is None)

    def help_text(self) -> str:
        return self.keys.help()

    def draw_above(self, surface: pygame.Surface) -> None:
        self.menu_bar.draw_above(surface)

    def command(self, action: str) -> None:
        """A button's or a key's command (the buttons' names: ``done``, ``undo``, ``new``...)."""
        replay, mover, session, info = self.replay, self.mover, self.session, self.session.info
        if action in ("done", "pause") and replay.replaying and not replay.finished:
            replay.go(replay.last_stop + 1)  # "Play on": past the last position
        elif action == "pause" and (replay.replaying or replay.finished):
            pass
        elif action == "done" and mover.human:
            move = self.view.ready_move()
            if move is not None and not self.overlays.stops(move):  # the tutor may question it
                mover.play_human(move)
        elif action == "undo":
            if mover.human and self.view.can_undo():
                self.view.undo()
            else:
                self._take_back(redo=False)
        elif action == "redo":
            self._take_back(redo=True)
        elif action == "new":
            if session.in_progress:  # ask before throwing the game away
                self.confirmation.ask(self.new_game)
            else:
                self.new_game()
        elif action == "save":
            self.save()
        elif action == "menu":
            if self.over_another():  # opened from another screen (the Library's): back to it
                self.app.pop()
            else:
                self.app.show_menu()
        elif action == "rules" and info.has(RulesPage):
            self.app.push("rules", info=info)  # this scene waits under it, suspended
        elif action == "setup" and info.has(PositionEditor):  # Ctrl+E: the position on show
            self.app.push("setup", info=info, state=session.states[replay.shown_index], bottom=self.bottom)
        elif action == "retry":
            self.turns.error = None
        elif action == "resign":
            self.offers.open()
        elif action == "review" and can_review(session):
            self.app.push("review", back=self)  # this scene waits under it, suspended
        elif action == "theory":
            theory = self.overlays.theory
            theory.close() if theory.is_open else theory.open()
        elif action == "pause":
            self.overlays.toggle_pause()
        elif action in ("slower", "faster"):
            self.overlays.change_watch_speed(faster=action == "faster")

    def over_another(self) -> bool:
        """Whether this scene was opened over another one, which waits under it (a match or a
        position opened from the Library screen): Menu (Esc) then goes back to it."""
        stack = self.app.stack
        return self in stack and stack.index(self) > 0

    def new_game(self) -> None:
        """The same players and options, a fresh seed (after "Start a new game?" if asked)."""
        self.app.play(GameSession.new(self.session.info, self.session.setup()))

    def _take_back(self, redo: bool) -> None:
        """Undo whole moves back to the last human decision, or redo them (session undo/redo)."""
        mover, session = self.mover, self.session
        if not mover.can_take_back(redo) or not (session.redo() if redo else session.undo()):
            return
        self.turns.worker.cancel()
        mover.end_human_turn()
        self.choices.close()
        self.offers.close()
        self.ending.ended = False
        self.replay.cursor = None  # undo and redo work on the game as it stands: replay mode ends
        mover.after_undo = not redo  # where undo lands, nothing is played for the human at once
        self.turns.error = None
        self.status.text = self.view.describe(session.state)
        mover.autosave()

    def save(self) -> None:
        path = saves_dir() / f"{self.session.info.name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save_game(path, self.session.record())
        except SaveError as error:
            self.app.banner.show(str(error), error=True)
            return
        self.app.banner.show(f"Saved as {path}")

    # -- each frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for cue in self.view.update(dt):
            self.app.sounds.play(cue)
        self.announcements.show()
        replay = self.replay
        if not replay.replaying:
            self.turns.step(dt)
        if self.mover.human and not replay.replaying:
            self.status.text = self.turns.building_status()
        if replay.replaying:
            self.overlays.follow_replay(replay.stop())
        else:
            self.overlays.update(dt)
        self.controls.refresh()

    def leave(self) -> None:
        self.announcements.end()  # "Extra turn" is this game's, not the next one's
        self.confirmation.close()
        self.turns.close()
        self.choices.close()
        self.offers.close()
        self.overlays.rollout_settings.close()
        self.overlays.close()
        self.mover.finish()

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.overlays.every_roll.board_state()  # a roll's best play on show (W), else the game's
        self.view.draw(surface, self.session.states[self.replay.shown_index] if shown is None else shown, self.labels)
        if not self.replay.replaying:
            self.overlays.draw(surface)
        self.panel.draw(surface)
        r = self.panel.rect
        draw_text(surface, self.app.fonts(20, True), self.session.info.title, (r.x + 14, 14), ACCENT)
        self.ending.draw(surface)
        self.overlays.every_roll.draw(surface)
        self.overlays.theory.draw(surface)
        self.menu_bar.draw(surface)
