"""Backgammon's :class:`~game.core.capabilities.Theory`: the window's theory panel (K).

The panel's figures are the command line's (``tabula cube --theory``, ``tabula race``,
``tabula cube --score-map``) in sections: the cube at this score, and in a race the race
counts.  They are figures of the position before the roll, so a position with the dice rolled
shows those of its roll's start; where the side on roll may not double (the other side owns
the cube, the Crawford game) the cube's figures are left out and the panel says why.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.capabilities.theory import MapCell, ScoreMap, TheoryFigures, TheorySection
from ..cube.state import DECIDE, OFFERED, CubeState
from .actions import ACTIONS, WORDS


def before_roll(state):
    """``state`` at its roll's start with the cube decision open (a bare position: money,
    cube centred); ``None`` with the reason when the side on roll may not double."""
    if state.turn is None or state.winner is not None:
        return None, "the game is not under way"
    cube = state.cube if state.cube is not None else CubeState()
    if cube.phase == OFFERED:
        return None, "a double is offered: the figures are those before it (step back)"
    if cube.is_match and cube.crawford:
        return None, "the Crawford game: nobody may double"
    if cube.owner is not None and cube.owner != state.turn:
        return None, "the other side owns the cube"
    return replace(state, dice=None, cube=replace(cube, phase=DECIDE)), ""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


class BackgammonTheory:
    actions = ACTIONS

    def figures(self, state, level: str) -> TheoryFigures:
        from ..analysis.ai import strongest_evaluator
        from ..analysis.levels import LEVELS
        from ..cube.ai import cube_decision
        from ..evaluators import get_evaluator
        from .cube import cube_theory
        from .race import is_race
        sections = []
        before, missing = before_roll(state)
        if before is not None:
            decision = cube_decision(before, LEVELS[level].cube_plies, get_evaluator(strongest_evaluator()))
            theory = cube_theory(before, decision.chances)
            tp, cp, c = theory["take_point"], theory["cash_point"], theory["chances"]
            setting = "money" if theory["money"] else theory["met"]
            sections.append(TheorySection(f"The cube at this score ({setting}, cube {theory['cube']})", (
                ("Winning chances", f"{_pct(c['win'])}  (gammons {_pct(c['win_gammon'])}, "
                                    f"losing gammons {_pct(c['lose_gammon'])})"),
                ("Take point (other side)", f"dead {_pct(tp['dead'])}   live {_pct(tp['live'])}   "
                                            f"x={theory['cube_life']:.2f} {_pct(tp['x'])}"),
                ("Cash point (on roll)", f"dead {_pct(cp['dead'])}   live {_pct(cp['live'])}   "
                                         f"x={theory['cube_life']:.2f} {_pct(cp['x'])}"),
                ("Gammon values", f"on roll {theory['gammon_values'][0]:.2f}   other {theory['gammon_values'][1]:.2f}"),
                ("Proper action", f"{decision.action} (level {level})"),
            ), theory["where"][0].upper() + theory["where"][1:]))
        if state.turn is not None and is_race(state.on_roll, state.opponent):
            sections.append(self._race(state))
        return TheoryFigures(tuple(sections), missing, map_offered=before is not None)

    @staticmethod
    def _race(state) -> TheorySection:
        from .race import race_report
        report = race_report(state)
        rows = [("Pips", f"{report['pips'][0]} against {report['pips'][1]}")]
        for key, title in (("keith", "Keith"), ("thorp", "Thorp"), ("rule_8_9_12", "8-9-12 rule"), ("kleinman", "Kleinman")):
            count = report[key]
            figures = f"{count['counts'][0]:g} : {count['counts'][1]:g}"
            if key == "rule_8_9_12":
                figures = f"lead {count['figure']:.1f}%"
            if key == "kleinman":
                figures = f"K {count['figure']:.2f}, wins {_pct(count['win'])}"
            rows.append((title, f"{figures}: {WORDS.get(count['verdict'], '—')}"))
        epc = report["epc"]
        rows.append(("EPC (wastage)", "   ".join("—" if e is None else f"{e:.1f} ({w:.1f})"
                                               for e, w in zip(epc, report["wastage"]))))
        exact = report["exact"]
        note = (f"Bearoff database: wins {_pct(exact['win'])} cubeless" if exact is not None
                else "EPC needs every checker home")
        return TheorySection("Race counts", tuple(rows), note)

    def map_length(self, state) -> int:
        cube = state.cube
        return cube.match_length if cube is not None and cube.match_length else 7

    def score_map(self, state, length: int, level: str, progress, cancel) -> ScoreMap | None:
        from ..analysis.ai import strongest_evaluator
        from ..analysis.levels import LEVELS
        from ..evaluators import get_evaluator
        from .score_map import score_map
        before, missing = before_roll(state)
        if before is None:
            raise ValueError(missing)
        found = score_map(before, length, LEVELS[level].cube_plies, get_evaluator(strongest_evaluator()),
                          progress, cancel)
        if found is None:
            return None
        cells = tuple(MapCell((c["away"][0], c["away"][1]), c["kind"], c["action"]) for c in found["cells"])
        return ScoreMap(length, cells, found["money"])


THEORY = BackgammonTheory()

