"""The Review screen's menu bar: its menus (:data:`~game.ui.menubar.entries.REVIEW_MENUS`),
each item pressing its key on the screen, closed while the review is still being made."""

from __future__ import annotations

from ..menubar.bar import MenuBar
from ..menubar.entries import REVIEW_MENUS, build_menus, key_event


def review_menu_bar(scene) -> MenuBar:
    """The bar of the Review screen ``scene``."""

    def menus():
        return build_menus(REVIEW_MENUS, scene.key_context(), lambda keys: scene.handle_event(key_event(keys)),
                           lambda name: scene.app.keys_screen(about=name == "about"), lambda name: None)

    return MenuBar(scene.app.fonts, menus, can_open=lambda: not scene.waiting)
