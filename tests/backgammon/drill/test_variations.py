"""Variations of a failed card: nearby candidates (other rolls of the kind, checkers moved,
scores), a prefilter at 0 ply, the check at Expert; one kept and ones rejected, seeded, and
the share of the real matches' failed chequer cards that get one."""

from __future__ import annotations

import random

import pytest

from game.backgammon.drill import DRILL
from game.backgammon.drill import variations as V
from game.backgammon.drill.ideas import cube_idea, play_idea
from game.backgammon.position import parse_position

from .cards import first, recorded_cards

BEAR_OFF_NO_DOUBLE = "XGID=----AAA-------------aa--a-:0:0:1:00:0:0:0:17:10"
"""Three checkers each, 0-0 in a 17-point match: no double, take."""
HIT_AND_MAKE_THE_2 = "XGID=-aaBAAB-B---cE-A-c-dc-A---:0:0:1:32:4:1:1:5:10"
"""The Crawford game of a 5-point match, 32 to play: 5/2* 4/2* (hit and make the 2-point)."""


def test_a_nearby_position_that_keeps_the_proper_cube_action_is_kept_with_the_experts_figures():
    card = first("double", xgid=BEAR_OFF_NO_DOUBLE)
    kept = V.check(card, parse_position("XGID=----AAA-------------aa--a-:0:0:1:00:0:1:0:17:10"))  # 0-1 instead
    assert kept is not None and kept.question == "double" and kept.level == "expert"
    assert kept.played == "" and kept.equity_lost == 0.0 and kept.player == card.player
    assert cube_idea("double", kept.cube["proper"]) == "no-double" and kept.best == "No double"
    assert kept.alternatives[1]["diff"] <= -V.MARGIN and kept.alternatives[1]["plies"] == 2
    assert [set(row) for row in kept.alternatives] == [set(row) for row in card.alternatives]  # the review's form
    assert set(kept.cube) == set(card.cube)
    assert kept.position_id == card.position_id and kept.match_id != card.match_id  # only the score changed
    assert DRILL.grade(kept, "nd").equity_lost == 0.0 and DRILL.grade(kept, "d").equity_lost >= V.MARGIN
    assert "no-double" in DRILL.tags(kept)


def test_a_nearby_position_with_another_idea_is_rejected():
    card = first("double", xgid=BEAR_OFF_NO_DOUBLE)
    idea = V.card_idea(card, DRILL.position(card))
    moved = parse_position("XGID=-A---AA-------------aa--a-:0:0:1:00:0:0:0:17:10")  # a checker from the 5 to the 1
    assert V.keeps("double", idea, moved, V.PREFILTER_LEVEL, V.PREFILTER_MARGIN) is None  # a double at 0 ply
    assert V.check(card, moved) is None


def test_a_candidate_the_prefilter_keeps_is_rejected_when_expert_sees_another_idea():
    card = first("double", xgid=BEAR_OFF_NO_DOUBLE)
    idea = V.card_idea(card, DRILL.position(card))
    shifted = parse_position("XGID=---AAA---------------a-aa-:0:0:1:00:0:0:0:17:10")
    assert V.keeps("double", idea, shifted, V.PREFILTER_LEVEL, V.PREFILTER_MARGIN) is not None  # no double at 0 ply
    assert V.check(card, shifted) is None  # Expert doubles


def test_the_candidates_are_the_other_rolls_of_the_kind_moved_checkers_and_scores():
    card = first("chequer", xgid=HIT_AND_MAKE_THE_2)
    state = DRILL.position(card)
    candidates = list(V.nearby(state, "chequer", random.Random(5)))
    rolls = {c.dice for c in candidates if c.sides == state.sides and c.cube == state.cube}
    assert len(rolls) == 14 and all(a != b for a, b in rolls) and state.dice not in rolls
    moved = [c for c in candidates if c.sides != state.sides]
    assert moved and all(c.dice == state.dice for c in moved)
    for c in moved:
        changed = [(p, s) for p in (0, 1) for s in range(26) if c.sides[p][s] != state.sides[p][s]]
        assert 2 <= len(changed) <= 4 and all(1 <= s <= 24 for _, s in changed)
    scores = [c for c in candidates if c.cube.score != state.cube.score]
    assert len(scores) == 8 - 3  # the leader is one away: one point fewer away would win the match
    for c in scores:
        read = V._read_back(c, "chequer")
        assert read is not None and read.cube.crawford == (c.cube.score[0] == 4)  # the same side still 1-away
    assert list(V.nearby(state, "chequer", random.Random(5))) == candidates  # seeded
    assert list(V.nearby(state, "chequer", random.Random(6))) != candidates


def test_a_double_rolls_only_other_doubles():
    state = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:44:0:0:0:0:10")
    rolls = {c.dice for c in V.nearby(state, "chequer", random.Random(1)) if c.sides == state.sides}
    assert rolls == {(6, 6), (5, 5), (3, 3), (2, 2), (1, 1)}


@pytest.mark.slow
def test_a_chequer_variation_keeps_the_play_and_its_lead_at_expert():
    card = first("chequer", xgid=HIT_AND_MAKE_THE_2)
    idea = V.card_idea(card, DRILL.position(card))
    kept = V.check(card, parse_position("XGID=-aaBAAB-B---cE-A-c-dc-A---:0:0:1:32:3:2:0:5:10"))  # 3-2 instead
    assert kept is not None and kept.best == "5/2* 4/2*" and kept.dice == "32" and kept.level == "expert"
    variation = DRILL.position(kept)
    assert play_idea(variation.on_roll, variation.opponent, V.RULES.parse_play(variation, kept.best).steps) == idea
    assert kept.alternatives[1]["diff"] <= -V.MARGIN
    assert [set(row) for row in kept.alternatives] == [set(row) for row in card.alternatives]
    assert V.check(card, parse_position(HIT_AND_MAKE_THE_2.replace(":32:", ":42:"))) is None  # 8/6 8/4 is best


@pytest.mark.slow
def test_variations_are_seeded_and_checked():
    card = first("double", xgid=BEAR_OFF_NO_DOUBLE)
    made = DRILL.variations(card, seed=3, limit=2)
    assert made == DRILL.variations(card, seed=3, limit=2) and 1 <= len(made) <= 2
    assert all(cube_idea("double", v.cube["proper"]) == "no-double" and v.xgid != card.xgid for v in made)
    assert DRILL.variations(card, seed=3, limit=0) == ()


@pytest.mark.long
def test_half_the_failed_chequer_cards_of_the_real_matches_get_a_variation():
    """A seeded sample of eight chequer cards the player failed (a loss of 0.08 or more, an
    "again"), one variation asked of each."""
    failed = [c for c in recorded_cards() if c.question == "chequer" and c.equity_lost >= 0.08]
    sample = random.Random(48).sample(failed, 8)
    got = [card for seed, card in enumerate(sample) if DRILL.variations(card, seed=seed, limit=1)]
    share = len(got) / len(sample)
    print(f"\nvariations made for {len(got)} of {len(sample)} failed chequer cards ({share:.0%})")
    assert share >= 0.5
