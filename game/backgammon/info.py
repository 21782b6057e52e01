"""What the rest of Tabula knows of backgammon: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from dataclasses import replace

from ..core.capabilities import (
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
    lazy,
)
from ..core.gameinfo import (
    ON_OFF,
    Chance,
    Ending,
    GameInfo,
    GameSetting,
    Notation,
    Options,
    OutcomeGrid,
    Players,
    SetupOption,
)
from ..core.rules_page import RulesPage
from . import formats
from .cube.display import decision_heading
from .cube.rules import decision
from .cube.state import ROLLING
from .manual_dice import ENTRY
from .names import EVALUATOR_NAMES, PLAYER_NAMES, RESIGNS
from .notation import join_turns, split_turns
from .position import format_diagram, format_position, format_xgid, parse_position
from .rules import BackgammonRules, with_dice
from .state import COLOURS, BackgammonState
from .status import TITLES, describe, outcome


def move_json(state: BackgammonState, play, after: BackgammonState) -> dict:
    """GNU Backgammon's convention: the position after the play, the mover still on roll."""
    mover = state.turn
    return {"position_id": formats.position_id(after.sides[mover], after.sides[1 - mover])}


PLAYER_DESCRIPTIONS = {
    "random": "Any legal play, at random: a baseline for tournaments.",
    "easy": "Seed 002's MoveRandomPiece: a random legal play.",
    "medium": "Seed 002's MoveFurthestBack: moves the checkers furthest from home.",
    "hard": "Seed 002's CompareAllMovesSimple: fewest pips and blots, most points made.",
    "bestoffour": "Seed 002's best of four: tries four plays, keeps the best by its evaluator.",
    "montecarlo": "Seed 000's Monte Carlo player: plays random games out from each play.",
    **{f"greedy:{name}": f"The play the {name} evaluator values most, no look-ahead."
       for name in EVALUATOR_NAMES},
}
"""One line per research player (the levels describe themselves), for the menu."""

SETTINGS = {
    "home_side": GameSetting("Direction", {"right": "Home board on the right", "left": "Home board on the left"},
                             "right"),
    "point_numbers": GameSetting("Point numbers", {"roll": "Follow the player on roll",
                                                   "bottom": "Always the bottom player's"}, "roll"),
    "auto_bearoff": GameSetting("Bear off automatically in a race", ON_OFF, False),
    RESIGNS: GameSetting("Computer resigns a lost race", ON_OFF, False),
}
"""Where the bottom player's home board is ("right": anticlockwise play), whose numbering the
board's point numbers and the hints' plays are written in (the player on roll's, as GNU
Backgammon and eXtreme Gammon number them, or always the bottom player's), whether a race's
bear-off that takes off the most checkers is played without asking, and whether the computer
levels offer to resign a race they cannot lose less in (:mod:`.resignation.decide`; off by
default, and tournaments never resign)."""

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


def dice_cells(text: str) -> tuple[tuple[int, int], ...]:
    """A roll's cells in the 6×6 grid of two dice (row: one die, column: the other): ``"31"``
    in 3-1 and 1-3, ``"33"`` on the diagonal; none for an opening roll naming its starter."""
    if len(text) != 2 or not text.isdigit():
        return ()
    a, b = int(text[0]) - 1, int(text[1]) - 1
    return ((a, b),) if a == b else ((a, b), (b, a))


DIE_FACES = tuple(str(n) for n in range(1, 7))
def dice_shown(state: BackgammonState) -> str | None:
    """The dice of a position in words ("31"); ``None`` before the roll (a cube decision)."""
    return None if state.dice is None else f"{state.dice[0]}{state.dice[1]}"


def position_choices(state: BackgammonState) -> dict[str, str]:
    """The menu's cube options a position implies (:data:`CUBE_OPTIONS`): a match's length, or
    a money game with its Jacoby rule and beavers, or cubeless play."""
    cube = state.cube
    if cube is None:
        return {"match_length": "money", "cube": "off"}
    if cube.match_length:
        return {"match_length": str(cube.match_length)}
    return {"match_length": "money", "cube": "on", "jacoby": "on" if cube.jacoby else "off",
            "beavers": "on" if cube.beavers else "off"}


def shown_move(text: str) -> str:
    """A move list's words for a turn's text: the match files' ``Doubles => 2`` (and
    ``Beavers => 4``) as ``Doubles to 2``."""
    return text.replace(" => ", " to ") if " => " in text else text


def undrawn_dice(state: BackgammonState) -> BackgammonState | None:
    """``state`` before its roll: the same board and player, no dice, the cube not turned (its
    phase the roll's); ``None`` without dice or for the opening roll (it names who starts)."""
    if state.dice is None or state.opening or state.turn is None:
        return None
    cube = state.cube if state.cube is None else replace(state.cube, phase=ROLLING)
    return replace(state, dice=None, cube=cube)


DICE = Chance("dice", sound="dice", given=given_dice, shown=dice_shown,
              in_move_list=lambda text: text.split()[-1], entry=ENTRY,
              grid=OutcomeGrid(DIE_FACES, DIE_FACES, dice_cells), undrawn=undrawn_dice)
"""Dice decide the chance nodes; the opening roll's notation names the starter ("white 31"),
which the move list leaves out (its line already names the mover).  A human's dice may be
entered by hand (:mod:`.manual_dice`), and the 21 rolls lay out as the 6×6 grid of two dice
(the window's "every roll", W)."""

GAME = GameInfo(
    name="backgammon",
    title="Backgammon",
    rules=BackgammonRules,
    notation=Notation(
        parse_position=parse_position,
        position_forms="a GNU Backgammon position ID, posid:matchid, or an XGID",
        format_position=format_position,
        split_moves=split_turns,
        join_moves=join_turns,
        move_noun="play",
        decision_heading=decision_heading,
        move_json=move_json,
        form_name="GNU ID",
        other_forms={"xgid": format_xgid},
        diagram=format_diagram,
        shown_move=shown_move,
    ),
    players=Players(PLAYER_NAMES, "expert", lazy("game.backgammon.players.by_name:make_player"), TITLES,
                    PLAYER_DESCRIPTIONS),
    chance=DICE,
    options=Options(setup=CUBE_OPTIONS, move_list={"first": SetupOption("First to move", COLOURS, "white")},
                    settings=SETTINGS, of_position=position_choices),
    ending=Ending(outcome, describe, {2: "gammons", 3: "backgammons"}),
    abilities={
        View: lazy("game.backgammon.view.pygame_view:make_view"),
        RulesPage: lazy("game.backgammon.rules_page:PAGE"),
        Analysis: lazy("game.backgammon.analysis.ai:ANALYSIS"),
        Review: lazy("game.backgammon.analysis.review:REVIEW"),
        Rollouts: lazy("game.backgammon.rollout.capability:ROLLOUTS"),
        TournamentPlay: lazy("game.backgammon.players.tournament:TOURNAMENT"),
        MatchFiles: lazy("game.backgammon.matfile.capability:MATCH_FILES"),
        Commands: lazy("game.backgammon.commands:COMMANDS"),
        PositionEditor: lazy("game.backgammon.editor:EDITOR"),
        Training: lazy("game.backgammon.nets.command:TRAINING"),
        Calibration: lazy("game.backgammon.evaluators.calibration:CALIBRATION"),
        Library: lazy("game.backgammon.library:LIBRARY"),
        Drill: lazy("game.backgammon.drill:DRILL"),
        MatchEquity: lazy("game.backgammon.cube.met_choice:MATCH_EQUITY"),
        Theory: lazy("game.backgammon.theory.ability:THEORY"),
    },
)
"""Backgammon's declaration."""
