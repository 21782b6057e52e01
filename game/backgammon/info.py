"""What the rest of Tabula knows of backgammon: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from ..core.capabilities import lazy
from ..core.gameinfo import ON_OFF, Chance, GameInfo, GameSetting, Level, SetupOption, TutorMargin
from . import formats
from .ai import analyze_position, strongest_evaluator
from .analysis_scale import CHANCES
from .calibration import CALIBRATION
from .cube_rules import (decision, game_number)
from .cube_display import decision_heading
from .evaluation import DEFAULT_EVALUATOR, evaluate
from .evaluators import evaluator_names
from .nets.command import TRAINING
from .notation import join_turns, split_turns
from .players import PLAYER_NAMES, make_player
from .review import decision_kind, luck, match_chance, review_position, review_rated, review_units
from .positions import format_position, parse_position
from .rules import COLOURS, BackgammonRules, BackgammonState, with_dice
from .status import TITLES, describe, outcome
from .tournament import TOURNAMENT_CHOICES, TOURNAMENT_FLAGS, match_tally


def move_json(state: BackgammonState, play, after: BackgammonState) -> dict:
    """GNU Backgammon's convention: the position after the play, the mover still on roll."""
    mover = state.turn
    return {"position_id": formats.position_id(after.sides[mover], after.sides[1 - mover])}


LEVELS = (
    Level("beginner", "Beginner", "0 ply, noisy",
          "Looks one play ahead and often errs (noise of 0.12 points): for learning the moves.", analysis=False),
    Level("intermediate", "Intermediate", "0 ply",
          "Looks one play ahead with small errors (noise of 0.04 points): a club player."),
    Level("advanced", "Advanced", "1 ply",
          "Weighs the best 8 plays against every roll of the reply (1 ply): a strong player."),
    Level("expert", "Expert", "2 ply, slower",
          "Two rolls deep, narrowing to the best 2 plays (2 ply): strong and within a second a move."),
    Level("worldclass", "World class", "2 ply, slowest",
          "Two rolls deep on GNU Backgammon's 8 best plays (its 2-ply analysis): the most thorough."),
)
"""The levels of :mod:`.ai` as the settings and menus word them."""

PLAYER_DESCRIPTIONS = {
    "random": "Any legal play, at random: a baseline for tournaments.",
    "easy": "Seed 002's MoveRandomPiece: a random legal play.",
    "medium": "Seed 002's MoveFurthestBack: moves the checkers furthest from home.",
    "hard": "Seed 002's CompareAllMovesSimple: fewest pips and blots, most points made.",
    "bestoffour": "Seed 002's best of four: tries four plays, keeps the best by its evaluator.",
    "montecarlo": "Seed 000's Monte Carlo player: plays random games out from each play.",
    **{f"greedy:{name}": f"The play the {name} evaluator values most, no look-ahead."
       for name in evaluator_names()},
}
"""One line per research player (the levels describe themselves), for the menu."""

SETTINGS = {
    "home_side": GameSetting("Direction", {"right": "Home board on the right", "left": "Home board on the left"},
                             "right"),
    "auto_bearoff": GameSetting("Bear off automatically in a race", ON_OFF, False),
}
"""Where the bottom player's home board is ("right": anticlockwise play), and whether a race's
bear-off that takes off the most checkers is played without asking."""

CUBE_OPTIONS = {
    "match_length": SetupOption("Match to", ("money",) + tuple(str(n) for n in range(1, 26)), "money",
                                titles={"money": "No match", "1": "1 point",
                                        **{str(n): f"{n} points" for n in range(2, 26)}}),
    "cube": SetupOption("Doubling cube", ("off", "on"), "off", titles={"off": "Cubeless", "on": "Money game (cube)"},
                        shown_if={"match_length": ("money",)}),
    "jacoby": SetupOption("Jacoby rule", ("off", "on"), "off", shown_if={"match_length": ("money",), "cube": ("on",)}),
    "beavers": SetupOption("Beavers", ("off", "on"), "off", shown_if={"match_length": ("money",), "cube": ("on",)}),
}
"""The cube options as the menu and ``tabula play`` offer them (the rules read these strings
as they are): a match (always with the cube), else cubeless or a money game, and the money
game's Jacoby rule and beavers.  An option a choice before it hides keeps its default."""

def given_dice(state: BackgammonState, dice: str | None) -> BackgammonState:
    """:func:`with_dice`, except that a cube decision (roll or double, take or pass) is kept
    as it is when no dice are given: it is a decision already (``tabula analyze`` shows it)."""
    if dice is None and decision(state) in ("cube", "take"):
        return state
    return with_dice(state, dice)


DICE = Chance("dice", sound="dice", given=given_dice, shown=lambda state: f"{state.dice[0]}{state.dice[1]}",
              in_move_list=lambda text: text.split()[-1])
"""Dice decide the chance nodes; the opening roll's notation names the starter ("white 31"),
which the move list leaves out (its line already names the mover)."""

GAME = GameInfo(
    name="backgammon",
    title="Backgammon",
    rules=BackgammonRules,
    player_names=PLAYER_NAMES,
    make_player=make_player,
    parse_position=parse_position,
    position_forms="a GNU Backgammon position ID, posid:matchid, or an XGID",
    format_position=format_position,
    default_player="expert",
    player_titles=TITLES,
    view=f"{__package__}.view",
    outcome=outcome,
    describe=describe,
    chance=DICE,
    win_kinds={2: "gammons", 3: "backgammons"},
    split_moves=split_turns,
    join_moves=join_turns,
    move_noun="play",
    decision_heading=decision_heading,
    move_json=move_json,
    setup_options=CUBE_OPTIONS,
    move_list_options={"first": SetupOption("First to move", COLOURS, "white")},
    settings=SETTINGS,
    levels=LEVELS,
    player_descriptions=PLAYER_DESCRIPTIONS,
    evaluators=tuple(evaluator_names()),
    default_evaluator=DEFAULT_EVALUATOR,
    evaluate=evaluate,
    analyze=analyze_position,
    analysis_options={"level": "advanced", "evaluator": strongest_evaluator()},
    analysis_cancellable=True,
    analysis_includes=True,
    detail_columns=tuple(zip(CHANCES, ("Win", "W(g)", "W(bg)", "L(g)", "L(bg)"))),
    value_heading="Equity",
    tutor_margin=TutorMargin(0.10, "value", "points of equity"),
    tournament_flags=TOURNAMENT_FLAGS,
    tournament_choices=TOURNAMENT_CHOICES,
    match_tally=match_tally,
    training=TRAINING,
    decision_kind=decision_kind,
    decision_kinds=("chequer", "cube"),
    review_position=review_position,
    game_number=game_number,
    review_thresholds=(0.04, 0.08, 0.16),
    review_units=review_units,
    review_rated=review_rated,
    review_match=match_chance,
    luck=luck,
    calibration=CALIBRATION,
    match_files=lazy("game.backgammon.matfile.capability:MATCH_FILES"),
    commands=lazy("game.backgammon.commands:COMMANDS"),
)
"""Backgammon's declaration.  The tutor questions a play 0.10 points of equity or more behind
the best (GNU Backgammon's line between a doubtful and a bad play, also where the analysis
warns "far worse")."""

