"""Variations of a failed card: nearby positions whose best answer keeps the card's idea.

**Candidates** (:func:`nearby`), made from the card's position, seeded (``random.Random(seed)``):

- the other rolls of the same kind, for a chequer card (the other doubles for a double, the
  other non-doubles otherwise);
- one checker of either side moved one to three pips, forward or back, onto a point the
  other side does not hold (never from or to the bar or the tray);
- two such moves;
- another score, in a match: each side's points away changed by one or kept (not both
  kept), within 1 to the match length; the Crawford flag is kept while the same side stays
  one point away, else dropped (a side newly one away plays post-Crawford), and a state the
  rules refuse (a Crawford game with a turned cube, a double no longer possible) is dropped.

The kinds are taken in turn, each in a seeded random order.  A candidate must read back from
its GNU IDs as the same question, with a choice to make (two or more legal answers).

**Checks** (:func:`variations`): a candidate is first analysed at 0 ply (Intermediate, cheap)
and dropped unless its best answer already has the card's idea and leads the next answer by
:data:`PREFILTER_MARGIN`; the ones left are analysed at Expert as the review analyses a
decision (:func:`.grading.reviewed`), and kept when the best answer has the card's idea
(:mod:`.ideas`: the same play features, or the same proper cube action) and leads the next
one by :data:`MARGIN` (a cube card: its decision's best action ahead of the other, no double
against double or take against pass).  At most :data:`CHECKS_PER_VARIATION` Expert checks
are spent per variation asked for, and :data:`CANDIDATES` candidates prefiltered, so a card
whose idea does not travel costs a bounded time.  A kept variation is a card of its own,
with the Expert figures (played ``""``, level ``expert``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from ...core.capabilities.drill import CardFacts
from ..analysis.review import review_position
from ..cube.rules import decision
from ..phase import classify
from ..position import format_position, format_xgid, parse_position
from ..rules import with_dice
from ..state import BackgammonState
from .answers import RULES, position
from .grading import reviewed
from .ideas import Idea, cube_idea, play_idea

MARGIN = 0.03
"""How far the best answer must lead the next one at Expert, in the review's units."""
PREFILTER_MARGIN = 0.02
"""The same at 0 ply, looser: 0 ply misjudges what Expert sees."""
CHECK_LEVEL, PREFILTER_LEVEL = "expert", "intermediate"
CHECKS_PER_VARIATION = 4
"""Expert analyses allowed per variation asked for."""
CANDIDATES = 60
"""Candidates prefiltered at most."""
PIPS = (1, 2, 3, -1, -2, -3)
"""How far a checker is moved (negative: back)."""
TWO_MOVES = 40
"""How many two-checker candidates are drawn."""
_QUESTION = {"chequer": "play", "double": "cube", "take": "take"}


def card_idea(facts: CardFacts, state: BackgammonState) -> Idea | str | None:
    """The idea of the card's best answer (``None`` for a cube card without figures)."""
    if facts.question == "chequer":
        return play_idea(state.on_roll, state.opponent, RULES.parse_play(state, facts.best).steps)
    return None if facts.cube is None else cube_idea(facts.question, str(facts.cube["proper"]))


def _shifts(state: BackgammonState) -> list[tuple[int, int, int]]:
    """``(side, from, to)``: each one-checker move of :func:`nearby` (points in the side's numbering)."""
    found = []
    for player in (0, 1):
        mine, theirs = state.sides[player], state.sides[1 - player]
        for source in range(1, 25):
            if mine[source]:
                found += [(player, source, source - pips) for pips in PIPS
                          if 1 <= source - pips <= 24 and not theirs[25 - (source - pips)]]
    return found


def _shifted(state: BackgammonState, moves) -> BackgammonState | None:
    sides = [list(state.sides[0]), list(state.sides[1])]
    for player, source, target in moves:
        if sides[player][source] < 1 or sides[1 - player][25 - target]:
            return None
        sides[player][source] -= 1
        sides[player][target] += 1
    return BackgammonState((tuple(sides[0]), tuple(sides[1])), state.turn, state.dice, False, state.cube)


def _rescored(state: BackgammonState, change: tuple[int, int]) -> BackgammonState | None:
    cube, length = state.cube, state.cube.match_length
    score = tuple(cube.score[i] - change[i] for i in (0, 1))  # one more point away is one fewer point
    if not all(0 <= s <= length - 1 for s in score):
        return None
    one_away = tuple(s == length - 1 for s in score)
    crawford = cube.crawford and one_away == tuple(s == length - 1 for s in cube.score) and sum(one_away) == 1
    return replace(state, cube=replace(cube, score=score, crawford=crawford))


def _rolls(state: BackgammonState) -> list[tuple[int, int]]:
    high, low = state.dice
    same = high == low
    return [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1) if (a == b) == same and (a, b) != (high, low)]


def nearby(state: BackgammonState, question: str, rng: random.Random) -> Iterator[BackgammonState]:
    """Candidate states near ``state`` (see the module doc), each kind in a seeded order,
    the kinds in turn; not yet checked."""
    kinds: list[list[BackgammonState]] = []
    if question == "chequer":
        rolls = _rolls(state)
        rng.shuffle(rolls)
        kinds.append([with_dice(state, f"{a}{b}") for a, b in rolls])
    shifts = _shifts(state)
    singles = list(shifts)
    rng.shuffle(singles)
    kinds.append([s for s in (_shifted(state, [m]) for m in singles) if s is not None])
    if state.cube is not None and state.cube.is_match:
        changes = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
        rng.shuffle(changes)
        kinds.append([s for s in (_rescored(state, c) for c in changes) if s is not None])
    if len(shifts) > 1:
        pairs = [rng.sample(shifts, 2) for _ in range(TWO_MOVES)]
        kinds.append([s for s in (_shifted(state, pair) for pair in pairs) if s is not None])
    for i in range(max((len(k) for k in kinds), default=0)):
        for kind in kinds:
            if i < len(kind):
                yield kind[i]


def _read_back(candidate: BackgammonState, question: str) -> BackgammonState | None:
    """The candidate as its GNU IDs read back, when it is a legal position asking ``question``
    with a choice; ``None`` otherwise."""
    try:
        state = parse_position(format_position(candidate))
        if question == "chequer":
            state = with_dice(state, f"{candidate.dice[0]}{candidate.dice[1]}")
    except ValueError:
        return None
    if decision(state) != _QUESTION[question] or len(RULES.legal_moves(state)) < 2:
        return None
    return state


def keeps(question: str, idea, state: BackgammonState, level: str, margin: float):
    """``(alternatives, cube)`` of ``state`` at ``level`` when its best answer has ``idea`` and
    leads the next by ``margin``; ``None`` otherwise."""
    records, found, cube = reviewed(state, level)
    if len(found) < 2 or found[1].diff > -margin:
        return None
    if question == "chequer":
        same = play_idea(state.on_roll, state.opponent, records[0].move.steps) == idea
    else:
        same = cube is not None and cube_idea(question, cube.proper) == idea
    return (found, cube) if same else None


def _dice(state: BackgammonState) -> str | None:
    return None if state.dice is None else f"{state.dice[0]}{state.dice[1]}"


def _card(facts: CardFacts, state: BackgammonState, found, cube) -> CardFacts:
    position_id, match_id = review_position(state)
    return CardFacts(
        game=facts.game, player=facts.player, question=facts.question, position_id=position_id, match_id=match_id,
        xgid=format_xgid(state), dice=_dice(state), played="",
        best=found[0].move, alternatives=tuple(a.as_json() for a in found),
        cube=None if cube is None else cube.as_json(), equity_lost=0.0, level=CHECK_LEVEL, phase=classify(state))


def check(facts: CardFacts, state: BackgammonState, idea=None) -> CardFacts | None:
    """The variation ``state`` makes of ``facts`` when it passes the prefilter and the Expert
    check (see the module doc), else ``None``; ``idea``: the card's (:func:`card_idea`)."""
    idea = card_idea(facts, position(facts)) if idea is None else idea
    if keeps(facts.question, idea, state, PREFILTER_LEVEL, PREFILTER_MARGIN) is None:
        return None
    found = keeps(facts.question, idea, state, CHECK_LEVEL, MARGIN)
    return None if found is None else _card(facts, state, *found)


def variations(facts: CardFacts, seed: int, limit: int = 3) -> tuple[CardFacts, ...]:
    """Up to ``limit`` checked variations of ``facts`` (see the module doc)."""
    if limit <= 0:
        return ()
    original = position(facts)
    idea = card_idea(facts, original)
    if idea is None:
        return ()
    seen = {(facts.position_id, facts.match_id, facts.dice)}
    kept: list[CardFacts] = []
    checks = tried = 0
    for candidate in nearby(original, facts.question, random.Random(seed)):
        if len(kept) >= limit or checks >= CHECKS_PER_VARIATION * limit or tried >= CANDIDATES:
            break
        state = _read_back(candidate, facts.question)
        key = None if state is None else (*review_position(state), _dice(state))
        if state is None or key in seen:
            continue
        seen.add(key)
        tried += 1
        if keeps(facts.question, idea, state, PREFILTER_LEVEL, PREFILTER_MARGIN) is None:
            continue
        checks += 1
        found = keeps(facts.question, idea, state, CHECK_LEVEL, MARGIN)
        if found is not None:
            kept.append(_card(facts, state, *found))
    return tuple(kept)
