"""The Drill screen: one's own mistakes asked again, answered on the board, graded, scheduled.

Opened by name (``app.push("drill")`` from the Library screen's Drills button, D;
``app.push("drill", facts=...)`` from the Review screen's "Drill this game's errors", which
opens straight on those cards; ``app.open("drill")`` from the menu).  Its pages:

- **start** (:mod:`.start`): the cards due, the theme, the sitting's cap, Start, the statistics
  and the loss per theme over time.  On opening, the library's decisions of "My names" losing
  at least the threshold become cards (:meth:`~game.core.drill.Deck.sync`).
- **question** (:mod:`.question`): the card's position as in play, answered on the board
  (Done, Undo) or by the cube's buttons.
- **answer** (:mod:`.answer`): graded from the stored figures, else analysed in a worker
  process ("Analysing your play…", :mod:`game.ui.jobs.drill`); then saved and scheduled
  (:meth:`~game.core.drill.DrillSession.answered`), the arrows, the alternatives, the why, the
  rating and when the card is due.  A failed card's variations are made in another worker
  process and added as cards of their own ("2 variations added").  Space (Next) asks the
  next card, R rolls the position out (the Review screen's rollout), Esc ends the sitting.

The cards are read and written on the library's thread (:mod:`.store`); the layout and the
drawing are :mod:`.layout`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ...core.capabilities.drill import CardFacts, Drill
from ...core.drill import theme_tag
from ...games import all_games, get_game
from ..gameview import decision_words, has_view, load_view
from ..jobs.drill import DrillTask, grade_later, variations_later, warm_up
from ..keys import DRILL, KeyContext
from ..menubar.bar import MenuBar
from ..menubar.entries import DRILL_MENUS, key_menus
from ..review.alternatives import AlternativesTable
from ..review.rollout import ReviewRollouts
from ..scene import Scene
from ..theme import ui_scale
from . import layout
from .answer import Result
from .question import Question
from .start import StartPage
from .store import DrillStore, Overview, now

START, QUESTION, ANSWER = "start", "question", "answer"


def drill_games(games) -> list:
    """The games with drills and a board on screen."""
    return [info for info in games if info.has(Drill) and has_view(info)]


class DrillScene(Scene):
    """The Drill screen (see the module doc).  ``facts``: cards to make and drill at once (one
    game's errors)."""

    def __init__(self, app, facts: Sequence[CardFacts] = ()) -> None:
        super().__init__(app)
        facts = tuple(facts)
        self.info = get_game(facts[0].game) if facts else drill_games(all_games())[0]
        self.drill: Drill = self.info.ability(Drill)
        self.rules = self.info.rules()
        self.view = load_view(self.info, app.fonts)
        self.options = app.settings.drill_options()
        self.store = DrillStore(app.settings.library_file, self.info, self.options)
        names = list(app.settings.my_names)
        self.player: str | None = names[0] if names else None
        """Whose cards are drilled: the first of "My names" (everyone's without one)."""
        self.mode = START
        self.overview: Overview | None = None
        self.note = ("", False)
        """The start page's line: ``(words, an error)``."""
        self.card = None
        self.result: Result | None = None
        self.duration = 0
        """How long the answer on show took (milliseconds)."""
        self.waiting = False
        """A card has been asked of the store and has not come yet."""
        self.answered = 0
        """Cards answered in this sitting."""
        self.grading: DrillTask | None = None
        self.making: dict[int, DrillTask] = {}
        """Card id → its variations being made."""
        self.widgets: dict[str, UIButton] = {}
        self.start_page = StartPage(app, lambda: self.overview, lambda: self.note, self.start, self.refresh)
        self.question = Question(app, self.view, self.rules, lambda: self.parts.places(),
                                 lambda: app.settings.of(self.info), self.on_answer)
        self.table = AlternativesTable(app.fonts, self.info)
        self.rollouts = ReviewRollouts(self.info, app.banner, app.settings)
        self.parts = layout.Parts(app, self)
        self.menu_bar = MenuBar(app.fonts, self.menus)
        if facts:
            self.waiting = True
            self.store.add(facts, key="errors")
            self.note = (f"{len(facts)} error{'s' * (len(facts) != 1)} of the game to drill", False)
        elif names:
            self.store.sync(names)
        else:
            self.note = ("Set \"My names\" in the settings to make cards of your own games' errors.", False)
        self.refresh()

    # -- what is asked of the store -----------------------------------------------------------
    def theme(self) -> str | None:
        name = self.start_page.theme
        return theme_tag(name) if name else None

    def refresh(self) -> None:
        """Read the cards due and the statistics again (for the theme chosen)."""
        self.store.overview(self.player, self.theme())

    def start(self, card_ids: Sequence[int] | None = None) -> None:
        """A new sitting: the cards due (of the theme), capped as the settings say; or ``card_ids``."""
        settings = self.app.settings
        cards = settings.drill_cards if settings.drill_cap == "cards" else None
        minutes = settings.drill_minutes if settings.drill_cap == "minutes" else None
        if card_ids is not None:
            self.store.start(None, None, None, None, card_ids)
        else:
            self.store.start(self.player, self.theme(), cards, minutes)
        self.answered, self.waiting = 0, True
        warm_up()

    def _take(self) -> None:
        for key, (value, error) in self.store.take().items():
            if error is not None:
                self._failed(key, error)
            elif key == "overview":
                self.overview = value
            elif key == "sync":
                if value:
                    self.note = (f"{value} new card{'s' * (value != 1)} from your games' errors", False)
                self.refresh()
            elif key == "errors":
                self._errors(value)
            elif key == "card":
                self._card(value)
            elif key == "answered":
                self.answered += 1
                if self.result is not None and self.result.card.id == value.card.id:
                    self.result.answered = value
                if value.failed and self.options.variations > 0:
                    self.making[value.card.id] = variations_later(self.drill, value.card.facts, value.card.id,
                                                                  self.options.variations)
                    if self.result is not None:
                        self.result.variations = "Making variations of this position…"
            elif key.startswith("variations:"):
                self._variations_added(int(key.partition(":")[2]), value)

    def _failed(self, key: str, error: str) -> None:
        self.waiting = False
        if key in ("overview", "sync"):
            self.note = (f"The cards cannot be read: {error}", True)
        else:
            self.app.banner.show(f"The drill failed: {error}", error=True)
            if key in ("card", "errors"):
                self.show_start()

    def _errors(self, ids) -> None:
        if ids:
            self.start(ids)
        else:
            self.waiting = False
            self.app.banner.show("This game has no error to drill.", seconds=3)

    def _card(self, card) -> None:
        self.waiting = False
        if card is None:
            if self.answered:
                self.note = (f"Sitting over: {self.answered} card{'s' * (self.answered != 1)} answered", False)
            else:
                self.app.banner.show("No card is due" + (" in this theme" if self.theme() else ""), seconds=3)
            self.show_start()
            return
        self.card, self.result = card, None
        try:
            state = self.drill.position(card.facts)
        except ValueError as error:
            self.app.banner.show(f"This card cannot be shown: {error}", error=True)
            self.store.next()
            self.waiting = True
            return
        self.mode = QUESTION
        self.rollouts.close()
        self.rollouts = ReviewRollouts(self.info, self.app.banner, self.app.settings)
        self.app.rebuild()
        self.question.ask(state)

    def _variations_added(self, parent: int, ids) -> None:
        count = len(ids)
        words = f"{count} variation{'s' * (count != 1)} added" if count else "No variation kept the idea"
        if self.result is not None and self.result.card.id == parent:
            self.result.variations = words
        else:
            self.app.banner.show(words, seconds=3)

    # -- answering ----------------------------------------------------------------------------
    def on_answer(self, move, duration_ms: int) -> None:
        """The player's move (a play built on the board, or a cube button): graded from the
        stored figures, else analysed in the worker; then saved."""
        card, state = self.card, self.question.state
        facts = card.facts
        self.result = Result(card, state, "", moves={"answer": move})
        self.duration = duration_ms
        self.mode = ANSWER
        self.app.rebuild()
        try:
            self.result.answer = text = self.drill.answer_of(facts, move)
            graded = self.drill.grade(facts, text)
        except ValueError as error:  # the game refuses its own move: said, and the card can be left
            self.result.error = f"This answer cannot be graded: {error}"
            return
        if graded is None:
            self.grading = grade_later(self.drill, facts, text)
        else:
            self._graded(graded)

    def _graded(self, graded) -> None:
        result = self.result
        result.graded = graded
        for role, text in (("best", graded.best), ("match", result.facts.played)):
            move = self.move_of(result.state, text)
            if move is not None:
                result.moves[role] = move
        self.store.answered(result.card, result.answer, graded, self.duration)

    def move_of(self, state, text: str):
        """The legal move of ``state`` an answer's or the match's ``text`` names (``None``: none):
        by its notation or its name first, else by the game's reading of the text (slower)."""
        if not text:
            return None
        words = decision_words(self.view) or (lambda move: None)
        moves = self.rules.legal_moves(state)
        for move in moves:
            if text.lower() in (self.rules.notation(state, move).lower(), (words(move) or "").lower()):
                return move
        facts = self.card.facts
        try:
            canonical = self.drill.read_answer(facts, text)
            return next((move for move in moves if self.drill.answer_of(facts, move) == canonical), None)
        except ValueError:
            return None

    # -- commands -----------------------------------------------------------------------------
    def command(self, action: str) -> None:
        if action == "back":
            self.leave_screen()
        elif action == "end":
            self.end_sitting()
        elif action == "done":
            self.question.done()
        elif action == "undo":
            self.question.undo()
        elif action == "next" and self.mode == ANSWER:
            self.next_card()
        elif action == "rollout" and self.mode == ANSWER and self.result is not None:
            decision = self.result.decision()
            if decision is not None:
                self.rollouts.toggle(decision, self.result.state)
        elif action == "start" and self.mode == START:
            self.start()

    def next_card(self) -> None:
        """Space or Next: once the answer is saved, the sitting's next card."""
        result = self.result
        if result is None or (result.answered is None and result.error is None) or self.waiting:
            return
        self.rollouts.close()
        self.waiting = True
        self.store.next()

    def end_sitting(self) -> None:
        """Esc in a sitting: back to the start page (an answer still being analysed is dropped)."""
        if self.grading is not None:
            self.grading.cancel()
            self.grading = None
        self.show_start()

    def show_start(self) -> None:
        self.question.close()
        self.rollouts.close()
        self.mode, self.card, self.result, self.waiting = START, None, None, False
        self.refresh()
        self.app.rebuild()

    def leave_screen(self) -> None:
        stack = self.app.stack
        if self in stack and stack.index(self) > 0:
            self.app.pop()
        else:
            self.app.show_menu()

    # -- the scene ----------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        self.widgets = {}
        self.start_page.close()
        self.parts.build(size)
        if self.mode == START:
            self.start_page.build(size, self.parts.top)
            self.widgets.update(self.start_page.widgets)  # Start is one of the screen's commands
        else:
            self.question.build(size)
            self.parts.fit_dialog(self.question.buttons)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.mode != START and self.menu_bar.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = next((k for k, b in self.widgets.items() if b is event.ui_element), None)
            if action is not None:
                self.command(action)
                return
        if self.mode == START and self.start_page.handle_event(event):
            return
        if self.mode == QUESTION and self.question.handle_event(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.command("back" if self.mode == START else "end")
        elif event.key == pygame.K_SPACE:
            self.command("next")
        elif event.key == pygame.K_r:
            self.command("rollout")

    def update(self, dt: float) -> None:
        self._take()
        if self.grading is not None and self.grading.done:
            task, self.grading = self.grading, None
            if task.error is not None:
                self.result.error = f"The answer could not be analysed: {task.error}"
            else:
                self._graded(task.result)
        for parent, task in list(self.making.items()):
            if task.done:
                del self.making[parent]
                if task.error is not None:
                    self.app.banner.show(f"The variations could not be made: {task.error}", error=True)
                else:
                    self.store.add(task.result, parent=parent, key=f"variations:{parent}")
        self.rollouts.update()
        self.view.update(dt)
        self.parts.refresh()

    def leave(self) -> None:
        self.question.close()
        self.rollouts.close()
        if self.grading is not None:
            self.grading.cancel()
        self.store.close()  # variations still being made finish unseen: the next failure makes them again

    def key_context(self) -> KeyContext:
        """The screen's keys: its key help, keys screen and menus."""
        return KeyContext(DRILL, (), (("rollouts", self.rollouts.offered),))

    def key_help(self) -> str:
        return self.key_context().help()

    def help_text(self) -> str:
        return self.key_help()

    def menus(self) -> list:
        """The menu bar's menus while a card is on show: the screen's keys, and Help."""
        return key_menus(DRILL_MENUS, self.key_context(), self)

    def draw(self, surface: pygame.Surface) -> None:
        self.parts.draw(surface, ui_scale(surface.get_size()), now())
        if self.mode != START:
            self.menu_bar.draw(surface)

    def draw_above(self, surface: pygame.Surface) -> None:
        if self.mode != START:
            self.menu_bar.draw_above(surface)
