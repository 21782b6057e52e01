"""Backgammon's computer players' names, without the players (the registry reads these, and
importing them loads no search, evaluator or network).

A test holds :data:`LEVEL_NAMES` to the analysis' levels and :data:`EVALUATOR_NAMES` to the
evaluators' registry, so a level or an evaluator added there is named here too.
"""

LEVEL_NAMES = ("beginner", "intermediate", "advanced", "expert", "worldclass", "grandmaster")
"""The playing levels, weakest first (:data:`game.backgammon.analysis.levels.LEVELS`)."""
EVALUATOR_NAMES = ("seven-factors", "bras", "phase-heuristic", "net-full", "net-phase48")
"""Every registered evaluator, the shipped networks included (``greedy:<name>`` players)."""
PLAYER_NAMES = LEVEL_NAMES + ("random", "easy", "medium", "hard", "bestoffour", "montecarlo") + tuple(
    f"greedy:{name}" for name in EVALUATOR_NAMES)
"""Every computer player by its command-line name (:func:`.players.by_name.make_player` builds them)."""
RESIGNS = "computer_resigns"
"""The game setting that makes the levels resign a race they cannot lose less in."""
