"""Factor breakdowns computed when first read, for the records that show them.

Explaining a move (its factors, :attr:`.analysis.MoveAnalysis.factors`) can cost far more
than valuing it: a network's explanation is a gradient integrated along a path, dozens of
forward and backward passes per move.  The window shows the factors of one row at a time
(the selected move and the one it is compared with), and a review reads none, so an
analysis gives each record a :class:`LazyFactors`: a read-only mapping whose values its
game's :class:`Explainer` computes on first read, then keeps.

A lazy breakdown is a value like the rest of the record: it compares by its contents and
pickles with its explainer (and its values once computed), so records still cross process
boundaries; where it is first read, it is computed.  :func:`explain` computes the breakdowns
of several records in one call of each explainer (one batch: cheaper than one at a time).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol


class Explainer(Protocol):
    """What computes the factors of an analysis' moves: ``explain(keys)`` gives the breakdown
    of each key's move (the key is whatever the game chose, e.g. the move's index)."""

    def explain(self, keys: Sequence[Any]) -> Sequence[Mapping[str, float]]: ...


class LazyFactors(Mapping[str, float]):
    """One move's factors (name -> contribution, ordered), computed by ``explainer`` for ``key``
    when first read."""

    __slots__ = ("_explainer", "_key", "_values")

    def __init__(self, explainer: Explainer, key: Any, values: Mapping[str, float] | None = None) -> None:
        self._explainer, self._key = explainer, key
        self._values = None if values is None else dict(values)

    @property
    def computed(self) -> bool:
        """True once the values are known (read, or computed by :func:`explain`)."""
        return self._values is not None

    def _get(self) -> dict[str, float]:
        if self._values is None:
            self._values = dict(self._explainer.explain([self._key])[0])
        return self._values

    def __getitem__(self, name: str) -> float:
        return self._get()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __repr__(self) -> str:
        return f"LazyFactors({self._values!r})" if self.computed else "LazyFactors(<not computed>)"

    def __reduce__(self):
        return LazyFactors, (self._explainer, self._key, self._values)


def explain(records: Sequence[Any]) -> None:
    """Compute the factors of ``records`` (analysis records) not yet computed, one call of each
    explainer for all its records; eager breakdowns (plain dicts) and anything that is no
    analysis record are left as they are."""
    pending: dict[int, tuple[Explainer, list[LazyFactors]]] = {}
    for record in records:
        factors = getattr(record, "factors", None)  # an analyst's results may be anything (a test's)
        if isinstance(factors, LazyFactors) and not factors.computed:
            pending.setdefault(id(factors._explainer), (factors._explainer, []))[1].append(factors)
    for explainer, lazies in pending.values():
        unique = list({id(lazy): lazy for lazy in lazies}.values())
        for lazy, values in zip(unique, explainer.explain([lazy._key for lazy in unique])):
            lazy._values = dict(values)
