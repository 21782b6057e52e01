"""The Review screen's graph: its luck triangles come with a legend (issue 34 item 6)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.ui.review.data import Line
from game.ui.review.graph import LUCKY, UNLUCKY, ReviewGraph
from game.ui.theme import Fonts


class Reviewed:
    """The little of a ReviewedGame the graph reads: one game of lines, each with its luck."""

    def __init__(self, lucks) -> None:
        self.lines = [Line(index=i, mover=i % 2, dice="31", played="8/5 6/5", move=None, game=1,
                           decision=SimpleNamespace(luck=luck, mark=None)) for i, luck in enumerate(lucks)]
        self.report = SimpleNamespace(players=("White", "Black"))

    def indexes_of(self, game):
        return list(range(len(self.lines)))

    def value(self, line):
        return ("win", 0.5)


def colours(surface, rect):
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)}


@pytest.mark.parametrize("width", [300, 900])
def test_the_luck_triangles_have_a_legend(width):
    pygame.init()
    surface = pygame.Surface((width, 220))
    graph = ReviewGraph(Fonts(), "White")
    graph.draw(surface, surface.get_rect(), Reviewed([0.1, 0.7, -0.2, -0.9, 0.0]), 1, None)
    assert "lucky" in graph.legend and "unlucky" in graph.legend
    under = pygame.Rect(graph.plot.x, graph.plot.bottom + 1, graph.plot.w, surface.get_height() - graph.plot.bottom - 1)
    assert {LUCKY, UNLUCKY} <= colours(surface, under)  # its two triangles, under the plot
    if width == 900:
        assert graph.legend.endswith("at the top: good for White")


def test_no_legend_where_no_roll_was_lucky_or_unlucky():
    pygame.init()
    surface = pygame.Surface((600, 220))
    graph = ReviewGraph(Fonts(), "White")
    graph.draw(surface, surface.get_rect(), Reviewed([0.1, None, -0.2]), 1, None)
    assert graph.legend == ""
