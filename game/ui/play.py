"""The play scene: a game's board (its view), the side panel, and the turn loop.

Per frame: finish animations, draw chance outcomes (dice) at chance nodes or ask a human for
them (:mod:`game.ui.dice_prompt`), let a human build a move on the board (Done confirms) or
ask a computer player in a worker process, animate its move, apply it, autosave.  What a move
means on the board (a pass announced, an obvious move played for the human) is the view's; the
scene shows the view's announcements in the banner.
A failing computer player pauses the game with the error and a Retry button.

How a game ends (the view's announcements, a match's game results, the result box) is
:mod:`game.ui.game_end`'s.  A finished game, and one loaded from a file, open in replay mode
(:mod:`game.ui.replay`); "New game" asks first when it would throw a game in progress away.  The keys
(:mod:`game.ui.play_keys`) are those of the table in :mod:`game.ui.keys`.

The analysis layer (hints, "why", arrows, tutor, graph, watch-mode pacing, every roll's grid)
lives in :class:`~game.ui.overlay.Overlays`; the scene calls it at marked points (``overlays``).
"Review the game" (V) suspends the scene for the Review screen (:mod:`game.ui.review_screen`).
Ctrl+R asks a human on turn what to offer besides moving (:mod:`game.ui.offer`); Ctrl+V and
Ctrl+L open a position from text (:mod:`game.ui.position_paste`).
"""

from __future__ import annotations

import time

import pygame
import pygame_gui

from ..core.protocol import CHANCE
from ..core.saves import SaveError, autosave_path, save_game, saves_dir
from .gameview import load_view
from .overlay import Overlays
from .panel import SidePanel, TextSection, panel_width
from .position_line import PositionLine
from .position_paste import PositionPaste
from .game_end import GameEnd
from .offer import OfferDialog
from .replay import ReplayMode
from .scene import Scene
from ..core.session import GameSession, player_labels
from .theme import ACCENT, TEXT_DIM
from .worker import MoveWorker
from .widgets import draw_text
from .confirm import NEW_GAME_QUESTION, ConfirmDialog
from .choice_dialogs import BUTTON_ROWS, ChoiceDialogs
from .choices import ChoiceButtons
from .dice_prompt import DicePrompt, ManualDice
from .play_keys import PlayKeys


def can_review(scene) -> bool:
    """A play scene's game can be reviewed: the game has an analysis and a move was made."""
    session = scene.session
    return session.info.move_analysis().analyze is not None and any(session.rules.to_move(s) >= 0 for s in session.states[:-1])


class PlayScene(PlayKeys, GameEnd, ReplayMode, OfferDialog, ChoiceDialogs, PositionPaste, ManualDice, Scene):
    def __init__(self, app, session: GameSession, review: bool = False, source=None) -> None:
        """``review``: open in replay mode at the last position (a game loaded from a file);
        a finished game always opens in it.  ``source``: the file the game was loaded from and
        its actions then, ``(path, actions)`` (the Review screen keeps its cache beside it)."""
        super().__init__(app)
        self.session = session
        self.source = source
        self.cursor: int | None = None
        """Replay mode: the stop on show (0 the start, *k* the position after the move on line
        *k* of the move list); ``None``: the game as it stands (play goes on)."""
        self.confirm: ConfirmDialog | None = None  # "Start a new game?" while it is asked
        self.choice: ChoiceButtons | None = None  # a human's decision by buttons (roll or double; take or pass)
        self.after_undo = False  # the next human turn was reached by undo: play nothing for them
        self.view = load_view(session.info, app.fonts)
        humans = [i for i in range(len(session.players)) if session.is_human(i)]
        self.bottom = humans[0] if len(humans) == 1 else 0
        self.view.configure(bottom=self.bottom, settings=app.settings.of(session.info))
        self.view.use_history(lambda: self.session.states[:self.shown_index + 1])
        session.use_settings(app.settings.of(session.info))  # the game's settings its computers read
        self.worker = MoveWorker(session)  # its players think in a worker process
        self.pending = None  # a move being animated, applied once the animation ends
        self.human_turn = False
        self.error: str | None = None
        self.status = ""
        self.announced = ""  # the view's last announcement: the next move takes it away
        self.ended = False
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.speed_label: pygame_gui.elements.UILabel | None = None  # watch mode only
        self.panel = SidePanel()
        fonts = app.fonts
        self.overlays = Overlays(self)
        self.position_line = PositionLine(fonts, session.info, lambda: self.session.states[self.shown_index],
                                          lambda: app.settings.of(session.info), opens=True)
        self.dice_section = DicePrompt(fonts, self)  # the dice asked for, when they are entered by hand
        self.panel.sections = [
            TextSection(fonts, lambda: self.status, size=17, bold=True), self.dice_section,
            TextSection(fonts, lambda: self.error or "", "Problem", boxed=lambda: True),
            *self.overlays.sections,
            self._move_list_section(fonts),
            self.position_line,
            TextSection(fonts, self.key_help, size=12, colour=TEXT_DIM, optional=True),
        ]
        self.labels = player_labels(session)
        if review or self.finished:
            self.ended = self.finished
            self.go(self.last_stop)

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = panel_width(w, h)
        self.view.set_rect(pygame.Rect(10, 10, w - pw - 20, h - 20))
        self.panel.rect = pygame.Rect(w - pw, 0, pw, h)
        x, bw = w - pw + 14, pw - 28
        make = pygame_gui.elements.UIButton
        watching = self.overlays.watching  # watch mode: Pause/Resume instead of Done, a speed row
        first = ("pause", "Pause") if watching else ("done", "Done")
        self.buttons = {
            first[0]: make(pygame.Rect(x, 52, bw * 0.44, 46), first[1], self.gui, object_id="#primary"),
            "undo": make(pygame.Rect(x + bw * 0.46, 52, bw * 0.26, 46), "Undo", self.gui),
            "redo": make(pygame.Rect(x + bw * 0.74, 52, bw * 0.26, 46), "Redo", self.gui),
            # widths follow the labels, so "New game" fits the narrowest panel (202 px of buttons)
            "new": make(pygame.Rect(x, h - 50, bw * 0.42, 36), "New game", self.gui),
            "save": make(pygame.Rect(x + bw * 0.44, h - 50, bw * 0.26, 36), "Save", self.gui),
            "menu": make(pygame.Rect(x + bw * 0.72, h - 50, bw * 0.28, 36), "Menu", self.gui),
            "retry": make(pygame.Rect(x, h - 96, bw, 36), "Retry the computer's move", self.gui),
            "review": make(pygame.Rect(x, h - 96, bw, 36), "Review the game", self.gui),  # where Retry is not
        }
        self.speed_label = None
        if watching:
            self.buttons["slower"] = make(pygame.Rect(x, 104, bw * 0.18, 36), "-", self.gui)
            self.buttons["faster"] = make(pygame.Rect(x + bw * 0.82, 104, bw * 0.18, 36), "+", self.gui)
            self.speed_label = pygame_gui.elements.UILabel(
                pygame.Rect(x + bw * 0.19, 104, bw * 0.62, 36), "", self.gui)
        self.panel.reserved_top, self.panel.reserved_bottom = (150 if watching else 108), BUTTON_ROWS
        self.overlays.build(size)
        if self.confirm is not None:  # the widgets were recreated: so is the question
            self.confirm = ConfirmDialog(self.gui, self.view.board_rect, *NEW_GAME_QUESTION)
        if self.choice is not None:
            self._open_choice(self.choice.choices)
        if self.offer is not None:
            self._open_offer()
        self._rebuild_paste()
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        human, watch = self.human_turn, self.overlays.watch
        play_on = self.replaying and not self.finished  # the primary button leaves replay mode
        primary = "pause" if "pause" in self.buttons else "done"
        texts = [(self.buttons[primary], "Play on" if play_on else "Done" if primary == "done"
                  else "Resume" if watch.paused else "Pause")]
        if self.speed_label is not None:
            texts.append((self.speed_label, f"Speed: {self.app.settings.watch_speed}"))
        for button, text in texts:
            if button.text != text:
                button.set_text(text)
        for name, on in (("done", play_on or (human and self.view.ready_move() is not None)),
                         ("pause", play_on or not (self.replaying or self.finished)),
                         ("undo", (human and self.view.can_undo()) or self._can_take_back(redo=False)),
                         ("redo", self._can_take_back(redo=True)),
                         ("slower", watch is not None and watch.can_change(faster=False)),
                         ("faster", watch is not None and watch.can_change(faster=True))):
            button = self.buttons.get(name)
            if button is not None and on != button.is_enabled:
                button.enable() if on else button.disable()
        done = self.buttons.get("done")
        if done is not None:  # a game whose moves need no confirming shows Done only to leave replay
            shown = play_on or self.view.needs_confirm()
            if shown != bool(done.visible):
                done.show() if shown else done.hide()
        if self.choice is not None:  # replay mode shows an earlier position: no buttons of this one
            hidden = self.replaying or self.overlays.every_roll.is_open  # nor under every roll's grid
            for button, _ in self.choice.buttons:
                button.hide() if hidden else button.show()
            if self.choice.panel is not None and self.choice.panel.visible == hidden:
                self.choice.panel.hide() if hidden else self.choice.panel.show()
        retry = self.buttons["retry"]
        if bool(self.error) != retry.visible:
            retry.show() if self.error else retry.hide()
        review, shown = self.buttons["review"], not self.error and can_review(self)
        if shown != bool(review.visible):
            review.show() if shown else review.hide()

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:  # modal: "Start a new game?"
            answer = self.confirm.handle(event)
            if answer is not None:
                self.confirm.close()
                self.confirm = None
                if answer == "yes":
                    self.new_game()
            return
        if self._offer_event(event) or self._paste_event(event) or self._dice_event(event):  # Ctrl+R; Ctrl+V/L; dice
            return
        if self.choice is not None and self.human_turn and not self.replaying and self.overlays.tutor is None:
            move = self.choice.handle(event)
            if move is not None:
                if not self.overlays.stops(move):  # the tutor may question a cube decision too
                    self.play_human(move)
                return
        if self.overlays.handle_event(event):
            return
        if click := event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.position_line.hit(event.pos):
            self.open_position_dialog() if click == "open" else self.position_line.copy(self.app.banner)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._moves_clickable():
            line = self.move_list.row_at(event.pos)
            if line is not None:
                self.go(line + 1)
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if action:
                self.command(action)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.human_turn and not self.replaying and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.view.handle_event(event) == "confirm":
                self.command("done")

    def command(self, action: str) -> None:
        if action in ("done", "pause") and self.replaying and not self.finished:
            self.go(self.last_stop + 1)  # "Play on": past the last position
        elif action == "pause" and (self.replaying or self.finished):
            pass
        elif action == "done" and self.human_turn:
            move = self.view.ready_move()
            if move is not None and not self.overlays.stops(move):  # the tutor may question it
                self.play_human(move)
        elif action == "undo":
            if self.human_turn and self.view.can_undo():
                self.view.undo()
            else:
                self._take_back(redo=False)
        elif action == "redo":
            self._take_back(redo=True)
        elif action == "new":
            if self.session.in_progress:  # ask before throwing the game away
                if self.confirm is None:
                    self.confirm = ConfirmDialog(self.gui, self.view.board_rect, *NEW_GAME_QUESTION)
            else:
                self.new_game()
        elif action == "save":
            self.save()
        elif action == "menu":
            self.app.show_menu()
        elif action == "rules" and self.session.info.rules_page is not None:
            self.app.push("rules", info=self.session.info)  # this scene waits under it, suspended
        elif action == "setup" and self.session.info.position_editor is not None:  # Ctrl+E: the position on show
            self.app.push("setup", info=self.session.info, state=self.session.states[self.shown_index], bottom=self.bottom)
        elif action == "retry":
            self.error = None
        elif action == "resign":
            self._open_offer()
        elif action == "review" and can_review(self):
            self.app.push("review", back=self)  # this scene waits under it, suspended
        elif action == "pause":
            self.overlays.toggle_pause()
        elif action in ("slower", "faster"):
            self.overlays.change_watch_speed(faster=action == "faster")

    def new_game(self) -> None:
        """The same players and options, a fresh seed (after "Start a new game?" if asked)."""
        self.app.play(GameSession.new(self.session.info, self.session.setup()))

    def _can_take_back(self, redo: bool) -> bool:
        if self.view.animating or self.pending is not None:
            return False
        return self.session.can_redo() if redo else self.session.can_undo()

    def _take_back(self, redo: bool) -> None:
        """Undo whole moves back to the last human decision, or redo them (session undo/redo)."""
        if not self._can_take_back(redo) or not (self.session.redo() if redo else self.session.undo()):
            return
        self.worker.cancel()
        if self.human_turn:
            self.view.end_turn()
        self._close_choice()
        self._close_offer()
        self.human_turn = self.ended = False
        self.cursor = None  # undo and redo work on the game as it stands: replay mode ends
        self.after_undo = not redo  # where undo lands, nothing is played for the human at once
        self.error = None
        self.status = self.view.describe(self.session.state)
        self.autosave()

    def save(self) -> None:
        path = saves_dir() / f"{self.session.info.name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save_game(path, self.session.record())
        except SaveError as error:
            self.app.banner.show(str(error), error=True)
            return
        self.app.banner.show(f"Saved as {path}")

    # -- the turn loop ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for cue in self.view.update(dt):
            self.app.sounds.play(cue)
        self._show_announcements()
        self._step(dt)
        if self.human_turn and not self.replaying:
            self.status = self._building_status()
        if self.replaying:
            self._replay_hints()
        else:
            self.overlays.update(dt)
        self._refresh_buttons()

    def _building_status(self) -> str:
        """The position in words, and the move the human is building echoed ("24/20 13/10")."""
        text = self.view.partial_notation()
        return self.view.describe(self.session.state) + (f"\nYour move: {text}" if text else "")

    def _step(self, dt: float) -> None:
        session = self.session
        if self.error or self.view.animating or self.replaying:
            return
        if self.overlays.holding(dt):  # watch mode: paused, or a move's analysis on show
            return
        if self.pending is not None:
            move, self.pending = self.pending, None
            self._apply(move)
            return
        if self._ended_now():
            return
        mover = session.to_move
        if mover == CHANCE:
            self._chance_turn()  # drawn, or asked for (dice entered by hand)
        elif session.is_human(mover):
            if not self.human_turn:
                self._begin_human_turn()
        else:
            self._computer_turn(mover)

    def _begin_human_turn(self) -> None:
        state, settings = self.session.state, self.app.settings
        self.status = self.view.describe(state)
        decisions = self.view.decisions
        choices = decisions.question(state) if decisions is not None else None
        if choices is not None:  # a decision by buttons (backgammon: roll or double, take or pass)
            self.human_turn, self.after_undo = True, False
            self._open_choice(choices)
            return
        self.view.begin_turn(state, min(0.12, settings.seconds_per_step))
        self.human_turn = True
        undone, self.after_undo = self.after_undo, False
        automatic = None if undone else self.view.automatic_move(settings.auto_forced)
        if automatic is not None:
            self.view.end_turn()
            self.human_turn = False
            self._show_move(state, automatic)

    def _computer_turn(self, mover: int) -> None:
        if not self.worker.busy:
            self.worker.start(self.session.players[mover], self.session.rules, self.session.state)
        outcome = self.worker.poll()
        if outcome is None:
            dots = "." * (1 + int(time.monotonic() * 2) % 3)
            self.status = f"{self.view.describe(self.session.state)}\n{self.session.info.player_titles[mover]} is thinking{dots}"
            return
        move, error = outcome
        if error:
            self.error = error
            self.status = f"{self.view.describe(self.session.state)}\nThe computer player failed; the game is paused."
            self.app.banner.show(error, error=True)
            return
        if not self.overlays.computer_moved(self.session.state, move):
            self._show_move(self.session.state, move)

    def play_human(self, move) -> None:
        """Play the move the human built (after the tutor, if it is on, let it through).

        A view that shows the move only now (Mandragora sows the clicked area) is animating
        after :meth:`end_turn`: the move is then applied once it has been shown, as a
        computer's is, so the move list and status never run ahead of the board."""
        self._end_announcement()
        self.view.end_turn()
        self.human_turn = False
        offered = move in self.session.rules.offers(self.session.state)
        if self.choice is not None or offered:  # shown as a computer's move is (a cube action's note)
            self._close_choice()
            self._show_move(self.session.state, move)
        elif self.view.animating:
            self.pending = move
            self.status = self.view.describe(self.session.state)
        else:
            self._apply(move)

    def _show_move(self, state, move) -> None:
        self._end_announcement()
        self.view.animate(state, move, self.app.settings.seconds_per_step)
        self.status = self.view.describe(state)
        self.pending = move

    def _apply(self, move) -> None:
        self.session.apply(move)
        self.status = self.view.describe(self.session.state)
        self.autosave()

    def autosave(self, wait: bool = False) -> None:
        """Save the game for "Continue", written by a background thread (the disk never holds
        up a frame); ``wait``: until it is on disk (leaving).  A failed write is shown here."""
        from .autosaver import AUTOSAVER

        AUTOSAVER.save(autosave_path(), self.session.record())
        if wait:
            AUTOSAVER.flush()
        for error in AUTOSAVER.errors():
            self.app.banner.show(f"Autosave failed: {error}", error=True)

    def leave(self) -> None:
        self._end_announcement()  # "Extra turn" is this game's, not the next one's
        if self.confirm is not None:
            self.confirm.close()
            self.confirm = None
        self.worker.cancel()
        self._close_choice()
        self._close_offer()
        self.overlays.close()
        if self.pending is not None:  # a move decided but still on show is not lost
            move, self.pending = self.pending, None
            self.session.apply(move)
        if self.session.actions:
            self.autosave(wait=True)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        shown = self.overlays.every_roll.board_state()  # a roll's best play on show (W), else the game's
        self.view.draw(surface, self.session.states[self.shown_index] if shown is None else shown, self.labels)
        if not self.replaying:
            self.overlays.draw(surface)
        self.panel.draw(surface)
        r = self.panel.rect
        draw_text(surface, self.app.fonts(20, True), self.session.info.title, (r.x + 14, 14), ACCENT)
        self._draw_result_if_over(surface)
        self.overlays.every_roll.draw(surface)
