"""What the rest of Tabula knows of Mandragora Mania: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from functools import partial

from ..core.capabilities import Analysis, TournamentPlay, View, lazy
from ..core.gameinfo import Chance, Ending, GameInfo, Notation, Options, Players, SetupOption
from ..core.rules_page import RulesPage
from .names import PLAYER_NAMES
from .notation import split_moves
from .position import EXAMPLE as POSITION_EXAMPLE
from .position import format_position, parse_position
from .rules import MandragoraRules
from .state import PATTERNS, SIDES
from .status import TITLES, describe, outcome

SETUP_OPTIONS = {
    "pattern": SetupOption("Pattern", (*PATTERNS, "random"), "A"),
    "first": SetupOption("First move", (*SIDES, "random"), "player"),
}
"""What a new game offers (spec §4: pattern and first mover; random is Tabula's extra, §5.4)."""

RANDOM_SETUP = TournamentPlay(options={"pattern": "random", "first": "random"})
"""Every tournament game draws its pattern and first mover with the deal's chance seed."""

GAME = GameInfo(
    name="mandragora",
    title="Mandragora Mania",
    rules=MandragoraRules,
    notation=Notation(
        parse_position=parse_position,
        position_forms=f"the piles by area and the fields, e.g. {POSITION_EXAMPLE}",
        format_position=format_position,
        split_moves=split_moves,
    ),
    players=Players(PLAYER_NAMES, "expert", lazy("game.mandragora.players:make_player"), TITLES, {
        "analyzer": "Plays the seed analyzer's top move: quick, looks a move ahead.",
        "expert": "Searches the final score difference (alpha-beta): the strongest.",
        "random": "Any legal area, at random: a baseline for tournaments.",
    }, research=("random",)),
    chance=Chance("setup"),
    options=Options(setup=SETUP_OPTIONS),
    ending=Ending(outcome, partial(describe, titles=TITLES)),
    abilities={
        View: lazy("game.mandragora.view.pygame_view:make_view"),
        RulesPage: lazy("game.mandragora.rules_page:PAGE"),
        Analysis: lazy("game.mandragora.analysis:ANALYSIS"),
        TournamentPlay: lazy("game.mandragora.info:RANDOM_SETUP"),
    },
)
"""Mandragora's declaration.  Its only chance node is a random setup (pattern, first mover),
drawn silently; its analysis is :data:`.analysis.ANALYSIS`."""

