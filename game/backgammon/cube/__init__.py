"""Doubling-cube mathematics for backgammon: pure functions on numbers, no board, no rules.

- :mod:`.met`: match equity tables (the shipped Kazaross XG2 via :func:`kazaross`);
- :mod:`.money`: Janowski's money cubeful equities (vectorised over chance arrays);
- :mod:`.match`: match cubeful equities in MWC and EMG;
- :mod:`.decision`: :func:`decide`, the proper action in GNU Backgammon's words.
"""

from .context import CENTRE, ME, OPPONENT, CubeContext, may_double
from .decision import CubeDecision, CubeVerdict, classify, decide
from .met import MatchEquityTable, kazaross

__all__ = ["CENTRE", "ME", "OPPONENT", "CubeContext", "CubeDecision", "CubeVerdict", "MatchEquityTable",
           "classify", "decide", "kazaross", "may_double"]
