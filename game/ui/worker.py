"""A computer player's decision in a worker thread, so the window keeps drawing meanwhile."""

from __future__ import annotations

import threading
import traceback
from typing import Any

from ..core.players import Player
from ..core.protocol import Rules
from ..core.search import SearchCancelled


class MoveWorker:
    """Runs at most one ``player.choose`` at a time; :meth:`poll` collects the outcome.

    A result that arrives after :meth:`cancel` (or a newer :meth:`start`) is dropped, and
    :meth:`cancel` asks the player to stop thinking (:meth:`Player.choose_until`), so an abandoned
    search does not keep a core busy.  The thread is a daemon, so closing the window never
    waits for a slow player.  A player that raises, or returns an illegal move, produces an
    error message instead of a move.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._token = 0
        self._outcome: tuple[Any, str | None] | None = None
        self._busy = False
        self._cancel = threading.Event()

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, player: Player, rules: Rules, state: Any) -> None:
        cancel = threading.Event()  # made before the thread starts, so no cancel is missed
        with self._lock:
            self._token += 1
            token, self._outcome, self._busy, self._cancel = self._token, None, True, cancel
        threading.Thread(target=self._run, args=(token, player, rules, state, cancel), daemon=True,
                         name=f"tabula-{player.name}").start()

    def cancel(self) -> None:
        """Drop the running choice's result and ask its player to stop thinking."""
        with self._lock:
            self._token += 1
            self._outcome, self._busy = None, False
            self._cancel.set()

    def poll(self) -> tuple[Any, str | None] | None:
        """``(move, None)``, ``(None, error message)``, or ``None`` while still thinking."""
        with self._lock:
            outcome, self._outcome = self._outcome, None
            if outcome is not None:
                self._busy = False
            return outcome

    def _run(self, token: int, player: Player, rules: Rules, state: Any, cancel: threading.Event) -> None:
        try:
            until = getattr(player, "choose_until", None)  # any object with choose() may play
            move = until(rules, state, cancel) if until else player.choose(rules, state)
            if move not in rules.legal_moves(state):
                outcome = (None, f"computer player {player.name!r} chose an illegal move: {move!r}")
            else:
                outcome = (move, None)
        except SearchCancelled:  # cancel(): nobody waits for this choice any more
            outcome = (None, f"computer player {player.name!r} was stopped")
        except Exception as error:  # any failure of a player is reported, never raised
            traceback.print_exc()
            outcome = (None, f"computer player {player.name!r} failed: {type(error).__name__}: {error}")
        with self._lock:
            if token == self._token:
                self._outcome = outcome
