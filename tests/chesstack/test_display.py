"""What the Chesstack board on screen needs, without a display (``game.chesstack.view.display``):
the geometry (both ways round), the trays, the action between two positions, the analysis
badges, the banner's words, text wrapping and the flight of an action."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from game.chesstack.view.display import (HEIGHT, WIDTH, Badge, Flight, LastAction, Layout, best_of, bar_text,
                                         describe_piece, events, last_action, path, square_badges, tray_badges,
                                         tray_kinds, tray_slot, trays)
from game.chesstack.notation import parse_action
from game.chesstack.pieces import parse_square as sq
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.state import TYPES, ChesstackState
from game.chesstack.view.turn import Source, TurnBuilder

RULES = ChesstackRules()
TITLES = ("White", "Black")


class Record:
    def __init__(self, text: str, score: float, warnings=()) -> None:
        self.move, self.score, self.warnings = parse_action(text), score, tuple(warnings)


def test_the_pure_modules_need_no_pygame():
    code = "import sys, game.chesstack.view.turn, game.chesstack.view.display; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("area", [(10, 10, 550, 580), (10, 10, 900, 780), (10, 10, 1520, 1060), (0, 0, 300, 200)])
@pytest.mark.parametrize("bottom", [0, 1])
def test_layout_fits_and_hit_tests_every_square(area, bottom):
    lay = Layout(area, bottom)
    x, y, w, h = area
    if w >= 300 * 1.5:
        assert lay.block.x >= x - 1e-6 and lay.block.right <= x + w + 1e-6 and lay.block.bottom <= y + h + 1e-6
        assert WIDTH * lay.s <= w + 1e-6 and HEIGHT * lay.s <= h + 1e-6
    for s in range(64):
        box = lay.square_box(s)
        assert lay.square_at(box.centre) == s and lay.square_at((box.x + 0.5, box.bottom - 0.5)) == s
    assert lay.square_at((lay.board.x - 1, lay.board.y + 5)) is None
    a1, h8 = lay.centre(sq("a1")), lay.centre(sq("h8"))
    assert (a1[0] < h8[0] and a1[1] > h8[1]) if bottom == 0 else (a1[0] > h8[0] and a1[1] < h8[1])
    assert lay.trays[bottom].y > lay.trays[1 - bottom].y  # the bottom side's pocket at the bottom
    assert lay.trays[0].x >= lay.board.right and lay.bar.y >= lay.board.bottom and lay.info.y >= lay.bar.bottom
    assert [t for t, _ in lay.file_labels()] == list("abcdefgh")
    assert [t for t, _ in lay.rank_labels()] == list("12345678")


def test_trays_list_the_chess_types_and_the_fairies_held():
    pocket = [0] * len(TYPES)
    assert tray_kinds(pocket) == ["K", "Q", "R", "B", "N", "P"]
    pocket[TYPES.index("Tr")] = pocket[TYPES.index("A")] = 1
    assert tray_kinds(pocket) == ["K", "Q", "R", "B", "N", "P", "A", "Tr"]
    lay = Layout((0, 0, 900, 700), 0)
    slots = lay.tray_slots(0, tray_kinds(pocket))
    assert all(lay.trays[0].contains(box.centre) for _, box in slots)
    assert len({box.x for _, box in slots}) == 1  # eight rows still fit one column
    many = lay.tray_slots(0, list(TYPES))
    assert len({box.x for _, box in many}) == 2  # sixteen do not
    assert lay.tray_at(many[3][1].centre, 0, list(TYPES)) == many[3][0]
    white, black, fit = trays(ChesstackState.start())
    assert white == black == ["K", "Q", "R", "B", "N", "P"] and fit == 6


def test_the_last_action_is_found_from_the_two_positions():
    rng = random.Random(2)
    state, finder = RULES.initial_state(), LastAction(RULES)
    states = [state]
    for _ in range(60):
        if RULES.is_over(state):
            break
        action = rng.choice(RULES.legal_moves(state))
        after = RULES.apply(state, action)
        found = last_action(RULES, state, after)
        assert found is not None and RULES.apply(state, found) == after
        states.append(after)
        first = finder.of(states, after)
        assert first == found and finder.of(states, after) is first  # found once per new position
        state = after
    assert finder.of(states[:1], states[0]) is None and finder.of(states, states[1]) is None
    assert last_action(RULES, state, state) is None


def test_badges_keep_the_best_record_per_square():
    records = [Record("e1->f1", 42.4), Record("STUN@e5", 10, ["careful"]), Record("ADD Q@f1", 5),
               Record("ADD N@d4", -20.6), Record("ADD Q@d4", -30)]
    badges = square_badges(records)
    assert badges == {sq("f1"): Badge(42.4, True, False), sq("e5"): Badge(10, False, True),
                      sq("d4"): Badge(-20.6, False, False)}
    assert square_badges(records, lambda a: a.kind == "ADD")[sq("f1")] == Badge(5, False, False)
    assert tray_badges(records) == {"Q": Badge(5, False, False), "N": Badge(-20.6, False, False)}
    assert best_of(records, [parse_action("ADD Q@d4"), parse_action("STUN@e5")]) == Badge(10, False, True)
    assert best_of(records, []) is None


def test_a_warning_every_action_shares_is_marked_on_no_square():
    """Issue 34: in a lost position every action is warned; the board shows no "⚠" at all
    (the hint panel says it once), while one warned action among others keeps its mark."""
    lost = [Record("e1->f1", -100, ["your king can be taken next turn"]),
            Record("ADD Q@d4", -100, ["your king can be taken next turn"])]
    assert not any(b.warned for b in square_badges(lost).values())
    assert not any(b.warned for b in tray_badges(lost).values())
    assert best_of(lost, [parse_action("e1->f1")]) == Badge(-100, True, False)
    mixed = [Record("e1->f1", 10), Record("ADD Q@d4", -100, ["your king can be taken next turn"])]
    assert square_badges(mixed)[sq("d4")].warned


def test_events_worth_a_banner():
    state = parse_position("white K*e1:0/1 Qd4:0/2 Pe7:0/1; black K*e8:0/1 R*d7:0/0 Ba6:0/0; ply 2")
    assert events(RULES, state, parse_action("d4->d7"), TITLES) == [
        "White took Black's royal Rook: every Black piece is stunned +3"]
    assert events(RULES, state, parse_action("e7->e8=Q"), TITLES) == [  # Black keeps its royal Rook
        "White took Black's royal King: every Black piece is stunned +3", "White promoted to Queen on e8"]
    assert events(RULES, state, parse_action("d4->a7"), TITLES) == []
    assert events(RULES, state, parse_action("STUN@a6"), TITLES) == []
    lone = parse_position("white K*e1:0/1 Qd4:0/2; black K*e8:0/1; ply 2")
    assert events(RULES, lone, parse_action("d4->e4"), TITLES) == []
    promoting = parse_position("white K*e1:0/1 Pe7:0/1; black K*a8:0/1; ply 2")
    assert events(RULES, promoting, parse_action("e7->e8=A"), TITLES) == ["White promoted to Amazon on e8"]
    attacked = parse_position("white K*e1:0/1 Nb1:0/0 Bc1:0/0; black K*e8:0/1 Re5:0/1; ply 2")
    assert events(RULES, attacked, parse_action("SUC@b1"), TITLES) == ["White's Knight on b1 is now royal"]
    assert events(RULES, attacked, parse_action("DIS e1=B"), TITLES) == [
        "White's royal King on e1 is disguised as Bishop"]


def test_a_royal_taken_that_ends_the_game_is_left_to_the_result_box():
    state = parse_position("white K*e1:0/1 Qd4:0/2; black K*d7:0/0 Pa7:0/0; ply 2")
    assert RULES.is_over(RULES.apply(state, parse_action("d4->d7")))
    assert events(RULES, state, parse_action("d4->d7"), TITLES) == []


def test_a_piece_is_described_with_its_stacks():
    state = parse_position("white K*e1:0/3 Ad4:2/1; black K*e8:4/0; ply 4")
    assert describe_piece(state, sq("e1"), TITLES) == "White King ★ royal e1 · stun 0 · move 3"
    assert describe_piece(state, sq("d4"), TITLES) == "White Amazon d4 · stun 2 · move 1 · queen + knight"
    assert describe_piece(state, sq("a1"), TITLES) == ""
    turn = TurnBuilder(RULES, state)
    assert bar_text(turn, sq("e8"), TITLES).startswith("Black King")
    assert bar_text(turn, None, TITLES).startswith("Your turn")
    turn.select(Source.board(sq("d4")))
    assert bar_text(turn, sq("e8"), TITLES).startswith("White Amazon")


def test_paths_and_flights():
    state = parse_position("white K*e1:0/1 Qd4:0/2 pocket N1; black K*e8:0/1; ply 2")
    lay = Layout((0, 0, 900, 700), 0)
    add = parse_action("ADD N@c3")
    assert path(lay, state, add) == (tray_slot(lay, state, 0, "N").centre, lay.centre(sq("c3")))
    assert path(lay, state, parse_action("d4->d8")) == (lay.centre(sq("d4")), lay.centre(sq("d8")))
    assert path(lay, state, parse_action("STUN@e8")) == (lay.centre(sq("e8")),) * 2
    flight = Flight(state, parse_action("d4->d8"), 0.5, [])
    assert flight.position(lay) == lay.centre(sq("d4")) and not flight.done and not flight.capture
    flight.elapsed = 0.25
    assert flight.progress == pytest.approx(0.5)
    flight.elapsed = 0.5
    assert flight.done and flight.position(lay) == pytest.approx(lay.centre(sq("d8")))
    assert Flight(state, parse_action("d4->e4"), 0, []).seconds > 0
