"""The Drill screen's layout, buttons and drawing (the scene, :mod:`.scene`, says what is on show).

A card's pages keep one layout, so the board does not move when the answer comes: the board
at the left, under it the legend of the arrows and the alternatives table (beside the board
where it leaves room enough at its side), the side panel at the right with its buttons (Done
and Undo, or Next and Roll out; End the sitting at its foot) and its sections (the card, the
verdict, the why, the card's themes, the variations, the keys).  Before the answer the table's
place says what is asked and how to answer, never the card's themes (they tell the best play's
idea).  The start page is :mod:`.start`'s.
"""

from __future__ import annotations

from datetime import datetime

import pygame
from pygame_gui.elements import UIButton

from ..menubar.bar import BAR_HEIGHT
from ..panel import SidePanel, TextSection, key_help_section, panel_width
from ..review.rollout import interval_of
from ..theme import ACCENT, ERROR, PANEL, TEXT, TEXT_DIM, ui_scale
from ..widgets import draw_text, wrap
from .answer import RATING_COLOURS, draw_arrows_legend
from .question import key_names

BUTTONS_TOP, FOOT = 108, 60
"""The side panel's room for its buttons, above and at its foot."""
QUESTIONS = {"chequer": "Your play", "double": "Double or no double?", "take": "Take or pass?"}
BOARD_HOW = ("Play it on the board as in a game: click or drag the checkers, then Done (Enter, or a click on the "
             "dice); Backspace takes back a step.")
BUTTONS_HOW = "Answer with the buttons in the side panel, or their keys: {keys}."


class Parts:
    """The layout and drawing of ``scene`` (a :class:`~.scene.DrillScene`), remade by
    :meth:`build` for each window size and page."""

    def __init__(self, app, scene) -> None:
        self.app, self.scene = app, scene
        fonts = app.fonts
        self.panel = SidePanel()
        self.sections = [
            TextSection(fonts, self.heading, size=16, bold=True),
            TextSection(fonts, self.verdict, size=16, bold=True, colour=self.verdict_colour),
            TextSection(fonts, lambda: scene.question.status() if scene.mode == "question" else "", size=14),
            TextSection(fonts, self.why, "Why", size=14),
            TextSection(fonts, self.themes, "Themes", size=13, colour=TEXT_DIM),
            TextSection(fonts, self.variations, size=14, colour=ACCENT),
            TextSection(fonts, self.problem, size=14, colour=ERROR),
            key_help_section(fonts, scene.key_help, app.settings),
        ]
        self.panel.sections = self.sections
        self.top = 0
        self.drawn_legend: list[str] = []
        """The legend's entries as last drawn."""
        self.board = self.legend = self.table = pygame.Rect(0, 0, 0, 0)
        self.title_font = fonts(26, True)

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        scene, gui, scale = self.scene, self.app.gui, ui_scale(size)
        make = UIButton
        if scene.mode == "start":
            high = round(34 * scale)
            self.title_font = self.app.fonts(round(26 * scale), True)
            back_w = round(110 * scale)
            scene.widgets["back"] = make(pygame.Rect(w - 16 - back_w, 12, back_w, high), "Back", gui)
            self.top = 12 + high + 14
            return
        pw = panel_width(w, h)
        self.panel.rect = pygame.Rect(w - pw, 0, pw, h)
        self.panel.reserved_top, self.panel.reserved_bottom = BUTTONS_TOP, FOOT
        x, bw = w - pw + 14, pw - 28
        if scene.mode == "question":
            scene.widgets["done"] = make(pygame.Rect(x, 52, bw * 0.6, 46), "Done", gui, object_id="#primary")
            scene.widgets["undo"] = make(pygame.Rect(x + bw * 0.62, 52, bw * 0.38, 46), "Undo", gui)
        else:
            scene.widgets["next"] = make(pygame.Rect(x, 52, bw * 0.6, 46), "Next", gui, object_id="#primary")
            scene.widgets["rollout"] = make(pygame.Rect(x + bw * 0.62, 52, bw * 0.38, 46), "Roll out", gui,
                                            tool_tip_text="Roll out this position (R)")
        scene.widgets["end"] = make(pygame.Rect(x, h - 50, bw, 36), "End the sitting", gui)
        scene.menu_bar.place(0, 0, w - pw)
        self._place_board(pygame.Rect(10, BAR_HEIGHT + 6, w - pw - 20, h - BAR_HEIGHT - 16), scale)
        self.refresh()

    def _place_board(self, left: pygame.Rect, scale: float) -> None:
        """The board, the legend under it and the table: under both, or beside the board when
        it leaves room enough at its side."""
        view, table = self.scene.view, self.scene.table
        legend_h = 2 * self.app.fonts(round(14 * scale)).get_linesize() + 6
        table_h = max(round(118 * scale), min(round(200 * scale), int(left.h * 0.27)))
        full = table.full_width(scale)
        view.set_rect(pygame.Rect(left.x, left.y, left.w - full - 10, left.h - legend_h - 4))
        if left.w - full - 10 - view.board_rect.w >= 0 and view.board_rect.h >= (left.h - table_h) * 0.9:
            board = pygame.Rect(left.x, left.y, left.w - full - 10, left.h - legend_h - 4)
            self.table = pygame.Rect(left.right - full, left.y, full, left.h)
        else:
            board = pygame.Rect(left.x, left.y, left.w, left.h - table_h - legend_h - 8)
            self.table = pygame.Rect(left.x, left.bottom - table_h, left.w, table_h)
        view.set_rect(board)
        self.board = board
        self.legend = pygame.Rect(view.board_rect.x, board.bottom + 4, board.right - view.board_rect.x, legend_h)

    def places(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where a decision's buttons go (Done and Undo's row) and where a take's dialog goes
        (the side panel's free part, the dialog at its foot)."""
        r = self.panel.rect
        return (pygame.Rect(r.x + 14, 52, r.w - 28, 46),
                pygame.Rect(r.x + 8, r.y + BUTTONS_TOP, r.w - 16, r.h - BUTTONS_TOP - FOOT))

    def fit_dialog(self, buttons) -> None:
        """The panel's sections make room for a take's dialog at its foot."""
        dialog = buttons.panel if buttons is not None else None
        self.panel.reserved_bottom = FOOT + (dialog.rect.h + 6 if dialog is not None else 0)

    def refresh(self) -> None:
        """Enable the buttons as the card stands (each frame)."""
        scene, widgets = self.scene, self.scene.widgets
        result = scene.result
        states = {"done": scene.question.ready(), "undo": scene.question.can_undo(),
                  "next": result is not None and not scene.waiting and (result.answered is not None
                                                                          or result.error is not None),
                  "rollout": result is not None and result.graded is not None and scene.rollouts.offered}
        for name, on in states.items():
            button = widgets.get(name)
            if button is not None and on != button.is_enabled:
                button.enable() if on else button.disable()
        rollout = widgets.get("rollout")
        if rollout is not None:
            text = "Stop" if scene.rollouts.job is not None and scene.rollouts.job.running else "Roll out"
            if rollout.text != text:
                rollout.set_text(text)
        if scene.mode == "question" and widgets.get("done") is not None:
            shown = scene.question.on_board
            for name in ("done", "undo"):
                if shown != bool(widgets[name].visible):
                    widgets[name].show() if shown else widgets[name].hide()

    # -- the panel's words ----------------------------------------------------------------------
    def heading(self) -> str:
        scene = self.scene
        if scene.waiting and scene.card is None:
            return "Finding the cards…"
        card = scene.card
        if card is None:
            return ""
        count = f"Card {scene.answered + (0 if scene.result and scene.result.answered else 1)}"
        kind = " · a variation" if card.parent is not None else " · new" if card.state == "new" else ""
        return f"{count}{kind}\n{self.asked()}"

    def asked(self) -> str:
        facts = self.scene.card.facts
        if facts.question == "chequer":
            dice = "-".join(facts.dice) if facts.dice and len(facts.dice) == 2 else facts.dice
            return f"{QUESTIONS['chequer']}: {dice}" if dice else QUESTIONS["chequer"]
        return QUESTIONS.get(facts.question, facts.question)

    def verdict(self) -> str:
        result = self.scene.result
        if result is None:
            return ""
        graded, words = result.graded, self.words()
        head = f"Your answer: {result.named('answer', words)}"
        if graded is not None and graded.answer != graded.best:
            head += f"\nBest: {result.named('best', words)}"
        return f"{head}\n{result.verdict(self._now)}"

    def words(self):
        """The view's names of decisions (``None`` for a play)."""
        decisions = self.scene.view.decisions
        return decisions.words if decisions is not None else (lambda move: None)

    _now: datetime | None = None

    def why(self) -> str:
        result = self.scene.result
        if result is None or result.graded is None:
            return ""
        return "\n".join(f"• {line}" for line in result.graded.why)

    def themes(self) -> str:
        """The card's themes, once answered (before, they would tell the best play's idea)."""
        result = self.scene.result
        return ", ".join(result.card.tags) if result is not None and result.graded is not None else ""

    def variations(self) -> str:
        result = self.scene.result
        return result.variations if result is not None else ""

    def problem(self) -> str:
        result = self.scene.result
        return result.error or "" if result is not None else ""

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scale: float, now: datetime) -> None:
        scene = self.scene
        if scene.mode == "start":
            draw_text(surface, self.title_font, "Drills", (20, 12 + scene.widgets["back"].rect.h // 2), ACCENT,
                      anchor="midleft")
            scene.start_page.draw(surface)
            return
        self._now = now
        result = scene.result
        state = scene.question.state
        if state is not None:
            scene.view.draw(surface, state, self.labels(state))
        font = self.app.fonts(round(14 * scale))
        if result is None:
            self._draw_prompt(surface, scale)
        else:
            self.drawn_legend = draw_arrows_legend(surface, scene.view, state, result.arrows(self.words()), font,
                                                   self.legend)
            decision = result.decision()
            shown, figures, note = scene.rollouts.shown(decision)
            if decision is None:
                self._box(surface, self.table, "Analysing your play…" if result.error is None else result.error, scale)
            else:
                scene.table.draw(surface, self.table, shown, scale, note, lambda move: interval_of(figures, move))
        self.panel.draw(surface)
        draw_text(surface, self.app.fonts(20, True), "Drill", (self.panel.rect.x + 14, 14), ACCENT)

    def labels(self, state) -> list[str]:
        """The player asked at the bottom, the opponent at the top."""
        facts, mover = self.scene.card.facts, max(0, self.scene.rules.to_move(state))
        labels = ["Opponent"] * len(self.scene.info.players.titles)
        labels[mover] = facts.player
        return labels

    def _draw_prompt(self, surface: pygame.Surface, scale: float) -> None:
        """The table's place before the answer: what is asked and how to answer."""
        card = self.scene.card
        if card is None:
            return
        asked = self.scene.question.asked  # (not the card's themes: they tell the best play's idea)
        how = BUTTONS_HOW.format(keys=key_names(asked)) if asked is not None else BOARD_HOW
        self._box(surface, self.table, self.asked(), scale, [how])

    def _box(self, surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float, lines=()) -> None:
        pygame.draw.rect(surface, PANEL, rect, border_radius=6)
        head, font = self.app.fonts(round(18 * scale), True), self.app.fonts(round(14 * scale))
        y = draw_text(surface, head, title, (rect.x + 14, rect.y + 10), ACCENT).bottom + 8
        for text in lines:
            for line in wrap(font, text, rect.w - 28):
                if y + font.get_linesize() > rect.bottom - 4:
                    return
                draw_text(surface, font, line, (rect.x + 14, y), TEXT_DIM)
                y += font.get_linesize()

    def verdict_colour(self) -> tuple[int, int, int]:
        """The verdict's colour: its rating's (Again red ... Easy green) once the answer is saved."""
        result = self.scene.result
        rating = result.answered.rating if result is not None and result.answered is not None else None
        return RATING_COLOURS.get(rating, TEXT)
