"""One evaluator's verdict on one position, as ``tabula eval`` reports it for any game.

A game that ships position evaluators declares ``Analysis.evaluate(state, name) ->
Evaluation``; the command line prints :meth:`Evaluation.to_json` or :meth:`Evaluation.lines`
and knows nothing else about the evaluator.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Evaluation:
    """The evaluator's main ``value`` and its ``factors`` (name -> contribution), valued for
    ``perspective`` (words: "the side on roll", "White").

    ``factors_key`` is the JSON name of the breakdown (the game's own word for it).
    ``outputs`` are probabilities the value is made of (printed as percentages);
    ``summary`` is a line printed before the factors; ``hidden`` are further top-level JSON
    numbers the summary already shows; ``extra`` further numbers, in the JSON and printed
    after the factors.
    """

    evaluator: str
    value: float
    factors: Mapping[str, float]
    perspective: str
    description: str = ""
    factors_key: str = "factors"
    outputs: Mapping[str, float] = field(default_factory=dict)
    summary: str = ""
    hidden: Mapping[str, float] = field(default_factory=dict)
    extra: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        report: dict[str, Any] = {"evaluator": self.evaluator, "value": self.value,
                                  self.factors_key: dict(self.factors), **self.hidden}
        if self.outputs:
            report["outputs"] = dict(self.outputs)
        return {**report, **self.extra}

    def lines(self, position: str) -> list[str]:
        """The text report for the position written ``position``."""
        lines = [f"{self.evaluator} for {self.perspective} in {position}"]
        if self.description:
            lines.append(self.description)
        lines += [f"  {name:<16} {100 * p:6.2f}%" for name, p in self.outputs.items()]
        lines.append(f"  {self.summary}; {self.factors_key}:" if self.summary else f"  {self.factors_key}:")
        rows = {**self.factors, **self.extra}
        width = max(map(len, rows), default=5)
        lines += [f"  {name:<{width}}  {value:+.6f}" for name, value in rows.items()]
        total = str(self.value) if isinstance(self.value, int) else f"{self.value:.6f}"
        lines.append(f"  {'total':<{width}}  {total}")
        return lines
