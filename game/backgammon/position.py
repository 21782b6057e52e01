"""Backgammon states to and from position text: GNU Backgammon IDs and XGIDs, cube included.

- A bare 14-character position ID is a cubeless position, as before (the side on roll is
  player 0 when nothing says otherwise).
- ``POSID:MATCHID`` and XGIDs carry the cube, so they give states with a
  :class:`~.cube.state.CubeState`: value, owner, match length and score, Crawford, Jacoby
  (and beavers, in XGIDs only: GNU's match ID has no such flag), the dice, and whose decision
  it is (a double offered: the opponent's take or pass).  An unrolled turn is a cube
  decision when the player may double, else the dice's chance node.
- GNU game states 2 (over), 3 (resigned) and 4 (dropped) read as a finished game; the score
  is taken to include it; a resigned game's resignation field gives its level, resigned by the
  player on roll.  "No game" (0) is refused.
- A resignation offered (the resignation field while the game is played) reads as the offer
  of the player on roll waiting for the opponent's answer (the ID's ``turn``); the rules take
  an offer only at the player's own decision, so one before a roll they could not double on
  is refused.
- XGID cube action ``B`` (beaver) reads as the position just after the beaver (cube four
  times the field's value, owned by the beaverer, the doubler to roll); ``R`` (raccoon) is
  refused: these rules have no raccoons.  A beaver is read only where the rules allow it:
  money play with beavers (the rules field's +2), a double its doubler may offer, and a cube
  of at most :data:`~.cube.state.MAX_CUBE` after it.
- The cube's value is bounded alike in every form: at most :data:`~.cube.state.MAX_CUBE`
  (64), whether the text gives it (the match ID's 4-bit log2 could say 32,768, an XGID's
  field any power of two) or a beaver makes it; the rules never double nor beaver beyond it.
- Cubeless play is an XGID whose cube limit (its last field, the highest cube as a power of
  two) is 0: the cube can never be turned.  It is written so, and read back as a cubeless
  state when the rest says nothing else (money play, the cube centred at 1, no Jacoby or
  beavers): unlike a bare position ID it keeps the side on roll and the dice, which a
  position set up by hand needs (:mod:`.editor`).  Any other XGID reads as before.

Neither format stores the game number within a match (read as 1) nor that the player on
turn has already chosen to roll (an unrolled turn reads as the decision again), nor a
resignation declined this turn (GNU's match ID has no field for it either: the position
reads back as the resigner's turn without it).  Everything else Tabula writes reads back as
the same state, with two limits of the forms themselves:

- A bare position ID (what a cubeless state's GNU form is) is the board only: the side on
  roll reads as player 0, and it has no dice.
- An XGID has no resignation and no game state.  :func:`format_xgid` refuses (``ValueError``)
  a resignation offered or accepted and a game ended by a dropped double, which the GNU
  match ID holds (its resignation field and game state); the command line and the window
  write those as the GNU ID (:meth:`~game.core.gameinfo.GameInfo.position_text`).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.untrusted import shown
from . import diagram, formats
from .board import CHECKERS, OFF
from .cube.state import DECIDE, MAX_CUBE, MAX_MATCH_LENGTH, OFFERED, OVER, CubeState
from .resignation.rules import offers
from .resignation.state import OFFERS, Resignation
from .state import BackgammonState, win_kind

_GAME_OVER, _RESIGNED, _DROPPED = 2, 3, 4


def parse_position(text: str) -> BackgammonState:
    """A state from a GNU Backgammon position ID, ``posid:matchid``, an XGID, or GNU
    Backgammon's board diagram (:mod:`.diagram`: its IDs, its drawing checked against them)."""
    text = text.strip()
    if "\n" in text and "Position ID" in text:  # a board diagram pasted whole
        ids = diagram.diagram_ids(text)
        state = parse_position(ids)
        diagram.check_drawing(text, state, format_position(state))
        return state
    if text[:5].upper() == "XGID=" or text.count(":") == 9:
        return _from_xgid(formats.parse_xgid(text), text)
    parsed = formats.parse_position(text)
    if parsed.match is None:
        return BackgammonState.from_board(parsed.me, parsed.opp, parsed.player_on_roll, parsed.dice)
    try:
        return _from_match(parsed.me, parsed.opp, parsed.match)
    except ValueError as error:
        raise ValueError(f"invalid GNU ID {shown(text, 80)}: {error}") from None


def _from_match(me, opp, info: formats.MatchInfo, beavers: bool = False, beavered: bool = False) -> BackgammonState:
    if info.game_state == 0:
        raise ValueError("no game in progress")
    value = 1 << info.cube_log2
    if value > MAX_CUBE:
        raise ValueError(f"cube {value} is above the highest, {MAX_CUBE}")
    length = info.match_length
    if length > MAX_MATCH_LENGTH:
        raise ValueError(f"a {length}-point match is beyond what Tabula plays (1 to {MAX_MATCH_LENGTH} points, "
                         "0 for money)")
    if info.crawford and info.game_state == 1:  # a finished game's score already counts it
        one_away = [points == length - 1 for points in info.score]
        if one_away.count(True) != 1:  # both 1-away (a 1-point match too) is no Crawford game
            whom = "neither side is" if not any(one_away) else "both sides are"
            raise ValueError(f"the Crawford flag is set, but {whom} one point away from winning the "
                             f"{length}-point match (the score is {info.score[0]}-{info.score[1]}); the "
                             "Crawford game has exactly one side one point away")
        if value != 1 or info.cube_owner != formats.CENTRED or info.double_offered:
            raise ValueError("in the Crawford game nobody may double: the cube stays centred at 1")
    player = info.on_roll
    cube = CubeState(value=value, owner=None if info.cube_owner == formats.CENTRED else info.cube_owner,
                     match_length=info.match_length, score=info.score, crawford=info.crawford,
                     jacoby=info.jacoby and not info.match_length, beavers=beavers and not info.match_length)
    dice = info.dice if info.dice != (0, 0) else None
    state = BackgammonState.from_board(me, opp, player, dice, cube)
    winner = state.winner
    if info.game_state == _RESIGNED:
        if winner is not None or not info.resignation:
            raise ValueError("a resigned game needs a resignation (1 to 3) and no side borne off")
        level = info.resignation
        return replace(state, dice=None, resign=Resignation(level, "accepted"),
                       cube=replace(cube, phase=OVER, result=(1 - player, level * value)))
    if info.game_state == _DROPPED or winner is not None:
        if info.game_state == 1:
            raise ValueError("the game is over (a side has borne off) but the ID says it is played")
        if winner is None:
            winner, points = player, value  # the doubler won the cube's value
        else:
            points = cube.points(win_kind(state))
        return replace(state, dice=None, cube=replace(cube, phase=OVER, result=(winner, points)))
    if info.game_state == _GAME_OVER:
        raise ValueError("the game is over but no side has borne off all its checkers")
    if beavered:  # the double and the beaver as the rules allow them (cube.rules.legal_actions)
        if cube.is_match or dice is not None:
            raise ValueError("a beaver is money play, before the roll")
        if not cube.may_double(player):
            raise ValueError(f"a double by player {player} cannot be offered here, so it cannot be beavered")
        if not cube.beavers:
            raise ValueError("a beaver needs the beaver rule (the XGID's rules field with +2)")
        if not cube.may_beaver():
            raise ValueError(f"a beaver of the double to {2 * value} makes the cube {4 * value}, above the "
                             f"highest, {MAX_CUBE}")
        return replace(state, cube=replace(cube, value=value * 4, owner=1 - player))
    if info.double_offered:
        if dice is not None or info.turn != 1 - player or not cube.may_double(player) or info.resignation:
            raise ValueError(f"a double by player {player} cannot be offered here")
        return replace(state, cube=replace(cube, phase=OFFERED))
    if dice is None and cube.may_double(player):
        state = replace(state, cube=replace(cube, phase=DECIDE))
    if info.resignation:
        if info.turn != 1 - player or OFFERS[info.resignation - 1] not in offers(state):
            raise ValueError(f"a resignation by player {player} cannot be offered here (a player resigns at their "
                             "own decision: a play, or roll or double)")
        return replace(state, resign=Resignation(info.resignation))
    return state


def _from_xgid(xgid: formats.XgidPosition, text: str) -> BackgammonState:
    if _cubeless(xgid):
        return BackgammonState.from_board(*xgid.board_on_roll(), xgid.turn, xgid.dice)
    try:
        if xgid.cube_action == "R":
            raise ValueError("raccoons are not played (the doubler may not refuse a beaver)")
        doubled = xgid.cube_action == "D"
        over = CHECKERS in (xgid.bottom[OFF], xgid.top[OFF])  # XGIDs have no game state
        info = formats.MatchInfo(
            cube_log2=xgid.cube_log2, cube_owner=xgid.cube_owner, on_roll=xgid.turn,
            crawford=bool(xgid.match_length and xgid.crawford_or_rules & 1), game_state=_GAME_OVER if over else 1,
            turn=1 - xgid.turn if doubled else xgid.turn, double_offered=doubled, dice=xgid.dice or (0, 0),
            match_length=xgid.match_length, score=(xgid.score_bottom, xgid.score_top),
            jacoby=bool(not xgid.match_length and xgid.crawford_or_rules & 1))
        beavers = bool(not xgid.match_length and xgid.crawford_or_rules & 2)
        return _from_match(*xgid.board_on_roll(), info, beavers, beavered=xgid.cube_action == "B")
    except ValueError as error:
        raise ValueError(f"invalid XGID {shown(text, 80)}: {error}") from None


def _cubeless(xgid: formats.XgidPosition) -> bool:
    """An XGID of cubeless play: a cube limit of 1 (field 10 is 0) and nothing that needs a cube."""
    return (xgid.max_cube_log2 == 0 and not xgid.match_length and not xgid.cube_log2 and not xgid.cube_action
            and xgid.cube_owner == formats.CENTRED and not xgid.crawford_or_rules)


def match_info(state: BackgammonState) -> formats.MatchInfo:
    """The GNU :class:`~.formats.MatchInfo` of a state with a cube."""
    cube = state.cube
    player = 0 if state.turn is None else state.turn
    offered = cube.phase == OFFERED
    resign = state.resign if state.resign is not None and not state.resign.declined else None
    game_state = 1
    if cube.phase == OVER:
        game_state = _RESIGNED if resign is not None else _GAME_OVER if state.winner is not None else _DROPPED
    return formats.MatchInfo(
        cube_log2=cube.value.bit_length() - 1, cube_owner=formats.CENTRED if cube.owner is None else cube.owner,
        on_roll=player, crawford=cube.crawford, game_state=game_state,
        turn=1 - player if offered or (resign is not None and resign.pending) else player, double_offered=offered,
        resignation=resign.level if resign is not None else 0, dice=state.dice or (0, 0),
        match_length=cube.match_length, score=cube.score,
        jacoby=cube.jacoby or cube.is_match)  # gnubg's default in matches, where it does not apply


def format_position(state: BackgammonState) -> str:
    """The GNU Backgammon position ID of ``state`` seen from the side on turn; with the cube,
    ``POSID:MATCHID``."""
    turn = 0 if state.turn is None else state.turn
    position = formats.position_id(state.sides[turn], state.sides[1 - turn])
    return position if state.cube is None else f"{position}:{formats.match_id(match_info(state))}"


def format_xgid(state: BackgammonState) -> str:
    """The XGID of ``state``; a cubeless state's has a cube limit of 1 (its last field 0),
    which reads back as cubeless play.  ``ValueError`` for a state no XGID holds (see the
    module doc: a resignation offered or accepted, a game ended by a dropped double)."""
    missing = _beyond_xgid(state)
    if missing:
        raise ValueError(f"an XGID cannot hold {missing}; its GNU ID can")
    cube = state.cube or CubeState()
    turn = 0 if state.turn is None else state.turn
    if cube.is_match:
        rules = int(cube.crawford)
    else:
        rules = int(cube.jacoby) + 2 * int(cube.beavers)
    return formats.format_xgid(formats.XgidPosition(
        bottom=state.sides[0], top=state.sides[1], turn=turn, dice=state.dice,
        cube_log2=cube.value.bit_length() - 1, cube_owner=formats.CENTRED if cube.owner is None else cube.owner,
        score_bottom=cube.score[0], score_top=cube.score[1], match_length=cube.match_length,
        crawford_or_rules=rules, cube_action="D" if state.cube is not None and cube.phase == OFFERED else "",
        max_cube_log2=10 if state.cube is not None else 0))



def _beyond_xgid(state: BackgammonState) -> str:
    """What of ``state`` an XGID has no field for ("" when it holds it all): XGIDs have no
    resignation and no game state (a finished game is one with a side borne off)."""
    resign = state.resign
    if resign is not None and resign.pending:
        return "a resignation offered"
    if resign is not None and resign.accepted:
        return "a game ended by a resignation"
    if state.cube is not None and state.cube.phase == OVER and state.winner is None:
        return "a game ended by a dropped double"
    return ""


def format_diagram(state: BackgammonState) -> str:
    """``state`` as GNU Backgammon's ASCII board with its Position ID and Match ID lines
    (:func:`.diagram.diagram_of`), which :func:`parse_position` reads back."""
    return diagram.diagram_of(state, format_position(state))
