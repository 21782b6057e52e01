"""The positions of a label set, drawn from self-play and from real matches.

- ``selfplay``: :func:`.sampling.sample_positions` from the opening, ``games`` games of the
  current network with ``explore`` random plays, each roll's ``candidates`` best plays too;
- ``matches``: the same self-play continued from every chequer decision of the given match
  files (``.mat``/``.sgf``), recorded from ``skip`` plies after it, so that the style of
  real play is learnt but not the decisions themselves, which stay held out (the benchmark
  ``bench/strength/error_rate.py`` judges them): every match position before a play is excluded;
- ``disagreements`` (:func:`disagreement_positions`): rolls where the network's 0-ply
  choice and the Expert level's 2-ply choice differ, the positions the two plays lead to
  and those after each opponent roll's best reply to them (the tree where 0 ply went
  wrong), which :func:`extend_label_set` can add to an existing set.

Each position is kept once (the first source that found it names it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from ...matfile import match_record, read_match_file
from ...rules import BackgammonRules, Play
from ..network import Network
from .labelling import LabelSet
from .sampling import first_rows, member, sample_positions

__all__ = ["SOURCES", "match_decisions", "match_decisions_with_dice", "build_label_set", "disagreement_positions",
           "extend_label_set"]

SOURCES = ("selfplay", "matches", "disagreements")


def match_decisions(paths: Sequence[str | Path]) -> np.ndarray:
    """``(N, 2, 26)`` int8: the position (side on roll first) before every chequer play of
    the match files at ``paths`` that has a choice, in file order."""
    found = [(me, opp) for me, opp, _, _ in match_decisions_with_dice(paths)]
    return np.array(found, dtype=np.int8).reshape(-1, 2, 26)


def match_decisions_with_dice(paths: Sequence[str | Path]) -> list[tuple]:
    """``(side on roll, opponent, die1, die2)`` of every chequer play with a choice in the
    match files at ``paths``, in file order."""
    rules, found = BackgammonRules(), []
    for path in paths:
        record = match_record(read_match_file(path))
        state = rules.initial_state(dict(record.options))
        for text in record.actions:
            action = rules.parse(state, text)
            if isinstance(action, Play) and len(rules.legal_moves(state)) > 1:
                found.append((state.on_roll, state.opponent, *state.dice))
            state = rules.apply(state, action)
    return found


def build_label_set(net: Network, encoding: str, games: int, matches: Sequence[str | Path] = (), *,
                    explore: float = 0.1, candidates: int = 2, skip: int = 2, seed: int = 0,
                    header: dict | None = None, progress: Callable[[str, int], None] | None = None) -> LabelSet:
    """An unlabelled :class:`.LabelSet` of the self-play and match positions (module doc)."""
    held_out = match_decisions(matches) if matches else np.zeros((0, 2, 26), np.int8)
    parts, sources = [], []
    for k, (name, count, starts) in enumerate((("selfplay", games, ()), ("matches", 0, held_out))):
        if not count and not len(starts):
            continue
        found = sample_positions(net, encoding, count, explore=explore, candidates=candidates, seed=seed + k,
                                 starts=[(tuple(me), tuple(opp)) for me, opp in starts], skip=skip,
                                 exclude=held_out, progress=(lambda done, name=name: progress(name, done))
                                 if progress else None)
        parts.append(found)
        sources.append(np.full(len(found), SOURCES.index(name), dtype=np.uint8))
    positions = np.concatenate(parts) if parts else np.zeros((0, 2, 26), np.int8)
    source = np.concatenate(sources) if sources else np.zeros(0, np.uint8)
    keep = first_rows(positions)
    settings = {"games": games, "matches": [Path(p).name for p in matches], "explore": explore,
                "candidates": candidates, "skip": skip, "seed": seed, "sources": list(SOURCES),
                "held_out": len(held_out)}
    return LabelSet(positions[keep], source[keep], {**(header or {}), "sampling": settings})


def disagreement_positions(positions: np.ndarray, decisions: int, seed: int = 0,
                           progress: Callable[[int, int], None] | None = None) -> tuple[np.ndarray, int]:
    """Contact positions around the rolls where 0 ply and 2 ply (Expert) choose differently.

    ``decisions`` positions drawn from ``positions`` (side on roll first) each get a random
    roll; where the shipped ``net-full``'s best play at 0 ply is not Expert's, the positions
    after both plays (opponent on roll) and after the opponent's 0-ply best reply to each of
    its 21 rolls (side on roll again) are kept.  Returns them, distinct, and how many of the
    decisions disagreed; ``progress(done, disagreed)`` is told along the way."""
    from ...analysis.ai import get_level, search, strongest_evaluator
    from ...evaluators import get_evaluator
    from ...movegen import legal_plays
    from ...state import BackgammonState
    from ..choosers import after_play_outputs, candidates_array
    from ..encoding import encoding_of, equity
    from .sampling import contact_rows, distinct_rows

    rng = np.random.default_rng([seed, 7])
    evaluator = get_evaluator(strongest_evaluator())
    net = evaluator.network
    encoding = encoding_of(net)
    level = get_level("expert")
    rules, found, disagreed = BackgammonRules(), [], 0
    rows = rng.choice(len(positions), size=min(decisions, len(positions)), replace=False)
    for done, row in enumerate(rows, 1):
        me, opp = (tuple(int(x) for x in side) for side in positions[row])
        d1, d2 = (int(d) for d in rng.integers(1, 7, 2))
        plays = legal_plays(me, opp, d1, d2)
        if len(plays) > 1:
            values = equity(after_play_outputs(net, encoding, candidates_array([(me, opp, plays)])[0]))
            zero = plays[int(np.argmax(values))]
            state = BackgammonState.from_board(me, opp, dice=(d1, d2))
            after_two = rules.apply(state, search(state, level, evaluator).moves[0].move).sides
            if after_two != (zero[1], zero[2]):
                disagreed += 1
                for mover_after, opp_after in ((zero[1], zero[2]), after_two):
                    found.append((opp_after, mover_after))
                    for r1 in range(1, 7):
                        for r2 in range(r1, 7):
                            replies = legal_plays(opp_after, mover_after, r1, r2)
                            cand, _ = candidates_array([(opp_after, mover_after, replies)])
                            best = replies[int(np.argmax(equity(after_play_outputs(net, encoding, cand))))]
                            found.append((best[2], best[1]))
        if progress and (done % 100 == 0 or done == len(rows)):
            progress(done, disagreed)
    batch = np.array(found, dtype=np.int8).reshape(-1, 2, 26)
    return distinct_rows(batch[contact_rows(batch)]), disagreed


def extend_label_set(labels: LabelSet, extra: np.ndarray, source: str, settings: dict) -> int:
    """Add the rows of ``extra`` that ``labels`` lacks (unlabelled, from ``source``), and
    ``settings`` to its header's sampling record; the number added."""
    extra = np.asarray(extra, np.int8).reshape(-1, 2, 26)
    new = extra[~member(extra, labels.positions)] if len(labels.positions) else extra
    labels.positions = np.concatenate([labels.positions, new])
    labels.source = np.concatenate([labels.source, np.full(len(new), SOURCES.index(source), np.uint8)])
    labels.labels = np.concatenate([labels.labels, np.full((len(new), 5), np.nan, np.float32)])
    labels.header.setdefault("sampling", {})[source] = {**settings, "added": len(new)}
    return len(new)
