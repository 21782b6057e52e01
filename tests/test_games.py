"""Every registered game against the shared protocol, its own declaration and the save format.

Mirrors ``game/games.py``: the tests are parametrized over ``game.games.all_games()`` when
they are collected, never over a list of names, so a game added to the registry is held to
the same contract without a line changing here.

The protocol checks walk seeded random playouts (chance drawn with
``game.core.match.sample_chance``, moves picked by a seeded ``random.Random``), started from
every combination of the game's declared setup choices (and move-list choices), and from its
tournament options.  Playouts stop after ``MAX_PLIES`` decisions.  Where a state offers many
actions, every one of them is checked only at a sample of states (a seeded subset elsewhere).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.core.gameinfo import ANALYSIS_LEVEL, GameInfo
from game.core.match import replay, sample_chance
from game.core.players import Player
from game.core.protocol import CHANCE, IllegalMoveError
from game.core.saves import SaveError, load_game, save_game
from game.core.session import GameSession
from game.games import all_games, game_names, get_game, rules_for

GAMES = [pytest.param(info, id=info.name) for info in all_games()]

SEEDS = (1, 2, 3)
MAX_PLIES = 150
"""Decisions after which a playout stops unfinished."""
ALL_ACTIONS_UP_TO = 40
"""States offering at most this many actions have every action checked ..."""
ALL_ACTIONS_EVERY = 10
"""... and so does every ``ALL_ACTIONS_EVERY``-th state of a playout; other states check a
seeded sample of ``ALL_ACTIONS_UP_TO`` actions plus the one the playout took."""
LONG_PLIES = 2000
"""Cap of the extra playouts the end-of-game checks play if no standard playout finished."""


# -- playouts ------------------------------------------------------------------------------

def _key(options: dict[str, Any]) -> tuple:
    return tuple(sorted((name, repr(value)) for name, value in options.items()))


def start_options(info: GameInfo) -> list[dict[str, Any]]:
    """Every combination of the declared setup choices (the rest at their defaults), every
    combination of the move-list choices, and the tournament options, without repeats."""
    found: dict[tuple, dict[str, Any]] = {}

    def combinations(declared, fill):
        names = list(declared)
        for values in itertools.product(*(declared[name].choices for name in names)):
            yield fill(dict(zip(names, values)))

    candidates = [
        *combinations(info.options.setup, info.new_game_options),
        *combinations(info.options.move_list or {}, info.move_list_game_options),
        dict(info.tournament_play().options),
    ]
    for options in candidates:
        found.setdefault(_key(options), options)
    return list(found.values())


@dataclasses.dataclass(frozen=True)
class Playout:
    """A seeded random game: ``states[i]`` is followed by ``actions[i]`` (``notations[i]``)."""

    info: GameInfo
    options: dict[str, Any]
    seed: int
    states: tuple
    actions: tuple
    notations: tuple

    @property
    def final(self) -> Any:
        return self.states[-1]

    @property
    def finished(self) -> bool:
        return self.info.rules().is_over(self.final)

    def where(self, index: int) -> str:
        return f"{self.info.name} options={self.options} seed={self.seed} action {index + 1}"


def play(info: GameInfo, options: dict[str, Any], seed: int, max_plies: int = MAX_PLIES) -> Playout:
    """A random game from ``options``: chance by ``sample_chance``, moves by ``rng.choice``."""
    rules = info.rules()
    rng = random.Random(seed)
    state = rules.initial_state(dict(options))
    states, actions, notations, plies = [state], [], [], 0
    while not rules.is_over(state):
        if rules.to_move(state) == CHANCE:
            action = sample_chance(rules, state, rng)
        else:
            if plies >= max_plies:
                break
            moves = list(rules.legal_moves(state))
            assert moves, f"{info.name} options={options} seed={seed}: no legal move while the game is on"
            action = rng.choice(moves)
            plies += 1
        notations.append(rules.notation(state, action))
        actions.append(action)
        state = rules.apply(state, action)
        states.append(state)
    return Playout(info, dict(options), seed, tuple(states), tuple(actions), tuple(notations))


PLAYOUT_BUDGET = 60
"""Playouts per game: every start option set is played, with every seed while the budget
allows (Mandragora's 18 sets all are), the rest with one seed each in turn (backgammon's 33:
cubeless, money with the cube, matches to 1..25 points), so many option sets do not
multiply the suite's time."""


@functools.cache
def playouts(name: str) -> tuple[Playout, ...]:
    """The game's standard playouts: every start option set, the first ones with every seed
    and the others with one, within :data:`PLAYOUT_BUDGET` (cached per game)."""
    info = get_game(name)
    starts = start_options(info)
    seeded = max(0, min(len(starts), (PLAYOUT_BUDGET - len(starts)) // (len(SEEDS) - 1)))
    return tuple(play(info, options, seed) for i, options in enumerate(starts)
                 for seed in (SEEDS if i < seeded else (SEEDS[i % len(SEEDS)],)))


@functools.cache
def finished_playouts(name: str) -> tuple[Playout, ...]:
    """Standard playouts that reached the end; longer seeded ones if none did."""
    done = tuple(p for p in playouts(name) if p.finished)
    if not done:
        info = get_game(name)
        longer = (play(info, options, seed, LONG_PLIES) for options in start_options(info) for seed in SEEDS)
        done = tuple(p for p in longer if p.finished)
    assert done, f"no random game of {name} ended within {LONG_PLIES} plies"
    return done


def visited(info: GameInfo) -> Iterator[tuple[Playout, int, Any]]:
    """``(playout, index, state)`` for every state an action was taken in."""
    for playout in playouts(info.name):
        for index, state in enumerate(playout.states[:-1]):
            yield playout, index, state


def every_state(info: GameInfo) -> Iterator[tuple[Playout, int, Any]]:
    """Like :func:`visited`, final states included."""
    for playout in playouts(info.name):
        for index, state in enumerate(playout.states):
            yield playout, index, state


def checked_actions(playout: Playout, index: int) -> list[Any]:
    """The actions to check at ``playout.states[index]``: all of them, or a seeded sample."""
    rules = playout.info.rules()
    actions = list(rules.actions(playout.states[index]))
    if len(actions) <= ALL_ACTIONS_UP_TO or index % ALL_ACTIONS_EVERY == 0:
        return actions
    sample = random.Random(f"{playout.seed}/{index}").sample(actions, ALL_ACTIONS_UP_TO)
    taken = playout.actions[index]
    return sample if taken in sample else [*sample, taken]


def decision_state(info: GameInfo, min_moves: int = 2) -> Any:
    """A seeded mid-game decision state with at least ``min_moves`` legal moves."""
    rules = info.rules()
    candidates = [
        state for _, index, state in visited(info)
        if index >= 4 and rules.to_move(state) != CHANCE and len(rules.legal_moves(state)) >= min_moves
    ]
    assert candidates, f"no {info.name} playout reached a decision with {min_moves} moves"
    return random.Random(7).choice(candidates)


# -- the protocol ----------------------------------------------------------------------------

@pytest.mark.long
@pytest.mark.parametrize("info", GAMES)
def test_notation_parses_back_to_every_legal_action(info):
    """``parse(state, notation(state, a)) == a`` for legal moves and chance outcomes alike
    (the symmetry saves, replays and the move list rely on)."""
    rules = info.rules()
    checked = 0
    for playout, index, state in visited(info):
        for action in checked_actions(playout, index):
            text = rules.notation(state, action)
            assert isinstance(text, str) and text.strip(), playout.where(index)
            assert rules.parse(state, text) == action, f"{playout.where(index)}: {text!r}"
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("info", GAMES)
def test_someone_can_always_act_and_chance_is_a_distribution(info):
    """While a game is on, ``to_move`` names a player or chance; a player always has a legal
    move (no duplicates); chance outcomes have positive probabilities summing to 1; a game
    that has chance nodes declares what draws them (``GameInfo.chance``)."""
    rules = info.rules()
    saw_chance = False
    for playout, index, state in visited(info):
        where = playout.where(index)
        assert not rules.is_over(state), where
        mover = rules.to_move(state)
        if mover == CHANCE:
            saw_chance = True
            outcomes = list(rules.chance_outcomes(state))
            assert outcomes, where
            assert all(probability > 0 for _, probability in outcomes), where
            assert sum(probability for _, probability in outcomes) == pytest.approx(1.0), where
            assert len({outcome for outcome, _ in outcomes}) == len(outcomes), where
        else:
            assert mover in range(rules.num_players), where
            moves = list(rules.legal_moves(state))
            assert moves, f"{where}: no legal move while the game is on"
            assert len(set(moves)) == len(moves), f"{where}: a legal move is listed twice"
    if saw_chance:
        assert info.chance is not None and info.chance.name


@pytest.mark.slow
@pytest.mark.parametrize("info", GAMES)
def test_states_are_immutable_values(info):
    """States hash, ``apply`` leaves the state it is given unchanged (equal to a deep copy
    taken before, same hash), and the same action applied twice gives equal states."""
    rules = info.rules()
    for playout, index, state in visited(info):
        where = playout.where(index)
        before, before_hash = copy.deepcopy(state), hash(state)
        assert before == state and hash(before) == before_hash, where
        for action in checked_actions(playout, index):
            after = rules.apply(state, action)
            again = rules.apply(state, action)
            assert after == again and hash(after) == hash(again), where
            assert state == before and hash(state) == before_hash, f"{where}: apply changed its input"
        assert playout.states[index + 1] == rules.apply(state, playout.actions[index]), where


@pytest.mark.parametrize("info", GAMES)
def test_finished_games_are_zero_sum_and_their_outcome_agrees(info):
    """A finished game's ``result`` has one entry per player and sums to 0; ``outcome_of``
    names the player with the highest result (``None`` on equal results) with those points,
    and its words (and the status line) are a sentence naming the winner."""
    rules = info.rules()
    for playout in finished_playouts(info.name):
        final, where = playout.final, f"{playout.where(len(playout.actions) - 1)} (final)"
        result = tuple(rules.result(final))
        assert len(result) == rules.num_players, where
        assert sum(result) == pytest.approx(0.0), where
        leaders = [player for player, points in enumerate(result) if points == max(result)]
        winner = leaders[0] if len(leaders) == 1 else None
        outcome = info.outcome_of(final)
        assert outcome.winner == winner, f"{where}: result {result}, outcome {outcome}"
        if winner is not None:
            assert outcome.points == pytest.approx(result[winner]), where
        words = outcome.words(info.players.titles)
        assert isinstance(words, str) and len(words) > 1 and words.endswith("."), where
        status = info.status(final)
        if winner is not None:
            assert info.players.titles[winner] in words, f"{where}: {words!r}"
            assert info.players.titles[winner] in status, f"{where}: {status!r}"


@pytest.mark.parametrize("info", GAMES)
def test_status_words_every_state(info):
    """``GameInfo.status`` is a non-empty line for every state a game passes through."""
    for playout, index, state in every_state(info):
        status = info.status(state)
        assert isinstance(status, str) and status.strip(), playout.where(index)


@pytest.mark.parametrize("info", GAMES)
def test_position_text_round_trips(info):
    """At decision nodes the position text reads back: ``format_position`` of the parsed state
    is the same text (text -> state -> text), and a state read from text comes back equal from
    its own text.  So the parsed state equals the original wherever the text can carry it, and
    differs at most in what the text has no room for (backgammon position IDs: dice, turn)."""
    rules = info.rules()
    decisions = 0
    for playout, index, state in visited(info):
        if rules.to_move(state) == CHANCE:
            continue
        where = playout.where(index)
        text = info.notation.format_position(state)
        assert isinstance(text, str) and text.strip(), where
        parsed = info.notation.parse_position(text)
        assert info.notation.format_position(parsed) == text, f"{where}: {text!r}"
        assert info.notation.parse_position(info.notation.format_position(parsed)) == parsed, f"{where}: {text!r}"
        decisions += 1
    assert decisions > 0


@pytest.mark.parametrize("info", GAMES)
def test_bad_position_text_is_a_value_error(info):
    """Text that is no position gives ``ValueError`` with a message, not a crash."""
    for text in ("", "   ", "no such position"):
        with pytest.raises(ValueError) as error:
            info.notation.parse_position(text)
        assert str(error.value).strip()


@pytest.mark.parametrize("info", GAMES)
def test_replaying_the_notation_rebuilds_every_state(info):
    """``match.replay`` of a playout's notation list rebuilds each of its states exactly, the
    final one included, for finished and unfinished playouts."""
    rules = info.rules()
    for playout in playouts(info.name):
        states = replay(rules, playout.options, list(playout.notations))
        assert len(states) == len(playout.states)
        assert states == list(playout.states), playout.where(len(playout.actions) - 1)


# -- the declaration ---------------------------------------------------------------------------

def test_registry_names_each_game_once():
    """``game_names`` lists the registered games in order, each once; ``get_game`` and
    ``rules_for`` find them (the rules carry the registered name, which records store);
    an unknown name is a ``ValueError`` listing the known ones."""
    names = game_names()
    assert names and len(set(names)) == len(names)
    assert names == [info.name for info in all_games()]
    for info in all_games():
        assert get_game(info.name) is info
        assert rules_for(info.name).name == info.name
        assert info.title.strip()
    with pytest.raises(ValueError, match=names[0]):
        get_game("no-such-game")


@pytest.mark.parametrize("info", GAMES)
def test_players_are_declared_and_built(info):
    """The default player and every level are players of the game; every declared name builds
    a :class:`Player` carrying that name (so a match record reopens), and an unknown name is a
    ``ValueError``."""
    rules = info.rules()
    assert len(info.players.titles) == rules.num_players
    assert info.players.default in info.players.names
    assert len(set(info.players.names)) == len(info.players.names)
    for level in info.levels:
        assert level.name in info.players.names
    for name in info.players.names:
        player = info.players.player(name, 1)
        assert isinstance(player, Player) and player.name == name
    with pytest.raises(ValueError):
        info.players.player("no-such-player", 1)


@pytest.mark.parametrize("info", GAMES)
def test_analysis_takes_its_declared_options(info):
    """``analyze`` accepts every ``analysis_options`` key and, at a mid-game decision, returns
    one record per legal move, ranked 1..n best first (the best 0 behind, the others not ahead),
    each record's notation naming and parsing back to its move."""
    if info.move_analysis().analyze is None:
        assert not info.move_analysis().options
        return
    rules = info.rules()
    state = decision_state(info)
    inspect.signature(info.move_analysis().analyze).bind(state, **info.move_analysis().options)
    if "evaluator" in info.move_analysis().options:
        assert info.move_analysis().options["evaluator"] in info.move_analysis().evaluators
    records = info.move_analysis().analyze(state, **info.move_analysis().options)
    moves = list(rules.legal_moves(state))
    assert [record.rank for record in records] == list(range(1, len(moves) + 1))
    assert {record.move for record in records} == set(moves)
    assert records[0].diff == 0 and records[0].score_diff == 0
    for record in records:
        # the record names its move as players read it (backgammon's "No redouble" for the rules'
        # "Roll"), and that name parses back to the move
        assert record.notation.strip() and rules.parse(state, record.notation) == record.move
        assert record.diff <= 1e-9 and record.score_diff <= 1e-9, record
        assert -100.0 <= record.score <= 100.0, record


@pytest.mark.parametrize("info", GAMES)
def test_declared_settings_and_options_are_consistent(info):
    """Each setting's default (and choice) is one it accepts; analysis levels are players;
    ``new_game_options()`` gives every setup option at its default and refuses unknown ones;
    the evaluators and tutor margin name things that exist."""
    for name, setting in info.all_settings().items():
        assert setting.label.strip() and setting.choices, name
        assert setting.accepts(setting.default), f"{name}: default {setting.default!r} not accepted"
        assert all(setting.accepts(choice) for choice in setting.choices), name
    if ANALYSIS_LEVEL in info.all_settings():
        assert set(info.all_settings()[ANALYSIS_LEVEL].choices) == set(info.analysis_level_names)
    assert set(info.analysis_level_names) <= set(info.players.names)
    assert info.new_game_options() == {name: option.default for name, option in info.options.setup.items()}
    for name, option in info.options.setup.items():
        assert option.default in option.choices, name
    for declared in (info.options.move_list or {}).values():
        assert declared.default in declared.choices
    assert info.move_list_game_options() == {
        name: option.default for name, option in (info.options.move_list or info.options.setup).items()
    }
    with pytest.raises(ValueError):
        info.new_game_options({"no_such_option": "x"})
    if info.move_analysis().default_evaluator is not None:
        assert info.move_analysis().default_evaluator in info.move_analysis().evaluators
    assert info.move_analysis().tutor_margin.measure in ("value", "score") and info.move_analysis().tutor_margin.amount > 0
    rules = info.rules()
    rules.initial_state(info.new_game_options())
    rules.initial_state(dict(info.tournament_play().options))


# -- saves -----------------------------------------------------------------------------------

def save_starts() -> list:
    """``(info, options)`` for a new game and, when they differ, a tournament game."""
    params = []
    for info in all_games():
        starts = {"new": info.new_game_options(), "tournament": dict(info.tournament_play().options)}
        seen = set()
        for label, options in starts.items():
            if _key(options) not in seen:
                seen.add(_key(options))
                params.append(pytest.param(info, options, id=f"{info.name}-{label}"))
    return params


def drive(session: GameSession, rng: random.Random, count: int) -> None:
    """Play up to ``count`` actions: ``roll()`` at chance nodes, a random legal move otherwise."""
    for _ in range(count):
        if session.is_over:
            return
        if session.to_move == CHANCE:
            session.roll()
        else:
            session.apply(rng.choice(list(session.rules.legal_moves(session.state))))


def computer(info: GameInfo) -> str:
    return "random" if "random" in info.players.names else info.players.names[0]


@pytest.mark.parametrize(("info", "options"), save_starts())
def test_save_and_load_give_back_the_game(info, options, tmp_path):
    """A game saved mid-way loads with the same game, options, actions, players, seed and
    result; the session rebuilt from it is in the same state and continues with the same
    chance outcomes."""
    session = GameSession(info, [computer(info)] * 2, seed=12, options=options)
    drive(session, random.Random(5), 20)
    record = session.record()
    assert record.actions
    path = tmp_path / "game.json"
    save_game(path, record)
    loaded = load_game(path, rules_for)
    assert (loaded.game, loaded.options, loaded.actions, loaded.players, loaded.seed) == (
        record.game, record.options, record.actions, record.players, record.seed)
    assert (loaded.result, loaded.plies) == (record.result, record.plies)
    reopened = GameSession.from_record(info, loaded)
    assert reopened.state == session.state
    drive(session, random.Random(6), 15)
    drive(reopened, random.Random(6), 15)
    assert reopened.actions == session.actions and reopened.state == session.state


def first_repeat_rejected(info: GameInfo, options: dict[str, Any], actions: list[str]) -> int:
    """The first ``k`` such that ``actions[k]`` is illegal straight after itself."""
    rules = info.rules()
    states = replay(rules, options, actions)
    for k, text in enumerate(actions):
        state = states[k + 1]
        if rules.is_over(state):
            break
        try:
            action = rules.parse(state, text)
            if rules.to_move(state) != CHANCE and action not in rules.legal_moves(state):
                return k
        except (IllegalMoveError, ValueError):
            return k
    raise AssertionError(f"every {info.name} action in {actions} could be repeated")


@pytest.mark.parametrize(("info", "options"), save_starts())
def test_a_damaged_save_is_refused_and_the_original_kept(info, options, tmp_path):
    """A truncated file, a move list with garbage or a repeated move inserted, all give a
    :class:`SaveError` naming the file (and the bad action's number); a save that cannot be
    written is refused too; the original file stays byte-for-byte intact and loadable."""
    session = GameSession(info, [computer(info)] * 2, seed=21, options=options)
    drive(session, random.Random(8), 20)
    path = tmp_path / "original.json"
    save_game(path, session.record())
    original = path.read_bytes()
    data = json.loads(original)
    actions = data["actions"]

    def refused(name: str, text: str) -> str:
        bad = tmp_path / name
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(SaveError) as error:
            load_game(bad, rules_for)
        message = str(error.value)
        assert message.strip() and name in message, message
        return message

    refused("truncated.json", original.decode("utf-8")[: len(original) // 2])

    middle = len(actions) // 2
    garbage = dict(data, actions=[*actions[:middle], "%% not a move %%", *actions[middle:]])
    assert f"action {middle + 1} " in refused("garbage.json", json.dumps(garbage))

    k = first_repeat_rejected(info, options, actions)
    repeated = dict(data, actions=[*actions[: k + 1], actions[k], *actions[k + 1:]])
    assert f"action {k + 2} " in refused("repeated.json", json.dumps(repeated))

    unwritable = dataclasses.replace(session.record(), options={**options, "bad": object()})
    with pytest.raises(SaveError):
        save_game(path, unwritable)

    assert path.read_bytes() == original
    assert load_game(path, rules_for).actions == actions
