"""The seam between a game and the shared code stays narrow (issue 33's measures): few plain
facts in ``GameInfo``, each larger ability one object behind a protocol, built only when
asked for, and a game's rules importable on their own."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from game.core.capabilities import (Analysis, Commands, Level, MatchFiles, PositionEditor, Review, Rollouts,
                                    TournamentPlay)
from game.core.gameinfo import GameInfo
from game.core.review.plain import PlainReview, review_of
from game.games import all_games, get_game

GAMES = all_games()


def test_game_info_holds_at_most_27_plain_facts():
    # 25, the rules page (issue 34), the position editor (issue 35) and rollouts (issue 36)
    assert len(dataclasses.fields(GameInfo)) <= 28


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_each_declared_ability_is_one_object_behind_its_protocol(info):
    assert isinstance(info.move_analysis(), Analysis)
    assert all(isinstance(level, Level) and level.name in info.player_names for level in info.levels)
    assert isinstance(review_of(info), Review)
    assert isinstance(info.tournament_play(), TournamentPlay)
    if info.match_files is not None:
        assert isinstance(info.match_files(), MatchFiles)
    if info.commands is not None:
        assert isinstance(info.commands(), Commands)
    if info.position_editor is not None:
        assert isinstance(info.position_editor(), PositionEditor)
    if info.rollouts is not None:
        assert isinstance(info.rollouts(), Rollouts)
    assert info.analysis() is info.analysis()  # built once, the same object after


def test_backgammon_declares_every_ability_and_the_others_fall_back_to_the_plain_ones():
    backgammon = get_game("backgammon")
    assert None not in (backgammon.analysis, backgammon.review, backgammon.tournament, backgammon.match_files,
                        backgammon.commands, backgammon.rollouts)
    assert review_of(backgammon).decision_kinds == ("chequer", "cube", "resign")
    assert isinstance(review_of(get_game("mandragora")), PlainReview)
    assert get_game("chesstack").tournament_play() == TournamentPlay()


def test_each_backgammon_level_is_declared_once_with_its_chequer_and_cube_plies():
    analysis = get_game("backgammon").move_analysis()
    plies = {level.name: (level.plies, level.cube_plies) for level in analysis.levels}
    assert plies == {"beginner": (0, 0), "intermediate": (0, 0), "advanced": (1, 1), "expert": (2, 2),
                     "worldclass": (2, 2)}
    assert analysis.level("expert").root_filters and analysis.level_names[0] == "intermediate"
    with pytest.raises(ValueError, match="known levels: beginner"):
        analysis.level("grandmaster")


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


def test_the_registry_builds_no_ability_until_it_is_asked_for():
    loaded = _project_modules_loaded("import game.games")
    for lazy_module in ("game.backgammon.analysis.review", "game.backgammon.matfile.capability", "game.backgammon.commands",
                        "game.backgammon.players.tournament", "game.chesstack.analysis", "game.backgammon.editor"):
        assert lazy_module not in loaded
