"""The Drill screen (game/ui/drill/), driven headless as a user would: a card's question drawn as
in play, a play built on the board by clicks and Done, graded and shown with its arrows and
table; a cube answer by its button; Space for the next card; a failed card's variation made
and added; the Review screen's "Drill this game's errors" making cards and asking them.

The game's drill ability is a stand-in (:class:`StandInDrill`: stored figures only, no
analysis) working in threads (the worker processes are turned off), so the tests are fast."""

from __future__ import annotations

import dataclasses
import random
import shutil
import time

import pygame
import pytest

from game.backgammon.cube.state import ROLL
from game.backgammon.position import format_position, parse_position
from game.backgammon.rules import with_dice
from game.core.capabilities import Analysis, Review
from game.core.capabilities.drill import CardFacts, Drill, Graded
from game.core.drill import Deck
from game.core.library import open_library
from game.core.protocol import CHANCE
from game.core.review.plain import review_marks
from game.core.review.run import cache_key, review, write_cache
from game.core.saves import examples_dir
from game.games import get_game
from game.ui.drill.scene import ANSWER, QUESTION, START, DrillScene
from game.ui.jobs import drill as drill_jobs
from tests.review_stubs import ReviewWithoutLuck

from .test_review_screen import fastest, quick_analysis
from .util import key, play_by_clicks, press_button

BG = get_game("backgammon")
RULES = BG.rules()
PLAYER = "lasse"


class StandInDrill:
    """Backgammon's drill as far as the screen needs it, from the stored figures alone: a
    failed card gets one variation (the same position with other dice)."""

    def question_of(self, row):
        if row["kind"] == "chequer":
            return "chequer"
        if row["kind"] == "cube":
            return "take" if row["played"] in ("Takes", "Drops") else "double"
        return None

    def position(self, facts: CardFacts):
        state = parse_position(f"{facts.position_id}:{facts.match_id}")
        return with_dice(state, facts.dice) if facts.question == "chequer" and state.dice is None else state

    def answer_of(self, facts: CardFacts, move) -> str:
        return "No double" if move == ROLL else RULES.notation(self.position(facts), move)

    def read_answer(self, facts: CardFacts, text: str) -> str:
        state = self.position(facts)
        for move in RULES.legal_moves(state):
            if text.lower() in (self.answer_of(facts, move).lower(), RULES.notation(state, move).lower()):
                return self.answer_of(facts, move)
        raise ValueError(f"{text!r} is no answer here")

    def grade(self, facts: CardFacts, answer: str):
        row = next((r for r in facts.alternatives if r["move"] == answer), None)
        if row is None:
            return None
        rows = tuple({**r, "answer": r["move"] == answer} for r in facts.alternatives)
        return Graded(answer, facts.best, -row["diff"], rows, False, (f"{facts.best} keeps the stand-in happy",))

    def analyse(self, facts: CardFacts, answer: str) -> Graded:
        rows = tuple({**r, "answer": False} for r in facts.alternatives)
        rows += ({"move": answer, "equity": -1.0, "diff": -0.5, "rank": len(rows) + 1, "plies": 0, "answer": True},)
        return Graded(answer, facts.best, 0.5, rows, True, ())

    def tags(self, facts: CardFacts):
        return (facts.question, "contact")

    def variations(self, facts: CardFacts, seed: int, limit: int = 3):
        dice = "42" if facts.dice != "42" else "31"
        return (dataclasses.replace(facts, dice=dice, played=""),)[:limit]

    def text_board(self, facts: CardFacts) -> str:
        return ""

    def picture(self, facts: CardFacts, arrows=()) -> str:
        return ""


# -- cards of a seeded 5-point match -----------------------------------------------------------


def positions(seed: int = 3) -> dict[str, object]:
    """A chequer play (dice rolled, several plays), a double decision and a take, met in a
    seeded 5-point match with the score 2-1."""
    state = RULES.initial_state(BG.new_game_options({"match_length": "5"}))
    cube = dataclasses.replace(state.cube, score=(2, 1))
    state = dataclasses.replace(state, cube=cube)
    found: dict[str, object] = {}
    rng = random.Random(seed)
    while len(found) < 3:
        if RULES.to_move(state) == CHANCE:
            outcomes = RULES.chance_outcomes(state)
            state = RULES.apply(state, rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        moves = RULES.legal_moves(state)
        names = [RULES.notation(state, m) for m in moves]
        if "Doubles => 2" in names and "chequer" in found:
            found["double"], found["take"] = state, RULES.apply(state, moves[names.index("Doubles => 2")])
        elif state.dice is not None and len(moves) >= 4 and "chequer" not in found and rng.random() < 0.5:
            found["chequer"] = state
        state = RULES.apply(state, moves[names.index("Roll")] if "Roll" in names else moves[0])
    return found


DIFFS = (0.0, -0.05, -0.12, -0.27)
"""The stored plays' differences to the best: Easy, Hard, Again, Again (the play made)."""


def facts_of(question: str, state) -> CardFacts:
    position_id, match_id = format_position(state).split(":")
    if question == "chequer":
        plays = [RULES.notation(state, m) for m in RULES.legal_moves(state)][:4]
        rows = [{"move": text, "equity": diff, "diff": diff, "rank": k + 1, "plies": 2, "played": k == 3, "win": 0.5}
                for k, (text, diff) in enumerate(zip(plays, DIFFS))]
        return CardFacts(BG.name, PLAYER, "chequer", position_id, match_id, None, f"{state.dice[0]}{state.dice[1]}",
                         plays[3], plays[0], tuple(rows), None, 0.27, "intermediate", "contact")
    moves = ("No double", "Doubles => 2") if question == "double" else ("Takes", "Drops")
    rows = [{"move": moves[0], "equity": 0.1, "diff": 0.0, "rank": 1, "plies": 2, "played": False},
            {"move": moves[1], "equity": -0.02, "diff": -0.12, "rank": 2, "plies": 2, "played": True}]
    cube = {"nd": 0.1, "dt": -0.02, "dp": 1.0, "proper": "No double, take", "nd_mwc": None, "dt_mwc": None,
            "dp_mwc": None}
    return CardFacts(BG.name, PLAYER, question, position_id, match_id, None, None, moves[1], moves[0], tuple(rows),
                     cube, 0.12, "intermediate", "contact")


@pytest.fixture
def drill(monkeypatch):
    """The stand-in as backgammon's drill, its work in threads."""
    stand_in = StandInDrill()
    monkeypatch.setitem(BG.abilities, Drill, lambda: stand_in)
    monkeypatch.setattr(drill_jobs, "PROCESSES", False)
    return stand_in


def deck_of(app, *questions: str) -> list[int]:
    """Cards of ``questions`` in the window's library, due now; their ids."""
    found = positions()
    app.settings.my_names = [PLAYER]
    app.settings.drill_cap, app.settings.drill_cards = "cards", 10
    with open_library(app.settings.library_file) as library:
        return Deck(library, BG).add_facts([facts_of(q, found[q]) for q in questions])


def settle(app, scene, condition, seconds: float = 120) -> bool:
    """Frames (the store answers on its thread, the stand-in works in threads) until ``condition()``."""
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        scene.store.wait(1)
        app.frame()
        time.sleep(0.002)  # the threads' turn (the stand-in's work, a rollout)
    return condition()


def opened(app) -> DrillScene:
    app.open("drill")
    scene = app.scene
    assert isinstance(scene, DrillScene) and scene.mode == START
    assert settle(app, scene, lambda: scene.overview is not None)
    return scene


def started(app) -> DrillScene:
    scene = opened(app)
    press_button(app, scene.widgets["start"])
    assert settle(app, scene, lambda: scene.mode == QUESTION)
    return scene


class Recorded:
    """The window's fonts, each text rendered with them recorded (what the screen wrote)."""

    def __init__(self, fonts) -> None:
        self.fonts, self.texts = fonts, []

    def __call__(self, size, bold=False):
        return _Font(self.fonts(size, bold), self.texts)


class _Font:
    def __init__(self, font, texts) -> None:
        self._font, self._texts = font, texts

    def render(self, text, *args, **kwargs):
        self._texts.append(str(text))
        return self._font.render(text, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._font, name)


# -- the tests ---------------------------------------------------------------------------------


def test_a_play_is_asked_on_the_board_built_by_clicks_graded_and_shown(app, drill):
    [card] = deck_of(app, "chequer")
    app.fonts = fonts = Recorded(app.fonts)
    scene = started(app)
    facts = scene.card.facts
    assert scene.card.id == card and facts.question == "chequer"
    state = scene.question.state
    assert state == drill.position(facts) and state.dice is not None and state.cube.score == (2, 1)
    fonts.texts.clear()
    app.frame()
    assert scene.view.dice_rect.w > 0 and scene.view.board_rect.contains(scene.view.dice_rect)  # the dice
    assert "2 points" in fonts.texts and "1 point" in fonts.texts and any("5-point match" in t for t in fonts.texts)
    assert any(PLAYER in text for text in fonts.texts) and not scene.widgets["done"].is_enabled
    assert not any(facts.best in text for text in fonts.texts)  # the answer is never shown first,
    assert not any("contact" in text for text in fonts.texts)  # nor the card's themes (the best play's idea)

    second = RULES.legal_moves(state)[1]  # the second best of the stored figures: a Hard answer
    play_by_clicks(app, scene.view, second)
    app.frame()
    assert scene.widgets["done"].is_enabled
    press_button(app, scene.widgets["done"])
    assert settle(app, scene, lambda: scene.result is not None and scene.result.answered is not None)
    result = scene.result
    assert scene.mode == ANSWER and result.answer == RULES.notation(state, second)
    assert result.graded.equity_lost == pytest.approx(0.05) and result.answered.rating == "hard"
    app.frame()
    arrows = {arrow.colour: arrow for arrow in result.arrows(scene.view.decisions.words)}
    assert len(arrows) == 3  # the best, the answer, the play made in the match: three colours
    assert all(scene.view.move_arrows(state, arrow.move) for arrow in arrows.values())
    assert [text.split(":")[0] for text in scene.parts.drawn_legend] == ["Best", "Your answer", "Played in the match"]
    assert scene.table.heads[:4] == ["#", "Move", "EMG", "Diff"]  # a match's card: its unit, EMG
    assert [(move, answer) for _, move, answer in scene.table.rows] == [
        (row["move"], row["move"] == result.answer) for row in facts.alternatives]
    assert "Hard" in scene.parts.verdict() and "Due again" in scene.parts.verdict()
    assert any("keeps the stand-in happy" in text for text in fonts.texts)  # the why
    assert scene.parts.themes() == "chequer, contact" and "chequer, contact" in fonts.texts


def test_a_cube_card_is_answered_by_its_button_and_space_asks_the_next(app, drill):
    deck_of(app, "double", "take")
    scene = started(app)
    seen = []
    for _ in range(2):
        facts = scene.card.facts
        seen.append(facts.question)
        buttons = scene.question.buttons
        assert buttons is not None and scene.widgets["done"].visible is False
        labels = buttons.labels
        if facts.question == "double":
            assert labels == ["No double", "Double"]
        else:
            assert labels[:2] == ["Take", "Pass"] and buttons.panel is not None  # a dialog, as in play
            assert scene.parts.panel.rect.contains(buttons.panel.rect)
        wrong = next(button for button, move in buttons.buttons if scene.drill.answer_of(facts, move) != facts.best)
        press_button(app, wrong)
        assert settle(app, scene, lambda: scene.result is not None and scene.result.answered is not None)
        assert scene.result.answer == facts.played and scene.result.graded.equity_lost == pytest.approx(0.12)
        assert scene.result.answered.rating == "again" and scene.result.answered.failed
        before = scene.card.id
        key(app, pygame.K_SPACE)
        assert settle(app, scene, lambda: scene.card is None or scene.card.id != before or scene.mode == START)
        if scene.mode == START:
            break
        assert scene.mode == QUESTION
    assert sorted(seen) == ["double", "take"]


def test_a_failed_card_gets_its_variation(app, drill):
    [card] = deck_of(app, "chequer")
    scene = started(app)
    state = scene.question.state
    worst = next(m for m in RULES.legal_moves(state) if RULES.notation(state, m) == scene.card.facts.played)
    play_by_clicks(app, scene.view, worst)
    key(app, pygame.K_RETURN)
    assert settle(app, scene, lambda: scene.result is not None and scene.result.variations.endswith("added"))
    assert scene.result.answered.failed and scene.result.variations == "1 variation added"
    with open_library(app.settings.library_file) as library:
        variations = [c for c in Deck(library, BG).cards() if c.parent == card]
    assert [c.facts.dice for c in variations] == ["42" if scene.card.facts.dice != "42" else "31"]
    assert scene.parts.heading().startswith("Card 1")


def test_an_answer_not_among_the_stored_figures_is_analysed_in_the_background(app, drill):
    deck_of(app, "chequer")
    scene = started(app)
    state = scene.question.state
    stored = {row["move"] for row in scene.card.facts.alternatives}
    other = next(m for m in RULES.legal_moves(state) if RULES.notation(state, m) not in stored)
    play_by_clicks(app, scene.view, other)
    press_button(app, scene.widgets["done"])
    assert settle(app, scene, lambda: scene.result.answered is not None)
    assert scene.result.graded.analysed and scene.result.answered.rating == "again"
    assert scene.table.rows[-1][2]  # the answer's row, added by the analysis, is marked


def test_esc_ends_the_sitting_and_the_start_page_shows_the_statistics(app, drill):
    deck_of(app, "chequer", "double")
    scene = started(app)
    key(app, pygame.K_ESCAPE)
    assert scene.mode == START
    assert settle(app, scene, lambda: scene.overview is not None and scene.overview.stats.cards == 2)
    app.frame()
    assert scene.start_page.widgets["start"].visible
    key(app, pygame.K_ESCAPE)
    assert app.scene is not scene


def test_the_review_screens_entry_makes_cards_of_the_games_errors_and_asks_them(app, drill, tmp_path):
    save = tmp_path / "midgame.json"
    shutil.copy(examples_dir() / "human-vs-hard-midgame.json", save)
    fastest(app, BG)  # the level the review is cached at
    assert app.open_saved(save)
    app.frame()
    play = app.scene
    record, options = play.session.record(), {"level": "intermediate"}
    quick = dataclasses.replace(BG, abilities={**BG.abilities, Review: ReviewWithoutLuck, Analysis: lambda: dataclasses.replace(
        BG.move_analysis(), analyze=quick_analysis)})
    write_cache(save, cache_key(record, options, review_marks(BG)), review(quick, record, options))
    play.command("review")
    review_scene = app.scene
    assert review_scene.job.from_cache and settle_review(app, review_scene)
    app.settings.my_names = []  # the human's side, then
    human = record.players.index("human")
    app.frame()
    assert review_scene.buttons["drill"].visible
    key(app, pygame.K_d)
    scene = app.scene
    assert isinstance(scene, DrillScene)
    assert settle(app, scene, lambda: scene.mode == QUESTION), (
        f"mode {scene.mode}, waiting {scene.waiting}, note {scene.note}, banner {app.banner.text!r}, "
        f"scene on show {type(app.scene).__name__}")
    errors = [d for d in review_scene.reviewed.report.decisions
              if d.player == review_scene.reviewed.report.players[human] and d.rated and d.equity_lost >= 0.04]
    with open_library(app.settings.library_file) as library:
        cards = Deck(library, BG).cards()
    assert {(c.facts.position_id, c.facts.dice) for c in cards} == {(d.position_id, d.dice) for d in errors}
    assert errors and scene.card.id in {c.id for c in cards}
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scene is review_scene


def settle_review(app, scene, seconds: float = 30) -> bool:
    end = time.monotonic() + seconds
    while scene.analysing and time.monotonic() < end:
        app.frame()
        time.sleep(0.01)
    app.frame()
    return not scene.analysing


def test_the_settings_screen_sets_the_drills_knobs(app):
    import pygame_gui

    from game.core.settings import load_settings
    from game.games import all_games

    app.resize((1280, 1600))  # every row in view
    app.show_settings()
    app.frame()
    scene = app.scene
    chosen = {"drill_threshold": "0.08 (GNU's bad)", "drill_retention": "85%",
              "drill_ratings": "0.16 / 0.08 / 0.02 (lenient)", "drill_variations": "1", "drill_sitting": "15 minutes"}
    for name, text in chosen.items():
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text,
                                             ui_element=scene.widgets[name]))
    app.frame()
    press_button(app, scene.widgets["back"])
    saved, problem = load_settings(games=all_games())
    assert problem is None
    assert (saved.drill_threshold, saved.drill_retention, saved.drill_variations) == (0.08, 0.85, 1)
    assert (saved.drill_again, saved.drill_hard, saved.drill_good) == (0.16, 0.08, 0.02)
    assert (saved.drill_cap, saved.drill_minutes) == ("minutes", 15.0)
    assert saved.drill_options().again == 0.16


def test_the_menus_and_the_library_screens_drills_buttons_open_the_drill_screen(app, drill):
    deck_of(app, "chequer")
    app.show_menu()
    app.frame()
    press_button(app, app.scene.widgets["drills"])
    assert isinstance(app.scene, DrillScene) and len(app.stack) == 1
    key(app, pygame.K_ESCAPE)
    assert app.scene.__class__.__name__ == "MenuScene"
    app.open("library")
    library = app.scene
    app.frame()
    press_button(app, library.widgets["drills"])
    scene = app.scene
    assert isinstance(scene, DrillScene) and app.stack[-2] is library
    assert settle(app, scene, lambda: scene.overview is not None and scene.overview.due == 1)
    press_button(app, scene.widgets["back"])
    assert app.scene is library
    key(app, pygame.K_d)
    assert isinstance(app.scene, DrillScene)


def test_r_rolls_the_answered_position_out(app, drill, monkeypatch):
    from game.ui.review import rollout as review_rollout

    monkeypatch.setattr(review_rollout.ReviewRollouts, "processes", False)
    monkeypatch.setattr(review_rollout.ReviewRollouts, "options", {"trials": 36, "truncate": 2})
    deck_of(app, "chequer")
    scene = started(app)
    key(app, pygame.K_r)
    assert scene.rollouts.job is None  # not before the answer: it would show the best play
    state = scene.question.state
    play_by_clicks(app, scene.view, RULES.legal_moves(state)[0])
    key(app, pygame.K_RETURN)
    assert settle(app, scene, lambda: scene.result.answered is not None)
    key(app, pygame.K_r)
    assert scene.rollouts.job is not None
    assert settle(app, scene, lambda: not scene.rollouts.job.running)
    app.frame()
    assert scene.rollouts.figures[0].trials_done == 36 and "rollout 36 trials" in scene.table.title.lower()


def test_the_loss_per_theme_is_drawn_a_line_a_theme_with_gaps_for_weeks_without_answers():
    from game.ui.charts.themes import PALETTE, chosen_themes, draw_theme_losses

    pygame.init()
    surface = pygame.Surface((400, 240))
    by_theme = {"take": [("2026-W46", 0.12, 3), ("2026-W48", 0.05, 4)], "hit": [("2026-W47", 0.08, 9)], "race": []}
    assert chosen_themes(by_theme) == ["hit", "take"]  # the most answered first; a theme without answers left out
    font = pygame.font.Font(None, 16)
    legend = draw_theme_losses(surface, surface.get_rect(), font, by_theme, {"take": "My takes"})
    assert legend == [("hit", PALETTE[0]), ("My takes", PALETTE[1])]
    colours = {surface.get_at((x, y))[:3] for x in range(400) for y in range(240)}
    assert PALETTE[0] in colours and PALETTE[1] in colours
    blank = pygame.Surface((400, 240))
    assert draw_theme_losses(blank, blank.get_rect(), font, {}, {}) == []
    one_week = {"take": [("2026-W48", 0.05, 2)], "hit": [("2026-W48", 0.02, 1)]}  # no line yet: a bar a theme
    assert draw_theme_losses(blank, blank.get_rect(), font, one_week, {}) == [("take", PALETTE[0]), ("hit", PALETTE[1])]
    bars = {blank.get_at((x, 200))[:3] for x in range(400)}
    assert PALETTE[0] in bars and PALETTE[1] in bars


def test_a_card_on_show_has_the_menu_bar_and_its_keys_screen(app, drill):
    from game.ui.keys_scene import KeysScene

    from .test_menubar import _choose

    deck_of(app, "double", "take")
    scene = started(app)
    bar = scene.menu_bar
    assert [m.title for m in bar.menus()] == ["Drill", "Help"]
    assert bar.rect.bottom <= scene.view.rect.top and bar.rect.right <= scene.parts.panel.rect.x
    _choose(app, bar, "Help", "Keys")
    assert isinstance(app.scene, KeysScene) and ("Space", "the next card, once the answer is graded (drill)") \
        in app.scene.keys
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.mode == QUESTION
    _choose(app, bar, "Drill", "End the sitting")
    assert settle(app, scene, lambda: scene.mode == START)
