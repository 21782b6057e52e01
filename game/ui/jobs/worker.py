"""A computer player's decision in a worker process, so the window keeps drawing meanwhile.

The search runs in the program's shared "moves" process (:mod:`game.core.jobs.worker`), off
the drawing thread's interpreter lock: the window keeps its 60 frames a second while an
Expert thinks.  The child builds the player itself from its recipe (game, player name,
seed: what :class:`~game.core.session.GameSession` built it from) and keeps it across the
seat's moves.  A player the worker has no recipe for (not one of the session's, or one
whose recipe does not rebuild it exactly), or a process that cannot be started, thinks in
a daemon thread as before.
"""

from __future__ import annotations

import itertools
import random
import threading
import traceback
from typing import Any

from ...core.jobs.tasks import PlayerRecipe, choose_move
from ...core.jobs.worker import Ticket, WorkerProcess, shared
from ...core.players import Player
from ...core.protocol import Rules
from ...core.search import SearchCancelled

_tokens = itertools.count(1)


def move_process() -> WorkerProcess:
    """The program's process for computer players' moves."""
    return shared("moves")


def _fingerprint(player: Any) -> tuple:
    """What tells two freshly built players apart: their type, name, attributes (one patched
    on the object shows) and generators' states."""
    fields = vars(player) if hasattr(player, "__dict__") else {}
    generators = tuple(value.getstate() for value in fields.values() if isinstance(value, random.Random))
    return type(player), getattr(player, "name", None), tuple(sorted(fields)), generators


def recipe_for(session: Any, player: Any) -> PlayerRecipe | None:
    """The recipe that rebuilds ``player``, one of ``session``'s seats, in another process
    (``info.computer_player(name, session.seed + 1 + seat, session.settings)``, as the session
    built it); ``None`` when the player is not the session's or a rebuilt one would differ."""
    from ...games import get_game

    seat = next((i for i, p in enumerate(getattr(session, "players", ())) if p is player), None)
    if seat is None:
        return None
    info, name, seed = session.info, session.player_names[seat], session.seed + 1 + seat
    settings = dict(getattr(session, "settings", None) or {})
    try:
        fresh = info.computer_player(name, seed, settings)
        if get_game(info.name) is not info or _fingerprint(fresh) != _fingerprint(player):
            return None
    except Exception:
        return None
    return PlayerRecipe(get_game, info.name, name, seed, next(_tokens), tuple(sorted(settings.items())))


class MoveWorker:
    """Runs at most one ``player.choose`` at a time; :meth:`poll` collects the outcome.

    A result that arrives after :meth:`cancel` (or a newer :meth:`start`) is dropped, and
    :meth:`cancel` asks the player to stop thinking (:meth:`Player.choose_until`; a process
    that does not stop within :data:`~game.core.jobs.worker.CANCEL_GRACE` is ended), so an
    abandoned search does not keep a core busy.  Closing the window never waits for a slow
    player.  A player that raises, or returns an illegal move, produces an error message
    instead of a move.  ``session``: the game whose players may think in the worker process
    (see the module's notes); :attr:`pid` is the process that computed the last outcome.
    """

    def __init__(self, session: Any = None, processes: bool = True) -> None:
        self._lock = threading.Lock()
        self._token = 0
        self._outcome: tuple[Any, str | None] | None = None
        self._busy = False
        self._cancel = threading.Event()
        self._ticket: tuple[Ticket, str] | None = None
        self._session = session
        self._recipes: dict[int, tuple[Any, PlayerRecipe | None]] = {}
        self._process = move_process() if processes and session is not None else None
        self.pid: int | None = None
        if self._process is not None and not self._process.start():  # started early: its imports take a while
            self._process = None

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, player: Player, rules: Rules, state: Any) -> None:
        recipe = self._recipe(player)
        cancel = threading.Event()  # made before the thread starts, so no cancel is missed
        with self._lock:
            self._token += 1
            token, self._outcome, self._busy, self._cancel = self._token, None, True, cancel
            old, self._ticket = self._ticket, None
        if old is not None:
            old[0].cancel()
        if recipe is not None and self._process is not None and self._process.start():
            ticket = self._process.submit(choose_move, recipe, state)
            with self._lock:
                if token == self._token:
                    self._ticket = (ticket, player.name)
                    return
            ticket.cancel()
            return
        threading.Thread(target=self._run, args=(token, player, rules, state, cancel), daemon=True,
                         name=f"tabula-{player.name}").start()

    def cancel(self) -> None:
        """Drop the running choice's result and ask its player to stop thinking."""
        with self._lock:
            self._token += 1
            self._outcome, self._busy = None, False
            self._cancel.set()
            ticket, self._ticket = self._ticket, None
        if ticket is not None:
            ticket[0].cancel()

    def poll(self) -> tuple[Any, str | None] | None:
        """``(move, None)``, ``(None, error message)``, or ``None`` while still thinking."""
        with self._lock:
            if self._ticket is not None and self._ticket[0].done:
                (ticket, name), self._ticket = self._ticket, None
                self._outcome, self.pid = _outcome(ticket, name), ticket.pid
            outcome, self._outcome = self._outcome, None
            if outcome is not None:
                self._busy = False
            return outcome

    def _recipe(self, player: Any) -> PlayerRecipe | None:
        if self._process is None:
            return None
        known = self._recipes.get(id(player))
        if known is None or known[0] is not player:
            known = self._recipes[id(player)] = (player, recipe_for(self._session, player))
        return known[1]

    def _run(self, token: int, player: Player, rules: Rules, state: Any, cancel: threading.Event) -> None:
        try:
            until = getattr(player, "choose_until", None)  # any object with choose() may play
            move = until(rules, state, cancel) if until else player.choose(rules, state)
            if not rules.is_legal(state, move):
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
                self.pid = None


def _outcome(ticket: Ticket, name: str) -> tuple[Any, str | None]:
    """A finished ticket of :func:`choose_move` as :meth:`MoveWorker.poll` reports it."""
    kind, value = ticket.outcome
    if kind == "ok":
        move, legal = value
        return (move, None) if legal else (None, f"computer player {name!r} chose an illegal move: {move!r}")
    if kind == "cancelled":
        return None, f"computer player {name!r} was stopped"
    return None, f"computer player {name!r} failed: {value}"
