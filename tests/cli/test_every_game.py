"""The ``tabula`` command line's contract, held for every registered game.

The tests are parametrized over ``game.games.all_games()`` when they are collected, never over
a list of names, so a game added to the registry meets the same contract without a line
changing here.  Each command reads only what the game declares (``GameInfo``): the position
comes from a seeded random playout written with ``format_position``, the chance outcome of a
game whose chance can be given on the command line (``Chance.given``) goes in its own flag
(``--dice 31``), and what a command should print is derived from the declaration (the rules'
legal moves, ``move_json``, ``evaluate``, ``analysis_options``, ``player_titles``...).

Every error exits with code 2, ``tabula: error: ...`` on stderr, nothing on stdout and no
traceback (:func:`usage_error`).
"""

from __future__ import annotations

import functools
import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from game.core.gameinfo import GameInfo
from game.core.match import sample_chance
from game.core.protocol import CHANCE
from game.games import all_games, get_game
from .util import run
from game.core.capabilities import Training

GAMES = [pytest.param(info, id=info.name) for info in all_games()]

MIN_MOVES = 4
"""Player moves a playout makes before the position the commands are given."""
MAX_PLIES = 400
"""Player decisions after which the replayed playout stops unfinished."""
ANALYSIS_KEYS = {"move", "score", "value", "warnings", "factors", "details", "rank", "diff", "plies",
                 "explanation", "score_diff"}
REPLAY_KEYS = {"game", "position", "over", "result", "plies", "to_move", "status"}
TOURNAMENT_FILES = ("results.json", "pairs.csv", "standings.csv", "standings.png")


# -- helpers ---------------------------------------------------------------------------------

def usage_error(code: int, out: str, err: str, message: str) -> None:
    """The command-line error contract: exit 2, nothing on stdout, one clear line on stderr."""
    assert code == 2, (code, out, err)
    assert out == "", out
    assert "tabula: error:" in err and message in err, err
    assert "Traceback" not in err, err


def cheapest_player(info: GameInfo) -> str:
    """``random`` where the game has it, else its default computer player."""
    return "random" if "random" in info.players.names else info.players.default


def chance_flag(info: GameInfo) -> str | None:
    """The command-line flag that gives this game's chance outcome (``dice``), if any."""
    if info.chance is not None and info.chance.given is not None:
        return info.chance.name
    return None


def json_value(value: Any) -> Any:
    """``value`` as it comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class Decision:
    """A mid-game decision of a seeded playout and how the command line is given it."""

    info: GameInfo
    state: Any
    """The playout's state."""
    position: str
    """``format_position(state)``: what ``--position`` gets."""
    flags: tuple[str, ...]
    """The chance flag and its value (``("--dice", "31")``), or nothing."""
    shown: str | None
    """The chance outcome drawn in ``state`` in words (``"31"``), where the game shows it."""

    @property
    def parsed(self) -> Any:
        """The state the command line builds from ``position`` and ``flags``."""
        state = self.info.notation.parse_position(self.position)
        chance = self.info.chance
        if chance is not None and chance.given is not None:
            state = chance.given(state, self.shown)
        return state

    def argv(self, command: str, *extra: str) -> list[str]:
        return [command, self.info.name, "--position", self.position, *self.flags, *extra]


@functools.cache
def decision(name: str) -> Decision:
    """A decision at least ``MIN_MOVES`` player moves into a seeded random playout from the
    move-list options, offering at least two legal moves (in the state the command line
    rebuilds from its text)."""
    info = get_game(name)
    rules = info.rules()
    for seed in range(1, 50):
        rng = random.Random(seed)
        state = rules.initial_state(info.move_list_game_options())
        moves_made = 0
        while not rules.is_over(state):
            if rules.to_move(state) == CHANCE:
                state = rules.apply(state, sample_chance(rules, state, rng))
                continue
            if moves_made >= MIN_MOVES:
                shown = info.chance.shown(state) if info.chance and info.chance.shown else None
                flags = ("--" + chance_flag(info), shown) if chance_flag(info) and shown is not None else ()
                found = Decision(info, state, info.notation.format_position(state), flags, shown)
                parsed = found.parsed
                if not rules.is_over(parsed) and rules.to_move(parsed) != CHANCE \
                        and len(rules.legal_moves(parsed)) >= 2:
                    return found
            state = rules.apply(state, rng.choice(list(rules.legal_moves(state))))
            moves_made += 1
    raise AssertionError(f"no seeded {name} playout reached a decision with two legal moves")


@dataclass(frozen=True)
class Playout:
    """A seeded random game from the move-list options, ending right after a player's move."""

    notations: tuple[str, ...]
    states: tuple[Any, ...]
    """``states[i]`` is followed by ``notations[i]``; the last is the final state."""

    @property
    def final(self) -> Any:
        return self.states[-1]


@functools.cache
def playout(name: str, seed: int = 1) -> Playout:
    """Random moves, chance by ``sample_chance``, until the game ends or ``MAX_PLIES`` player
    decisions; chance outcomes after the last player move are left out (a typed move list
    does not end with one)."""
    info = get_game(name)
    rules = info.rules()
    rng = random.Random(seed)
    state = rules.initial_state(info.move_list_game_options())
    states, notations, plies = [state], [], 0
    while not rules.is_over(state):
        if rules.to_move(state) == CHANCE:
            action = sample_chance(rules, state, rng)
        else:
            if plies >= MAX_PLIES:
                break
            action = rng.choice(list(rules.legal_moves(state)))
            plies += 1
        notations.append(rules.notation(state, action))
        state = rules.apply(state, action)
        states.append(state)
    while notations and rules.to_move(states[-2]) == CHANCE:
        notations.pop()
        states.pop()
    assert any(rules.to_move(s) != CHANCE for s in states[:-1]), f"{name}: the playout has no player move"
    return Playout(tuple(notations), tuple(states))


# -- moves -----------------------------------------------------------------------------------

@pytest.mark.parametrize("info", GAMES)
def test_moves_lists_every_legal_move_with_what_the_game_tells_of_it(capsys, info):
    """``moves --json``: one row per legal move of the position given (chance flag applied),
    ``"move"`` in notation that parses back, plus what ``move_json`` declares (by default the
    position after the move in the game's text form).  The text form lists as many rows."""
    found = decision(info.name)
    rules, parsed = info.rules(), found.parsed
    code, out, err = run(capsys, *found.argv("moves", "--json"))
    assert code == 0, err
    rows = json.loads(out)
    assert isinstance(rows, list)

    expected = []
    for move in rules.legal_moves(parsed):
        after = rules.apply(parsed, move)
        told = info.notation.move_json(parsed, move, after) if info.notation.move_json else {"position": info.notation.format_position(after)}
        expected.append({"move": rules.notation(parsed, move), **told})
    keys = {"move", *expected[0]} if expected else {"move"}
    assert all(set(row) == keys for row in rows), (keys, rows[:2])
    assert len(rows) == len(expected)
    assert {row["move"] for row in rows} == {row["move"] for row in expected}
    assert sorted(rows, key=json.dumps) == sorted(json_value(expected), key=json.dumps)
    legal = set(rules.legal_moves(parsed))
    for row in rows:
        assert rules.parse(parsed, row["move"]) in legal, row["move"]

    code, text, err = run(capsys, *found.argv("moves"))
    assert code == 0, err
    assert len(re.findall(r"^\s*\d+\. ", text, flags=re.MULTILINE)) == len(rows), text


# -- perft -----------------------------------------------------------------------------------

@pytest.mark.parametrize("info", GAMES)
def test_perft_counts_sequences_by_length(capsys, info):
    """``perft --depth 2 --json``: ``{"nodes": [n1, n2]}`` with n1 the legal moves of the position
    and n2 the sum of the legal actions after each of them; the text form gives a line a depth."""
    found = decision(info.name)
    rules, parsed = info.rules(), found.parsed
    code, out, err = run(capsys, *found.argv("perft", "--depth", "2", "--json"))
    assert code == 0, err
    first = rules.legal_moves(parsed)
    second = sum(0 if rules.is_over(after) else len(rules.actions(after))
                 for after in (rules.apply(parsed, move) for move in first))
    assert json.loads(out) == {"nodes": [len(first), second]}
    code, text, err = run(capsys, *found.argv("perft", "--depth", "2"))
    assert code == 0 and text.splitlines() == [f"depth 1: {len(first)}", f"depth 2: {second}"]


# -- analyze ---------------------------------------------------------------------------------

@pytest.mark.parametrize("info", GAMES)
def test_analyze_ranks_every_legal_move(capsys, info):
    """``analyze --json``: one record per legal move, ranked 1..n, display scores in
    -100..100; a game without analysis is a usage error."""
    found = decision(info.name)
    code, out, err = run(capsys, *found.argv("analyze", "--json"))
    if info.move_analysis().analyze is None:
        usage_error(code, out, err, "")
        return
    assert code == 0, err
    rows = json.loads(out)
    rules, parsed = info.rules(), found.parsed
    assert {row["move"] for row in rows} == {rules.notation(parsed, m) for m in rules.legal_moves(parsed)}
    assert len(rows) == len(rules.legal_moves(parsed))
    for row in rows:
        assert ANALYSIS_KEYS <= set(row), sorted(ANALYSIS_KEYS - set(row))
        assert -100.0 <= row["score"] <= 100.0, row["score"]
    assert [row["rank"] for row in rows] == list(range(1, len(rows) + 1))


@pytest.mark.parametrize("info", GAMES)
def test_analyze_takes_a_level_only_where_the_analysis_has_levels(capsys, info):
    """A game whose analysis has levels accepts its weakest level other than the default by
    name (``levels`` are weakest first; the analysis still ranks every move) and refuses an
    unknown one; any other game refuses ``--level``."""
    found = decision(info.name)
    if info.move_analysis().analyze is None:  # no analysis at all: that is the error, whatever the level
        usage_error(*run(capsys, *found.argv("analyze", "--level", "x")), "")
        return
    if "level" in info.move_analysis().options:
        default = info.move_analysis().options["level"]
        weakest = next(level.name for level in info.levels if level.name != default)
        code, out, err = run(capsys, *found.argv("analyze", "--level", weakest, "--json"))
        assert code == 0, err
        rows = json.loads(out)
        assert len(rows) == len(info.rules().legal_moves(found.parsed))
        assert [row["rank"] for row in rows] == list(range(1, len(rows) + 1))
        usage_error(*run(capsys, *found.argv("analyze", "--level", "no-such-level", "--json")), "unknown level")
    else:
        usage_error(*run(capsys, *found.argv("analyze", "--level", "x")), "takes no --level")


# -- eval ------------------------------------------------------------------------------------

@pytest.mark.parametrize("info", GAMES)
def test_eval_runs_every_declared_evaluator(capsys, info):
    """``eval --json`` for each of ``evaluators``: its name, its value and its breakdown under
    the game's own key; without ``--evaluator`` the default; an unknown name is refused.  A
    game without evaluators is a usage error."""
    found = decision(info.name)
    argv = ["eval", info.name, "--position", found.position, "--json"]
    if info.move_analysis().evaluate is None:
        usage_error(*run(capsys, *argv), "has no position evaluators")
        return
    state = info.notation.parse_position(found.position)
    assert info.move_analysis().evaluators
    for name in info.move_analysis().evaluators:
        code, out, err = run(capsys, *argv, "--evaluator", name)
        assert code == 0, err
        report = json.loads(out)
        expected = info.move_analysis().evaluate(state, name)
        assert report["evaluator"] == name
        assert report["value"] == pytest.approx(expected.value)
        assert report[expected.factors_key] == pytest.approx(dict(expected.factors))
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert json.loads(out)["evaluator"] == info.move_analysis().default_evaluator
    usage_error(*run(capsys, *argv, "--evaluator", "no-such-evaluator"), "unknown evaluator")


# -- replay ----------------------------------------------------------------------------------

@pytest.mark.parametrize("info", GAMES)
def test_replay_plays_a_typed_move_list_to_its_final_position(capsys, info):
    """``replay --moves <join_moves(playout)> --json``: the playout's final position, plies
    (player decisions), status and, once over, a zero-sum result."""
    game = playout(info.name)
    rules, final = info.rules(), game.final
    code, out, err = run(capsys, "replay", info.name, "--moves", info.notation.join_moves(list(game.notations)), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert set(report) == REPLAY_KEYS
    assert report["game"] == info.name
    assert report["position"] == info.notation.format_position(final)
    assert report["plies"] == sum(1 for state in game.states[:-1] if rules.to_move(state) != CHANCE)
    assert report["status"] == info.status(final)
    assert report["over"] == rules.is_over(final)
    if report["over"]:
        assert report["result"] is not None and sum(report["result"]) == pytest.approx(0.0)
        assert report["to_move"] is None
    else:
        assert report["result"] is None
        mover = rules.to_move(final)
        assert report["to_move"] == ("chance" if mover == CHANCE else info.players.titles[mover])


@pytest.mark.parametrize("info", GAMES)
def test_replay_names_a_bad_move_cleanly(capsys, info):
    """The same move list with one player move replaced by ``zz`` is a usage error."""
    game = playout(info.name)
    rules = info.rules()
    moves = [i for i, state in enumerate(game.states[:-1]) if rules.to_move(state) != CHANCE]
    bad = list(game.notations)
    bad[moves[len(moves) // 2]] = "zz"
    usage_error(*run(capsys, "replay", info.name, "--moves", info.notation.join_moves(bad), "--json"), "")


# -- selfplay, tournament, train -----------------------------------------------------------

@pytest.mark.parametrize("info", GAMES)
def test_selfplay_summarises_both_sides(capsys, info):
    code, out, err = run(capsys, "selfplay", info.name, "--games", "2", "--seed", "1")
    assert code == 0, err
    for title in info.players.titles:
        assert title in out, (title, out)


@pytest.mark.parametrize("info", GAMES)
def test_tournament_plays_and_writes_its_files(capsys, info, tmp_path):
    player = cheapest_player(info)
    code, out, err = run(capsys, "tournament", info.name, "--players", player, player, "--games", "2",
                         "--seed", "1", "--max-plies", "6", "--workers", "1", "--out", str(tmp_path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games_played"] == 2
    assert len(data["standings"]) == 2
    for name in TOURNAMENT_FILES:
        assert (tmp_path / name).is_file(), name


@pytest.mark.parametrize("info", GAMES)
def test_train_exists_exactly_for_games_with_training(capsys, info):
    if info.has(Training):
        code, out, err = run(capsys, "train", info.name, "--help")
        assert code == 0, err
        assert info.name in out
    else:
        usage_error(*run(capsys, "train", info.name), "has no training")


# -- chance flags ----------------------------------------------------------------------------

def foreign_chance_flags() -> list:
    """``(command, game, owner, flag)``: a chance flag of another game (with an outcome valid
    there) that this game does not take (it has no chance, another one, or one not given),
    for each command taking chance flags that the game has."""
    pairs = []
    for owner in all_games():
        flag = chance_flag(owner)
        if flag is None:
            continue
        for info in all_games():
            if chance_flag(info) == flag:
                continue
            for command in ("moves", "perft", "analyze"):
                if command != "analyze" or info.move_analysis().analyze is not None:
                    pairs.append(pytest.param(command, info.name, owner.name, flag,
                                              id=f"{command}-{info.name}--{flag}"))
    return pairs


@pytest.mark.parametrize(("command", "name", "owner", "flag"), foreign_chance_flags())
def test_a_chance_flag_of_another_game_is_refused(capsys, command, name, owner, flag):
    found = decision(name)
    outcome = decision(owner).shown
    extra = ("--depth", "1") if command == "perft" else ()
    usage_error(*run(capsys, command, name, "--position", found.position, f"--{flag}", outcome, *extra), "is not for")
