"""The seam between a game and the shared code stays narrow: a fixed set of plain facts in
``GameInfo``, each larger ability one object behind its protocol, registered under it as a
lazy factory and built only when asked for, and a registry that loads facts, not engines."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from game.core.capabilities import (Analysis, Calibration, Commands, Drill, Level, Library, MatchEquity, MatchFiles,
                                    PositionEditor, Review, Rollouts, Theory, TournamentPlay, Training, View)
from game.core.gameinfo import FACTS, GameInfo
from game.core.review.plain import PlainReview, review_of
from game.core.rules_page import RulesPage
from game.games import all_games, get_game

GAMES = all_games()
PROTOCOLS = (Analysis, Calibration, Commands, Drill, Library, MatchEquity, MatchFiles, PositionEditor, Review, Rollouts,
             RulesPage, Theory, TournamentPlay, Training, View)
"""Every kind of ability a game may register."""


def test_game_info_is_a_fixed_set_of_facts():
    assert tuple(field.name for field in dataclasses.fields(GameInfo)) == FACTS


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_every_ability_is_a_lazy_factory_registered_under_its_protocol(info):
    for protocol, factory in info.abilities.items():
        assert protocol in PROTOCOLS, protocol
        assert ":" in getattr(factory, "path", ""), f"{info.name}'s {protocol.__name__} is no lazy() factory"
        ability = info.ability(protocol)
        if protocol is View:
            assert callable(ability)
        else:
            assert isinstance(ability, protocol), f"{info.name}'s {protocol.__name__}: {ability!r}"
        assert info.ability(protocol) is ability  # built once, the same object after
    assert info.players.make.path.endswith(":make_player")  # the players load when one is made


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_each_ability_is_reached_one_way(info):
    assert isinstance(info.move_analysis(), Analysis)
    assert all(isinstance(level, Level) and level.name in info.players.names for level in info.levels)
    assert isinstance(review_of(info), Review)
    assert isinstance(info.tournament_play(), TournamentPlay)
    for protocol in PROTOCOLS:
        assert (info.ability(protocol) is None) == (not info.has(protocol))


def test_backgammon_declares_every_ability_and_the_others_fall_back_to_the_plain_ones():
    backgammon = get_game("backgammon")
    assert all(backgammon.has(protocol) for protocol in PROTOCOLS)
    assert review_of(backgammon).decision_kinds == ("chequer", "cube", "resign")
    assert isinstance(review_of(get_game("mandragora")), PlainReview)
    assert get_game("chesstack").tournament_play() == TournamentPlay()


def test_the_static_player_names_are_the_players_and_levels_there_are():
    """The registry names the players without loading them: the names are held to the levels
    and evaluators the games' own registries have."""
    from game.backgammon.analysis.levels import LEVELS
    from game.backgammon.evaluators import evaluator_names
    from game.backgammon import names as backgammon
    from game.chesstack import names as chesstack
    from game.chesstack.ai import LEVELS as CHESSTACK_LEVELS
    from game.chesstack.evaluators import EVALUATORS

    assert backgammon.LEVEL_NAMES == tuple(LEVELS) and backgammon.EVALUATOR_NAMES == tuple(evaluator_names())
    assert chesstack.LEVEL_NAMES == tuple(CHESSTACK_LEVELS) and chesstack.EVALUATOR_NAMES == tuple(EVALUATORS)
    for info in GAMES:
        for name in info.players.names:
            assert info.players.player(name, 1).name.partition(":")[0] in (name.partition(":")[0], "random"), name


def test_each_backgammon_level_is_declared_once_with_its_chequer_and_cube_plies():
    analysis = get_game("backgammon").move_analysis()
    plies = {level.name: (level.plies, level.cube_plies) for level in analysis.levels}
    assert plies == {"beginner": (0, 0), "intermediate": (0, 0), "advanced": (1, 1), "expert": (2, 2),
                     "worldclass": (2, 2), "grandmaster": (3, 2)}
    assert analysis.level("expert").root_filters and analysis.level_names[0] == "intermediate"
    with pytest.raises(ValueError, match="known levels: beginner"):
        analysis.level("supergrandmaster")


def _project_modules_loaded(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                          check=True)
    return [line.split("|")[-1].strip() for line in done.stderr.splitlines()
            if line.split("|")[-1].strip().startswith("game")]


def test_importing_a_games_rules_loads_only_what_the_rules_need():
    loaded = _project_modules_loaded("import game.backgammon.rules")
    assert "game.backgammon.rules" in loaded and len(loaded) <= 25, loaded
    assert not any(name.startswith(("game.backgammon.nets", "game.backgammon.evaluators", "game.backgammon.analysis.ai"))
                   for name in loaded)


ENGINES = ("analysis", "evaluators", "nets", "players", "search", "ai", "expert", "rollout", "cube.ai", "cube.play",
           "cube.decision", "cube.money", "cube.match")
"""What the registry must not load of any game: its analysis, evaluators, networks, players,
search and cube AI (the registry needs facts, not engines)."""


def test_the_registry_loads_facts_not_engines():
    loaded = _project_modules_loaded("import game.games")
    engines = [name for name in loaded for info in GAMES for engine in ENGINES
               if name == f"game.{info.name}.{engine}" or name.startswith(f"game.{info.name}.{engine}.")]
    assert engines == [], engines
    assert not any(name.startswith("game.core.search") for name in loaded), loaded


@pytest.mark.parametrize("module, loaded", [
    ("game.backgammon.analysis.ai", True), ("game.chesstack.search", True), ("game.backgammon.names", False),
    ("game.backgammon.cube.rules", False), ("game.mandragora.expert", True),
])
def test_the_engine_check_knows_an_engine(module, loaded):
    found = [module for info in GAMES for engine in ENGINES
             if module == f"game.{info.name}.{engine}" or module.startswith(f"game.{info.name}.{engine}.")]
    assert bool(found) == loaded


TYPING_FILE = Path(__file__).resolve().parent / "typing" / "abilities.py"
"""The file mypy checks each game's abilities against their protocols in (never run)."""


def checked_abilities(source: str) -> set[tuple[object, str]]:
    """``(protocol, "module:NAME")`` of every ``name: Protocol = <NAME imported from module>``
    in ``source``, the protocol resolved to its class."""
    tree = ast.parse(source)
    imported = {alias.asname or alias.name: f"{node.module}:{alias.name}"
                for node in tree.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    checked = set()
    for node in tree.body:
        if (isinstance(node, ast.AnnAssign) and isinstance(node.annotation, ast.Name)
                and isinstance(node.value, ast.Name) and node.value.id in imported):
            module, _, name = imported[node.annotation.id].partition(":")
            checked.add((getattr(import_module(module), name), imported[node.value.id]))
    return checked


def unchecked_abilities(source: str) -> list[str]:
    """Every ability a game registers that ``source`` does not check, as ``game: Protocol = path``."""
    checked = checked_abilities(source)
    return [f"{info.name}: {protocol.__name__} = {factory.path}" for info in GAMES
            for protocol, factory in info.abilities.items() if (protocol, factory.path) not in checked]


def test_every_registered_ability_is_type_checked_against_its_protocol():
    assert unchecked_abilities(TYPING_FILE.read_text()) == []


def test_an_ability_missing_from_the_typing_file_is_found():
    source = TYPING_FILE.read_text()
    line = "backgammon_review_checked: Review = backgammon_review\n"
    assert line in source
    assert unchecked_abilities(source.replace(line, "")) == [
        "backgammon: Review = game.backgammon.analysis.review:REVIEW"]
