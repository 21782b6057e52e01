"""The kit the views share (game/kit): text fitted to a width, wrapped, cached; the scores'
words and colours; the chip and key that show or hide them."""

from __future__ import annotations

import pygame

from game.kit import (BAD, GOLD, GOOD, MIN_SIZE, PAPER, ScoresToggle, Texts, clip, clip_words, fit_label,
                         score_colour, score_text, wrap)
from game.ui.theme import Fonts


def test_words_cut_to_fit():
    measure = len
    assert wrap("aa bb cc dd", 5, measure, 3) == ["aa bb", "cc dd"]
    assert wrap("aa bb cc dd ee ff", 5, measure, 2) == ["aa bb", "cc d…"]
    assert wrap("", 5, measure, 2) == [] and wrap("aa bb", 5, measure, 0) == []
    assert clip("abcdef", 4, measure) == "abc…" and clip("abc", 4, measure) == "abc"
    assert fit_label("Computer (greedy:weighted)", 20, measure) == "greedy:weighted"
    assert fit_label("Computer (random)", 30, measure) == "Computer (random)"
    assert fit_label("Computer (greedy:weighted)", 8, measure) == "greedy:…"
    assert clip_words("Computer (expert), thinking", 12, measure) == "Computer…"
    assert clip_words("short", 12, measure) == "short"


def test_scores_read_rounded_with_the_pick_starred_and_coloured_by_sign():
    assert [score_text(s, b) for s, b in ((42.4, True), (10, False), (-20.6, False))] == ["★+42", "+10", "-21"]
    assert score_text(0.3, False) == "0" and score_text(12, True, star="★ ") == "★ +12"
    assert [score_colour(s, b) for s, b in ((-3, True), (2, False), (-2, False), (0.3, False))] == [
        GOLD, GOOD, BAD, PAPER]


def test_text_is_cached_shrunk_and_cut_to_a_width():
    pygame.font.init()
    texts = Texts(Fonts(), limit=4)
    image = texts.render("Tabula", 4, PAPER)
    assert texts.render("Tabula", 4.2, PAPER) is image and image.get_height() >= MIN_SIZE  # 9 px at least
    surface = pygame.Surface((300, 100))
    wide = texts.blit(surface, "a long line of text that does not fit", 20, (150, 50), PAPER, width=120)
    assert wide.width <= 120 and wide.center == (150, 50)
    for n in range(8):  # the cache starts again rather than growing
        texts.render(str(n), 12, PAPER)
    assert len(texts._images) <= 5


def test_the_scores_toggle_by_key_and_by_chip():
    pygame.font.init()
    toggle, texts = ScoresToggle(), Texts(Fonts())
    assert toggle.shown and not toggle.click((5, 5))  # no chip drawn yet
    assert toggle.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)) and not toggle.shown
    assert not toggle.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0))
    chip = toggle.draw_chip(pygame.Surface((200, 60)), texts, 14, (10, 30))
    assert chip.w > 0 and toggle.click(chip.center) and toggle.shown
    toggle.hide_chip()
    assert not toggle.click(chip.center)
