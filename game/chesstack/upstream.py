"""``upstream``: the upstream Chesstack bot's behaviour, kept only as a sparring partner.

The bot of ``chesstack_refactoring`` @36321be (``minimax.cpp``, spec §8) searches with
alpha-beta on the designer evaluator but is blind to the game's central mechanic: it never
generates the stun action, searches only the 5 best placements by its ordering (the note's
"my" score, which the code reduces to the piece's value − 0.3, so: the most valuable pocket
pieces, on the first squares generated), and its look-ahead does not simulate the stacks —
no end-of-turn decay, no move cost, no stack transfer on capture, no stun for a royal's
death; a placed piece keeps its placement stun and so never moves in the look-ahead.

This copy chooses among the real legal actions with that same blindness (its own
:class:`UpstreamRules` inside the tree), to a fixed depth of :data:`DEPTH` plies.  Left out:
upstream's quiescence search on captures and promotions, and its killer and history move
ordering (the order changes only speed; the transposition table and evaluator ordering stay).
"""

from __future__ import annotations

from typing import Any

from ..core.search import SearchPlayer, SearchResult, TranspositionTable, alphabeta
from .evaluators import evaluate_batch
from .notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION, Action
from .pieces import INDEX, VALUES, placement_stun
from .rules import ChesstackRules
from .state import ChesstackState, Piece

DEPTH = 3
"""Plies searched after each root action."""
PLACEMENTS = 5
WIN = 1e9
"""A won game: beyond the designer evaluator's values (a last royal alone is worth 8,000,000)."""


class UpstreamRules(ChesstackRules):
    """The rules as the upstream bot's look-ahead sees them (see the module doc)."""

    def legal_moves(self, state: ChesstackState) -> list[Action]:
        """The legal actions but stuns, with the 5 best placements; stuns only when nothing else
        is left (upstream would have no move; the protocol wants one)."""
        every = super().legal_moves(state)
        actions = [a for a in every if a.kind != STUN]
        placements = [a for a in actions if a.kind == ADD]
        best = sorted(placements, key=lambda a: -VALUES[a.piece])[:PLACEMENTS]  # stable: generation order
        return [a for a in actions if a.kind != ADD or a in best] or every

    def apply(self, state: ChesstackState, action: Any) -> ChesstackState:
        me, (kind, sq, target, piece) = state.turn, action
        board = list(state.board)
        pockets = [list(state.pockets[0]), list(state.pockets[1])]
        if kind == ADD:
            pockets[me][INDEX[piece]] -= 1
            board[sq] = Piece(me, piece, placement_stun(piece, me, sq), 0, piece == "K")
        elif kind == MOVE:
            actor, victim = board[sq], board[target]
            if victim is not None:
                pockets[me][INDEX[victim.kind]] += 1
            board[sq], board[target] = None, actor._replace(kind=piece or actor.kind)
        else:
            actor = board[sq]
            changes = {STUN: {"stun": actor.stun + 1}, SUCCESSION: {"royal": True}, DISGUISE: {"kind": piece}}
            board[sq] = actor._replace(**changes[kind])
        return ChesstackState(tuple(board), (tuple(pockets[0]), tuple(pockets[1])), state.log_length + 1)


UPSTREAM_RULES = UpstreamRules()


def evaluate(states, player: int):
    """The designer evaluator for ``player`` (it is White positive)."""
    values = evaluate_batch("designer", states)
    return values if player == 0 else -values


class UpstreamPlayer(SearchPlayer):
    """Plays the upstream bot's choice among the real legal actions (deterministic)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(self._search, evaluate, name="upstream", seed=seed)
        self.table = TranspositionTable(200_000)

    def choose_until(self, rules, state, cancel):
        return super().choose_until(UPSTREAM_RULES, state, cancel)

    def _search(self, rules, state, evaluate, *, limits=None) -> SearchResult:
        return alphabeta(UPSTREAM_RULES, state, evaluate, DEPTH, limits=limits, tt=self.table, all_exact=False,
                         result_scale=WIN)
