"""Our legal plays against GNU Backgammon's move generator (gnubg-nn), the independent oracle."""

from __future__ import annotations

import gnubg_nn
import pytest

from game.backgammon.board import BAR
from game.backgammon.formats import position_id
from game.backgammon.movegen import legal_plays

from game.backgammon.evaluators.sampling import selfplay_samples


def gnubg_board(me, opp):
    """gnubg-nn's board: [opponent, on roll], each points 1..24 then the bar."""
    return [list(opp[1:26]), list(me[1:26])]


@pytest.fixture(scope="module")
def samples():
    return selfplay_samples(games=360, seed=20261122)


def test_sample_is_large_and_varied(samples):
    assert len(samples) >= 20_000
    on_bar = sum(1 for me, _, _, _ in samples if me[BAR])
    bearing_off = sum(1 for me, _, _, _ in samples if not any(me[7:26]))
    contact = sum(1 for me, opp, _, _ in samples if _in_contact(me, opp))
    assert on_bar >= 1_000 and bearing_off >= 1_000 and contact >= 10_000


def _in_contact(me, opp) -> bool:
    my_back = max(p for p in range(26) if me[p]) if any(me[1:]) else 0
    their_back = max(p for p in range(26) if opp[p]) if any(opp[1:]) else 0
    return my_back + their_back > 25


@pytest.mark.slow
def test_legal_plays_equal_gnubg_moves(samples):
    mismatches = []
    for me, opp, d1, d2 in samples:
        # gnubg keys the position after a play with the mover still on roll.
        ours = {gnubg_nn.key_of_board(gnubg_board(after, opp_after)) for _, after, opp_after in legal_plays(me, opp, d1, d2)}
        theirs = set(gnubg_nn.moves(gnubg_board(me, opp), d1, d2)) or {gnubg_nn.key_of_board(gnubg_board(me, opp))}
        if ours != theirs:
            mismatches.append((me, opp, d1, d2))
    assert not mismatches, f"{len(mismatches)} differences, first: {mismatches[:3]}"


def test_position_ids_equal_gnubg(samples):
    for me, opp, _, _ in samples[::7]:
        assert position_id(me, opp) == gnubg_nn.position_id(gnubg_board(me, opp))
