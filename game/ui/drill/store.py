"""The drill cards read and written off the frame: the deck (:class:`~game.core.drill.Deck`) and
the sitting (:class:`~game.core.drill.DrillSession`) live on the library's own thread (the
Library screen's :class:`~game.ui.library.reader.Reader`, its own connection), and the Drill
screen asks for what it needs with a key and takes the answers each frame.

The keys: ``"overview"`` (the cards due and the statistics, :class:`Overview`), ``"sync"``
(cards made from the library's decisions of "My names"), ``"added"`` (cards from facts made
elsewhere: one game's errors), ``"card"`` (the sitting's next card, ``None`` at its end),
``"answered"`` (an answer saved and scheduled, :class:`~game.core.drill.Answered`) and
``"variations"`` (the ids of a failed card's variations).  Asked in that order, they run in
that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ...core.capabilities.drill import CardFacts, Graded
from ...core.drill import Deck, DrillOptions, DrillSession, Stats
from ..library.reader import Reader


def now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class Overview:
    """What the start page shows: the cards due now and the statistics, for the player and
    theme chosen."""

    due: int
    stats: Stats


class DrillStore:
    """The deck of ``info``'s cards in the library at ``path``, asked off the frame (see the
    module doc); :meth:`take` each frame."""

    def __init__(self, path: Path, info, options: DrillOptions) -> None:
        self.info, self.options = info, options
        self.reader = Reader(path)
        self._deck: Deck | None = None  # made, and used, on the reader's thread only
        self._session: DrillSession | None = None

    def _of(self, library) -> Deck:
        if self._deck is None:
            self._deck = Deck(library, self.info, self.options)
        return self._deck

    @property
    def error(self) -> str | None:
        """Why the library cannot be opened, ``None`` while it can."""
        return self.reader.error

    # -- asked ------------------------------------------------------------------------------
    def sync(self, players: Sequence[str], level: str | None = None) -> None:
        """Cards from every decision of ``players`` losing at least the threshold."""
        names, options = list(players), self.options
        self.reader.ask("sync", lambda library: self._of(library).sync(names, options, level))

    def overview(self, player: str | None, theme: str | None) -> None:
        def query(library) -> Overview:
            deck, moment = self._of(library), now()
            return Overview(len(deck.due(moment, player, theme)), deck.stats(moment, player, theme))

        self.reader.ask("overview", query)

    def add(self, facts: Sequence[CardFacts], parent: int | None = None, key: str = "added") -> None:
        """Cards from ``facts`` (their ids answered under ``key``; an existing card's id for a duplicate)."""
        made = tuple(facts)
        self.reader.ask(key, lambda library: self._of(library).add_facts(made, parent=parent))

    def start(self, player: str | None, theme: str | None, cards: int | None, minutes: float | None,
              card_ids: Sequence[int] | None = None) -> None:
        """A new sitting (capped by ``cards`` or ``minutes``; ``card_ids``: only those cards,
        due or not), and its first card."""
        ids = None if card_ids is None else tuple(card_ids)

        def query(library):
            self._session = DrillSession(self._of(library), self.options, player, theme, cards=cards, minutes=minutes,
                                         card_ids=ids)
            return self._session.next()

        self.reader.ask("card", query)

    def next(self) -> None:
        """The sitting's next card (``None``: nothing due, or the cap reached)."""
        self.reader.ask("card", lambda library: self._session.next() if self._session is not None else None)

    def answered(self, card, answer: str, graded: Graded, duration_ms: int | None) -> None:
        """The answer saved and the card scheduled (one transaction)."""
        self.reader.ask("answered", lambda library: self._session.answered(card, answer, graded, duration_ms))

    # -- answered ---------------------------------------------------------------------------
    def take(self) -> dict[str, tuple[Any, str | None]]:
        """``key: (value, None)`` or ``key: (None, what went wrong)`` since the last call."""
        return self.reader.take()

    def wait(self, timeout: float = 10.0) -> bool:
        """Until every question asked is answered (tests and screenshots)."""
        return self.reader.wait(timeout)

    def close(self) -> None:
        self.reader.close()
