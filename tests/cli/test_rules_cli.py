"""``tabula rules GAME``: the rules page the window shows, as text for a terminal."""

from __future__ import annotations

from game.chesstack.pieces import NAMES
from game.chesstack.state import TYPES
from game.games import get_game

from .util import run
from game.core.rules_page import RulesPage


def test_rules_chesstack_prints_the_page_with_every_piece(capsys):
    code, out, err = run(capsys, "rules", "chesstack")
    assert code == 0 and err == ""
    assert out == get_game("chesstack").ability(RulesPage).plain_text(78)
    assert out.startswith("Chesstack\n=========\n") and "Promotion" in out
    for kind in TYPES:
        assert any(line.startswith(f"{kind} {NAMES[kind]} ") for line in out.splitlines()), kind
    assert max(len(line) for line in out.splitlines()) <= 78


def test_rules_wraps_to_the_width_asked_and_refuses_a_bad_one(capsys):
    code, out, _ = run(capsys, "rules", "backgammon", "--width", "60")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 60 and "Crawford" in out
    code, _, err = run(capsys, "rules", "mandragora", "--width", "20")
    assert code == 2 and "60 to 200" in err
    code, _, err = run(capsys, "rules", "chess")
    assert code == 2 and "invalid choice" in err
