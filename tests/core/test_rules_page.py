"""Rules pages: the text form read into headings, paragraphs, bullets and tables, the terminal
form wrapped and aligned, and a page for every registered game."""

from __future__ import annotations

import pytest

from game.core.rules_page import BULLET, HEADING, PARAGRAPH, TABLE, parse, table_lines, RulesPage
from game.games import all_games

TEXT = """
An opening paragraph
over two lines.

## Moving
- First point,
  continued.
- Second point.
| Piece | Moves | Stun |
| K King | one step | 4 |
| Q Queen | any distance along a line in all eight directions | 9 |
A closing paragraph.
"""


def test_the_text_form_is_read_into_blocks():
    page = parse("Toy", TEXT)
    assert [block.kind for block in page.blocks] == [PARAGRAPH, HEADING, BULLET, BULLET, TABLE, PARAGRAPH]
    assert page.blocks[0].text == "An opening paragraph over two lines."
    assert page.blocks[2].text == "First point, continued."
    assert page.table("Piece") == (("K King", "one step", "4"),
                                   ("Q Queen", "any distance along a line in all eight directions", "9"))
    assert "Queen" in page.words() and "closing" in page.words()


@pytest.mark.parametrize("bad", ["| a | b |\n| c |", "| a | b |\n| c | |", "", "\n\n"])
def test_a_broken_table_or_an_empty_page_is_refused(bad):
    with pytest.raises(ValueError):
        parse("Toy", bad)


def test_the_terminal_form_keeps_to_its_width_and_aligns_the_table():
    text = parse("Toy", TEXT).plain_text(40)
    lines = text.splitlines()
    assert lines[:2] == ["Toy", "==="] and "Moving" in lines and "------" in lines
    assert all(len(line) <= 40 for line in lines)
    assert "  - First point, continued." in lines and "  - Second point." in lines
    rows = [line for line in lines if line.startswith(("K King", "Q Queen"))]
    assert rows[0].endswith(" 4") and rows[1].endswith(" 9")  # numbers to the right, in one column
    assert len(rows[0]) == len(rows[1])


def test_a_table_too_wide_wraps_its_widest_column():
    rows = (("A", "B"), ("x", "a long cell " * 6))
    assert all(len(line) <= 30 for line in table_lines(rows, 30))
    assert len(table_lines(rows, 30)) > 3


@pytest.mark.parametrize("info", all_games(), ids=lambda info: info.name)
def test_every_game_has_a_rules_page_with_its_own_sections(info):
    assert info.has(RulesPage), f"{info.name} declares no rules page"
    page = info.ability(RulesPage)
    assert page is info.ability(RulesPage) and page.title == info.title
    headings = [block.text for block in page.blocks if block.kind == HEADING]
    assert len(headings) >= 4 and len(page.words().split()) > 300
