"""Each game's abilities satisfy their protocols.  This file is never run (pytest does not
collect it): mypy type-checks it (``[tool.mypy]`` in pyproject.toml, ``tests/test_tooling.py``).

For every ability a game registers (``GameInfo.abilities``: protocol → ``lazy("module:NAME")``),
the object at that path is assigned to a variable annotated with the protocol, so mypy reports an
implementation that lacks a member of its protocol or has one of the wrong type; no expression
here may be typed ``Any`` (which would satisfy any protocol).  ``tests/test_abilities.py`` keeps
the list complete: each registered ``(protocol, path)`` appears as ``name: Protocol = <NAME
imported from module>``.
"""

from __future__ import annotations

from game.backgammon.analysis.ai import ANALYSIS as backgammon_analysis
from game.backgammon.analysis.review import REVIEW as backgammon_review
from game.backgammon.commands import COMMANDS as backgammon_commands
from game.backgammon.cube.met_choice import MATCH_EQUITY as backgammon_match_equity
from game.backgammon.drill import DRILL as backgammon_drill
from game.backgammon.editor import EDITOR as backgammon_editor
from game.backgammon.evaluators.calibration import CALIBRATION as backgammon_calibration
from game.backgammon.library import LIBRARY as backgammon_library
from game.backgammon.matfile.capability import MATCH_FILES as backgammon_match_files
from game.backgammon.nets.command import TRAINING as backgammon_training
from game.backgammon.players.tournament import TOURNAMENT as backgammon_tournament
from game.backgammon.rollout.capability import ROLLOUTS as backgammon_rollouts
from game.backgammon.rules_page import PAGE as backgammon_page
from game.backgammon.theory.ability import THEORY as backgammon_theory
from game.backgammon.view.pygame_view import make_view as backgammon_view
from game.chesstack.analysis import ANALYSIS as chesstack_analysis
from game.chesstack.rules_page import PAGE as chesstack_page
from game.chesstack.view.pygame_view import make_view as chesstack_view
from game.core.capabilities import (
    Analysis,
    Calibration,
    Commands,
    Drill,
    Library,
    MatchEquity,
    MatchFiles,
    PositionEditor,
    Review,
    Rollouts,
    Theory,
    TournamentPlay,
    Training,
    View,
)
from game.core.rules_page import RulesPage
from game.mandragora.analysis import ANALYSIS as mandragora_analysis
from game.mandragora.info import RANDOM_SETUP as mandragora_tournament
from game.mandragora.rules_page import PAGE as mandragora_page
from game.mandragora.view.pygame_view import make_view as mandragora_view

# Backgammon: every ability.
backgammon_view_checked: View = backgammon_view
backgammon_page_checked: RulesPage = backgammon_page
backgammon_analysis_checked: Analysis = backgammon_analysis
backgammon_review_checked: Review = backgammon_review
backgammon_rollouts_checked: Rollouts = backgammon_rollouts
backgammon_tournament_checked: TournamentPlay = backgammon_tournament
backgammon_match_files_checked: MatchFiles = backgammon_match_files
backgammon_commands_checked: Commands = backgammon_commands
backgammon_editor_checked: PositionEditor = backgammon_editor
backgammon_training_checked: Training = backgammon_training
backgammon_calibration_checked: Calibration = backgammon_calibration
backgammon_library_checked: Library = backgammon_library
backgammon_drill_checked: Drill = backgammon_drill
backgammon_match_equity_checked: MatchEquity = backgammon_match_equity
backgammon_theory_checked: Theory = backgammon_theory

# Chesstack.
chesstack_view_checked: View = chesstack_view
chesstack_page_checked: RulesPage = chesstack_page
chesstack_analysis_checked: Analysis = chesstack_analysis

# Mandragora Mania.
mandragora_view_checked: View = mandragora_view
mandragora_page_checked: RulesPage = mandragora_page
mandragora_analysis_checked: Analysis = mandragora_analysis
mandragora_tournament_checked: TournamentPlay = mandragora_tournament
