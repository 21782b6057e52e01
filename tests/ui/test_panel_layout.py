"""The side panel at every window size (issue 17 items 9 and 12): with hints and the graph on,
nothing is drawn cut through or as a heading without its contents, the move list stays, and
the text grows with a big window.  Every game the window shows."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import GameSetup
from game.ui.analysis.graph import GraphSection
from game.ui.analysis.hint_table import HintSection, depth_groups, hint_columns
from game.ui.analysis.why import WhySection
from game.ui.panel import MoveListSection

from .util import run_until

SIZES = [(720, 480), (800, 600), (1280, 800), (1366, 768), (1920, 1080)]
GAMES = {"backgammon": ("human", "hard"), "mandragora": ("human", "analyzer"), "chesstack": ("human", "random")}


def open_game(app, game, size):
    app.settings.hints, app.settings.graph = True, True
    app.resize(size)
    assert app.start_game(GameSetup(game, GAMES[game], seed=5))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human and scene.overlays.hints.ready)
    for _ in range(3):
        app.frame()
    return scene


def placed(scene, kind):
    return [(s, r) for s, r in scene.panel.placed if isinstance(s, kind)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_panel_fits_whole_sections_and_keeps_the_move_list(app, game, size):
    scene = open_game(app, game, size)
    panel = scene.panel
    moves = placed(scene, MoveListSection)
    assert moves, f"{game} {size}: the move list is gone"
    assert moves[0][1].h >= moves[0][0].height(moves[0][1].w)
    for section, rect in panel.placed:  # none runs into the next or past the buttons
        assert rect.bottom <= panel.rect.bottom - panel.reserved_bottom
    for section, rect in placed(scene, GraphSection):  # a graph, never its heading alone
        assert rect.h >= section.height(rect.w)
    hints = placed(scene, HintSection)
    assert hints and hints[0][0].rows, f"{game} {size}: no hint rows"


def test_the_panel_text_grows_with_the_window(app):
    small = open_game(app, "backgammon", (1280, 800)).panel.scale
    big = open_game(app, "backgammon", (1920, 1080)).panel.scale
    assert big >= 1.3 * small


class R:
    def __init__(self, rank, plies, value=0.1, diff=0.0):
        self.rank, self.plies, self.value, self.diff, self.score = rank, plies, value, diff, 50 * value
        self.notation, self.warnings = f"m{rank}", ()
        self.depth, self.half_width = "", None  # searched, not rolled out
        self.details = {"win": 0.5, "win_gammon": 0.1, "win_backgammon": 0.01, "lose_gammon": 0.1,
                        "lose_backgammon": 0.01}


def test_the_table_has_gnubg_columns_and_a_line_before_shallower_moves():
    records = [R(1, 1), R(2, 1, diff=-0.05), R(3, 0, diff=-0.1), R(4, 0, diff=-0.2)]
    details = (("win", "Win"), ("win_gammon", "W(g)"), ("win_backgammon", "W(bg)"),
               ("lose_gammon", "L(g)"), ("lose_backgammon", "L(bg)"))
    columns = [c.heading for c in hint_columns(records, details, value_heading="Equity")]
    assert columns == ["#", "Move", "Equity", "Diff", "Win", "W(g)", "W(bg)", "L(g)", "L(bg)", "Ply", "Score"]
    assert depth_groups(records) == [(0, None), (1, None), (-1, 0), (2, None), (3, None)]
    for record in records[:3]:  # rolled out: one group whatever the plies, then the line before the rest
        record.depth = "R 144"
    assert depth_groups(records) == [(0, None), (1, None), (2, None), (-1, 0), (3, None)]


def test_a_wide_window_gives_the_panel_its_share_and_every_row_its_chances(app):
    """At 1920×1080 the panel used to stay 380 px wide and the hint table showed no chances."""
    scene = open_game(app, "backgammon", (1920, 1080))
    assert scene.panel.rect.w >= 600
    board, area = scene.view.board_rect.copy(), scene.view.rect.copy()
    scene.view.set_rect(pygame.Rect(10, area.y, 1920 - 380 - 20, area.h))  # the old panel's room, as high
    assert scene.view.board_rect.size == board.size  # the board, bound by the height, lost nothing
    scene.view.set_rect(area)
    section = scene.overlays.hint_section
    assert {"win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"} <= set(section.shown_columns)
    assert "plies" not in section.shown_columns or "score" in section.shown_columns  # the depth goes first


def test_the_score_column_is_explained_under_the_table(app, monkeypatch):
    import game.ui.analysis.hint_table as hints

    said = []
    drawn = hints.draw_text
    monkeypatch.setattr(hints, "draw_text", lambda surface, font, text, *rest, **kw:
                        said.append(text) or drawn(surface, font, text, *rest, **kw))
    open_game(app, "backgammon", (1280, 800))
    assert any("[Score]" in text for text in said)


def test_a_narrow_panel_keeps_the_measures_and_lists_the_rest_under_the_selected_row(app):
    scene = open_game(app, "backgammon", (720, 480))
    section = scene.overlays.hint_section
    assert section.shown_columns[:4] == ["rank", "move", "value", "diff"]
    left_out = [c.heading for c in hint_columns(scene.overlays.hints.records, section.details)
                if c.key not in section.shown_columns]
    assert left_out and section.detail_line.startswith(left_out[0])


def test_the_warning_marker_only_where_the_move_is_meaningfully_worse():
    from game.core.gameinfo import TutorMargin
    from game.ui.analysis.hint_table import marked

    margin = TutorMargin(150.0, "value", "centipawns")
    best, close, far = R(1, 2), R(2, 2, diff=-20.0), R(3, 2, diff=-300.0)
    for record in (best, close, far):
        record.warnings = ("the knight on e4 is left to a ready capture",)
    assert not marked(best, margin) and not marked(close, margin) and marked(far, margin)
    assert not marked(R(4, 2, diff=-300.0), margin)  # no warning, no marker


def test_the_bottom_buttons_fit_their_labels_at_the_smallest_window(app):
    """At 720×480 "New game" used to run past its button."""
    from game.core.session import GameSetup

    app.resize((720, 480))
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=1))
    app.frame()
    for name in ("new", "save", "menu"):
        button = app.scene.controls.buttons[name]
        font = button.font if hasattr(button, "font") else button.ui_theme.get_font(button.combined_element_ids)
        assert font.size(button.text)[0] + 8 <= button.rect.width, name


def test_the_menu_form_grows_with_the_window(app):
    """At 1920×1080 the menu's form and its widgets' text are larger than at 1280×800."""
    def form(size):
        app.resize(size)
        app.show_menu()
        start = app.scene.widgets["start"].rect
        return start.w, start.h, app.scene.widgets["start"].font.point_size

    small, big = form((1280, 800)), form((1920, 1080))
    assert big[0] >= 1.3 * small[0] and big[1] > small[1] and big[2] > small[2]


@pytest.mark.parametrize("game", ["chesstack", "mandragora", "backgammon"])
def test_why_lines_fit_the_panel_width(app, game):
    """No line of the why section is wider than the panel (they wrap rather than run off)."""
    scene = open_game(app, game, (800, 600))
    why = [(s, r) for s, r in scene.panel.placed if isinstance(s, WhySection)]
    if not why:
        pytest.skip("no room for the why section in this game at 800x600")
    section, rect = why[0]
    font = section.fonts(13)
    _, lines, _ = section.content(rect.w)
    assert lines and all(font.size(text)[0] <= rect.w - 16 for text, _ in lines)
