"""What the rest of Tabula knows of Mandragora Mania: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from functools import partial

from ..core.capabilities import Analysis, TournamentPlay, lazy
from ..core.gameinfo import Notation, Chance, GameInfo, SetupOption, TutorMargin
from .analyzer import analyze
from .display import describe, outcome
from .players import PLAYER_NAMES, make_player
from .position import EXAMPLE as POSITION_EXAMPLE, format_position, parse_position
from .rules import PATTERNS, SIDE_TITLES, SIDES, MandragoraRules, split_moves


def one_decimal(value: float) -> str:
    """The analyzer's total value as its tables print it, like the original's "Total Value: 12.5"."""
    return f"{value:+.1f}"


SETUP_OPTIONS = {
    "pattern": SetupOption("Pattern", (*PATTERNS, "random"), "A"),
    "first": SetupOption("First move", (*SIDES, "random"), "player"),
}
"""What a new game offers (spec §4: pattern and first mover; random is Tabula's extra, §5.4)."""

LEGEND = "Ranked by Total: gains, threats, look-ahead.\nSeed: the seed's score, ≤0 if warned, else ≥0."
"""What the hint table's and ``tabula analyze``'s numbers are (under the table)."""

ANALYSIS = Analysis(analyze, tutor_margin=TutorMargin(10.0, "value", "points of the analyzer's total", decimals=1,
                                                      score_note=False),
                    value_heading="Total", format_value=one_decimal, score_heading="Seed", legend=LEGEND)
"""The seed analyzer's, with no options and no extra columns (it gives no win chance).  One
measure ranks everything: the analyzer's total value ("Total", one decimal), by which the
records come best first, the Analyzer player picks, ``diff`` measures, the board's badges
count and the tutor judges (a move 10 or more below the best is questioned).  The seed's own
score (the record's ``score``, "Seed") is shown beside it but ranks nothing: its sign rule
shows nearly half of all moves as 0 (see :mod:`.analyzer`)."""

RANDOM_SETUP = TournamentPlay(options={"pattern": "random", "first": "random"})
"""Every tournament game draws its pattern and first mover with the deal's chance seed."""

GAME = GameInfo(
    name="mandragora",
    title="Mandragora Mania",
    rules=MandragoraRules,
    player_names=PLAYER_NAMES,
    make_player=make_player,
    notation=Notation(
        parse_position=parse_position,
        position_forms=f"the piles by area and the fields, e.g. {POSITION_EXAMPLE}",
        format_position=format_position,
        split_moves=split_moves,
    ),
    default_player="expert",
    player_titles=SIDE_TITLES,
    view="game.mandragora.view",
    rules_page=lazy("game.mandragora.rules_page:PAGE"),
    outcome=outcome,
    describe=partial(describe, titles=SIDE_TITLES),
    chance=Chance("setup"),
    setup_options=SETUP_OPTIONS,
    analysis=lambda: ANALYSIS,
    player_descriptions={
        "analyzer": "Plays the seed analyzer's top move: quick, looks a move ahead.",
        "expert": "Searches the final score difference (alpha-beta): the strongest.",
        "random": "Any legal area, at random: a baseline for tournaments.",
    },
    research_players=("random",),
    tournament=lambda: RANDOM_SETUP,
)
"""Mandragora's declaration.  Its only chance node is a random setup (pattern, first mover),
drawn silently; its analysis is :data:`ANALYSIS`."""

