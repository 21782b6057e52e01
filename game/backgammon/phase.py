"""The phase of a backgammon position as GNU Backgammon classifies it (:func:`classify`:
``contact``, ``crashed``, ``race`` or ``bearoff``) and the pip counts (:func:`pip_counts`),
for the study library's search ("every race position where I lost 0.08").

The definitions are GNU Backgammon's ``ClassifyPosition`` (``eval.c``; read in the 1.0x
source, hwatheod/gnubg-web ``gnubg/eval.c``, with ``isBearoff`` of ``bearoff.c``).  GNU
indexes a side's slots 0..24: slot ``i`` is the side's point ``i + 1`` and slot 24 its bar,
so GNU's slot ``i`` is our ``side[i + 1]`` (:mod:`.board`).  ``nBack`` and ``nOppBack`` are
the two sides' rearmost occupied slots (-1 when a side has no checker left).

- **over**: a side has no checker on the board or the bar (``nBack < 0 || nOppBack < 0``);
  this module calls it ``bearoff`` (the library has no phase for a finished game).
- **contact** when ``nBack + nOppBack > 22``: in our numbering the two rearmost points
  (the bar 25) add up to more than 24, so a checker of one side still has to pass one of
  the other's.  Then, for either side, with ``tot`` its checkers not borne off (board and
  bar), ``b0`` those on its 1-point and ``b1`` on its 2-point, the position is **crashed**
  (GNU: "one side has less than 7 active checkers", ``N = 6``) when

  - ``tot <= 6``; or
  - ``b0 > 1`` and ``tot <= 6 + b0``; or
  - ``b0 > 1``, ``b1 > 1`` and ``1 + tot - (b0 + b1) <= 6``; or
  - ``b0 <= 1`` and ``tot <= 6 + (b1 - 1)`` (GNU's unsigned sum wraps to 5 when
    ``b1 = 0``, which the first rule already covers);

  else **contact**.
- **bearoff** without contact when GNU's bearoff databases hold the position
  (``isBearoff``: both sides' rearmost checkers below the database's ``nPoints``, and at most
  ``nChequers`` checkers each).  With GNU's standard databases (two-sided 6 points × 6
  checkers, one-sided 6 points × 15 checkers) that is: every checker of both sides on points
  1..6.  Else **race**.  (GNU's optional larger databases, when a user installs them, widen
  its bearoff classes; the standard ones are the definition here.)

GNU numbers its classes 0 over, 1..3 hypergammon, 4..7 the bearoff databases (two-sided,
two-sided large, one-sided, one-sided large), 8 race, 9 crashed, 10 contact.  gnubg-nn (GNU's
evaluator library, the tests' reference; its ``ClassifyPosition`` in Joseph Heled's
``gnubg/eval.c``) has the same contact and crashed rules (written ``tot - b0 <= 6`` and
``tot - (b1 - 1) <= 6``: the same inequalities) and the same bearoff, numbered 0 over,
1 two-sided bearoff (both sides with at most 6 checkers left, all home), 2 one-sided
bearoff (its ``c_bearoff``: the other all-home positions), 3 race, 4 crashed, 5 contact;
``tests/backgammon/test_phase.py`` checks that the two agree.
"""

from __future__ import annotations

from .board import CHECKERS, OFF, Side, pip_count
from .movegen import rearmost
from .state import BackgammonState

CONTACT, CRASHED, RACE, BEAROFF = "contact", "crashed", "race", "bearoff"
PHASES = (CONTACT, CRASHED, RACE, BEAROFF)
"""The phases, in GNU Backgammon's words."""

_N = 6
"""GNU's ``N``: a side with about this few active checkers has crashed."""
_HOME = 6
"""The points GNU's standard bearoff databases cover (``nPoints``)."""


def _crashed(side: Side) -> bool:
    """GNU's ``N = 6`` rule for one side (see the module doc)."""
    tot = CHECKERS - side[OFF]
    b0, b1 = side[1], side[2]
    if tot <= _N:
        return True
    if b0 > 1:
        return tot <= _N + b0 or (b1 > 1 and 1 + tot - (b0 + b1) <= _N)
    return tot <= _N + b1 - 1


def classify_sides(first: Side, second: Side) -> str:
    """The phase of the board with sides ``first`` and ``second`` (each in its own numbering;
    the phase does not depend on which is on roll)."""
    back, other_back = rearmost(first), rearmost(second)
    if not back or not other_back:
        return BEAROFF  # GNU's "over"
    if back + other_back > 24:
        return CRASHED if _crashed(first) or _crashed(second) else CONTACT
    return BEAROFF if back <= _HOME and other_back <= _HOME else RACE


def classify(state: BackgammonState) -> str:
    """``contact``, ``crashed``, ``race`` or ``bearoff``: GNU Backgammon's class of ``state``'s
    board (see the module doc)."""
    return classify_sides(*state.sides)


def pip_counts(state: BackgammonState) -> tuple[int, int]:
    """The pips players 0 and 1 still have to travel (a checker on the bar counts 25)."""
    return pip_count(state.sides[0]), pip_count(state.sides[1])
