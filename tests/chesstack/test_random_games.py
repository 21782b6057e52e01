"""4,000 seeded random Chesstack games (uniformly random legal actions), with invariants
checked after every action.

Each game stops after :data:`CAP` plies.  Nothing but the capture of a side's last royal ends
a game (no check, no repetition or move-count rule), and random play rarely does that: pieces
start stunned (a King first moves on ply 9), and most random actions are placements and stuns.
A cap of 24 plies still sees some games end (a pawn placed on the 7th rank can take a King from
ply 7 on, Kings and Knights join in from ply 9) and keeps 4,000 games — about 96,000
actions, each checked — inside the test budget, on two worker processes.

After every action: the action list is non-empty while the game is on and holds no action
twice; the notation of the action played parses back to it; the state equals the one
:func:`expected_after` (the rules of spec §4–§6 written again here, independently) predicts;
pieces are conserved (32: board and both pockets); no stack or pocket count is negative; no
pawn stands on its promotion rank; every King on the board is royal; the side to move
alternates; and the game is over exactly when spec §7 says so.
"""

from __future__ import annotations

import multiprocessing
import random
import traceback
from collections import Counter

import pytest

from game.chesstack.notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION, parse_action
from game.chesstack.rules import ChesstackRules
from game.chesstack.state import ChesstackState, Piece
from game.chesstack.status import describe

RULES = ChesstackRules()
GAMES = 4_000
CAP = 24
PROCESSES = 2
ORDER = ("K", "Q", "B", "N", "R", "P", "A", "G", "Kr", "W", "D", "L", "F", "C", "Cl", "Tr")
STUNS = {"K": 4, "Q": 9, "R": 5, "B": 3, "N": 3, "A": 13, "G": 4, "Kr": 7, "W": 6, "D": 2, "L": 2, "F": 1,
         "C": 5, "Cl": 3, "Tr": 7}


def expected_after(state: ChesstackState, action) -> ChesstackState:
    """The state after ``action`` by spec §4 (stacks), §5–§6 (placement, promotion), written
    without the engine: the action's effect, then the mover's end-of-turn decay."""
    me = state.log_length % 2
    board = list(state.board)
    pockets = [list(state.pockets[0]), list(state.pockets[1])]
    kind, square, target, piece = action
    if kind == ADD:
        stun = (8 - square // 8 if me == 0 else square // 8 + 1) if piece == "P" else STUNS[piece]
        board[square] = Piece(me, piece, stun, 0, piece == "K")
        pockets[me][ORDER.index(piece)] -= 1
    elif kind == MOVE:
        actor, victim = board[square], board[target]
        stun, move = actor.stun, actor.move - 1
        if victim is not None:
            stun, move = stun + victim.stun, move + victim.move
            pockets[me][ORDER.index(victim.kind)] += 1
            if victim.royal:
                for s, p in enumerate(board):
                    if p is not None and p.colour == victim.colour and s != target:
                        board[s] = Piece(p.colour, p.kind, p.stun + 3, p.move, p.royal)
        board[square] = None
        board[target] = Piece(me, piece or actor.kind, stun, move, actor.royal)
    elif kind == STUN:
        p = board[square]
        board[square] = Piece(p.colour, p.kind, p.stun + 1, p.move, p.royal)
    elif kind == SUCCESSION:
        p = board[square]
        board[square] = Piece(p.colour, p.kind, p.stun, p.move, True)
    elif kind == DISGUISE:
        p = board[square]
        board[square] = Piece(p.colour, piece, p.stun, p.move, p.royal)
    for s, p in enumerate(board):
        if p is not None and p.colour == me and p.stun > 0:
            board[s] = Piece(me, p.kind, p.stun - 1, p.move + 1, p.royal)
    return ChesstackState(tuple(board), (tuple(pockets[0]), tuple(pockets[1])), state.log_length + 1)


def check_position(state: ChesstackState) -> None:
    on_board = [p for p in state.board if p is not None]
    assert len(on_board) + sum(state.pockets[0]) + sum(state.pockets[1]) == 32, "pieces not conserved"
    assert all(count >= 0 for pocket in state.pockets for count in pocket), "negative pocket count"
    assert all(len(pocket) == len(ORDER) for pocket in state.pockets)
    for s, p in enumerate(state.board):
        if p is None:
            continue
        assert p.stun >= 0 and p.move >= 0, f"negative stack {p}"
        assert p.kind in ORDER and p.colour in (0, 1)
        assert not (p.kind == "P" and s // 8 == (7 if p.colour == 0 else 0)), "pawn on its promotion rank"
        assert p.kind != "K" or p.royal, "a King that is not royal"
    kings = sum(p.kind == "K" for p in on_board) + state.pockets[0][0] + state.pockets[1][0]
    pawns = sum(p.kind == "P" for p in on_board) + state.pockets[0][5] + state.pockets[1][5]
    assert kings <= 2 and pawns <= 16


def check_end(before: ChesstackState, action, after: ChesstackState) -> bool:
    """Spec §7: over exactly when, from ply 2 on, a side has no royal; that side lost.  In
    play, that can only follow the capture of the last royal of the side that did not move."""
    royals = [sum(1 for p in after.board if p is not None and p.colour == c and p.royal) for c in (0, 1)]
    over = after.log_length >= 2 and 0 in royals
    assert RULES.is_over(after) == over, f"is_over {RULES.is_over(after)}, royals {royals}"
    if not over:
        assert RULES.winner(after) is None
        return False
    mover = before.log_length % 2
    victim = before.board[action.target] if action.kind == MOVE else None
    assert victim is not None and victim.royal and victim.colour != mover, "the game ended without a royal capture"
    assert royals[mover] > 0 and royals[1 - mover] == 0
    assert RULES.winner(after) == mover
    assert RULES.result(after) == ((1.0, -1.0) if mover == 0 else (-1.0, 1.0))
    assert RULES.legal_moves(after) == []
    winner, loser = ("White", "Black") if mover == 0 else ("Black", "White")
    assert describe(after) == f"{winner} wins 1 point: {loser} has no royal left."
    return True


def play_game(seed: int, full_parse: bool = False) -> tuple[bool, int]:
    """One random game: (ended by itself, plies played).

    The text of every action played is read back by the notation's parser; the rules' parser
    (which also checks legality, at the cost of a second action list) reads back every action
    but placements, whose text does not depend on the position — all of them with
    ``full_parse``."""
    rng = random.Random(seed)
    state = RULES.initial_state()
    check_position(state)
    while state.log_length < CAP:
        actions = RULES.legal_moves(state)
        assert actions, "no legal action while the game is on"
        assert len(set(actions)) == len(actions), "an action listed twice"
        if state.log_length < 2:
            assert all(a.kind == ADD and a.piece == "K" for a in actions)
        action = rng.choice(actions)
        text = RULES.notation(state, action)
        assert parse_action(text) == action, f"{text} does not parse back"
        if full_parse or action.kind != ADD:
            assert RULES.parse(state, text) == action, f"{text} does not parse back"
        after = RULES.apply(state, action)
        assert after == expected_after(state, action), f"{text}: the state differs from the rules"
        assert RULES.to_move(after) == 1 - RULES.to_move(state) and after.log_length == state.log_length + 1
        check_position(after)
        ended = check_end(state, action, after)
        state = after
        if ended:
            return True, state.log_length
    return False, state.log_length


def play_games(seeds: range, full_parse: bool = False) -> Counter:
    """Play the games of ``seeds``; counts of games, natural ends, wins and plies.  A failure
    is an AssertionError naming the seed (it crosses the process boundary as text)."""
    tally: Counter = Counter()
    for seed in seeds:
        try:
            ended, plies = play_game(seed, full_parse)
        except Exception:  # noqa: BLE001 - report any failure with its seed
            raise AssertionError(f"random game seed {seed}:\n{traceback.format_exc()}") from None
        tally["games"] += 1
        tally["ended"] += ended
        tally["plies"] += plies
    return tally


@pytest.mark.long
def test_four_thousand_random_games():
    chunks = [range(i, GAMES, PROCESSES) for i in range(PROCESSES)]
    with multiprocessing.get_context("spawn").Pool(PROCESSES) as pool:
        tally = sum(pool.map(play_games, chunks), Counter())
    assert tally["games"] == GAMES
    # About 3% of the games end by themselves before ply 24 (a royal taken); random play that
    # never or nearly always takes a King would be a sign of broken rules.
    assert 0.005 * GAMES <= tally["ended"] <= 0.15 * GAMES, tally
    assert tally["plies"] > 0.9 * GAMES * CAP


def test_a_few_games_in_this_process():
    """The same checks without worker processes (a failure shows its traceback directly), and
    the rules' parser on every action played, placements included."""
    tally = play_games(range(GAMES, GAMES + 50), full_parse=True)
    assert tally["games"] == 50
