"""``python -m bench.strength.game_phases``: where games against GNU are won and lost, by phase.
Its table sums the phases into "all", nets each side's losses, and its games are
``gnubg_games``' games (same deals, same dice, same result)."""

from __future__ import annotations

import pytest

from bench.strength.game_phases import PHASES, play_block, table
from bench.strength.gnubg_games import play_block as games_block


def deal(result, tabula, gnu, decisions=(10, 2, 4)):
    return {"result": result,
            "losses": {"tabula": dict(zip(PHASES, tabula)), "gnu": dict(zip(PHASES, gnu))},
            "decisions": {side: dict(zip(PHASES, decisions)) for side in ("tabula", "gnu")}}


def test_the_table_sums_the_phases_and_nets_the_sides():
    deals = [deal(1.0, (0.02, 0.01, 0.0), (0.01, 0.0, 0.005)), deal(-1.0, (0.0, 0.01, 0.002), (0.03, 0.0, 0.001))]
    rows = {line.split()[0]: line for line in table(deals).splitlines()[1:]}
    assert list(rows) == [*PHASES, "all", "games"]
    assert rows["contact"].split()[1] == "20.0"  # ten decisions a game for each side
    assert rows["contact"].split()[2] == "+0.0100"  # Tabula's mean loss
    assert rows["contact"].split()[-3] == "+0.0100"  # net: GNU's 0.02 less Tabula's 0.01
    assert rows["all"].split()[1] == "32.0"
    assert rows["all"].split()[2] == "+0.0210"  # (0.03 + 0.012) / 2
    assert rows["all"].split()[-3] == "+0.0020"  # (0.015 + 0.031) / 2 less that
    assert rows["games"].split()[1] == "+0.0000"


def test_a_deal_is_gnubg_games_deal_with_each_differing_pick_judged():
    pytest.importorskip("bgsage", reason="Open Sage (the test extra) is the judge")
    [found] = play_block(("greedy", None, 0, "1ply", 1, 3, 4))
    assert found["result"] == games_block(("greedy", None, 0, 1, 3, 4))[0]
    for side in ("tabula", "gnu"):
        assert set(found["losses"][side]) == set(PHASES) == set(found["decisions"][side])
        assert sum(found["decisions"][side].values()) > 5
    # each side's own picks lose against the other's only where the two differ; the sum is
    # what the judge says of every differing pick, so not every phase can be exactly zero
    assert any(found["losses"][side][p] != 0 for side in ("tabula", "gnu") for p in PHASES)
