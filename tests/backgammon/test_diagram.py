"""GNU Backgammon's ASCII board (game/backgammon/diagram.py) reads back as the position it
draws, for every position of a real match, and a damaged one is refused."""

from pathlib import Path

import pytest

from game.backgammon.position import format_diagram, format_position, parse_position
from game.core.move_list import MoveList
from game.games import get_game, reviewed_record

MATCH = Path(__file__).resolve().parents[1] / "data" / "matches" / "7pt-a.mat"


def test_every_position_of_a_real_match_reads_back_from_its_diagram():
    info = get_game("backgammon")
    record = reviewed_record(MATCH)
    states = MoveList.of_record(info, record.options, record.actions).states
    assert len(states) > 300
    for state in states:
        if state.turn is None:
            continue
        text = format_diagram(state)
        assert format_position(parse_position(text)) == format_position(state), text


def test_a_damaged_diagram_is_refused():
    text = format_diagram(parse_position("G16DATDMHuQBDA:EYHmADAAIAAA"))
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if " X " in line[:49])
    lines[row] = lines[row][:49].replace(" X ", "   ", 1) + lines[row][49:]
    with pytest.raises(ValueError, match="not the position its Position ID and Match ID give"):
        parse_position("\n".join(lines))
    with pytest.raises(ValueError):
        parse_position(text.replace("G16DATDMHuQBDA", "4HPwATDgc/ABMA"))  # the IDs of another position
