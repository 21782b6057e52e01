"""Backgammon's computer levels and per-move analysis, built on the game-agnostic search.

Values are equities in points for the player named (see :meth:`Evaluator.equity`): the
search works with them, the display score maps them (0.5 points shows as 50), and finished
games count their real 1, 2 or 3 points.

The levels, like GNU Backgammon's presets (0-ply plus noise for the weaker ones, deeper
search for the stronger ones), all use the strongest evaluator available (the trained
``net-full`` network when it is installed, otherwise BRAS):

============ ===== ============================================================ =======
level        plies move filters                                                 noise
============ ===== ============================================================ =======
beginner     0     --                                                           0.12
intermediate 0     --                                                           0.04
advanced     1     the best 8 within 0.16 (by 0-ply equity) searched 1 ply      0
expert       2     the best 5 within 0.16 searched 1 ply, then the best 2       0
                   of those within 0.08 (by 1-ply equity) searched 2 plies
worldclass   2     the best 8 within 0.16 searched 1 ply, then those within     0
                   1.0 (in practice all) searched 2 plies
grandmaster  3     World class's, then the best 2 within 0.04 (by 2-ply         0
                   equity) searched 3 plies
============ ===== ============================================================ =======

**Inside the tree** every level answers each roll with the one reply best at 0 ply, as GNU
Backgammon's n-ply does; the reply is chosen among the 4 the pruning network likes best (3 for
Grandmaster), as GNU's pruning nets shortlist them (:mod:`.lookahead`, which values the whole
tree below the candidates on arrays).  Measured on 2,030 real decisions the shortlist costs no
strength (``bench.strength.error_rate``) and makes the searching levels several times faster
(``python -m bench.speed``; both in ``bench/RESULTS.md``).

Advanced's filter is GNU Backgammon's own for 1 ply (its "normal" move filter); with a
narrower one (the best 4 within 0.20) the review agreed less with GNU's 1 ply
(``python -m bench.agreement.review``, ``bench/RESULTS.md``).  Noise is the standard deviation
added to each play's equity, in points.  Expert narrows its candidates from one ply to the
next, as GNU Backgammon's 2-ply does (its ``MoveFilter``s): measured against a much wider
2-ply search it chose the same plays on sampled positions at about a third of the nodes.
World class is GNU Backgammon's own 2-ply analysis (its "world class" setting: the best 8
within 0.16 at 0 ply, no further narrowing), for reviews and analyses that should agree with
GNU's 2 ply (over six real matches its equity lost per decision correlates with GNU's better
than Expert's does: ``python -m bench.agreement.review``; the figures of both are in
``bench/RESULTS.md``).  Grandmaster spends a third ply only where it can change the choice: on the
two plays World class finds closest, when they are within 0.04 (a play alone there keeps its
2-ply value).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...core.analysis import MoveAnalysis, analyze
from ...core.capabilities import Analysis, TutorMargin
from ...core.factors import LazyFactors
from ...core.search import Limits, ScoredMove, SearchPlayer, SearchResult, expectiminimax, greedy, trails
from ..cube.ai import CubeSearchRules, cube_evaluate, cube_valuer, value_weights
from ..cube.play import cube_records, level_cube_action
from ..evaluators import Evaluator, boards_to_array, evaluator_names, get_evaluator
from ..names import RESIGNS
from ..nets.encoding import equity as outputs_equity
from ..nets.encoding import flip_outputs as flip_chances
from ..resignation.decide import answer, resign_records, resignation
from ..resignation.rules import pending
from ..resignation.state import ResignAction
from ..rules import BackgammonRules
from ..state import BackgammonState
from . import lookahead
from .factors import PlayExplainer
from .levels import LEVELS, Level, get_level  # noqa: F401  (LEVELS: the levels, for the players)
from .scale import CHANCES, DISPLAY_SCALE
from .warnings import play_warnings, worse_than_best

FAR_WORSE = 0.10
"""Equity behind the best play from which a play is called far worse."""
WINS = {1: "wins the game", 2: "wins a gammon", 3: "wins a backgammon"}
"""The factor that explains a play ending the game, by the points it wins."""


def strongest_evaluator() -> str:
    """The best evaluator installed: the full-board network if present, else BRAS."""
    return "net-full" if "net-full" in evaluator_names() else "bras"


def state_evaluate(evaluator: Evaluator):
    """The search's evaluate callback: each state's equity for ``player``.

    Every state is valued from its side on roll (what the networks are trained on) and the
    sign flipped for the other player; the equities are antisymmetric, so that is exact.
    """

    def evaluate(states: Sequence[BackgammonState], player: int) -> np.ndarray:
        batch = boards_to_array([(s.sides[s.turn], s.sides[1 - s.turn]) for s in states])
        sign = np.array([1.0 if s.turn == player else -1.0 for s in states])
        return evaluator.equity(batch) * sign

    return evaluate


def _search_with(level: Level):
    """The search function and its options for ``level``."""
    if level.plies == 0:
        return greedy, {}
    return expectiminimax, {"plies": level.plies, "move_filter": level.move_filter, "root_filters": level.root_filters,
                            "deepen_alone": level.deepen_alone}


def search(state: BackgammonState, level: Level, evaluator: Evaluator, limits: Limits | None = None,
           with_chances: bool = False, include=None) -> SearchResult:
    """Every legal play of ``state`` (dice rolled) ranked at ``level`` with ``evaluator``.

    ``with_chances`` carries each play's chances through the search (:func:`state_valuer`):
    :attr:`ScoredMove.details` then holds them for player 0, at the depth of the value.
    In a game with the cube the search sees only plays and dice (:class:`.cube.ai.CubeSearchRules`).
    ``include``, a legal play, is searched as deep as the best whatever the level's filters say
    (at 0 ply every play already is).
    """
    run, options = _search_with(level)
    if include is not None and level.plies:
        options["include"] = include
    if level.plies and lookahead.supported(evaluator):
        options["deep"] = state_lookahead(evaluator, state.cube, level.reply_shortlist)
    if state.cube is not None:
        rules, evaluate, valuer = CubeSearchRules(), cube_evaluate(evaluator), cube_valuer(evaluator)
    else:
        rules, evaluate, valuer = BackgammonRules(), state_evaluate(evaluator), state_valuer(evaluator)
    if with_chances:
        return run(rules, state, valuer=valuer, limits=limits, **options)
    return run(rules, state, evaluate, limits=limits, **options)




def state_lookahead(evaluator: Evaluator, cube, shortlist: int | None = None):
    """The search's ``deep`` (:mod:`game.core.search.expectiminimax`): states searched a
    number of plies deep on arrays (:class:`.lookahead.Lookahead`), valued as
    :func:`state_valuer` (no cube) or :func:`..cube.ai.cube_valuer` (``cube``) values them."""
    if cube is None:
        weights, ended = np.stack([lookahead.MONEY, lookahead.MONEY]), None
    else:
        weights = np.stack([value_weights(cube, 0), value_weights(cube, 1)])
        single = cube.points(2) == cube.points(1)  # Jacoby's rule while the cube is centred
        ended = np.stack([lookahead.SINGLE, lookahead.SINGLE]) * cube.value if single else None

    def deep(states: Sequence[BackgammonState], plies: int, count) -> tuple[np.ndarray, np.ndarray]:
        boards = boards_to_array([(s.on_roll, s.opponent) for s in states])
        players = np.array([s.turn for s in states], dtype=np.intp)
        search = lookahead.Lookahead(evaluator, weights, shortlist, count, ended)
        values, chances = search.values(boards, players, plies)
        second = players == 1
        chances[second] = flip_chances(chances[second])
        return np.where(second, -values, values), chances

    return deep


def state_valuer(evaluator: Evaluator):
    """The search's valuer (see :mod:`game.core.search.base`): each state's equity and chances
    for player 0, finished games exactly.

    Networks give their chances (:data:`CHANCES`, or just the win chance for ``net-phase48``;
    the equity is made of them, so one forward pass gives both); other evaluators only a
    win chance read off their equity, ``(clip(equity, −1, 1) + 1) / 2``.
    """
    rules = BackgammonRules()
    outputs = getattr(evaluator, "probabilities", None)

    def valuer(states: Sequence[BackgammonState]) -> tuple[np.ndarray, np.ndarray]:
        batch = boards_to_array([(s.on_roll, s.opponent) for s in states])
        second = np.array([s.turn == 1 for s in states])
        if outputs is not None:  # the networks' outputs are exact for finished games too
            chances = outputs(batch)
            chances[second] = flip_chances(chances[second])
            np.clip(chances, 0.0, 1.0, out=chances)  # rounding may leave 1 + 2e-16
            values = outputs_equity(chances)
        else:
            values = np.where(second, -1.0, 1.0) * evaluator.equity(batch)
            chances = None
        for i, s in enumerate(states):  # finished games count their real 1, 2 or 3 points
            if rules.is_over(s):
                values[i] = rules.result(s)[0]
        return values, chances if chances is not None else ((np.clip(values, -1.0, 1.0) + 1.0) / 2.0)[:, None]

    return valuer


class LevelPlayer(SearchPlayer):
    """A level's player: the plain search in cubeless play (unchanged); in a game with the
    cube, the level's cube decisions (:mod:`.cube.play`) and plays searched with
    :class:`.cube.ai.CubeSearchRules`, the same noise generator throughout.  An offer to
    resign it answers by GNU Backgammon's rule (:func:`..resignation.decide.answer`, at every
    level, without noise); with ``resigns`` set (the window's "computer resigns" setting) it
    offers to resign a race it cannot lose less in (:func:`..resignation.decide.resignation`)."""

    def __init__(self, level: Level, evaluator: Evaluator, seed: int | None = None, resigns: bool = False) -> None:
        super().__init__(self._ranked, state_evaluate(evaluator), name=level.name, limits=Limits(), noise=level.noise,
                         seed=seed)
        self.level = level
        self.evaluator = evaluator
        self.resigns = resigns

    def _ranked(self, rules, state: BackgammonState, evaluate, *, limits: Limits) -> SearchResult:
        """The level's :func:`search` of ``state``: its rules and values follow the state's
        cube (plain play, or :class:`.cube.ai.CubeSearchRules` in a game with the cube)."""
        return search(state, self.level, self.evaluator, limits)

    def use_settings(self, settings) -> None:
        """The game's setting :data:`RESIGNS` (the window's "Computer resigns a lost race")."""
        self.resigns = bool(settings.get(RESIGNS, False))

    def choose_until(self, rules, state, cancel):
        if pending(state):
            return answer(state, self.evaluator)
        offer = resignation(state) if self.resigns else None
        if offer is not None:
            return offer
        if state.cube is None:
            return super().choose_until(rules, state, cancel)
        if state.dice is None:  # a cube decision (the rules ask only then)
            moves = rules.legal_moves(state)
            if len(moves) == 1:
                return moves[0]
            return level_cube_action(state, get_level(self.name).cube_plies, self.evaluator, self.noise, self.rng)
        return super().choose_until(CubeSearchRules(), state, cancel)


def level_player(level_name: str, seed: int | None = None, evaluator_name: str | None = None) -> LevelPlayer:
    """The computer player of a named level (its noise seeded, so its games replay)."""
    return LevelPlayer(get_level(level_name), get_evaluator(evaluator_name or strongest_evaluator()), seed)


def _mover_view(state: BackgammonState, scored: ScoredMove) -> tuple[tuple, tuple]:
    mover = state.turn
    return scored.after.sides[mover], scored.after.sides[1 - mover]


def analyze_position(
    state: BackgammonState, level: str = "advanced", evaluator: str | None = None, limits: Limits | None = None,
    include=None, brief: bool = False,
) -> list[MoveAnalysis]:
    """The analysis record of every legal play, best first (see :mod:`game.core.analysis`).

    ``details`` holds the equity and the mover's chances after the play (:data:`CHANCES`,
    or just ``win`` for evaluators without those outputs), searched as deep as the value;
    ``factors`` the evaluator's explanation of the play's 0-ply value in points
    (:meth:`Evaluator.play_factors`: they add up to it), computed when first read
    (:mod:`.factors`: the window reads one row's); ``warnings`` :mod:`.warnings`'
    sentences.  ``diff`` and the "worse than" warning compare a play with the best at the
    deepest depth both were searched to (:func:`game.core.search.trails`); ``include`` (the
    play a review compares, as GNU Backgammon's analysis does with the move made) is searched
    as deep as the best.  A cube decision has no filters and ignores it.  A resignation is
    analysed as such (:func:`..resignation.decide.resign_records`): its answer while an offer
    waits, and the offer against playing on when ``include`` is an offer made.  ``brief``: no
    factors and no warnings (a review's records: only values, details and ranks are read).
    """
    chosen = get_evaluator(evaluator or strongest_evaluator())
    if pending(state) or isinstance(include, ResignAction):  # a resignation: its answer, or the offer made
        return resign_records(state, chosen, None if pending(state) else include)
    if state.cube is not None and state.dice is None:  # a cube decision: roll or double, take or pass
        return cube_records(state, get_level(level).cube_plies, chosen)
    ranked = search(state, get_level(level), chosen, limits, with_chances=True, include=include)
    if not ranked.moves:
        return []
    rules = BackgammonRules() if state.cube is None else CubeSearchRules()

    def details(_, scored):
        chances = scored.details if state.turn == 0 else tuple(flip_chances(np.array(scored.details)))
        return {"equity": scored.value, **dict(zip(CHANCES, map(float, chances)))}

    if brief:
        return analyze(rules, state, ranked.moves, DISPLAY_SCALE, details=details)
    before = (state.on_roll, state.opponent)
    best_text = rules.notation(state, ranked.best.move)
    views = [_mover_view(state, m) for m in ranked.moves]
    ended = {i: {WINS[rules.win_kind(m.after)]: m.value}  # a play that ends the game is explained by its result
             for i, m in enumerate(ranked.moves) if rules.is_over(m.after)}
    explainer = PlayExplainer(evaluator or strongest_evaluator(), tuple(views), ended)
    factors = {m.move: LazyFactors(explainer, i) for i, m in enumerate(ranked.moves)}

    def warnings(_, scored, best):
        behind = trails(scored, best)
        found = play_warnings(before, _mover_view(state, scored), views, behind if scored is not best else 0.0)
        far = worse_than_best(behind, best_text, FAR_WORSE)
        if far and scored is not best:
            found.append(far)
        return found

    return analyze(rules, state, ranked.moves, DISPLAY_SCALE, explain=lambda _, m: factors[m.move],
                   details=details, warnings=warnings)


def _analysis() -> Analysis:
    from ..evaluators.report import DEFAULT_EVALUATOR, evaluate

    return Analysis(
        analyze=analyze_position,
        levels=tuple(LEVELS.values()),
        options={"level": "advanced", "evaluator": strongest_evaluator()},
        cancellable=True,
        includes=True,
        brief=True,
        columns=tuple(zip(CHANCES, ("Win", "W(g)", "W(bg)", "L(g)", "L(bg)"))),
        tutor_margin=TutorMargin(0.10, "value", "points of equity"),
        legend="Equity: cubeless for plays, cubeful for cube actions · Chances in % after the play · "
               "[Score]: the equity scaled to ±100",
        value_heading="Equity",
        evaluators=tuple(evaluator_names()),
        default_evaluator=DEFAULT_EVALUATOR,
        evaluate=evaluate,
    )


ANALYSIS = _analysis()
"""Backgammon's :class:`~game.core.capabilities.Analysis`, as ``info.ability(Analysis)`` loads it.
The tutor questions a play 0.10 points of equity or more behind the best (GNU Backgammon's
line between a doubtful and a bad play, also where the analysis warns "far worse")."""
