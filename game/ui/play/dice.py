"""Dice entered by hand in the play scene (manual dice, :mod:`game.core.dice_entry`).

With the game's setting "Dice: entered by hand" (``MANUAL_DICE``), or after Ctrl+D in this
game, a human's roll is not drawn: the side panel asks for the dice under the status line
(:class:`DicePrompt`), the player types them ("3" then "1") or clicks the die faces there,
and the roll is played through the session as a drawn one is (the record, saves, undo and
redo do not tell them apart).  Backspace takes back a die; Esc takes back the choice that led
to the roll (backgammon's Roll rather than Double, with the cube), else the dice typed so
far, else leaves to the menu as always.  While the prompt is open it takes every character
typed, refusing what is not a die with a message; keys with Ctrl, F1 and the panel's
buttons keep working.  The computer's rolls, watched games and tournaments are never asked.

Ctrl+D changes it for the game on show only (a new game starts from the setting again).
"""

from __future__ import annotations

from typing import Any

import pygame

from ...core.dice_entry import DiceEntry, DiceTyping
from ...core.gameinfo import MANUAL_DICE
from ...core.protocol import CHANCE
from ..scene import Part
from ..theme import ACCENT, ERROR, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, wrap

PIPS = {
    1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
"""A die's pips per face, as fractions of its side (a face above six shows its number)."""
DIE, PIP = (238, 232, 216), (30, 30, 30)
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int | None, fonts=None, lit: bool = False) -> None:
    """A die face in ``rect`` (a square); ``None``: an empty slot for a die still to enter."""
    radius = max(3, rect.w // 6)
    if value is None:  # lit: the next die to enter
        pygame.draw.rect(surface, ACCENT if lit else PANEL_EDGE, rect, 2, border_radius=radius)
        return
    pygame.draw.rect(surface, (0, 0, 0), rect.move(1, 2), border_radius=radius)
    pygame.draw.rect(surface, DIE, rect, border_radius=radius)
    pygame.draw.rect(surface, ACCENT if lit else PIP, rect, 2 if lit else 1, border_radius=radius)
    if value in PIPS:
        for px, py in PIPS[value]:
            pygame.draw.circle(surface, PIP, (rect.x + px * rect.w, rect.y + py * rect.h), max(2, rect.w * 0.09))
    elif fonts is not None:
        draw_text(surface, fonts(round(rect.h * 0.6), True), str(value), rect.center, PIP, anchor="center")


class DicePrompt:
    """Panel section: what to enter, the dice entered so far, the faces to click, the keys and
    the last refusal; nothing when no dice are asked for (``dice``: the :class:`Dice` part)."""

    def __init__(self, fonts, dice: "Dice", panel) -> None:
        self.fonts, self.dice, self.panel = fonts, dice, panel
        self.faces: list[tuple[int, pygame.Rect]] = []
        """``(value, rect)`` of the faces last drawn, for :meth:`face_at`."""

    def _lines(self, typing: DiceTyping, width: int) -> tuple[list[str], list[str], list[str]]:
        """The question and instruction, the keys, the refusal: each wrapped to ``width``."""
        dice, names = self.dice, typing.names
        entry = typing.entry
        if entry.question is not None:
            question = entry.question(typing.state)
        else:
            question = f"{dice.session.info.players.titles[entry.roller(typing.state)]} to roll."
        if question == dice.status.text.split("\n")[0]:
            question = ""  # the status line above says it already
        if any(names):
            how = f"Type {names[0]}'s die, then " + ", then ".join(f"{name}'s" for name in names[1:]) + \
                  f" (1-{entry.faces}), or click the faces."
        else:
            count = NUMBERS.get(len(names), str(len(names)))
            how = f"Type the {count} dice (e.g. 3 then 1) or click {count} faces."
        keys = ["Backspace takes back a die"] if typing.dice else []
        keys.append(f"Esc takes back {dice.session.actions[-1]}" if dice.decision_back() else "")
        keys.append("Ctrl+D: the program rolls")
        text, small = self.fonts(14), self.fonts(12)
        return (wrap(text, f"{question}\n{how}".strip(), width - 16), wrap(small, " · ".join(k for k in keys if k), width - 16),
                wrap(self.fonts(13, True), typing.message, width - 16) if typing.message else [])

    def _die_size(self, width: int) -> int:
        gap = 6
        return max(18, min(round(34 * self.panel.scale), (width - 16 - 5 * gap) // 6))

    def height(self, width: int) -> int:
        typing = self.dice.asking()
        if typing is None:
            return 0
        words, keys, message = self._lines(typing, width)
        size = self._die_size(width)
        named = self.fonts(11).get_linesize() if any(typing.names) else 0
        return (self.fonts(12, True).get_linesize() + 6 + len(words) * self.fonts(14).get_linesize() + 8
                + size + named + 10 + size + 8 + len(keys) * self.fonts(12).get_linesize()
                + len(message) * self.fonts(13, True).get_linesize() + 12)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.faces = []
        typing = self.dice.asking()
        if typing is None:
            return
        words, keys, message = self._lines(typing, rect.w)
        pygame.draw.rect(surface, ACCENT, rect.inflate(4, 0), 2, border_radius=6)
        x = rect.x + 8
        y = draw_text(surface, self.fonts(12, True), "ENTER THE DICE", (x, rect.y + 4), ACCENT).bottom + 2
        for line in words:
            y = draw_text(surface, self.fonts(14), line, (x, y), TEXT).bottom
        size, gap = self._die_size(rect.w), 6
        y += 8
        for i, name in enumerate(typing.names):  # the dice entered so far, and the slots still empty
            slot = pygame.Rect(x + i * (size + 3 * gap), y, size, size)
            draw_die(surface, slot, typing.dice[i] if i < len(typing.dice) else None, self.fonts,
                     lit=i == len(typing.dice))
            if name:
                draw_text(surface, self.fonts(11), name, (slot.centerx, slot.bottom + 1), TEXT_DIM, anchor="midtop")
        y += size + (self.fonts(11).get_linesize() if any(typing.names) else 0) + 10
        for value in range(1, typing.entry.faces + 1):  # the faces to click
            face = pygame.Rect(x + (value - 1) % 6 * (size + gap), y + (value - 1) // 6 * (size + gap), size, size)
            draw_die(surface, face, value, self.fonts, lit=face.collidepoint(pygame.mouse.get_pos()))
            self.faces.append((value, face))
        y += size + 8
        for line in keys:
            y = draw_text(surface, self.fonts(12), line, (x, y), TEXT_DIM).bottom
        for line in message:
            y = draw_text(surface, self.fonts(13, True), line, (x, y), ERROR).bottom

    def face_at(self, pos) -> int | None:
        return next((value for value, face in self.faces if face.collidepoint(pos)), None)


class Dice(Part):
    """The chance nodes of the game on show: drawn by the program, or a human's dice entered by
    hand (see the module doc).  Its panel section is :attr:`section`."""

    def __init__(self, app, panel, session, view, status, mover, replay) -> None:
        self.app, self.session, self.view, self.status = app, session, view, status
        self.mover, self.replay = mover, replay
        self.typing: DiceTyping | None = None
        """The dice being entered, at the chance node ``_at`` (the session's length then)."""
        self._at = -1
        self._manual: bool | None = None
        """Ctrl+D's choice for this game; ``None``: the game's setting."""
        self.section = DicePrompt(app.fonts, self, panel)

    @property
    def entry(self) -> DiceEntry | None:
        chance = self.session.info.chance
        return chance.entry if chance is not None else None

    @property
    def manual(self) -> bool:
        """A human's dice are entered by hand in this game (Ctrl+D's choice, else the setting)."""
        if self.entry is None:
            return False
        if self._manual is not None:
            return self._manual
        return self.app.settings.of(self.session.info).get(MANUAL_DICE) == "hand"

    def _asks(self) -> bool:
        """The game is at a human's roll and its dice are entered by hand."""
        session, entry = self.session, self.entry
        return (self.manual and session.to_move == CHANCE and not session.is_over
                and entry.asks(session.state, session.is_human, len(session.players)))

    def asking(self) -> DiceTyping | None:
        """The dice being entered, while the prompt is on show (not in replay mode)."""
        typing = self.typing
        if typing is None or self._at != len(self.session.states) or self.replay.replaying or not self._asks():
            return None
        return typing

    def holding(self) -> bool:
        """True while the view shows something before the dice are drawn (a match's game result
        before the next game starts)."""
        decisions = self.view.decisions
        return decisions is not None and decisions.hold_before_chance(self.session.state)

    def chance_turn(self) -> None:
        """At a chance node (the turn loop's step): ask for the dice, or draw the outcome."""
        if self.holding():
            return
        if not self._asks():
            self._roll()
        elif self.asking() is None:
            self.typing = DiceTyping(self.entry, self.session.rules, self.session.state)
            self._at = len(self.session.states)
            self.status.text = self.view.describe(self.session.state)

    def _roll(self, entered: Any = None) -> None:
        """Play the chance outcome: drawn, or the dice entered."""
        session = self.session
        session.roll(entered)
        self.typing = None
        chance = session.info.chance
        if chance is not None and chance.sound:
            self.app.sounds.play(chance.sound)
        self.status.text = self.view.describe(session.state)
        self.mover.autosave()

    def decision_back(self) -> bool:
        """The roll follows a choice of the roller's own with alternatives (backgammon's Roll
        rather than Double): Esc takes it back."""
        session = self.session
        if len(session.states) < 2:
            return False
        before = session.rules.to_move(session.states[-2])
        return before >= 0 and session.is_human(before) and session.had_choice(len(session.states) - 2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the prompt took ``event``: a face clicked, a character typed, Backspace
        with a die entered, Esc with something to go back to."""
        typing = self.asking()
        if typing is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            value = self.section.face_at(event.pos)
            if value is None:
                return False
            self._enter(typing.face(value))
            return True
        if event.type != pygame.KEYDOWN or event.mod & pygame.KMOD_CTRL:
            return False
        if event.key == pygame.K_BACKSPACE:
            return typing.back()
        if event.key == pygame.K_ESCAPE:
            if self.decision_back():
                self._back_to_decision()
                return True
            return typing.clear()
        char = getattr(event, "unicode", "")
        if not char or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
            return False
        self._enter(typing.type(char))
        return True

    def _enter(self, outcome: Any) -> None:
        if outcome is not None:
            self._roll(outcome)

    def _back_to_decision(self) -> None:
        """Esc at the prompt: take back the choice to roll, so the roller decides again."""
        self.session.take_back_last()
        self.typing = None
        self.status.text = self.view.describe(self.session.state)
        self.mover.autosave()

    def toggle(self) -> None:
        """Ctrl+D: dice by hand or by the program, for this game."""
        banner = self.app.banner
        if self.entry is None:
            banner.show(f"{self.session.info.title}'s chance outcomes are always drawn by the program", seconds=2)
            return
        if not self.session.has_human:
            banner.show("Only a human's dice are entered by hand: the computers' are always rolled", seconds=2)
            return
        self._manual = not self.manual
        self.typing = None
        banner.show("Dice entered by hand in this game: type or click them at a human's roll" if self._manual
                    else "Dice rolled by the program in this game", seconds=2.5)
