"""Backgammon's part of the study library (:class:`~game.core.capabilities.library.Library`):
:data:`LIBRARY` summarises a match file and gives the facts a player searches reviewed
decisions by.

**Summary** of a :class:`~.matfile.model.MatchFile`: the players as the file names them, the
length as it states it (0 for money), the date of its ``EventDate`` header, else its ``Date``
(``YYYY.MM.DD``, ``-`` or ``/`` between, read as ``YYYY-MM-DD``; ``None`` when absent or no
real date), its ``Event`` header (``None`` when absent or blank), each player's points summed
over the games as replayed (cube × result: a gammon that wins a match counts in full, where
Galaxy's last ``Wins`` line may write only what the winner needed), the match's winner (the
winner of the last game when their points reach the length; ``None`` in money play and in a
match that did not end) and each game's number, score before it, winner and points.

**Facts** of a :class:`~game.core.review.report.Decision`: its GNU IDs (``position_id:match_id``,
as the review writes them: :func:`.analysis.review.review_position`) read back into a state.
The *decider* is the player whose decision it was, the rules' player to move: the player on
roll for a play or a double, the opponent for a take or pass and for the answer to a
resignation.  Then:

- ``xgid``: the state's XGID (a resignation offered is left out: XGIDs have none);
- ``phase``: :func:`.phase.classify`;
- ``pips``: the decider's and the opponent's pip counts;
- ``away``: how many points each still needs (decider first) in a match, ``None`` in money;
- ``crawford``, ``cube_value`` (the cube before the decision: while a double is offered, the
  value before it), ``cube_owner`` (``centre``, ``decider``, ``opponent``);
- ``mwc_lost``: in a match, the decision's loss as match winning chance.  A cube decision
  with the review's cube figures in MWC (``nd_mwc``, ``dt_mwc``, ``dp_mwc``, the decider's
  view) loses ``max(MWC of each action) − MWC(played)``, an action's MWC being: no double
  ``nd``, double ``min(dt, dp)`` (the opponent's best answer), take ``dt``, pass ``dp``.
  Any other decision's ``equity_lost`` is EMG (GNU's normalised equity), which is
  ``2·ΔMWC / (W − L)``, with ``W`` and ``L`` the decider's MWC after winning and after losing
  a single game at the current cube and score (Kazaross table, Crawford counted:
  :func:`.analysis.review.emg_scale`, the review's own scale); so ``mwc_lost =
  equity_lost · (W − L) / 2``.  Rounded to 6 decimals, as the review's figures are.  ``None``
  in money play.

**Opens**: what a player types to find a position, read as :func:`.position.parse_position`
reads it, written back as the review stores it, so the library finds it by equal text: an
XGID or ``POSID:MATCHID`` gives ``(position_id, match_id)`` of the decision it stands for;
a bare position ID gives ``(position_id, None)``: the board, at any score and cube.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from ..core.capabilities.library import DecisionFacts, GameSummary, MatchSummary
from ..core.protocol import CHANCE
from . import formats
from .analysis.review import emg_scale, review_position
from .board import pip_count
from .cube.rules import cube_word
from .cube.state import BEAVER, DOUBLE, PASS, ROLL, TAKE
from .matfile.model import MatchFile
from .phase import classify
from .position import format_xgid, parse_position
from .rules import BackgammonRules
from .state import BackgammonState

_RULES = BackgammonRules()
_DATE = re.compile(r"\s*(\d{4})[./-](\d{1,2})[./-](\d{1,2})\b")
_DATE_KEYS = ("eventdate", "date")


def match_date(header: list[tuple[str, str]]) -> str | None:
    """``YYYY-MM-DD`` from the first ``EventDate`` or ``Date`` header that holds a real date."""
    for key in _DATE_KEYS:
        for name, value in header:
            found = _DATE.match(value) if name.strip().lower() == key else None
            if found:
                try:
                    return date(*map(int, found.groups())).isoformat()
                except ValueError:
                    continue
    return None


def header_value(header: list[tuple[str, str]], key: str) -> str | None:
    """The first non-blank value of header ``key`` (any case), stripped; ``None`` without one."""
    for name, value in header:
        if name.strip().lower() == key.lower() and value.strip():
            return value.strip()
    return None


def match_winner(match: MatchFile) -> int | None:
    """The winner of a match that ended (the last game's winner, their points at the length);
    ``None`` in money play and in a match still going on."""
    if match.money or not match.games:
        return None
    last = match.games[-1].winner
    return last if last is not None and match.final_score[last] >= match.match_length else None


def summary(match: MatchFile) -> MatchSummary:
    """The library's summary of ``match`` (see the module doc)."""
    games = tuple(GameSummary(g.number, (g.score[0], g.score[1]), g.winner, g.points if g.winner is not None else 0)
                  for g in match.games)
    return MatchSummary(players=(match.players[0], match.players[1]), length=match.match_length,
                        date=match_date(match.header), event=header_value(match.header, "Event"),
                        points=match.final_score, winner=match_winner(match), games=games)


def decider(state: BackgammonState) -> int:
    """The player whose decision ``state`` is (the player on turn at a chance node)."""
    player = _RULES.to_move(state)
    return player if player != CHANCE else (state.turn or 0)


def _xgid(state: BackgammonState) -> str | None:
    try:
        return format_xgid(replace(state, resign=None) if state.resign is not None else state)
    except ValueError:  # a game ended by a dropped double: no decision is made there
        return None


def _action_mwcs(cube) -> dict:
    """Each cube action's MWC for the decider, from the review's figures (module doc)."""
    return {ROLL: cube.nd_mwc, DOUBLE: min(cube.dt_mwc, cube.dp_mwc), TAKE: cube.dt_mwc, PASS: cube.dp_mwc}


def mwc_lost(decision, state: BackgammonState, player: int) -> float | None:
    """The decision's loss as match winning chance (see the module doc); ``None`` outside a match."""
    if state.cube is None or not state.cube.is_match:
        return None
    cube, played = decision.cube, cube_word(decision.played)
    if cube is not None and None not in (cube.nd_mwc, cube.dt_mwc, cube.dp_mwc) and played not in (None, BEAVER):
        mwcs = _action_mwcs(cube)
        choices = (TAKE, PASS) if played in (TAKE, PASS) else (ROLL, DOUBLE)
        return round(max(0.0, max(mwcs[a] for a in choices) - mwcs[played]), 6)
    return round(max(0.0, float(decision.equity_lost) / (2.0 * emg_scale(state, player))), 6)


def facts(decision) -> DecisionFacts:
    """The facts of a reviewed ``decision`` (see the module doc); ``ValueError`` when its IDs
    do not read back."""
    text = decision.position_id if not decision.match_id else f"{decision.position_id}:{decision.match_id}"
    state = parse_position(text)
    player = decider(state)
    cube = state.cube
    pips = (pip_count(state.sides[player]), pip_count(state.sides[1 - player]))
    if cube is None:
        return DecisionFacts(xgid=_xgid(state), phase=classify(state), pips=pips)
    away = None
    if cube.is_match:
        away = (cube.match_length - cube.score[player], cube.match_length - cube.score[1 - player])
    owner = "centre" if cube.owner is None else "decider" if cube.owner == player else "opponent"
    return DecisionFacts(xgid=_xgid(state), phase=classify(state), pips=pips, away=away, crawford=cube.crawford,
                         cube_value=cube.value, cube_owner=owner, mwc_lost=mwc_lost(decision, state, player))


def opens(text: str) -> tuple[str, str | None]:
    """``(position_id, match_id)`` of the position ``text`` names, as the review stores it
    (see the module doc); ``ValueError`` saying what is wrong with a bad one."""
    typed = text.strip()
    if not typed:
        raise ValueError("no position given: type an XGID, or a GNU position ID with its match ID after a colon")
    try:
        state = parse_position(typed)
    except ValueError as error:
        raise ValueError(f"{error} (expected an XGID, or a GNU position ID with its match ID after a "
                         "colon)") from None
    if ":" not in typed:  # a bare position ID: the board alone, from the side on roll
        return formats.position_id(state.on_roll, state.opponent), None
    return review_position(state)


class BackgammonLibrary:
    """Backgammon's :class:`~game.core.capabilities.library.Library` (see the module doc)."""

    def summary(self, match: MatchFile) -> MatchSummary:
        return summary(match)

    def facts(self, decision) -> DecisionFacts:
        return facts(decision)

    def opens(self, xgid_or_id: str) -> tuple[str, str | None]:
        return opens(xgid_or_id)


LIBRARY = BackgammonLibrary()
"""Backgammon's library, as ``info.ability(Library)`` loads it."""
