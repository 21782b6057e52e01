"""A human's Chesstack turn without a display (``game.chesstack.view.turn``): what can be selected,
where it may end, the action bar and its pickers, clicks and drags, and that every legal action
(and only those) can be built."""

from __future__ import annotations

import random

import pytest

from game.chesstack.notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION, Action, parse_action
from game.chesstack.pieces import parse_square as sq
from game.chesstack.position import parse_position
from game.chesstack.rules import ChesstackRules
from game.chesstack.view.turn import CANCEL, Source, TurnBuilder

RULES = ChesstackRules()
ATTACKED = "white K*e1:0/1 Nb1:0/0 Bc1:0/0; black K*e8:0/1 Re5:0/1; ply 2"
PROMOTING = "white K*e1:0/1 Pe7:0/1 pocket Q1; black K*a8:0/1 Nf8:0/0; ply 2"
KEYS = {STUN: "stun", SUCCESSION: "suc", DISGUISE: "dis"}


def turn_of(text: str) -> TurnBuilder:
    return TurnBuilder(RULES, parse_position(text))


def build(turn: TurnBuilder, action: Action) -> Action | None:
    """Build ``action`` the way the view does: select its source, then its target or button,
    then a type in the picker when one opens."""
    source = Source.tray(action.piece) if action.kind == ADD else Source.board(action.square)
    assert turn.select(source), action
    if action.kind in (ADD, MOVE):
        done = turn.choose_target(action.square if action.kind == ADD else action.target)
    else:
        done = turn.button(KEYS[action.kind])
    if done is None and turn.picker is not None:
        done = turn.button(f"pick:{action.piece}")
    return done


def test_the_first_action_places_the_king():
    turn = TurnBuilder(RULES, RULES.initial_state())
    assert turn.tray_kinds() == ["K"] and turn.board_sources() == set()
    assert not turn.select(Source.tray("Q")) and turn.selected is None
    assert turn.select(Source.tray("K")) and len(turn.targets()) == 64
    assert turn.choose_target(sq("e1")) == Action(ADD, sq("e1"), -1, "K") and turn.selected is None
    assert "Place your King" in turn.prompt()


def test_a_piece_shows_its_targets_and_buttons():
    turn = turn_of(ATTACKED)
    assert turn.select(Source.board(sq("e1")))
    assert set(turn.targets()) == {sq(n) for n in ("d1", "f1", "d2", "e2", "f2")}
    assert turn.bar() == [("stun", "Stun +1"), ("dis", "Disguise…"), (CANCEL, "✕")]
    assert turn.select(Source.board(sq("b1")))  # stun 0 but no move charge: no targets
    assert turn.targets() == {} and [k for k, _ in turn.bar()] == ["stun", "suc", CANCEL]
    assert turn.select(Source.board(sq("e5")))  # the enemy Rook may only be stunned
    assert [k for k, _ in turn.bar()] == ["stun", CANCEL] and turn.targets() == {}
    assert not turn.select(Source.board(sq("e4")))  # an empty square starts nothing


def test_disguise_and_promotion_pickers():
    turn = turn_of(ATTACKED)
    turn.select(Source.board(sq("e1")))
    assert turn.button("dis") is None
    assert turn.picker.title == "Disguise the royal King on e1 as" and turn.picker.square == sq("e1")
    assert turn.bar() == [("pick:B", "B"), ("pick:N", "N"), (CANCEL, "✕")]
    assert turn.button(CANCEL) is None and turn.picker is None and turn.selected is not None  # picker first
    turn.button("dis")
    assert turn.button("pick:B") == Action(DISGUISE, sq("e1"), -1, "B") and turn.selected is None
    turn = turn_of(PROMOTING)
    turn.select(Source.board(sq("e7")))
    assert set(turn.targets()) == {sq("e8"), sq("f8")}
    assert turn.choose_target(sq("f8")) is None and turn.picker.title == "e7->f8: promote the Pawn to"
    assert [k for k, _ in turn.bar()] == ["pick:Q", "pick:R", "pick:B", "pick:N", "pick:A", CANCEL]
    assert turn.bar_actions("pick:R") == [parse_action("e7->f8=R")]
    assert turn.button("pick:R") == parse_action("e7->f8=R")


def test_clicks_and_drags():
    turn = turn_of(ATTACKED)
    e1, f1, f2 = ("square", sq("e1")), ("square", sq("f1")), ("square", sq("f2"))
    assert turn.down(e1, (100, 100)) == "changed" and turn.up(e1) is None  # a click selects
    assert turn.down(e1, (100, 100)) == "changed" and turn.up(e1) == "changed"  # a second one lets go
    assert turn.selected is None
    assert turn.down(e1, (100, 100)) == "changed" and turn.up(e1) is None
    assert turn.down(f1, (140, 100)) == "confirm" and turn.chosen == parse_action("e1->f1") and turn.slide
    turn = turn_of(ATTACKED)
    turn.down(e1, (100, 100))
    assert not turn.motion((103, 102)) and turn.dragging() is None  # a tremble is no drag
    assert turn.motion((130, 60)) and turn.dragging() == Source.board(sq("e1"))
    assert turn.up(("square", sq("a8"))) == "changed" and turn.selected is not None  # not a target
    turn.down(e1, (100, 100))
    turn.motion((150, 50))
    assert turn.up(f2) == "confirm" and turn.chosen == parse_action("e1->f2") and not turn.slide
    assert turn.down(None, (0, 0)) is None and turn.chosen is None  # a new press gives the choice up
    turn.down(("tray", "Q"), (0, 0))  # White holds no Queen
    assert turn.selected is None
    turn.down(("square", sq("b1")), (0, 0))
    turn.up(("square", sq("b1")))
    assert turn.down(("bar", "suc"), (0, 0)) == "confirm" and turn.chosen == Action(SUCCESSION, sq("b1"))
    turn.down(e1, (0, 0))
    assert turn.cancel() and turn.selected is None and not turn.cancel()


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_and_only_those_can_be_built(seed):
    """From positions of random games, each legal action is built by selection, target,
    button and picker; what the builder offers is always legal."""
    rng = random.Random(seed)
    state = RULES.initial_state()
    for _ in range(40):
        if RULES.is_over(state):
            break
        legal = RULES.legal_moves(state)
        turn = TurnBuilder(RULES, state)
        for action in legal:
            assert build(turn, action) == action
        offered = set()
        for source in [Source.board(s) for s in turn.board_sources()] + [Source.tray(k) for k in turn.tray_kinds()]:
            turn.select(source)
            offered |= {a for actions in turn.targets().values() for a in actions}
            offered |= {a for key, _ in turn.bar() for a in turn.bar_actions(key)}
        assert offered == set(legal)
        state = RULES.apply(state, rng.choice(legal))
