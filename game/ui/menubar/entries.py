"""What the menus hold: each screen's entries, tied to the key tables so an item does what its
key does and is greyed where its key does not work.

An :class:`Entry` is either a key of the screen's key table (:mod:`game.ui.keys`), named by
the table's ``(keys, does)`` and run by pressing it (:func:`key_event`), or a screen action
without a key (the library, opening a file...), run by the screen's ``act(name)``.
:func:`build_menus` turns a screen's entries into :class:`~.bar.Menu` lists as things stand:
a key entry is greyed with :meth:`~game.ui.keys.KeyContext.why_not`'s reason, else the
reason the screen's ``reason(does)`` gives (its key works but has nothing to do now: a review
before any move), an action entry with the reason ``reason(name)`` gives.  Entries a screen does not have at all
(backgammon's Double in Chesstack) are left in, greyed, with their reason, so the menus do not
change shape from game to game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..keys import KeyContext
from .bar import Menu, MenuItem


@dataclass(frozen=True)
class Entry:
    label: str
    keys: str = ""
    """The key shown beside the item and pressed to run it ("" for an action)."""
    table: tuple[str, str] | None = None
    """The key table's ``(keys, does)`` that this item is (``None``: an action)."""
    action: str = ""
    """The screen's action run instead of a key."""


def key(label: str, keys: str, does: str, table_keys: str | None = None) -> Entry:
    """An item that presses ``keys``, the key table's ``(table_keys or keys, does)``."""
    return Entry(label, keys, (table_keys or keys, does))


def action(label: str, name: str, keys: str = "") -> Entry:
    return Entry(label, keys, None, name)


KEYS_AND_ABOUT = ("Help", (action("Keys", "keys", "?"), action("About Tabula", "about")))
"""The Help menu of a screen without rules of its own (the Review, Set up position and Drill
screens: F1 belongs to the game)."""
HELP = ("Help", (action("Keys", "keys", "?"), key("Rules", "F1", "rules"), action("About Tabula", "about")))
"""The play screen's Help menu."""

PLAY_MENUS: tuple[tuple[str, tuple[Entry, ...]], ...] = (
    ("Game", (key("New game", "N", "new game"), action("Open or import a game…", "open"),
              key("Save", "S", "save"), action("Export as a match file (.mat)", "export"),
              key("Double", "D", "roll/double", "R/D"), key("Resign…", "Ctrl+R", "resign"),
              key("Undo", "Ctrl+Z", "undo", "Ctrl+Z or Backspace"), key("Redo", "Ctrl+Y", "redo"),
              key("Back to the menu", "Esc", "menu"))),
    ("Position", (key("Copy position", "Ctrl+C", "copy the position"),
                  key("Paste position", "Ctrl+V", "open the copied position"),
                  key("Type a position…", "Ctrl+L", "type a position"),
                  key("Set up position…", "Ctrl+E", "set up position"),
                  key("Dice by hand", "Ctrl+D", "dice by hand/program"))),
    ("Analysis", (key("Hints", "H", "hints"), key("Every roll", "W", "every roll"), key("Roll out", "O", "roll out"),
                  action("Rollout settings…", "rollout settings"),
                  key("Review the game", "V", "review"), key("Tutor", "T", "tutor"))),
    ("Study", (action("Library", "library"), action("Drills", "drills"), key("Cube and race theory", "K", "cube theory"),
               action("Score map", "score map"),
               key("Copy board as image", "Ctrl+Shift+C", "copy board as image"),
               key("Copy board as text", "Ctrl+Shift+T", "copy board as text"))),
    ("View", (key("Graph", "G", "graph"), action("Scores on the board", "scores", "A"),
              action("Point numbers: the player on roll's or the bottom's", "numbering"),
              key("Faster animation", "+", "animation speed", "+/-"),
              key("Slower animation", "-", "animation speed", "+/-"),
              key("Pause", "Space", "pause"), key("Sound", "M", "sound"),
              action("Keys in the side panel", "key help"))),
    HELP,
)
"""The play screen's menus (every mode: playing, watching, replay)."""

REVIEW_MENUS: tuple[tuple[str, tuple[Entry, ...]], ...] = (
    ("Review", (key("Previous decision", "Left", "previous/next decision", "Left/Right"),
                key("Next decision", "Right", "previous/next decision", "Left/Right"),
                key("Previous mistake", "Up", "previous/next mistake", "Up/Down"),
                key("Next mistake", "Down", "previous/next mistake", "Up/Down"),
                key("First decision", "Home", "first/last decision", "Home/End"),
                key("Last decision", "End", "first/last decision", "Home/End"),
                key("Previous game", "PgUp", "previous/next game", "PgUp/PgDn"),
                key("Next game", "PgDn", "previous/next game", "PgUp/PgDn"),
                key("Back to the game", "Esc", "back"))),
    ("Analysis", (key("Roll out this decision", "O", "roll out this decision"),
                  key("Every roll", "W", "every roll"),
                  key("Settle close calls", "S", "settle close calls"))),
    ("Study", (key("Drill this game's errors", "D", "drill this game's errors"),
               key("Export report…", "E", "export report"))),
    ("View", (key("Totals table", "T", "totals table"), key("Totals of the game/match", "Tab", "totals of the game/match"))),
    KEYS_AND_ABOUT,
)
"""The Review screen's menus."""

SETUP_MENUS: tuple[tuple[str, tuple[Entry, ...]], ...] = (
    ("Position", (key("Done: play on from it", "Enter", "done"), key("No dice", "0", "no dice"),
                  key("Back, unchanged", "Esc", "back, unchanged"))),
    KEYS_AND_ABOUT,
)
"""The Set up position screen's menus (its rows and the board take the rest by mouse)."""

DRILL_MENUS: tuple[tuple[str, tuple[Entry, ...]], ...] = (
    ("Drill", (key("Done: this is my answer", "Enter", "done"), key("Undo a step", "Backspace", "undo a step"),
               key("Next card", "Space", "next card"), key("Roll out", "R", "roll out"),
               key("End the sitting", "Esc", "end the sitting"))),
    KEYS_AND_ABOUT,
)
"""The Drill screen's menus, while a card is on show (its start page is all buttons)."""

_NAMED = {"Esc": pygame.K_ESCAPE, "Enter": pygame.K_RETURN, "Space": pygame.K_SPACE, "Backspace": pygame.K_BACKSPACE,
          "Left": pygame.K_LEFT, "Right": pygame.K_RIGHT, "Up": pygame.K_UP, "Down": pygame.K_DOWN,
          "Home": pygame.K_HOME, "End": pygame.K_END, "PgUp": pygame.K_PAGEUP, "PgDn": pygame.K_PAGEDOWN,
          "Tab": pygame.K_TAB, "F1": pygame.K_F1, "+": pygame.K_PLUS, "-": pygame.K_MINUS, "?": pygame.K_QUESTION}


def key_event(keys: str) -> pygame.event.Event:
    """The key press ``keys`` names (``Ctrl+Shift+C``, ``H``, ``Esc``...), as pygame posts it."""
    *mods, name = keys.split("+") if keys not in ("+",) else ["+"]
    mod = (pygame.KMOD_CTRL if "Ctrl" in mods else 0) | (pygame.KMOD_SHIFT if "Shift" in mods else 0)
    if name in _NAMED:
        code, text = _NAMED[name], name if len(name) == 1 else ""
    else:
        code, text = getattr(pygame, "K_" + name.lower()), name.lower()
    if mod & pygame.KMOD_CTRL:
        text = ""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)


def key_menus(spec: Sequence[tuple[str, Sequence[Entry]]], context: KeyContext, scene) -> list[Menu]:
    """The menus of a screen whose items are its keys (pressed on ``scene``) and Help's Keys
    and About (the app's keys screen): the Review, Set up position and Drill screens."""
    return build_menus(spec, context, lambda keys: scene.handle_event(key_event(keys)),
                       lambda name: scene.app.keys_screen(about=name == "about"), lambda name: None)


def build_menus(spec: Sequence[tuple[str, Sequence[Entry]]], context: KeyContext, press: Callable[[str], None],
                act: Callable[[str], None], reason: Callable[[str], str | None]) -> list[Menu]:
    """The menus of ``spec`` as things stand (module doc)."""
    menus = []
    for title, entries in spec:
        items = []
        for entry in entries:
            if entry.table is not None:
                why = context.why_not(*entry.table) or reason(entry.table[1])
                run = (lambda keys=entry.keys: press(keys))
            else:
                why = reason(entry.action)
                run = (lambda name=entry.action: act(name))
            items.append(MenuItem(entry.label, entry.keys, run, why))
        menus.append(Menu(title, tuple(items)))
    return menus
