"""A card's question, its position, and answers as players type or play them.

**Questions**: a chequer decision asks for the play (``chequer``); a cube decision asks take or
pass (``take``) when it was one (``Takes``, ``Drops`` or a beaver played, or the position has
a double offered), else double or no double (``double``); a resignation asks nothing.

**Position** (:func:`position`): the card's GNU IDs (``position_id:match_id``, as the review
wrote them; the XGID, else the bare position ID, when there is no match ID) read back, the
card's dice rolled for a chequer card; a double card is the decision before the roll, a
take card the double offered.

**Canonical answers** are the texts the review stores its alternatives under, so an answer is
looked up by equal text: a play in standard notation as the rules write it (``13/7* 8/7``,
the steps of the legal play reaching the same position, whatever order or form it was typed
in); a cube action in the analysis' words, ``No double`` (``No redouble`` when the decider
owns the cube), ``Doubles => 2``, ``Takes``, ``Drops``, ``Beavers => 4``.  The review stores
the no double *played* as ``Roll`` (the match file's word): it reads as ``No double``.

Typed cube answers (any case, spaces collapsed): ``double``, ``d``, ``redouble``,
``no double``, ``nd``, ``roll``, ``no redouble``, ``take``, ``t``, ``pass``, ``p``, ``drop``,
``beaver``, and the match-file words (``Doubles => 2``, ``Takes``, ``Drops``).
"""

from __future__ import annotations

from typing import Any

from ...core.capabilities.drill import CardFacts
from ...core.protocol import MoveError
from ...core.untrusted import shown
from ..cube.rules import cube_word, decision, legal_actions
from ..cube.state import BEAVER, DOUBLE, PASS, ROLL, TAKE, CubeAction
from ..position import parse_position
from ..rules import BackgammonRules, Play, with_dice
from ..state import BackgammonState

RULES = BackgammonRules()
SHORT_WORDS = {"d": DOUBLE, "nd": ROLL, "t": TAKE, "p": PASS}
"""The one- and two-letter cube answers."""
_DECISIONS = {"chequer": "play", "double": "cube", "take": "take"}
"""The rules' decision (:func:`..cube.rules.decision`) each question asks."""
_ASKS = {"chequer": "a play such as 13/7 8/7", "double": "double or no double", "take": "take or pass"}


def row_state(position_id: str, match_id: str | None, xgid: str | None = None) -> BackgammonState:
    """The state a stored decision's IDs name (see the module doc)."""
    if match_id:
        return parse_position(f"{position_id}:{match_id}")
    return parse_position(xgid or position_id)


def question_of(row: dict[str, Any]) -> str | None:
    """The question a card made of the library decision ``row`` asks (see the module doc)."""
    kind = row.get("kind")
    if kind == "chequer":
        return "chequer"
    if kind != "cube":
        return None
    if cube_word(str(row.get("played") or "")) in (TAKE, PASS, BEAVER):
        return "take"
    try:
        state = row_state(row["position_id"], row.get("match_id"), row.get("xgid"))
    except (KeyError, ValueError):
        return "double"
    return "take" if decision(state) == "take" else "double"


def position(facts: CardFacts) -> BackgammonState:
    """The state the card asks about (see the module doc); ``ValueError`` when its IDs do not
    read back as that question's decision."""
    state = row_state(facts.position_id, facts.match_id, facts.xgid)
    if facts.question == "chequer" and facts.dice and state.dice is None:
        state = with_dice(state, facts.dice)
    wanted = _DECISIONS.get(facts.question)
    if wanted is None:
        raise ValueError(f"unknown question {shown(facts.question)}; one of chequer, double, take")
    if decision(state) != wanted:
        raise ValueError(f"the card's position {facts.position_id}:{facts.match_id} does not ask "
                         f"{_ASKS[facts.question]}")
    return state


def cube_text(state: BackgammonState, action: CubeAction) -> str:
    """A cube action's canonical text at ``state`` (see the module doc)."""
    if action == ROLL:
        return "No redouble" if state.cube.owner is not None else "No double"
    return RULES.notation(state, action)


def canonical_play(state: BackgammonState, play: Play) -> str:
    """The notation of the legal play reaching the position ``play`` reaches (hits included);
    ``ValueError`` when no legal play of the roll does."""
    target = RULES.apply(state, play)
    for legal, reached in RULES.successors(state):
        if reached == target:
            return RULES.notation(state, legal)
    raise ValueError(f"{RULES.notation(state, play)} is no legal play with {state.dice[0]}{state.dice[1]}")


def read_cube(state: BackgammonState, question: str, text: str) -> CubeAction:
    """The cube action ``text`` names for a ``double`` or ``take`` card at ``state``;
    ``ValueError`` with a one-line message otherwise."""
    words = " ".join(text.strip().lower().split())
    action = SHORT_WORDS.get(words) or cube_word(words)
    if action is None:
        raise ValueError(f"{shown(text)} is no answer here: type {_ASKS[question]}")
    if action not in legal_actions(state):
        raise ValueError(f"{shown(text)} is no answer to this card: it asks {_ASKS[question]}")
    try:
        return RULES.parse(state, text) if "=>" in words else action
    except MoveError as error:
        raise ValueError(str(error)) from None


def read_answer(facts: CardFacts, text: str) -> str:
    """``text`` as the card's canonical answer (see the module doc); ``ValueError`` with a
    short message for text that is no legal answer."""
    if not text.strip():
        raise ValueError(f"no answer given: type {_ASKS.get(facts.question, 'an answer')}")
    state = position(facts)
    if facts.question != "chequer":
        return cube_text(state, read_cube(state, facts.question, text))
    if cube_word(" ".join(text.strip().lower().split())) is not None:
        raise ValueError(f"{shown(text)} is a cube action; this card asks for a play such as 13/7 8/7")
    try:
        play = RULES.parse_play(state, text)
    except MoveError as error:
        raise ValueError(str(error)) from None
    return canonical_play(state, play)


def answer_of(facts: CardFacts, move: Any) -> str:
    """The canonical text of ``move`` (a :class:`~..rules.Play` or a
    :class:`~..cube.state.CubeAction` in :func:`position`); ``ValueError`` for one not legal there."""
    state = position(facts)
    if isinstance(move, CubeAction):
        if move not in legal_actions(state):
            raise ValueError(f"{move.kind} is no answer to this card: it asks {_ASKS[facts.question]}")
        return cube_text(state, move)
    if isinstance(move, Play) and facts.question == "chequer":
        try:
            return canonical_play(state, move)
        except MoveError as error:
            raise ValueError(str(error)) from None
    raise ValueError(f"{move!r} is no answer to this card: it asks {_ASKS[facts.question]}")

