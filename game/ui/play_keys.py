"""The play scene's keyboard: what each key does (the table in :mod:`game.ui.keys` lists them
for the key help and the README) and the key help of the mode on screen.  A mixin of
:class:`~game.ui.play.PlayScene`, whose commands the keys run."""

from __future__ import annotations

import pygame

from .keys import PLAY, REPLAY, WATCH, key_help


class PlayKeys:
    """Keys to commands for the play scene (its ``command``, replay, overlays and view)."""

    def _key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        key = event.key
        if ctrl and (key == pygame.K_y or (key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)):
            self.command("redo")
        elif ctrl and key == pygame.K_r:
            self.command("resign")
        elif ctrl and key == pygame.K_c:
            self.position_line.copy(self.app.banner)
        elif ctrl and key == pygame.K_d:
            self._toggle_manual_dice()
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
            self.app.settings.sound = self.app.sounds.enabled = not self.app.sounds.enabled
            self.app.banner.show("Sound on" if self.app.sounds.enabled else "Sound off", seconds=1.5)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            faster = key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            if self.overlays.watching:  # watch mode: - and + are the on-screen - and +
                if self.overlays.watch.can_change(faster):
                    self.overlays.change_watch_speed(faster=faster)
            else:
                self._change_speed(faster=faster)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self._replay_key(key)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._game_key(key)
        elif self.overlays.key(event):
            pass
        else:  # a view's own keys (Chesstack and Mandragora: A shows or hides the scores)
            self.view.handle_key(event)

    def _change_speed(self, faster: bool) -> None:
        names = ["slow", "normal", "fast", "off"]
        i = names.index(self.app.settings.animation) if self.app.settings.animation in names else 1
        self.app.settings.animation = names[max(0, min(3, i + (1 if faster else -1)))]
        self.app.banner.show(f"Animation: {self.app.settings.animation}", seconds=1.5)

    def key_help(self) -> str:
        """The keys that work in the mode on screen (from the table in :mod:`game.ui.keys`)."""
        mode = REPLAY if self.replaying or self.finished else WATCH if self.overlays.watching else PLAY
        return key_help(mode, analysis=self.overlays.analyst is not None, human=self.session.has_human,
                        confirm=self.view.needs_confirm(), cube=self._has_decisions(),
                        games=len(self.move_headings()) > 1, offers=self.view.decisions is not None,
                        dice=self.dice_entry is not None,
                        editor=self.session.info.position_editor is not None, rolls=self.overlays.every_roll.offered,
                        rollouts=self.overlays.rollout.offered)

    def _has_decisions(self) -> bool:
        decisions = self.view.decisions
        return decisions is not None and decisions.in_game(self.session.state)  # this game of a match
