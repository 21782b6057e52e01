"""Chesstack's computer players' names, without the players (the registry reads these, and
importing them loads no search or evaluator).  A test holds them to :mod:`.ai`'s levels and
:mod:`.evaluators`' registry."""

LEVEL_NAMES = ("beginner", "intermediate", "advanced", "expert")
"""The playing levels, weakest first (:data:`game.chesstack.ai.LEVELS`)."""
EVALUATOR_NAMES = ("weighted", "designer", "stacks")
"""Every evaluator (:data:`game.chesstack.evaluators.EVALUATORS`): the ``greedy:<name>`` players."""
PLAYER_NAMES = LEVEL_NAMES + ("random",) + tuple(f"greedy:{name}" for name in EVALUATOR_NAMES) + ("upstream",)
"""Every computer player by its command-line name (:func:`.players.make_player` builds them)."""
