"""The searches against brute force on toy games, plus limits, cancellation and noise."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.match import play_game
from game.core.players import RandomPlayer
from game.core.protocol import CHANCE
from game.core.search import (
    NO_FILTER, Limits, MoveFilter, ScoredMove, SearchCancelled, SearchPlayer, TranspositionTable,
    add_noise, alphabeta, expectiminimax, greedy, trails,
)
from tests.core.toygames import (
    Circle, CircleState, Race, RaceState, TakeAway, TakeState, circle_evaluate, race_evaluate, take_evaluate,
)

TAKE, RACE = TakeAway(), Race()


@st.composite
def take_states(draw, players=2, max_pile=4):
    piles = tuple(draw(st.lists(st.integers(0, max_pile), min_size=1, max_size=3)))
    piles = piles if any(piles) else piles[:-1] + (1,)
    scores = tuple(draw(st.lists(st.integers(0, 3), min_size=players, max_size=players)))
    return TakeState(piles, scores, draw(st.integers(0, players - 1)))


race_states = st.builds(
    lambda d0, d1, turn, roll: RaceState((d0, d1), turn, roll),
    st.integers(1, 7), st.integers(1, 7), st.integers(0, 1), st.integers(1, 3),
)


# Brute force, written independently: legal_moves + apply, no batching, one state at a time,
# a value vector built by asking the evaluator about every player.

def static(rules, state, evaluate):
    if rules.is_over(state):
        return np.array(rules.result(state), dtype=float)
    return np.array([evaluate([state], p)[0] for p in range(rules.num_players)])


def brute(rules, state, plies, evaluate, move_filter=None):
    """Max-n expectimax value vector of ``state`` searched ``plies`` deep (first best on ties)."""
    if rules.is_over(state) or plies == 0:
        return static(rules, state, evaluate)
    mover = rules.to_move(state)
    if mover == CHANCE:
        return sum(p * brute(rules, rules.apply(state, o), plies, evaluate, move_filter)
                   for o, p in rules.chance_outcomes(state))
    kids = [rules.apply(state, m) for m in rules.legal_moves(state)]
    if move_filter is not None and plies >= 2:
        kids = [kids[i] for i in filtered(rules, kids, mover, evaluate, move_filter)]
    best = None
    for kid in kids:
        value = brute(rules, kid, plies - 1, evaluate, move_filter)
        if best is None or value[mover] > best[mover]:
            best = value
    return best


def filtered(rules, kids, mover, evaluate, move_filter):
    values = [static(rules, kid, evaluate)[mover] for kid in kids]
    order = sorted(range(len(kids)), key=lambda i: -values[i])[: move_filter.keep]
    return sorted(i for i in order if values[i] >= values[order[0]] - move_filter.margin)


def minimax(rules, state, plies, player, evaluate):
    """Plain depth-limited minimax for ``player`` (max on their turns, min otherwise)."""
    if rules.is_over(state):
        return rules.result(state)[player]
    if plies == 0:
        return evaluate([state], player)[0]
    values = [minimax(rules, rules.apply(state, m), plies - 1, player, evaluate) for m in rules.legal_moves(state)]
    return max(values) if rules.to_move(state) == player else min(values)


def values_by_move(result):
    return {m.move: m.value for m in result}


def assert_ranked(result):
    keys = [(-m.plies, -m.value) for m in result]
    assert keys == sorted(keys)


# Greedy

@given(take_states())
def test_greedy_ranks_every_move_by_its_resulting_position(state):
    result = greedy(TAKE, state, take_evaluate)
    mover = TAKE.to_move(state)
    expected = {m: static(TAKE, TAKE.apply(state, m), take_evaluate)[mover] for m in TAKE.legal_moves(state)}
    assert values_by_move(result) == pytest.approx(expected)
    assert result.best.value == max(expected.values())
    assert_ranked(result)
    assert result.plies == 0 and all(m.plies == 0 for m in result)


# Alpha-beta

@settings(max_examples=60, deadline=None)
@given(take_states(), st.integers(0, 4))
def test_alphabeta_equals_brute_force_minimax(state, plies):
    result = alphabeta(TAKE, state, take_evaluate, plies)
    mover = TAKE.to_move(state)
    assert len(result) == len(TAKE.legal_moves(state)) and result.plies == plies
    for scored in result:
        assert scored.exact and scored.plies == plies
        assert scored.value == minimax(TAKE, scored.after, plies, mover, take_evaluate)
    assert_ranked(result)


@settings(max_examples=30, deadline=None)
@given(take_states(players=3), st.integers(0, 3))
def test_alphabeta_with_three_players_is_paranoid_minimax(state, plies):
    rules = TakeAway(3)
    mover = rules.to_move(state)
    for scored in alphabeta(rules, state, take_evaluate, plies):
        assert scored.value == minimax(rules, scored.after, plies, mover, take_evaluate)


def test_transposition_table_does_not_change_results():
    shared = TranspositionTable()
    states = [TAKE.initial_state({"piles": piles}) for piles in [(3, 4, 5), (2, 2, 3), (5, 5)]]
    states += [TAKE.apply(s, TAKE.legal_moves(s)[-1]) for s in states]  # the other player too
    for state in states:
        for plies in (2, 4, 5):
            off = alphabeta(TAKE, state, take_evaluate, plies, tt=TranspositionTable(max_entries=0))
            fresh = alphabeta(TAKE, state, take_evaluate, plies)
            reused = alphabeta(TAKE, state, take_evaluate, plies, tt=shared)
            assert [(m.move, m.value) for m in off] == [(m.move, m.value) for m in fresh]
            assert [(m.move, m.value) for m in off] == [(m.move, m.value) for m in reused]
    assert len(shared) > 0


def test_the_table_saves_work():
    state = TAKE.initial_state({"piles": (3, 4, 5)})
    off = alphabeta(TAKE, state, take_evaluate, 6, tt=TranspositionTable(max_entries=0))
    on = alphabeta(TAKE, state, take_evaluate, 6)
    assert on.nodes < off.nodes


def test_alphabeta_prunes():
    state = TAKE.initial_state({"piles": (3, 4, 5)})
    pruned = alphabeta(TAKE, state, take_evaluate, 5, tt=TranspositionTable(0), all_exact=False)
    everything = expectiminimax(TAKE, state, take_evaluate, 5)  # visits the whole tree
    assert pruned.best.value == everything.best.value and pruned.nodes < everything.nodes / 8


@settings(max_examples=40, deadline=None)
@given(take_states(), st.integers(1, 4))
def test_alphabeta_without_all_exact_finds_the_same_best_value(state, plies):
    exact = values_by_move(alphabeta(TAKE, state, take_evaluate, plies))
    fast = alphabeta(TAKE, state, take_evaluate, plies, all_exact=False)
    assert fast.best.exact and fast.best.value == max(exact.values())
    for scored in fast:
        assert scored.value == exact[scored.move] if scored.exact else scored.value >= exact[scored.move]


def first_two(rules):
    """A cut-down move generator: only the first two legal moves of a node."""
    return lambda state: [(m, rules.apply(state, m)) for m in rules.legal_moves(state)[:2]]


def narrow_minimax(rules, state, plies, player, evaluate):
    """Minimax over the tree :func:`first_two` spans (the root's children in full)."""
    if rules.is_over(state):
        return rules.result(state)[player]
    if plies == 0:
        return evaluate([state], player)[0]
    values = [narrow_minimax(rules, after, plies - 1, player, evaluate) for _, after in first_two(rules)(state)]
    return max(values) if rules.to_move(state) == player else min(values)


@settings(max_examples=40, deadline=None)
@given(take_states(max_pile=5), st.integers(1, 4))
def test_alphabeta_searches_the_tree_a_successors_generator_spans(state, plies):
    """Below the root only the game's own (cut-down) moves are searched; the root keeps all."""
    result = alphabeta(TAKE, state, take_evaluate, plies, successors=first_two(TAKE))
    mover = TAKE.to_move(state)
    assert len(result) == len(TAKE.legal_moves(state))
    for scored in result:
        assert scored.value == narrow_minimax(TAKE, scored.after, plies, mover, take_evaluate)


def test_a_root_filter_searches_only_the_best_root_moves_deeper():
    """Moves the filter drops keep their 0-ply values and rank after the deep ones; the deep
    ones remember their value at every depth (to be compared where both were searched)."""
    from game.core.search import MoveFilter, trails

    state = TAKE.initial_state({"piles": (3, 4, 5)})
    result = alphabeta(TAKE, state, take_evaluate, 3, root_filter=MoveFilter(keep=3))
    mover = TAKE.to_move(state)
    static = greedy(TAKE, state, take_evaluate)
    deep, shallow = [m for m in result if m.plies == 3], [m for m in result if m.plies == 0]
    assert len(deep) == 3 and len(deep) + len(shallow) == len(static)
    assert {m.move for m in deep} == {m.move for m in static.moves[:3]}
    assert result.moves[:3] == tuple(deep)
    for m in deep:
        assert m.value == minimax(TAKE, m.after, 3, mover, take_evaluate)
        assert len(m.shallower) == 3 and m.value_at(0) == values_by_move(static)[m.move]
        assert m.shallower[1] == minimax(TAKE, m.after, 1, mover, take_evaluate)
    for m in shallow:
        assert m.value == values_by_move(static)[m.move]
        assert trails(m, result.best) == result.best.value_at(0) - m.value


def test_extra_turns_are_searched_as_the_same_player_moving_again():
    state = TakeState((1, 3), (0, 0), 0)
    after = TAKE.apply(state, (0, 1))
    assert TAKE.to_move(after) == 0  # emptying a pile earns another move
    result = alphabeta(TAKE, state, take_evaluate, 6)
    # Deep enough to see the end: values are the exact game results.
    for scored in result:
        assert scored.value == minimax(TAKE, scored.after, 10, 0, take_evaluate)


def test_a_search_that_reaches_every_end_is_solved_and_stops_deepening():
    state = TAKE.initial_state({"piles": (2, 2, 3)})
    solved = alphabeta(TAKE, state, take_evaluate, 40)
    assert solved.solved and solved.plies == 40 and all(m.plies == 40 for m in solved)
    for scored in solved:  # the real results of best play
        assert scored.value == minimax(TAKE, scored.after, 40, 0, take_evaluate)
    assert solved.nodes == alphabeta(TAKE, state, take_evaluate, 14).nodes  # no work past the end
    shallow = alphabeta(TAKE, state, take_evaluate, 2)
    assert not shallow.solved and shallow.plies == 2


@settings(max_examples=40, deadline=None)
@given(take_states(max_pile=3))
def test_solved_table_entries_answer_deeper_queries_with_the_same_values(state):
    shared = TranspositionTable()
    mover = TAKE.to_move(state)
    for plies in range(1, 8):
        result = alphabeta(TAKE, state, take_evaluate, plies, tt=shared)
        for scored in result:
            assert scored.value == minimax(TAKE, scored.after, plies, mover, take_evaluate)
        if result.solved:  # then also the real results of best play
            assert all(m.value == minimax(TAKE, m.after, 30, mover, take_evaluate) for m in result)


def repetition_minimax(rules, state, player, path):
    """Minimax for ``player`` where a state repeating one in ``path`` is worth 0 (no depth limit)."""
    if rules.is_over(state):
        return rules.result(state)[player]
    if state in path:
        return 0.0
    values = [repetition_minimax(rules, rules.apply(state, m), player, path | {state}) for m in rules.legal_moves(state)]
    return max(values) if rules.to_move(state) == player else min(values)


@pytest.mark.parametrize("prizes", [(0, 3, -2, 1, -4), (1, -1, 2), (-1, -3, 2, 5), (2, 2, -5)])
def test_repeated_positions_take_the_repetition_value(prizes):
    rules = Circle(prizes)
    for state in [CircleState(spot, turn) for spot in range(len(prizes)) for turn in (0, 1)]:
        result = alphabeta(rules, state, circle_evaluate, 4 * len(prizes), tt=TranspositionTable(0), repetition=0.0)
        for scored in result:
            assert scored.value == repetition_minimax(rules, scored.after, state.turn, {state})
        earlier = CircleState((state.spot + 1) % len(prizes), 1 - state.turn)
        seen = alphabeta(rules, state, circle_evaluate, 4 * len(prizes), tt=TranspositionTable(0),
                         repetition=0.0, history=[earlier])
        for scored in seen:
            assert scored.value == repetition_minimax(rules, scored.after, state.turn, {state, earlier})


def test_a_line_that_can_loop_is_cut_by_the_horizon_without_the_option():
    looping = alphabeta(Circle((0, 3, -2, 1, -4)), CircleState(0, 0), circle_evaluate, 6)
    assert not looping.solved and looping.plies == 6


def test_alphabeta_refuses_chance_nodes():
    state = RaceState((3, 3), 0, 2)
    with pytest.raises(ValueError, match="deterministic"):
        alphabeta(RACE, state, race_evaluate, 2)


# Expectiminimax

@settings(max_examples=60, deadline=None)
@given(race_states, st.integers(0, 3))
def test_expectiminimax_without_filter_equals_brute_force(state, plies):
    result = expectiminimax(RACE, state, race_evaluate, plies)
    mover = RACE.to_move(state)
    assert len(result) == len(RACE.legal_moves(state)) and result.plies == plies
    for scored in result:
        assert scored.plies == plies
        assert scored.value == pytest.approx(brute(RACE, scored.after, plies, race_evaluate)[mover], abs=1e-12)
    assert_ranked(result)


@settings(max_examples=40, deadline=None)
@given(take_states(players=3), st.integers(0, 3))
def test_expectiminimax_chooses_by_each_movers_own_value(state, plies):
    rules = TakeAway(3)
    mover = rules.to_move(state)
    for scored in expectiminimax(rules, state, take_evaluate, plies):
        assert scored.value == brute(rules, scored.after, plies, take_evaluate)[mover]


@settings(max_examples=60, deadline=None)
@given(race_states, st.integers(1, 3), st.integers(1, 2), st.sampled_from([0.05, 0.2, float("inf")]))
def test_filtered_expectiminimax_equals_filtered_brute_force(state, plies, keep, margin):
    move_filter = MoveFilter(keep, margin)
    result = expectiminimax(RACE, state, race_evaluate, plies, move_filter=move_filter)
    mover = RACE.to_move(state)
    kids = [RACE.apply(state, m) for m in RACE.legal_moves(state)]
    chosen = {RACE.legal_moves(state)[i] for i in filtered(RACE, kids, mover, race_evaluate, move_filter)}
    assert {m.move for m in result if m.plies == plies} == chosen
    for scored in result:
        depth = plies if scored.move in chosen else 0
        expected = brute(RACE, scored.after, depth, race_evaluate, move_filter)[mover]
        assert scored.plies == depth and scored.value == pytest.approx(expected, abs=1e-12)
    assert_ranked(result)


def test_filter_keeps_the_best_few_within_the_margin():
    values = np.array([0.1, 0.5, 0.45, -1.0, 0.3])
    assert list(MoveFilter(2).select(values)) == [1, 2]
    assert list(MoveFilter(None, 0.1).select(values)) == [1, 2]
    assert list(MoveFilter(8, 0.0).select(values)) == [1]
    assert list(NO_FILTER.select(values)) == [1, 2, 4, 0, 3]


def test_filtering_searches_fewer_nodes():
    state = RaceState((6, 6), 0, 3)
    full = expectiminimax(RACE, state, race_evaluate, 3)
    narrow = expectiminimax(RACE, state, race_evaluate, 3, move_filter=MoveFilter(1))
    assert narrow.nodes < full.nodes
    assert sum(m.plies == 3 for m in narrow) == 1 and narrow.best.plies == 3


@settings(max_examples=30, deadline=None)
@given(take_states(), st.integers(0, 3))
def test_expectiminimax_agrees_with_alphabeta_on_a_deterministic_game(state, plies):
    a = values_by_move(alphabeta(TAKE, state, take_evaluate, plies))
    e = values_by_move(expectiminimax(TAKE, state, take_evaluate, plies))
    assert a == e


def test_roots_must_be_decisions():
    with pytest.raises(ValueError, match="chance"):
        expectiminimax(RACE, RACE.initial_state(), race_evaluate)
    with pytest.raises(ValueError, match="over"):
        greedy(TAKE, TakeState((0,), (1, 0), 0), take_evaluate)


# Limits and cancellation

@pytest.mark.parametrize("search, rules, state, evaluate", [
    (alphabeta, TAKE, TAKE.initial_state({"piles": (5, 6, 7)}), take_evaluate),
    (expectiminimax, RACE, RaceState((20, 20), 0, 2, 20), race_evaluate),
])
def test_node_limit_returns_the_deepest_complete_iteration(search, rules, state, evaluate):
    result = search(rules, state, evaluate, 30, limits=Limits(max_nodes=3000))
    assert result.stopped and 0 < result.plies < 30 and result.nodes <= 3000
    assert len(result) == len(rules.legal_moves(state))
    unlimited = search(rules, state, evaluate, result.plies)
    assert [(m.move, m.value) for m in result] == [(m.move, m.value) for m in unlimited]


def test_the_first_iteration_always_completes():
    state = TAKE.initial_state()
    result = alphabeta(TAKE, state, take_evaluate, 5, limits=Limits(max_nodes=1))
    assert result.stopped and result.plies == 0 and len(result) == len(TAKE.legal_moves(state))


def run_in_thread(target):
    """Run ``target`` in a thread; return (thread, outcome dict)."""
    outcome = {}

    def body():
        try:
            outcome["result"] = target()
        except SearchCancelled:
            outcome["cancelled"] = True

    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    return thread, outcome


def test_time_limit_stops_a_deep_search():
    state = TAKE.initial_state({"piles": (9, 9, 9, 9)})
    thread, outcome = run_in_thread(lambda: alphabeta(TAKE, state, take_evaluate, 40, limits=Limits(max_seconds=0.2)))
    thread.join(10)
    assert not thread.is_alive() and outcome["result"].stopped and outcome["result"].plies < 40


@pytest.mark.parametrize("search, rules, state, evaluate", [
    (alphabeta, TAKE, TAKE.initial_state({"piles": (9, 9, 9, 9)}), take_evaluate),
    (expectiminimax, RACE, RaceState((40, 40), 0, 2, 40), race_evaluate),
])
def test_cancelling_from_another_thread_stops_promptly(search, rules, state, evaluate):
    limits = Limits()
    thread, outcome = run_in_thread(lambda: search(rules, state, evaluate, 40, limits=limits))
    thread.join(0.3)
    assert thread.is_alive()  # far too deep to finish on its own
    limits.cancel.set()
    thread.join(5)
    assert not thread.is_alive() and outcome == {"cancelled": True}


def test_a_cancelled_search_does_not_start():
    limits = Limits()
    limits.cancel.set()
    with pytest.raises(SearchCancelled):
        greedy(TAKE, TAKE.initial_state(), take_evaluate, limits=limits)


# Noise and players

def test_noise_is_reproducible_with_a_seed():
    result = greedy(TAKE, TAKE.initial_state({"piles": (4, 4, 4)}), take_evaluate)
    picks = [add_noise(result, 1.0, random.Random(seed))[0].move for seed in range(30)]
    again = [add_noise(result, 1.0, random.Random(seed))[0].move for seed in range(30)]
    assert picks == again and len(set(picks)) > 1
    assert add_noise(result, 0.0, random.Random(1)) == list(result)


def play(player, seed):
    record, _ = play_game(RACE, [player, RandomPlayer(seed)], {"start": 8}, seed=seed)
    return record.actions


def test_search_players_replay_with_the_same_seed_and_differ_with_another():
    def make(seed):
        return SearchPlayer(expectiminimax, race_evaluate, name="noisy", noise=0.5, seed=seed, plies=1)

    assert play(make(1), 7) == play(make(1), 7)
    assert any(play(make(1), s) != play(make(2), s) for s in range(7, 12))


def test_a_search_player_plays_the_top_move():
    player = SearchPlayer(alphabeta, take_evaluate, name="ab3", plies=3)
    state = TAKE.initial_state()
    assert player.choose(TAKE, state) == alphabeta(TAKE, state, take_evaluate, 3).best.move
    assert player.last is not None and player.name == "ab3"
    record, end = play_game(TAKE, [player, RandomPlayer(1)], {"piles": (3, 4, 5)})
    assert TAKE.is_over(end) and record.result is not None


@settings(max_examples=30, deadline=None)
@given(race_states, st.integers(2, 3))
def test_per_depth_filters_narrow_only_the_inner_decisions(state, plies):
    wide = MoveFilter(None)
    narrow = MoveFilter(1)
    same = expectiminimax(RACE, state, race_evaluate, plies, move_filter=(wide,))
    assert [m.value for m in same] == [m.value for m in expectiminimax(RACE, state, race_evaluate, plies)]
    mixed = expectiminimax(RACE, state, race_evaluate, plies, move_filter=(wide, narrow))
    # The root keeps every move deep; the inner decisions look at one reply each.
    assert all(m.plies == plies for m in mixed)
    for m in mixed:
        expected = brute(RACE, m.after, plies, race_evaluate, narrow)[RACE.to_move(state)]
        assert m.value == pytest.approx(expected, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(race_states, st.integers(2, 3), st.integers(1, 3), st.integers(1, 2), st.sampled_from([0.05, float("inf")]))
def test_root_narrowing_picks_each_depth_from_the_one_before(state, plies, first_keep, then_keep, margin):
    """GNU Backgammon's scheme: the candidates of depth k are the best of depth k - 1's."""
    filters = (MoveFilter(first_keep, margin), MoveFilter(then_keep, margin))
    result = expectiminimax(RACE, state, race_evaluate, plies, root_filters=filters)
    mover = RACE.to_move(state)
    by_move = {m.move: m for m in result}
    searched = {m: brute(RACE, RACE.apply(state, m), 0, race_evaluate)[mover] for m in RACE.legal_moves(state)}
    for depth in range(1, plies + 1):
        kept = sorted(searched, key=lambda m: -searched[m])  # stable: generator order on ties
        keep = filters[min(depth - 1, 1)]
        kept = kept[: keep.keep]
        kept = [m for m in kept if searched[m] >= searched[kept[0]] - keep.margin]
        for move in searched:
            if move not in kept:
                assert by_move[move].plies == depth - 1
                assert by_move[move].value == pytest.approx(searched[move], abs=1e-12)
        searched = {m: brute(RACE, RACE.apply(state, m), depth, race_evaluate)[mover]
                    for m in RACE.legal_moves(state) if m in kept}  # generator order, as the search
        for move, scored in by_move.items():
            if move in kept:
                assert scored.value_at(depth) == pytest.approx(searched[move], abs=1e-12)
    assert {m.move for m in result if m.plies == plies} == set(searched)
    assert_ranked(result)


@settings(max_examples=60, deadline=None)
@given(race_states, st.integers(1, 3), st.data(), st.booleans())
def test_an_included_move_is_searched_as_deep_as_the_best(state, plies, data, narrowing):
    """A review's played move: searched ``plies`` deep whatever the filters say, and
    nothing else about the search changes."""
    moves = RACE.legal_moves(state)
    include = data.draw(st.sampled_from(moves))
    options = ({"root_filters": (MoveFilter(1), MoveFilter(1))} if narrowing else {"move_filter": MoveFilter(1)})
    plain = expectiminimax(RACE, state, race_evaluate, plies, **options)
    result = expectiminimax(RACE, state, race_evaluate, plies, include=include, **options)
    mover = RACE.to_move(state)
    by_move = {m.move: m for m in result}
    assert by_move[include].plies == plies
    assert by_move[include].value == pytest.approx(
        brute(RACE, RACE.apply(state, include), plies, race_evaluate, None if narrowing else MoveFilter(1))[mover],
        abs=1e-12)
    for scored in plain:  # every other move as without it
        if scored.move != include:
            assert (by_move[scored.move].plies, by_move[scored.move].value) == (scored.plies, scored.value)
    assert_ranked(result)


@settings(max_examples=40, deadline=None)
@given(race_states, st.integers(2, 3), st.sampled_from([0.0, 0.05, float("inf")]))
def test_a_lone_candidate_ends_the_deepening_without_deepen_alone(state, plies, margin):
    """A player's saving: when the root filters leave one move, the deeper ply could change
    only its value, never the choice; without ``deepen_alone`` the search stops before it."""
    filters = (MoveFilter(None), MoveFilter(2, margin))
    full = expectiminimax(RACE, state, race_evaluate, plies, root_filters=filters)
    lean = expectiminimax(RACE, state, race_evaluate, plies, root_filters=filters, deepen_alone=False)
    assert lean.best.move == full.best.move and not lean.stopped
    # Iteration d searches the moves ``full`` has at depth d or deeper; the lean search ends
    # before the first (from 2) that has one, every move then as ``full`` had it a ply before.
    alone = [d for d in range(2, plies + 1) if sum(m.plies >= d for m in full) == 1]
    last = alone[0] - 1 if alone else plies
    assert lean.plies == last
    expected = {m.move: m for m in full}
    for m in lean:
        depth = min(expected[m.move].plies, last)
        assert m.plies == depth and m.value == pytest.approx(expected[m.move].value_at(depth), abs=1e-12)


def test_including_an_illegal_move_is_an_error():
    state = RaceState((6, 6), 0, 3)
    with pytest.raises(ValueError, match="not legal"):
        expectiminimax(RACE, state, race_evaluate, 1, include="nonsense")


def race_details(states):
    """Player 0's value and two details: whether player 0 leads, and the turn."""
    values = np.array([
        RACE.result(s)[0] if RACE.is_over(s) else race_evaluate([s], 0)[0] for s in states])
    details = np.array([[float(s.dist[0] < s.dist[1]), float(s.turn)] for s in states])
    return values, details


def brute_details(state, plies, mover):
    """(value for ``mover``, details) of ``state`` searched ``plies`` deep, by brute force."""
    if RACE.is_over(state) or plies == 0:
        value, details = race_details([state])
        return (value[0] if mover == 0 else -value[0]), details[0]
    to_move = RACE.to_move(state)
    if to_move == CHANCE:
        parts = [(p, brute_details(RACE.apply(state, o), plies, mover)) for o, p in RACE.chance_outcomes(state)]
        return sum(p * v for p, (v, _) in parts), sum(p * d for p, (_, d) in parts)
    best = None
    for move in RACE.legal_moves(state):
        value, details = brute_details(RACE.apply(state, move), plies - 1, to_move)
        if best is None or value > best[0]:
            best = (value, details)
    own = best[0] if to_move == mover else -best[0]
    return own, best[1]


@settings(max_examples=40, deadline=None)
@given(race_states, st.integers(0, 2))
def test_a_valuer_carries_its_details_to_every_root_move(state, plies):
    with_details = expectiminimax(RACE, state, plies=plies, valuer=race_details)
    plain = expectiminimax(RACE, state, race_evaluate, plies)
    assert [(m.move, m.value) for m in with_details] == [(m.move, pytest.approx(m.value)) for m in plain]
    mover = RACE.to_move(state)
    for scored in with_details:
        value, details = brute_details(scored.after, plies, mover)
        assert scored.value == pytest.approx(value, abs=1e-12)
        assert scored.details == pytest.approx(tuple(details), abs=1e-12)
    if plies == 0:
        assert greedy(RACE, state, valuer=race_details).best.details == with_details.best.details


def test_a_search_takes_an_evaluator_or_a_valuer_not_both():
    state = RaceState((4, 4), 0, 2)
    with pytest.raises(ValueError):
        expectiminimax(RACE, state, race_evaluate, 1, valuer=race_details)
    with pytest.raises(ValueError):
        expectiminimax(RACE, state, plies=1)
    with pytest.raises(ValueError, match="two-player"):
        greedy(TakeAway(3), TakeAway(3).initial_state(), valuer=race_details)


def test_trails_compares_at_the_deepest_common_depth():
    deep = ScoredMove("a", None, 0.40, plies=2, shallower=(0.10, 0.30))
    dropped = ScoredMove("b", None, 0.25, plies=1, shallower=(0.20,))
    shallow = ScoredMove("c", None, 0.50, plies=0)
    assert trails(dropped, deep) == pytest.approx(0.30 - 0.25)
    assert trails(shallow, deep) == pytest.approx(0.10 - 0.50)
    assert trails(deep, deep) == 0
