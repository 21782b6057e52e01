"""The Review screen's keys as they stand (:func:`review_keys`, its key help's source) and its
menu bar: its menus (:data:`~game.ui.menubar.entries.REVIEW_MENUS`), each item pressing its key
on the screen, closed while the review is still being made."""

from __future__ import annotations

from ..keys import REVIEW, KeyContext
from ..menubar.bar import MenuBar
from ..menubar.entries import REVIEW_MENUS, key_menus


def review_keys(scene) -> KeyContext:
    """The Review screen ``scene``'s keys as they stand (the key help's and the menus' source)."""
    flags = dict(analysis=True, rolls=scene.every_roll.offered, rollouts=scene.rollouts.offered, drills=scene.drills,
                 games=scene.reviewed is not None and len(scene.reviewed.games) > 1)
    return KeyContext(REVIEW, (), tuple(flags.items()))


def review_menu_bar(scene) -> MenuBar:
    """The bar of the Review screen ``scene``."""

    return MenuBar(scene.app.fonts, lambda: key_menus(REVIEW_MENUS, review_keys(scene), scene),
                   can_open=lambda: not scene.waiting)
