"""The play scene: a game's board (its view), the side panel, and the turn loop.

Per frame: finish animations, draw chance outcomes (dice) at chance nodes, let a human build
a move on the board (Done confirms) or ask a computer player in a worker thread, animate its
move, apply it, autosave.  What a move means on the board (a pass announced, an obvious move
played for the human) is the view's; the scene shows the view's announcements in the banner.  A failing computer player pauses the game with the error and a Retry button.

The analysis layer (hints, "why", arrows, tutor, graph, watch-mode pacing) lives in
:class:`~game.ui.overlay.Overlays`; the scene calls it at marked points (``overlays``).
"""

from __future__ import annotations

import time

import pygame
import pygame_gui

from ..core.protocol import CHANCE
from ..core.saves import SaveError, autosave_path, save_game, saves_dir
from .gameview import load_view
from .overlay import Overlays
from .panel import MoveListSection, SidePanel, TextSection
from .scene import Scene
from ..core.session import GameSession, player_label
from .theme import ACCENT, TEXT_DIM
from .worker import MoveWorker
from .widgets import draw_text

KEYS = ("Keys: Ctrl+Z / Backspace undo · Ctrl+Y redo · Enter done · N new game · S save · "
        "+/- animation speed · M sound · Esc menu")


class PlayScene(Scene):
    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.view = load_view(session.info, app.fonts)
        humans = [i for i in range(len(session.players)) if session.is_human(i)]
        self.bottom = humans[0] if len(humans) == 1 else 0
        self.view.configure(bottom=self.bottom, settings=app.settings.of(session.info))
        if hasattr(self.view, "use_history"):  # optional: views that show what earlier moves did
            self.view.use_history(lambda: self.session.states)
        self.worker = MoveWorker()
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
        self.panel.sections = [
            TextSection(fonts, lambda: self.status, size=17, bold=True),
            TextSection(fonts, lambda: self.error or "", "Problem", boxed=lambda: True),
            *self.overlays.sections,
            MoveListSection(fonts, self.move_lines),
            TextSection(fonts, lambda: f"{KEYS} · {self.overlays.keys_help()}".strip(" ·"), size=12,
                        colour=TEXT_DIM, optional=True),
        ]
        self.labels = [player_label(name) for name in session.player_names]

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = max(230, min(380, int(w * 0.27)))
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
            "new": make(pygame.Rect(x, h - 50, bw * 0.36, 36), "New game", self.gui),
            "save": make(pygame.Rect(x + bw * 0.38, h - 50, bw * 0.29, 36), "Save", self.gui),
            "menu": make(pygame.Rect(x + bw * 0.69, h - 50, bw * 0.31, 36), "Menu", self.gui),
            "retry": make(pygame.Rect(x, h - 96, bw, 36), "Retry the computer's move", self.gui),
        }
        self.speed_label = None
        if watching:
            self.buttons["slower"] = make(pygame.Rect(x, 104, bw * 0.18, 36), "-", self.gui)
            self.buttons["faster"] = make(pygame.Rect(x + bw * 0.82, 104, bw * 0.18, 36), "+", self.gui)
            self.speed_label = pygame_gui.elements.UILabel(
                pygame.Rect(x + bw * 0.19, 104, bw * 0.62, 36), "", self.gui)
        self.panel.reserved_top, self.panel.reserved_bottom = (150 if watching else 108), 106
        self.overlays.build(size)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        human, watch = self.human_turn, self.overlays.watch
        if self.speed_label is not None:
            speed = self.app.settings.watch_speed
            for button, text in ((self.buttons["pause"], "Resume" if watch.paused else "Pause"),
                                 (self.speed_label, f"Speed: {speed}")):
                if button.text != text:
                    button.set_text(text)
        for name, on in (("done", human and self.view.ready_move() is not None),
                         ("undo", (human and self.view.can_undo()) or self._can_take_back(redo=False)),
                         ("redo", self._can_take_back(redo=True)),
                         ("slower", watch is not None and watch.can_change(faster=False)),
                         ("faster", watch is not None and watch.can_change(faster=True))):
            button = self.buttons.get(name)
            if button is not None and on != button.is_enabled:
                button.enable() if on else button.disable()
        retry = self.buttons["retry"]
        if bool(self.error) != retry.visible:
            retry.show() if self.error else retry.hide()

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.overlays.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if action:
                self.command(action)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.human_turn and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.view.handle_event(event) == "confirm":
                self.command("done")

    def _key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        key = event.key
        if ctrl and (key == pygame.K_y or (key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)):
            self.command("redo")
        elif key in (pygame.K_BACKSPACE, pygame.K_u) or (ctrl and key == pygame.K_z):
            self.command("undo")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.command("done")
        elif key == pygame.K_n:
            self.command("new")
        elif key == pygame.K_s:
            self.command("save")
        elif key == pygame.K_ESCAPE:
            self.command("menu")
        elif key == pygame.K_m:
            self.app.settings.sound = self.app.sounds.enabled = not self.app.sounds.enabled
            self.app.banner.show("Sound on" if self.app.sounds.enabled else "Sound off", seconds=1.5)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            self._change_speed(faster=key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS))
        elif self.overlays.key(event):
            pass
        elif hasattr(self.view, "handle_key"):  # optional: a view's own keys (Mandragora: A analysis)
            self.view.handle_key(event)

    def _change_speed(self, faster: bool) -> None:
        names = ["slow", "normal", "fast", "off"]
        i = names.index(self.app.settings.animation) if self.app.settings.animation in names else 1
        self.app.settings.animation = names[max(0, min(3, i + (1 if faster else -1)))]
        self.app.banner.show(f"Animation: {self.app.settings.animation}", seconds=1.5)

    def command(self, action: str) -> None:
        if action == "done" and self.human_turn:
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
            self.app.play(GameSession.new(self.session.info, self.session.setup()))
        elif action == "save":
            self.save()
        elif action == "menu":
            self.app.show_menu()
        elif action == "retry":
            self.error = None
        elif action == "pause":
            self.overlays.toggle_pause()
        elif action in ("slower", "faster"):
            self.overlays.change_watch_speed(faster=action == "faster")

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
        self.human_turn = self.ended = False
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
        for message in self.view.announcements():
            self.app.banner.show(message, seconds=2)
            self.announced = message
        self._step(dt)
        self.overlays.update(dt)
        self._refresh_buttons()

    def _step(self, dt: float) -> None:
        session = self.session
        if self.error or self.view.animating:
            return
        if self.overlays.holding(dt):  # watch mode: paused, or a move's analysis on show
            return
        if self.pending is not None:
            move, self.pending = self.pending, None
            self._apply(move)
            return
        if session.is_over or session.stalled:
            if not self.ended:
                self.ended = True
                self.status = session.ending or self.view.describe(session.state)
                self.app.sounds.play("end")
            return
        mover = session.to_move
        if mover == CHANCE:
            session.roll()
            chance = session.info.chance
            if chance is not None and chance.sound:
                self.app.sounds.play(chance.sound)
            self.status = self.view.describe(session.state)
            self.autosave()
        elif session.is_human(mover):
            if not self.human_turn:
                self._begin_human_turn()
        else:
            self._computer_turn(mover)

    def _begin_human_turn(self) -> None:
        state, settings = self.session.state, self.app.settings
        self.status = self.view.describe(state)
        self.view.begin_turn(state, min(0.12, settings.seconds_per_step))
        self.human_turn = True
        automatic = self.view.automatic_move(settings.auto_forced)
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
        if self.view.animating:
            self.pending = move
            self.status = self.view.describe(self.session.state)
        else:
            self._apply(move)

    def _show_move(self, state, move) -> None:
        self._end_announcement()
        self.view.animate(state, move, self.app.settings.seconds_per_step)
        self.status = self.view.describe(state)
        self.pending = move

    def _end_announcement(self) -> None:
        """A move is being played: the last one's announcement (an extra turn) is over."""
        if self.announced and self.app.banner.text == self.announced:
            self.app.banner.clear()
        self.announced = ""

    def _apply(self, move) -> None:
        self.session.apply(move)
        self.status = self.view.describe(self.session.state)
        self.autosave()

    def autosave(self) -> None:
        try:
            save_game(autosave_path(), self.session.record())
        except SaveError as error:
            self.app.banner.show(f"Autosave failed: {error}", error=True)

    def leave(self) -> None:
        self.worker.cancel()
        self.overlays.close()
        if self.pending is not None:  # a move decided but still on show is not lost
            move, self.pending = self.pending, None
            self.session.apply(move)
        if self.session.actions:
            self.autosave()

    # -- drawing ------------------------------------------------------------------------------
    def move_lines(self) -> list[str]:
        """``12. White 62: 24/18 13/11``: each move, after the chance outcome it was played on
        (as the game writes it in a move list)."""
        info = self.session.info
        titles, shown = info.player_titles, info.chance.in_move_list if info.chance else str
        lines: list[str] = []
        roll = None
        for mover, text in self.session.history():
            if mover == CHANCE:
                roll = shown(text)
                continue
            lines.append(f"{len(lines) + 1}. {titles[mover]} {roll + ': ' if roll else ''}{text}")
            roll = None
        if roll:
            lines.append(f"{len(lines) + 1}. {titles[max(0, self.session.to_move)]} {roll}")
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.session.state, self.labels)
        self.overlays.draw(surface)
        self.panel.draw(surface)
        r = self.panel.rect
        draw_text(surface, self.app.fonts(20, True), self.session.info.title, (r.x + 14, 14), ACCENT)
        if (self.session.is_over or self.session.stalled) and not self.view.animating:
            self._draw_result(surface)

    def _draw_result(self, surface: pygame.Surface) -> None:
        area = self.view.board_rect
        font = self.app.fonts(max(16, area.h // 18), True)
        text = self.session.ending or self.view.describe(self.session.state)
        box = pygame.Rect(0, 0, font.size(text)[0] + 60, font.get_linesize() * 2 + 20)
        box.center = area.center
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 16, 12, 215))
        surface.blit(shade, box)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=8)
        draw_text(surface, font, text, (box.centerx, box.y + 12), anchor="midtop")
        hint = self.app.fonts(max(12, area.h // 40)).render("N or New game to play again", True, TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 10)))
