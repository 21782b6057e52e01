"""The computer's side of a resignation, as GNU Backgammon decides it: what playing on is
worth, accepting or declining an offer, resigning a race it cannot lose less in, and the
analysis records of a resignation decision (for the hint table and the review).

**Playing on** (:func:`play_on`) is valued for the resigner (the player on turn), at 0 ply
as GNU Backgammon values resignations, cubefully as the cube look-ahead values its leaves
(:func:`..cube.ai.leaf_values`: Janowski's model in money, the match equity table in a
match, each side using the cube as it may): before the roll, the position with the resigner
on roll; after it, the resigner's best play, each play valued with the opponent then on roll
(a play that wins counts its points exactly).  Without a cube it is the cubeless equity.
Units: money points (the cube's value included), the resigner's match winning chance (MWC)
in a match, points without a cube.  The evaluator's chances are first held to what the board
makes certain (:func:`known_chances`: no gammon against a side with a checker off, no
backgammon in a race against a side with none left in the other's home board), so a race
network's small estimates of the impossible never turn an exact offer down.

**Accepting** (:func:`accepts`): GNU Backgammon's rule, from the opponent's side: accept
when what the offer gives (its level times the cube; in a match the MWC after winning that
many points, so a score past the match length counts as the match won) is at least what
playing on is worth, within :data:`TOLERANCE`.  Declining then never gains: the offer is
already worth as much as the game.

**Resigning** (:func:`certain_loss`), the "computer resigns" setting: only a race that is
lost for certain, decided exactly, never on an estimate: the resigner cannot win (the fewest
rolls it could need to bear off exceed the most its opponent could need), and a gammon
against it is either impossible (a checker is off, or its first checker surely comes off in
time) or certain (then with no checker left in the opponent's home board, so no
backgammon).  The rolls come from the one-sided bearoff database when a side is home, else
from bounds on the pip count (a roll moves at most 24 pips and, in a race, at least 2).  It
then offers the smallest resignation that scores what it is sure to lose (a single game for
a gammon under the Jacoby rule with the cube centred, or when a single game already gives
the opponent the match).

**Records** (:func:`resign_records`), in the units of the cube's records
(:func:`..cube.play.cube_records`): per unit of the cube in money, EMG in a match, points
without a cube.  At an offer waiting for its answer: Accept (the offer's worth) and Decline
(playing on), for the opponent.  At the resigner's decision, the offer made against playing
on ("Resign a gammon" −2, "Play on" the position's worth), as GNU Backgammon reviews a
resignation: an offer that gives up more than the position is worth loses the difference;
a wrong accept or decline loses the difference the other way.
"""

from __future__ import annotations

import numpy as np

from ...core.analysis import OFFER, PLAY, MoveAnalysis, display_score
from ..analysis.scale import CHANCES, DISPLAY_SCALE
from ..analysis.warnings import has_contact
from ..board import CHECKERS, OFF, pip_count
from ..cube import match as match_cube
from ..cube.ai import chances_of, context_of, cube_life_of, leaf_values, met
from ..evaluators import Evaluator, boards_to_array
from ..movegen import legal_plays
from ..nets.encoding import equity as outputs_equity
from ..nets.encoding import flip_outputs
from .display import move_words
from .rules import notation, offers, pending, points
from .state import ACCEPT, DECLINE, LEVEL_WORDS, OFFERS, ResignAction

TOLERANCE = 1e-6
"""How much more playing on may seem to be worth and the offer still be accepted (GNU
Backgammon's ``max_gain``): rounding in the cube models never turns an even offer down."""

PLAY_ON = "Play on"
"""The record of not resigning, at the resigner's decision."""


# --------------------------------------------------------------------------- values


def _value_on_roll(state, player: int, chances: np.ndarray, life: float) -> float:
    """``player``'s value with ``player`` on roll before the roll (see the module doc)."""
    if state.cube is None:
        return float(outputs_equity(chances[None])[0])
    return float(leaf_values(chances[None], context_of(state, player), [life])[0])


def _negate(state, value: float) -> float:
    return 1.0 - value if state.cube is not None and state.cube.is_match else -value


def _won(state, player: int, kind: int) -> float:
    """``player``'s value of winning ``kind`` (1 single, 2 gammon, 3 backgammon) now."""
    if state.cube is None:
        return float(kind)
    if not state.cube.is_match:
        return float(state.cube.points(kind))
    return float(match_cube.outcome_mwcs(context_of(state, player), state.cube.value, met())[kind - 1])


def _kind(loser) -> int:
    if loser[OFF]:
        return 1
    return 3 if any(loser[p] for p in range(19, 26)) else 2


def known_chances(evaluator: Evaluator, rows) -> np.ndarray:
    """:func:`..cube.ai.chances_of` of the ``(on_roll, opponent)`` rows, held to what each board
    makes certain (see the module doc)."""
    chances = chances_of(evaluator, boards_to_array(rows))
    for row, (me, opp) in zip(chances, rows):
        for side, other, gammon, backgammon in ((me, opp, 3, 4), (opp, me, 1, 2)):
            if side[OFF]:
                row[gammon] = row[backgammon] = 0.0
            elif not has_contact(me, opp) and not any(side[p] for p in range(19, 26)):
                row[backgammon] = 0.0
    return chances


def play_on(state, evaluator: Evaluator) -> tuple[float, np.ndarray]:
    """``(value, chances)`` of playing on for the resigner, the player on turn at ``state``
    (an offer waiting, or one being considered): see the module doc.  ``chances`` are the
    resigner's five cubeless chances (:data:`..analysis.scale.CHANCES`)."""
    r = state.turn
    me, opp = state.sides[r], state.sides[1 - r]
    if state.dice is None:
        chances = known_chances(evaluator, [(me, opp)])[0]
        return _value_on_roll(state, r, chances, cube_life_of(me, opp)), chances
    plays = legal_plays(me, opp, *state.dice) or [((), me, opp)]
    live = [(theirs, mine) for _, mine, theirs in plays if mine[OFF] < CHECKERS]
    theirs_chances = iter(known_chances(evaluator, live) if live else ())
    best, best_chances = None, None
    for _, mine, theirs in plays:
        if mine[OFF] == CHECKERS:
            kind = _kind(theirs)
            value, chances = _won(state, r, kind), np.array([1.0, kind >= 2, kind >= 3, 0.0, 0.0])
        else:
            theirs_view = next(theirs_chances)
            value = _negate(state, _value_on_roll(state, 1 - r, theirs_view, cube_life_of(theirs, mine)))
            chances = flip_outputs(theirs_view[None])[0]
        if best is None or value > best:
            best, best_chances = value, chances
    return best, np.asarray(best_chances, dtype=float)


def offered(state, level: int) -> float:
    """The resigner's value of a resignation of ``level`` accepted (same units as :func:`play_on`):
    the level times the cube, the Jacoby rule aside (:mod:`.state`)."""
    if state.cube is not None and state.cube.is_match:
        return _negate(state, _won(state, 1 - state.turn, level))
    return -float(points(state, level))


def units(state, value: float, player: int) -> float:
    """A value of ``player`` in the records' units: per unit of the cube in money, EMG in a
    match (at the current cube), points without a cube."""
    if state.cube is None:
        return value
    if not state.cube.is_match:
        return value / state.cube.value
    return float(match_cube.emg(value, context_of(state, player), met()))


def accepts(state, evaluator: Evaluator) -> bool:
    """Whether the opponent of the resigner should accept the offer waiting at ``state``
    (GNU Backgammon's rule, see the module doc)."""
    value, _ = play_on(state, evaluator)
    return offered(state, state.resign.level) <= value + TOLERANCE


def answer(state, evaluator: Evaluator) -> ResignAction:
    """:data:`~.state.ACCEPT` or :data:`~.state.DECLINE` by :func:`accepts`."""
    return ACCEPT if accepts(state, evaluator) else DECLINE


# --------------------------------------------------------------------------- resigning


def _rolls(side, table: np.ndarray | None) -> tuple[int, float]:
    """``(fewest, most)`` rolls ``side`` may need (``table`` its bearoff database row when it
    is home; the most is infinite when the database's last bin, "31 or more", is used)."""
    if table is not None:
        used = np.flatnonzero(table > 0)
        most = float("inf") if used[-1] == len(table) - 1 else float(used[-1])
        return int(used[0]), most
    pips = pip_count(side)
    return -(-pips // 24), float(-(-pips // 2))


def _home(side) -> bool:
    return not any(side[p] for p in range(7, 26))


def _tables(side):
    """``(off, first)`` database rows of a side that is home, ``(None, None)`` otherwise (or
    without the database)."""
    if not _home(side):
        return None, None
    from ..evaluators.bearoff import database, rank

    try:
        off, first = database()
    except (OSError, ValueError):
        return None, None
    index = int(rank(np.array(side[1:7])))
    return off[index], first[index]


def _first_off(side, first: np.ndarray | None) -> tuple[int, float]:
    """``(fewest, most)`` rolls until ``side`` (none off yet) bears its first checker off."""
    if first is not None:
        return _rolls(side, first)
    outside = sum((p - 6) * side[p] for p in range(7, 26))
    return -(-(outside + 1) // 24), float(-(-pip_count(side) // 2))


def certain_loss(state) -> int | None:
    """The smallest resignation the player on turn at ``state`` loses for certain at least
    (see the module doc), ``None`` when they may do better or the rules allow no offer."""
    if not offers(state):
        return None
    r = state.turn
    me, opp = state.sides[r], state.sides[1 - r]
    if has_contact(me, opp):
        return None
    my_off, my_first = _tables(me)
    opp_off, _ = _tables(opp)
    my_fewest, _ = _rolls(me, my_off)
    opp_fewest, opp_most = _rolls(opp, opp_off)
    if my_fewest <= opp_most:  # I roll first: I win when I need no more rolls than they do
        return None
    if me[OFF]:
        kind = 1
    else:
        first_fewest, first_most = _first_off(me, my_first)
        if first_most <= opp_fewest:
            kind = 1
        elif first_fewest > opp_most and not any(me[p] for p in range(19, 26)):
            kind = 2
        else:
            return None
    level = _covering(state, kind)
    return level if any(offer.level == level for offer in offers(state)) else None


def _covering(state, kind: int) -> int:
    """The smallest level that scores what losing ``kind`` would (Jacoby, the match's end)."""
    cube = state.cube
    if cube is None:
        return kind
    lost = cube.points(kind)
    if cube.is_match:
        lost = min(lost, cube.match_length - cube.score[1 - state.turn])
    return next(level for level in range(1, kind + 1) if level * cube.value >= lost)


def resignation(state) -> ResignAction | None:
    """The offer a computer that resigns makes at ``state`` (:func:`certain_loss`), else ``None``."""
    level = certain_loss(state)
    return None if level is None else OFFERS[level - 1]


# --------------------------------------------------------------------------- records


def resign_records(state, evaluator: Evaluator, offer: ResignAction | None = None) -> list[MoveAnalysis]:
    """The analysis of a resignation decision, best first (see the module doc): the answer to
    the offer waiting at ``state``, or ``offer`` against playing on at the resigner's turn."""
    value, chances = play_on(state, evaluator)
    r = state.turn
    if pending(state):
        level, player = state.resign.level, 1 - r
        rows = [(ACCEPT, units(state, _negate(state, offered(state, level)), player), None),
                (DECLINE, units(state, _negate(state, value), player), None)]
        chances = flip_outputs(chances[None])[0]
    else:
        level, player = offer.level, r
        rows = [(offer, units(state, offered(state, level), player), None),
                (None, units(state, value, player), PLAY_ON)]
    rows.sort(key=lambda row: -row[1])
    best = rows[0][1]
    resigner = ("White", "Black")[r]
    explanation = (f"{resigner} resigns {LEVEL_WORDS[level]} ({points(state, level)} point"
                   f"{'' if points(state, level) == 1 else 's'}); playing on is worth "
                   f"{units(state, value, r):+.3f} to {resigner}",
                   "Accept when the offer is worth at least playing on (GNU Backgammon's rule)")
    details = dict(zip(CHANCES, map(float, chances)))
    records = []
    for rank, (move, worth, words) in enumerate(rows, 1):
        lost = best - worth
        warnings = (f"{words or move_words(move)} loses {lost:.3f}",) if lost > 0.0005 else ()
        records.append(MoveAnalysis(
            move=move, notation=words or notation(state, move), score=display_score(worth, DISPLAY_SCALE),
            value=float(worth), details={"equity": float(worth), **details}, warnings=warnings, factors={},
            rank=rank, diff=float(worth - best), plies=0, exact=True, explanation=explanation,
            score_diff=display_score(worth, DISPLAY_SCALE) - display_score(best, DISPLAY_SCALE),
            kind=PLAY if move is None else OFFER))  # playing on is the play to come
    return records

