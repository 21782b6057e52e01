"""The play screen's menu bar (:mod:`game.ui.menubar`): its menus as things stand, each item
its key (pressed on the scene, so it does exactly what the key does) or an action of its own
(open a file, export a match file, the library, the Rollout settings, the score map, the
point numbering, the keys screen and About), and why an item is greyed."""

from __future__ import annotations

import time
from collections.abc import Callable

from ...core.capabilities import MatchFiles, Theory
from ...core.saves import saves_dir, write_atomic
from ..keys import FLAG_REASONS
from ..menubar.bar import Menu, MenuBar
from ..menubar.entries import PLAY_MENUS, build_menus, key_event


class PlayMenus:
    """The menus of one play scene; :attr:`bar` is the part the scene draws and offers events."""

    def __init__(self, app, session, view, keys, overlays, bottom: Callable[[], int], press,
                 reviewable: Callable[[], bool]) -> None:
        """``keys``: the scene's :class:`~.keys.Keys` (its key context); ``bottom()``: the player
        at the bottom; ``press(event)``: the scene's event chain; ``reviewable()``: whether the
        game can be reviewed now."""
        self.app, self.session, self.view, self.keys, self.overlays = app, session, view, keys, overlays
        self.bottom, self.press, self.reviewable = bottom, press, reviewable
        self.bar = MenuBar(app.fonts, self.menus)

    def menus(self) -> list[Menu]:
        return build_menus(PLAY_MENUS, self.keys.context(), lambda keys: self.press(key_event(keys)),
                           self.run, self.reason)

    def reason(self, name: str) -> str | None:
        """Why the item ``name`` (an action, or a key's words) does not work now; ``None``: it does."""
        info, overlays = self.session.info, self.overlays
        if name == "review" and not self.reviewable():
            return "no move has been made yet" if info.move_analysis().analyze is not None else \
                "this game has no analysis to review with"
        if name == "export":
            return self._export_reason()
        if name == "roll out" and not overlays.hints_visible():
            return "rolls out the hint table's plays: show the hints first (H)"
        if name == "rollout settings" and not overlays.rollout.offered:
            return FLAG_REASONS["rollouts"]
        if name == "score map" and not overlays.theory.offered:
            return FLAG_REASONS["theory"] if not info.has(Theory) else FLAG_REASONS["analysis"]
        if name == "numbering" and "point_numbers" not in info.all_settings():
            return f"{info.title} has one numbering only"
        if name == "scores" and not self.view.board_scores:
            return "only in Chesstack and Mandragora (backgammon's scores are in the hint table)"
        return None

    def run(self, name: str) -> None:
        """The item ``name`` without a key of its own (:data:`~game.ui.menubar.entries.PLAY_MENUS`)."""
        app = self.app
        if name == "open":
            app.show_menu()
            app.scene.open_dialog()
        elif name == "export":
            self.export_match()
        elif name in ("library", "drills"):
            app.open("library" if name == "library" else "drill")
        elif name == "rollout settings":
            self.overlays.rollout_settings.open()
        elif name == "score map":
            self.overlays.theory.open_with_map()
        elif name == "scores":
            self.view.handle_key(key_event("A"))
        elif name == "numbering":
            self.switch_numbering()
        elif name == "key help":
            app.settings.key_help = not app.settings.key_help
            app.banner.show("Keys in the side panel: " + ("shown" if app.settings.key_help else "hidden"), seconds=1.5)
        elif name in ("keys", "about"):
            app.keys_screen(about=name == "about")

    def switch_numbering(self) -> None:
        """Point numbers from the player on roll's side, or always the bottom player's (the
        game's ``point_numbers`` setting, kept): the board and the hints change together."""
        info, settings = self.session.info, self.app.settings
        now = "bottom" if settings.of(info).get("point_numbers", "roll") == "roll" else "roll"
        settings.choose(info, "point_numbers", now)
        self.view.configure(bottom=self.bottom(), settings=settings.of(info))
        self.app.banner.show("Point numbers: " + ("the player on roll's" if now == "roll" else "the bottom player's"),
                             seconds=2)

    def _export_reason(self) -> str | None:
        info = self.session.info
        if not info.has(MatchFiles):
            return f"{info.title} has no match files"
        try:
            info.ability(MatchFiles).export(self.session.record())
        except ValueError as error:  # e.g. no finished game: a match file's games end with their result
            return str(error)
        return None

    def export_match(self) -> None:
        """Write the game or match as a match file (``.mat``, as the ``export`` command does) in
        the saves folder; a game still in progress is left out, and the banner says so."""
        info = self.session.info
        files = info.ability(MatchFiles)
        path = saves_dir() / f"{info.name}-{time.strftime('%Y%m%d-%H%M%S')}{files.suffixes[0]}"
        try:
            match, left_out = files.export(self.session.record())
            write_atomic(path, files.write(match, path.name))
        except (OSError, ValueError) as error:
            self.app.banner.show(f"Cannot export the match: {error}", error=True)
            return
        self.app.banner.show(f"Exported {files.game_count(match)} game(s) as {path}"
                             + (" (the game still in progress is left out)" if left_out else ""))
