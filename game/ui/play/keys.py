"""The play screen's keyboard: what each key does (the table in :mod:`game.ui.keys` lists them
for the key help and the README) and the key help of the mode on screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...core.capabilities import PositionEditor
from ..keys import PLAY, REPLAY, WATCH, KeyContext
from ..picture import copy_board_image, copy_board_text
from ..scene import Part

ANIMATION = ["slow", "normal", "fast", "off"]


class Keys(Part):
    """Every key press: the scene's commands (``command(name)``), replay's steps, the overlays'
    keys, then the view's own (Chesstack and Mandragora: A shows or hides the scores)."""

    def __init__(self, app, session, view, overlays, replay, move_list, dice, position_line,
                 command: Callable[[str], None]) -> None:
        self.app, self.session, self.view, self.overlays = app, session, view, overlays
        self.replay, self.move_list, self.dice, self.position_line = replay, move_list, dice, position_line
        self.command = command

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = event.mod & pygame.KMOD_CTRL
        key, app = event.key, self.app
        if ctrl and (key == pygame.K_y or (key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)):
            self.command("redo")
        elif ctrl and key == pygame.K_r:
            self.command("resign")
        elif ctrl and event.mod & pygame.KMOD_SHIFT and key == pygame.K_c:
            copy_board_image(app.banner, self.session.info, self.session.states[self.replay.shown_index])
        elif ctrl and event.mod & pygame.KMOD_SHIFT and key == pygame.K_t:
            copy_board_text(app.banner, self.session.info, self.session.states[self.replay.shown_index])
        elif ctrl and key == pygame.K_c:
            self.position_line.copy(app.banner)
        elif ctrl and key == pygame.K_d:
            self.dice.toggle()
        elif ctrl and key == pygame.K_e:
            self.command("setup")
        elif key == pygame.K_BACKSPACE or (ctrl and key == pygame.K_z):
            self.command("undo")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.command("done")
        elif key == pygame.K_n:
            self.command("new")
        elif key == pygame.K_v:
            self.command("review")
        elif key == pygame.K_s:
            self.command("save")
        elif key == pygame.K_ESCAPE:
            self.command("menu")
        elif key == pygame.K_F1:
            self.command("rules")
        elif key == pygame.K_m:
            app.settings.sound = app.sounds.enabled = not app.sounds.enabled
            app.banner.show("Sound on" if app.sounds.enabled else "Sound off", seconds=1.5)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            faster = key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            if self.overlays.watching:  # watch mode: - and + are the on-screen - and +
                if self.overlays.watch.can_change(faster):
                    self.overlays.change_watch_speed(faster=faster)
            else:
                self._change_speed(faster=faster)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.replay.key(key)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.replay.game_key(key)
        elif self.overlays.key(event):
            pass
        else:
            self.view.handle_key(event)
        return True

    def _change_speed(self, faster: bool) -> None:
        settings = self.app.settings
        i = ANIMATION.index(settings.animation) if settings.animation in ANIMATION else 1
        settings.animation = ANIMATION[max(0, min(3, i + (1 if faster else -1)))]
        self.app.banner.show(f"Animation: {settings.animation}", seconds=1.5)

    def help(self) -> str:
        """The keys that work in the mode on screen (from the table in :mod:`game.ui.keys`)."""
        return self.context().help()

    def context(self) -> KeyContext:
        """The mode on screen and what its keys need (the key help's and the menus' source)."""
        replay, overlays, session = self.replay, self.overlays, self.session
        mode = REPLAY if replay.replaying or replay.finished else WATCH if overlays.watching else PLAY
        decisions = self.view.decisions
        game_keys = decisions.keys(session.state) if decisions is not None else ()  # this game of a match's
        flags = dict(analysis=overlays.analyst is not None, human=session.has_human,
                     confirm=self.view.needs_confirm(), games=len(self.move_list.headings()) > 1,
                     dice=self.dice.entry is not None, editor=session.info.has(PositionEditor),
                     rolls=overlays.every_roll.offered, rollouts=overlays.rollout.offered,
                     theory=overlays.theory.offered)
        return KeyContext(mode, tuple(game_keys), tuple(flags.items()))
