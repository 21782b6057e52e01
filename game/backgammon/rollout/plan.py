"""What to roll out from a position: the candidates and the stakes, as a :class:`~.spec.RolloutSpec`.

- **Dice rolled**: the candidate plays, either those given (``moves``, in notation), or the
  ``top`` best at the selection level (an analysis, as the hint window's; ``tabula rollout``
  asks for 5, as the window rolls out its table's top five), or without ``top`` the best
  :data:`MAX_CANDIDATES` within :data:`WITHIN` of the best.  Each trial starts after the play,
  the opponent to roll.
- **Before the roll**: the position itself; and where the player on roll may double (or
  has doubled: the taker's decision is the same one seen from the other side, as ``tabula
  cube`` shows it) two lines, no double and double/take, the cube doubled and owned by the
  taker; double/pass needs no trials (+1).
- **Cubeful** where the position has a cube (a GNU ``posid:matchid`` or an XGID); a bare
  position ID is cubeless, as everywhere in Tabula.
"""

from __future__ import annotations

from ..analysis.ai import analyze_position, strongest_evaluator
from ..analysis.levels import LEVELS
from ..cube.rules import decision
from ..evaluators import evaluator_names
from ..position import format_position
from ..rules import BackgammonRules
from ..state import BackgammonState
from .cubeful import CENTRE, OTHER, ROOT, Stakes
from .spec import PRUNE_KEEP, Candidate, RolloutSpec

MAX_CANDIDATES = 5
"""Most plays rolled out by default."""
WITHIN = 0.16
"""How far behind the best (equity at the selection level) a play may be to be rolled out."""
TRIAL_LEVEL = "intermediate"
"""The level whose depth plays the trials by default: 0 ply (its noise is not used)."""
SELECT_LEVEL = "advanced"
"""The level the default candidates are chosen at (the analysis' default, 1 ply)."""
NO_DOUBLE, DOUBLE_TAKE, BEFORE_ROLL = "No double", "Double/take", "Before the roll"


def stakes_of(state: BackgammonState) -> Stakes | None:
    """The game's stakes from the view of the player on turn (``None`` without a cube)."""
    cube = state.cube
    if cube is None:
        return None
    me = state.turn
    owner = CENTRE if cube.owner is None else ROOT if cube.owner == me else OTHER
    return Stakes(match_length=cube.match_length, score=(cube.score[me], cube.score[1 - me]),
                  crawford=cube.crawford, post_crawford=cube.post_crawford, jacoby=cube.jacoby,
                  beavers=cube.beavers, value=cube.value, owner=owner)


def candidate_plays(state: BackgammonState, moves=None, level: str = SELECT_LEVEL,
                    evaluator: str | None = None, top: int | None = None) -> list[tuple[str, object]]:
    """``(notation, play)`` of the plays to roll out: ``moves`` parsed (``ValueError`` for an
    illegal, ambiguous or repeated one), else the analysis' ``top`` best, or without ``top``
    its best within reach (see the module doc)."""
    rules = BackgammonRules()
    if moves:
        chosen, seen = [], {}
        for text in moves:
            play = rules.parse_play(state, text)
            after = rules.apply(state, play).sides
            if after in seen:
                raise ValueError(f"{text!r} is the same play as {seen[after]!r}")
            seen[after] = text
            chosen.append((rules.notation(state, play), play))
        return chosen
    records = analyze_position(state, level, evaluator, brief=True)
    best = records[:top] if top else [r for r in records if r.diff >= -WITHIN][:MAX_CANDIDATES]
    return [(r.notation, r.move) for r in best]


def plan(state: BackgammonState, moves=None, *, trials: int = 1296, level: str = TRIAL_LEVEL,
         select_level: str = SELECT_LEVEL, evaluator: str | None = None, seed: int = 0,
         truncate: int | None = None, variance_reduction: bool = True, bearoff: bool = True,
         stop_ci: float | None = None, early_stop: bool = True,
         prune: int | None = PRUNE_KEEP, top: int | None = None, cubeless: bool = False) -> RolloutSpec:
    """The rollout of ``state`` (see the module doc); ``ValueError`` for what cannot be rolled
    out (a finished game, moves without dice, an unknown level or evaluator).  ``cubeless``:
    played without the cube even in a game with one (its plays' cubeless equities; before the
    roll, the position, not the cube decision)."""
    evaluator = evaluator or strongest_evaluator()
    if evaluator not in evaluator_names():
        raise ValueError(f"unknown evaluator {evaluator!r}; known evaluators: {', '.join(evaluator_names())}")
    for name in (level, select_level):
        if name not in LEVELS:
            raise ValueError(f"unknown level {name!r}; known levels: {', '.join(LEVELS)}")
    rules = BackgammonRules()
    if rules.is_over(state) or (state.cube is not None and state.cube.phase == "over"):
        raise ValueError("the game is over: there is nothing to roll out")
    if state.turn is None:
        raise ValueError("the opening roll has not decided who starts: give the position after it")
    stakes = None if cubeless else stakes_of(state)
    kind = None if cubeless else decision(state)
    if state.dice is not None:
        candidates = tuple(_after_play(state, text, play, stakes)
                           for text, play in candidate_plays(state, moves, select_level, evaluator, top))
        dice = f"{state.dice[0]}{state.dice[1]}"
    else:
        if moves:
            raise ValueError("plays need dice: give --dice (or roll out the position before the roll without --moves)")
        candidates = _before_roll(state, stakes, kind in ("cube", "take"))
        dice = None
    position = format_position(state)
    return RolloutSpec(candidates, trials, evaluator, level=level, seed=seed, truncate=truncate,
                       variance_reduction=variance_reduction, bearoff=bearoff, stakes=stakes, stop_ci=stop_ci,
                       early_stop=early_stop, prune=prune, position=position, dice=dice,
                       decision="cube" if state.dice is None and kind in ("cube", "take") else
                       "play" if state.dice is not None else "position")


def _after_play(state: BackgammonState, text: str, play, stakes: Stakes | None) -> Candidate:
    after = BackgammonRules().apply(state, play)
    mover = state.turn
    value, owner = (1, CENTRE) if stakes is None else (stakes.value, stakes.owner)
    return Candidate(text, after.sides[1 - mover], after.sides[mover], False, value, owner, move=play)


def _before_roll(state: BackgammonState, stakes: Stakes | None, cube_decision: bool) -> tuple[Candidate, ...]:
    me, opp = state.on_roll, state.opponent
    if stakes is None:
        return (Candidate(BEFORE_ROLL, me, opp, True),)
    if not cube_decision:
        return (Candidate(BEFORE_ROLL, me, opp, True, stakes.value, stakes.owner),)
    return Candidate(NO_DOUBLE, me, opp, True, stakes.value, stakes.owner), Candidate(DOUBLE_TAKE, me, opp, True, 2 * stakes.value, OTHER)
