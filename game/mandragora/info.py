"""What the rest of Tabula knows of Mandragora Mania: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from functools import partial

from ..core.gameinfo import Chance, GameInfo, SetupOption, TutorMargin
from .analyzer import analyze
from .display import describe, outcome
from .players import PLAYER_NAMES, make_player
from .position import EXAMPLE as POSITION_EXAMPLE, format_position, parse_position
from .rules import PATTERNS, SIDE_TITLES, SIDES, MandragoraRules, split_moves


def one_decimal(value: float) -> str:
    """The analyzer's total value as its tables print it, like the original's "Total Value: 12.5"."""
    return f"{value:+.1f}"


MAX_PLIES = 200
"""Tournament games stop here: two players may repeat a position forever (no rule ends a
loop), while finished games take 35-55 plies."""

SETUP_OPTIONS = {
    "pattern": SetupOption("Pattern", (*PATTERNS, "random"), "A"),
    "first": SetupOption("First move", (*SIDES, "random"), "player"),
}
"""What a new game offers (spec §4: pattern and first mover; random is Tabula's extra, §5.4)."""

GAME = GameInfo(
    name="mandragora",
    title="Mandragora Mania",
    rules=MandragoraRules,
    player_names=PLAYER_NAMES,
    make_player=make_player,
    parse_position=parse_position,
    position_forms=f"the piles by area and the fields, e.g. {POSITION_EXAMPLE}",
    format_position=format_position,
    default_player="expert",
    player_titles=SIDE_TITLES,
    view=f"{__package__}.view",
    outcome=outcome,
    describe=partial(describe, titles=SIDE_TITLES),
    chance=Chance("setup"),
    split_moves=split_moves,
    setup_options=SETUP_OPTIONS,
    analyze=analyze,
    player_descriptions={
        "analyzer": "Plays the seed analyzer's top move: quick, looks a move ahead.",
        "expert": "Searches the final score difference (alpha-beta): the strongest.",
        "random": "Any legal area, at random: a baseline for tournaments.",
    },
    research_players=("random",),
    tutor_margin=TutorMargin(10.0, "score", "points of the analyzer's score"),
    detail_columns=(),  # the analyzer gives no win chance: the table shows no win column
    value_heading="Total",
    format_value=one_decimal,
    tournament_options={"pattern": "random", "first": "random"},
    max_plies=MAX_PLIES,
)
"""Mandragora's declaration.  Its only chance node is a random setup (pattern, first mover),
drawn silently.  The analysis is the seed analyzer's, with no options; the tutor judges by
its spec-defined score (a move 10 or more below the best is questioned).  Its hint table
shows the analyzer's total value ("Total", one decimal: it tells apart the moves the seed's
sign rule shows as 0) and no win column (the analyzer has no win chance)."""

