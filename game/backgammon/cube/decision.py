"""The cube decision of the player on roll, worded as GNU Backgammon words it.

:func:`decide` takes the roller's cubeless chances and a :class:`CubeContext` and returns a
:class:`CubeDecision`: the three normalised equities (no double, double/take, double/pass;
+1 is a double/pass), the proper action and what each wrong action costs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from . import match, money
from .context import ME, CubeContext, check_chances, may_double
from .met import MatchEquityTable

DOUBLER_ACTIONS = ("no double", "double")
TAKER_ACTIONS = ("take", "pass", "beaver")


class CubeVerdict(Enum):
    """The proper cube action, as GNU Backgammon's ``cubedecision`` enum names it: what the
    roller does and what the taker answers.  Code reads :attr:`doubles`, :attr:`answer`,
    :attr:`too_good` and :attr:`dead`; :meth:`words` is for display only ("Double, take",
    "Too good to redouble, pass")."""

    DOUBLE_TAKE = ("double", "take", "{Do}, take")
    DOUBLE_PASS = ("double", "pass", "{Do}, pass")
    DOUBLE_BEAVER = ("double", "beaver", "{Do}, beaver")
    NO_DOUBLE_TAKE = ("no double", "take", "{No}, take")
    NO_DOUBLE_BEAVER = ("no double", "beaver", "{No}, beaver")
    TOO_GOOD_TAKE = ("no double", "take", "Too good to {verb}, take")
    TOO_GOOD_PASS = ("no double", "pass", "Too good to {verb}, pass")
    NEVER_DOUBLE_TAKE = ("no double", "take", "Never {verb}, take (dead cube)")

    @property
    def doubles(self) -> bool:
        """Whether the roller should double (or redouble) now."""
        return self.value[0] == "double"

    @property
    def answer(self) -> str:
        """The taker's right answer to a double: ``"take"``, ``"pass"`` or ``"beaver"``."""
        return self.value[1]

    @property
    def too_good(self) -> bool:
        return self in (CubeVerdict.TOO_GOOD_TAKE, CubeVerdict.TOO_GOOD_PASS)

    @property
    def dead(self) -> bool:
        """Match play where doubling cannot help the roller."""
        return self is CubeVerdict.NEVER_DOUBLE_TAKE

    def key(self, redouble: bool = False) -> str:
        """The action as a command-line JSON key: ``no_double``, ``double_take``,
        ``double_pass``, ``too_good`` (take or pass), ``double_beaver``, ``no_double_beaver``,
        with ``redouble`` in place of ``double`` when the roller owns the cube (a dead
        cube's "never double" is ``no_double``)."""
        v = CubeVerdict
        key = {v.DOUBLE_TAKE: "double_take", v.DOUBLE_PASS: "double_pass", v.DOUBLE_BEAVER: "double_beaver",
               v.NO_DOUBLE_TAKE: "no_double", v.NO_DOUBLE_BEAVER: "no_double_beaver", v.TOO_GOOD_TAKE: "too_good",
               v.TOO_GOOD_PASS: "too_good", v.NEVER_DOUBLE_TAKE: "no_double"}[self]
        return key.replace("double", "redouble") if redouble else key

    def words(self, redouble: bool = False) -> str:
        """The action as GNU Backgammon words it, for display."""
        verb = "redouble" if redouble else "double"
        return self.value[2].format(Do=verb.capitalize(), No=f"No {verb}", verb=verb)


def classify(nd: float, dt: float, dp: float, *, can_gammon: bool = True, beavers: bool = False,
             dead: bool = False) -> CubeVerdict:
    """GNU Backgammon's proper cube action (its FindBestCubeDecision) from ND, DT and DP.

    Double when DT >= ND and DP >= ND; then take when DP > DT, else pass.  Otherwise no
    double, worded "too good" when ND beats DP and the roller can win a gammon (a position
    with no gammons is never too good: it is then a plain double/pass).  The taker
    beavers (money only) when a take is right and -2 <= DT <= 0; a double the taker would
    beaver and which ends worse than ND (2 DT < ND) is "No double, beaver".  ``dead`` is
    match play where doubling cannot help the roller: "Never double, take (dead cube)".
    """
    v = CubeVerdict
    if dead:
        return v.NEVER_DOUBLE_TAKE
    beaver = beavers and -2.0 <= dt <= 0.0
    if dt >= nd and dp >= nd:
        if dp <= dt:
            return v.DOUBLE_PASS
        if beaver:
            return v.NO_DOUBLE_BEAVER if 2.0 * dt < nd else v.DOUBLE_BEAVER
        return v.DOUBLE_TAKE
    if nd > dt and dt <= dp:
        if nd > dp:
            return v.TOO_GOOD_TAKE if can_gammon else v.NO_DOUBLE_TAKE
        return v.NO_DOUBLE_BEAVER if beaver else v.NO_DOUBLE_TAKE
    return v.TOO_GOOD_PASS if can_gammon else v.DOUBLE_PASS


@dataclass(frozen=True)
class CubeDecision:
    """A cube decision from the roller's view.

    ``nd``, ``dt``, ``dp``: equities per unit of the current cube (money) or EMG (match);
    ``mwc``: (nd, dt, dp) as match winning chances in a match, else None;
    ``take_point``: the least winning chance with which the opponent should take;
    ``beavers``: whether the taker may beaver (money with beavers on).
    """

    nd: float
    dt: float
    dp: float
    verdict: CubeVerdict
    take_point: float
    chances: tuple[float, float, float, float, float]
    redouble: bool = False
    beavers: bool = False
    mwc: tuple[float, float, float] | None = None

    @property
    def action(self) -> str:
        """The proper action in GNU Backgammon's words ("Too good to redouble, pass"): display only."""
        return self.verdict.words(self.redouble)

    def best_double_action(self) -> str:
        """``"double"`` or ``"no double"``."""
        return "double" if self.verdict.doubles else "no double"

    def best_take_action(self) -> str:
        """``"take"``, ``"pass"`` or ``"beaver"``: the answer to a double."""
        return self.verdict.answer

    def _doubled(self) -> float:
        """The roller's equity after doubling, against the best answer."""
        answers = [self.dt, self.dp] + ([2.0 * self.dt] if self.beavers else [])
        return min(answers)

    @property
    def equity(self) -> float:
        """The roller's equity with the proper action."""
        return max(self.nd, self._doubled())

    def error(self, action: str) -> float:
        """What ``action`` costs its player against the best choice, in the units of nd/dt/dp:
        "no double"/"double" for the roller, "take"/"pass"/"beaver" for the opponent."""
        if action in DOUBLER_ACTIONS:
            return self.equity - (self.nd if action == "no double" else self._doubled())
        values = {"take": -self.dt, "pass": -self.dp}
        if self.beavers:
            values["beaver"] = -2.0 * self.dt
        if action not in values:
            raise ValueError(f"unknown cube action {action!r} (one of {DOUBLER_ACTIONS + tuple(values)})")
        return max(values.values()) - values[action]

    def warning(self, action: str, threshold: float = 0.0005) -> str | None:
        """A sentence such as "A pass would lose 0.210" when ``action`` costs more than ``threshold``."""
        lost = self.error(action)
        return f"A {action} would lose {lost:.3f}" if lost > threshold else None


def decide(chances, context: CubeContext = CubeContext(), cube_life: float = money.CONTACT_CUBE_LIFE,
           met: MatchEquityTable | None = None) -> CubeDecision:
    """The cube decision for the roller with cubeless ``chances`` (win, wg, wbg, lg, lbg).

    ``cube_life`` is Janowski's x (0 dead .. 1 fully live); ``met`` defaults to Kazaross XG2.
    A ``ValueError`` when the rules do not let the roller double (see :func:`may_double`).
    """
    chances = check_chances(chances)
    if not may_double(context):
        raise ValueError("the player on roll may not double here (Crawford game, opponent's cube or cube limit)")
    redouble = context.owner == ME
    if context.is_money:
        nd, dt, dp = money.cube_equities(chances, context.owner, context.jacoby, cube_life)
        w, l = money.average_values(chances)
        tp, mwc, beavers, dead = float(money.take_point(l, w, cube_life)), None, context.beavers, False
    else:
        m = match.cube_equities(chances, context, cube_life, met)
        nd, dt, dp, tp = m.nd, m.dt, m.dp, m.take_point
        mwc, beavers, dead = (m.nd_mwc, m.dt_mwc, m.dp_mwc), False, context.dead_for_me
    verdict = classify(nd, dt, dp, can_gammon=chances[1] > 0, beavers=beavers, dead=dead)
    return CubeDecision(nd, dt, dp, verdict, tp, chances, redouble, beavers, mwc)
