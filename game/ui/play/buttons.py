"""The play screen's buttons: Done (Pause in watch mode), Undo, Redo, New game, Save, Menu, and
Retry or Review the game above them, with watch mode's speed row; each press is one of the
scene's commands, and each frame enables, shows and names them as the game stands."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from ..scene import Part


class Controls(Part):
    """The buttons (:attr:`buttons`, by command) of a panel; ``can_review()`` says whether
    "Review the game" is offered, ``goes_back()`` whether Menu goes back to the screen under
    this one instead (it is then called Back).  Presses go to ``command(name)``."""

    def __init__(self, app, view, mover, replay, turns, overlays, choices, can_review: Callable[[], bool],
                 command: Callable[[str], None], goes_back: Callable[[], bool] = lambda: False) -> None:
        self.app, self.view, self.mover, self.replay, self.turns = app, view, mover, replay, turns
        self.overlays, self.choices, self.can_review, self.command = overlays, choices, can_review, command
        self.goes_back = goes_back
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.speed_label: pygame_gui.elements.UILabel | None = None  # watch mode only

    def place(self, panel: pygame.Rect, height: int) -> int:
        """Make the buttons in the side panel ``panel`` of a window ``height`` pixels high; the
        height they keep at the panel's top."""
        gui, make = self.app.gui, pygame_gui.elements.UIButton
        x, bw, h = panel.x + 14, panel.w - 28, height
        watching = self.overlays.watching  # watch mode: Pause/Resume instead of Done, a speed row
        first = ("pause", "Pause") if watching else ("done", "Done")
        self.buttons = {
            first[0]: make(pygame.Rect(x, 52, bw * 0.44, 46), first[1], gui, object_id="#primary"),
            "undo": make(pygame.Rect(x + bw * 0.46, 52, bw * 0.26, 46), "Undo", gui),
            "redo": make(pygame.Rect(x + bw * 0.74, 52, bw * 0.26, 46), "Redo", gui),
            # widths follow the labels, so "New game" fits the narrowest panel (202 px of buttons)
            "new": make(pygame.Rect(x, h - 50, bw * 0.42, 36), "New game", gui),
            "save": make(pygame.Rect(x + bw * 0.44, h - 50, bw * 0.26, 36), "Save", gui),
            "menu": make(pygame.Rect(x + bw * 0.72, h - 50, bw * 0.28, 36), "Back" if self.goes_back() else "Menu",
                         gui),
            "retry": make(pygame.Rect(x, h - 96, bw, 36), "Retry the computer's move", gui),
        }
        if self.overlays.theory.offered:  # the theory panel (K) beside Review
            self.buttons["review"] = make(pygame.Rect(x, h - 96, bw * 0.62, 36), "Review the game", gui)
            self.buttons["theory"] = make(pygame.Rect(x + bw * 0.64, h - 96, bw * 0.36, 36), "Theory", gui)
        else:
            self.buttons["review"] = make(pygame.Rect(x, h - 96, bw, 36), "Review the game", gui)  # where Retry is not
        self.speed_label = None
        if watching:
            self.buttons["slower"] = make(pygame.Rect(x, 104, bw * 0.18, 36), "-", gui)
            self.buttons["faster"] = make(pygame.Rect(x + bw * 0.82, 104, bw * 0.18, 36), "+", gui)
            self.speed_label = pygame_gui.elements.UILabel(pygame.Rect(x + bw * 0.19, 104, bw * 0.62, 36), "", gui)
        return 150 if watching else 108

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every button press (pygame_gui's event): a button's command, if it is one of these."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        action = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if action:
            self.command(action)
        return True

    def refresh(self) -> None:
        """Enable, show and name the buttons as the game stands (each frame)."""
        if not self.buttons:
            return
        view, mover, replay, buttons = self.view, self.mover, self.replay, self.buttons
        human, watch = mover.human, self.overlays.watch
        play_on = replay.replaying and not replay.finished  # the primary button leaves replay mode
        primary = "pause" if "pause" in buttons else "done"
        texts = [(buttons[primary], "Play on" if play_on else "Done" if primary == "done"
                  else "Resume" if watch.paused else "Pause")]
        if self.speed_label is not None:
            texts.append((self.speed_label, f"Speed: {self.app.settings.watch_speed}"))
        for button, text in texts:
            if button.text != text:
                button.set_text(text)
        for name, on in (("done", play_on or (human and view.ready_move() is not None)),
                         ("pause", play_on or not (replay.replaying or replay.finished)),
                         ("undo", (human and view.can_undo()) or mover.can_take_back(redo=False)),
                         ("redo", mover.can_take_back(redo=True)),
                         ("slower", watch is not None and watch.can_change(faster=False)),
                         ("faster", watch is not None and watch.can_change(faster=True))):
            button = buttons.get(name)
            if button is not None and on != button.is_enabled:
                button.enable() if on else button.disable()
        done = buttons.get("done")
        if done is not None:  # a game whose moves need no confirming shows Done only to leave replay
            shown = play_on or view.needs_confirm()
            if shown != bool(done.visible):
                done.show() if shown else done.hide()
        # replay mode shows an earlier position: no buttons of this one; nor under every roll's grid or the theory panel
        self.choices.show(not (replay.replaying or self.overlays.every_roll.is_open or self.overlays.theory.is_open))
        error = self.turns.error
        retry = buttons["retry"]
        if bool(error) != retry.visible:
            retry.show() if error else retry.hide()
        review, shown = buttons["review"], not error and self.can_review()
        if shown != bool(review.visible):
            review.show() if shown else review.hide()
        theory = buttons.get("theory")
        if theory is not None and bool(theory.visible) == bool(error):  # Retry takes the row
            theory.hide() if error else theory.show()
