"""The hint panel lists the analysis record; arrows, the "why" section and the analyst thread."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.backgammon.rules import BackgammonRules, Play
from game.backgammon.state import Roll
from game.backgammon.view.pygame_view import BackgammonView
from game.games import get_game
from game.ui.analysis.analyst import Analyst
from game.ui.analysis.hints import Hints, draw_arrows, row_cells
from game.ui.analysis.why import WhySection, factor_comparison
from game.core.session import GameSetup
from game.ui.theme import Fonts

from .util import key, run_until

RULES = BackgammonRules()


@pytest.fixture
def fonts():
    pygame.font.init()
    yield Fonts()
    pygame.font.quit()


@pytest.fixture
def scene(app):
    app.settings.hints = True
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=3, options={"first": 0}))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human and scene.overlays.hints.ready)
    app.frame()
    return scene


def test_the_overlay_lists_the_same_moves_as_the_analysis_record(app, scene):
    state, hints = scene.session.state, scene.overlays.hints
    info = get_game("backgammon")
    expected = info.move_analysis().analyze(state, level=app.settings.of(info)["analysis_level"])
    assert [row_cells(r) for r in hints.records] == [row_cells(r) for r in expected]
    assert len(expected) == len(RULES.legal_moves(state))
    # Every row is drawn as the selection walks down the list; the best is drawn first.
    section, drawn = scene.overlays.hint_section, set()
    assert section.rows[0][0] == 0 and hints.selected_record().rank == 1
    for _ in range(len(expected)):
        drawn |= {i for i, _ in section.rows}
        key(app, pygame.K_DOWN)
    assert drawn == set(range(len(expected)))
    assert hints.selected == len(expected) - 1


def test_clicking_a_row_selects_it_and_h_hides_the_panel(app, scene):
    section, hints = scene.overlays.hint_section, scene.overlays.hints
    index, rect = section.rows[1]
    from .util import click

    click(app, rect.center)
    assert hints.selected == index
    key(app, pygame.K_h)
    assert not app.settings.hints and section.height(300) == 0
    key(app, pygame.K_h)
    assert app.settings.hints and section.height(300) > 0


def test_arrows_follow_each_checker_step():
    view = BackgammonView(Fonts())
    view.set_rect(pygame.Rect(0, 0, 800, 600))
    state = RULES.apply(RULES.initial_state({"first": 0}), Roll.of(6, 4))
    play = Play(((24, 18), (18, 14)))
    assert RULES.notation(state, play) in [RULES.notation(state, m) for m in RULES.legal_moves(state)]
    arrows = view.move_arrows(state, play)
    assert arrows == [
        (view.slot_pos(0, 24, 1), view.slot_pos(0, 18, 0)),
        (view.slot_pos(0, 18, 0), view.slot_pos(0, 14, 0)),
    ]
    surface = pygame.Surface((800, 600))
    surface.fill((0, 0, 0))
    draw_arrows(surface, arrows)
    (x0, y0), (x1, y1) = arrows[1]
    assert surface.get_at((round((x0 + x1) / 2), round((y0 + y1) / 2)))[:3] != (0, 0, 0)
    assert view.move_arrows(state, Play()) == []


class Ready:
    """An analyst stand-in with the records already computed."""

    def __init__(self, records):
        self.records = records

    def focus(self, state):
        pass

    def get(self, state):
        return self.records

    def error(self, state):
        return None

    def done(self, state):
        return True


def test_why_shows_the_factors_against_the_best_move(fonts):
    state = RULES.apply(RULES.initial_state({"first": 0}), Roll.of(6, 4))
    records = get_game("backgammon").move_analysis().analyze(state, level="intermediate")
    hints = Hints(Ready(records))
    hints.show(state)
    hints.select(len(records) - 1)
    labels = BackgammonView.factor_labels
    why = WhySection(fonts, hints, lambda: True, labels)
    heading, lines, factors = why.content(320)
    worst, best = records[-1], records[0]
    assert heading == f"Why {worst.notation} vs {best.notation}"
    expected = factor_comparison(worst, best)[:why.max_factors]
    assert factors == [(labels.get(name, name), value) for name, value in expected]
    assert all(abs(value - (worst.factors[n] - best.factors.get(n, 0.0))) < 1e-9 for n, value in expected)
    assert [text for text, _ in lines if text.startswith("⚠")] == [f"⚠ {w}" for w in worst.warnings][: len(lines)]
    hints.select(0)
    assert why.content(320)[0] == f"Why {best.notation} vs {records[1].notation}"


def test_why_lists_the_explanation_of_a_mandragora_move(fonts):
    info = get_game("mandragora")
    rules = info.rules()
    state = rules.initial_state({})
    while not info.move_analysis().analyze(state):  # past the setup moves
        state = rules.apply(state, rules.legal_moves(state)[0])
    records = info.move_analysis().analyze(state)
    hints = Hints(Ready(records))
    hints.show(state)
    with_reasons = next(i for i, r in enumerate(records) if r.explanation)
    hints.select(with_reasons)
    _, lines, factors = WhySection(fonts, hints, lambda: True).content(600)
    texts = [text for text, _ in lines]
    assert all(f"• {reason}" in texts for reason in records[with_reasons].explanation)
    assert factors
    assert row_cells(records[0])[2] == "—"  # no win chance in this game's analysis


def test_why_never_ends_on_a_dangling_line(fonts):
    """Issue 34: "its factors equal X's:" is said only when factors follow it; a cube action's
    records (no factors) and a won Chesstack action (explained, no sentinel factor) say none."""
    from game.core.analysis import MoveAnalysis

    def record(notation, rank, factors):
        return MoveAnalysis(move=notation, notation=notation, score=0.0, value=-rank, rank=rank, factors=factors)

    for records in ([record("Takes", 1, {}), record("Drops", 2, {})],
                    [record("a", 1, {"x": 1.0}), record("b", 2, {"x": 1.0})]):
        hints = Hints(Ready(records))
        hints.show("state")
        hints.select(1)
        heading, lines, factors = WhySection(fonts, hints, lambda: True).content(400)
        said = [text for text, _ in lines]
        assert not any("factors equal" in text for text in said) or factors, said
    chesstack = get_game("chesstack")
    state = chesstack.notation.parse_position("white K*a1:0/0 Rh1:0/1 Nb1:0/1; black K*h8:0/0 Qc3:0/0; ply 2")
    records = chesstack.move_analysis().analyze(state, level="intermediate")
    hints = Hints(Ready(records))
    hints.show(state)
    hints.select(0)
    _, lines, factors = WhySection(fonts, hints, lambda: True, {}, chesstack.move_analysis().format_value).content(400)
    said = " ".join(text for text, _ in lines)
    assert "• wins at once: takes the last enemy royal" in said and "10000000" not in said
    assert all(abs(value) < 1e6 for _, value in factors)


def test_the_hint_heading_takes_the_longest_form_that_fits(fonts, app):
    """Issue 34: the watch heading is never cut mid-word where a shorter form fits."""
    from game.core.session import GameSetup
    from game.ui.analysis.hints import fitting_title

    head = fonts(12, True)
    forms = ("Computer's analysis (Intermediate level)", "Analysis · Intermediate", "Intermediate")
    wide, narrow = head.size(forms[0].upper())[0], head.size(forms[1].upper())[0]
    assert fitting_title(head, forms, wide) == forms[0].upper()
    assert fitting_title(head, forms, wide - 1) == forms[1].upper()
    assert fitting_title(head, forms, narrow - 1) == forms[2].upper()
    assert fitting_title(head, "Hints", 5).endswith("…")
    assert app.start_game(GameSetup("backgammon", ("intermediate", "expert"), seed=1))
    titles = app.scene.overlays.hint_title()
    assert titles[0].startswith("Computer's analysis (") and titles[0].endswith(" level)")
    assert all("…" not in title and "worldclass" not in title for title in titles)


def test_analyst_runs_off_thread_reports_errors_and_cancels():
    started, release = threading.Event(), threading.Event()
    seen = []

    def analyze(state, level="x", limits=None):
        seen.append((state, level))
        if state == "bad":
            raise RuntimeError("broken evaluator")
        if state == "slow":
            started.set()
            release.wait(5)
            limits.cancel.wait(5)
            from game.core.search import SearchCancelled

            raise SearchCancelled()
        return [state]

    analyst = Analyst(analyze, {"level": "advanced"}, cancellable=True)
    analyst.focus("slow")
    assert started.wait(5)
    analyst.focus("good")  # "slow" is no longer wanted: its search is cancelled
    release.set()
    assert run_until_true(lambda: analyst.get("good") == ["good"])
    assert analyst.get("slow") is None and not analyst.done("slow")
    analyst.request("bad")
    assert run_until_true(lambda: analyst.done("bad"))
    assert "broken evaluator" in analyst.error("bad")
    assert all(level == "advanced" for _, level in seen)
    analyst.close()


def run_until_true(condition, limit: int = 2000) -> bool:
    event = threading.Event()
    for _ in range(limit):
        if condition():
            return True
        event.wait(0.005)
    return condition()


def test_analysis_settings_load_with_defaults_and_fall_back(tabula_home):
    import json

    from game.core.settings import Settings, load_settings, save_settings, settings_path
    from game.games import all_games

    backgammon = get_game("backgammon")
    defaults = Settings()
    assert (defaults.hints, defaults.graph, defaults.tutor) == (False, False, False)
    assert defaults.of(backgammon)["analysis_level"] == "advanced" and defaults.watch_seconds > 0
    changed = Settings(hints=True, tutor=True, watch_speed="fast")
    changed.choose(backgammon, "analysis_level", "expert")
    assert save_settings(changed) is None
    loaded, problem = load_settings(games=all_games())
    assert problem is None and (loaded.hints, loaded.tutor, loaded.of(backgammon)["analysis_level"],
                                loaded.watch_speed) == (True, True, "expert", "fast")
    settings_path().write_text(json.dumps({"analysis_level": "godlike", "watch_speed": 3, "graph": True}))
    loaded, problem = load_settings(games=all_games())
    assert loaded.of(backgammon)["analysis_level"] == "advanced" and loaded.watch_speed == "normal"
    assert loaded.graph is True and "backgammon.analysis_level" in problem and "watch_speed" in problem


def test_the_list_footer_names_the_depths_of_the_dimmed_rows():
    from types import SimpleNamespace

    from game.ui.analysis.hint_table import list_footer

    rows = [SimpleNamespace(plies=p) for p in (2, 2, 1, 1, 0, 0, 0)]
    assert list_footer(rows) == "7 moves · ↑↓ to scroll · dim: 1/0 ply"
    assert list_footer(rows[:2]) == "2 moves · ↑↓ to scroll"
