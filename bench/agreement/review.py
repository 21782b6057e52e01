"""Agreement of ``tabula review`` with GNU Backgammon's own judgement of real matches' decisions.

Decisions: every decision our review (:func:`game.core.review.run.review`) makes of the real
matches in ``tests/data/matches/*.mat`` (read as ``tabula review`` reads them), at
``--level``.  For each one GNU Backgammon's equity lost is measured on the same position,
in the same units (EMG in a match):

- **chequer plays**: every legal play (our move generator, which equals GNU's: see
  ``tests/backgammon/test_movegen_gnubg.py``) valued by ``gnubg_nn.probabilities`` on the
  position after it at ``--gnu-plies`` (by default the level's depth: Intermediate 0 ply,
  Advanced 1, Expert 2), its cubeless chances turned into the mover's ``2·MWC − 1`` with
  the match's cube centred, as our chequer search does (same match equity table), and an
  ended game valued exactly; the loss is the best play's value minus the played one's,
  divided by ``W − L`` (EMG; :func:`game.backgammon.analysis.review.emg_scale`).  So the two sides
  differ only in the evaluator and the search, not in the units or the cube model.  From 2
  plies GNU values, as its own analysis does, only the plays through its move filter
  (:data:`FILTER`: at most 8 within 0.16 of the best at 0 ply), plus the play made and
  our best.
- **cube decisions** (unless ``--no-cube``), by one of two references (``--cube-reference``):

  - ``model`` (the default): GNU's network under our cube model.  The cube decision of
    :func:`~game.backgammon.cube.ai.cube_decision` at the level's cube depth, every
    position valued by ``gnubg_nn.probabilities`` (:class:`gnu.GnuChances`) instead of our
    evaluator, and its error of the action taken
    (:meth:`~game.backgammon.cube.CubeDecision.error`, EMG in a match, per unit of cube in
    money) as our review's.  That is how GNU Backgammon's own review judges a cube at 0 ply
    (its cubeless chances through Janowski's match model, ``Cl2CfMatch``, with its cube
    life index), which our model follows, so the two sides differ only in the evaluator,
    as for the chequer plays.  Every cube, owned or centred, match or money.  What it
    cannot see is where our cube maths and GNU Backgammon's differ (our take points are
    solved exactly within the model, GNU's ``GetPoints`` may differ slightly).
  - ``analyzer``: ``gnubg_nn.evaluate_cube_decision``, Joseph Heled's cube analyzer (works
    in matches and only for a centred cube, see ``bench/agreement/cube.py``): its ND, DT,
    DP in EMG; the doubler loses ``min(DT, DP) − ND`` by not doubling when that is
    positive and ``ND − min(DT, DP)`` by doubling when that is; the taker ``DT − DP`` by
    taking and ``DP − DT`` by passing (when positive).  It is not GNU Backgammon's cube
    model: it blends the live and dead cube with fixed weights, has its own race rule and
    doubles earlier, and on the same 886 centred-cube decisions its losses correlate with
    the ``model`` reference's at only 0.38 (it finds a loss in 197 decisions, the model in
    73).

Reported, for the chequer plays, the cube decisions and both together: of the decisions GNU
marks very bad (≥ 0.16), the share we mark at least bad (≥ 0.08), with a 95% Wilson
interval (target ≥ 80%); the Spearman rank correlation of the equity lost per decision
(average ranks for ties; target ≥ 0.7), over all decisions and over those where either side
loses more than 0; and each player's error rate by both.  The chequer plays are also split
into contact and race positions (:func:`phase_of`), and for them "same best as GNU" is the
share of decisions where our best play is one GNU values best (it loses nothing by GNU).

    python -m bench.agreement.review [--level advanced] [--games N] [--seed S] [--files 3pt-a ...]

``--games N`` reviews N games drawn with ``--seed`` from all the matches' games (a match is
replayed up to the last drawn game; the others are not reviewed), by default all of them.

``--save-rows FILE`` writes the decisions' rows (:func:`compare`) as JSON, and ``--rows FILE
...`` prints the tables of such files again without measuring, the files' rows together (so
a run split with ``--files`` across processes is read as one; give it the run's ``--level``:
the heading names it).

``--settle`` measures twice, our review without and with its close calls settled by rollout
(``tabula review --settle``), and prints each table with the seconds our reviews took.

``--gnu-as-ours PLIES`` puts GNU at another depth in our place: how well two depths of one
program agree, the ceiling to read our figures against.

Figures, and what the runs showed about the gap: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

import gnubg_nn  # GPL: benches and tests only
import numpy as np

from bench.lib import gnu
from bench.lib.intervals import wilson
from bench.lib.paths import MATCHES
from game.backgammon.analysis.levels import LEVELS as BG_LEVELS
from game.backgammon.analysis.review import emg_scale
from game.backgammon.cube import match as match_cube
from game.backgammon.cube.ai import CubeSearchRules, context_of, cube_decision, value_weights
from game.backgammon.cube.rules import decision
from game.backgammon.cube.state import DOUBLE, PASS, ROLL, TAKE
from game.backgammon.nets.encoding import equity as outputs_equity
from game.core.protocol import CHANCE
from game.core.review.run import THRESHOLDS, review
from game.games import get_game, imported_record

LEVEL_PLIES = {level.name: level.plies for level in BG_LEVELS.values() if level.analysis}
BG = get_game("backgammon")
RULES = BG.rules()
SEARCH_RULES = CubeSearchRules()


# -- GNU's side ------------------------------------------------------------------------------------
def _mover_value(state, after, plies: int) -> float:
    """GNU's value of the position ``after`` a play for the mover of ``state``: ``2·MWC − 1``
    in a match (cube centred), cubeless equity times the cube in money, cubeless equity."""
    mover = state.turn
    if state.cube is not None and SEARCH_RULES.is_over(after):
        return SEARCH_RULES.ended_value(after, mover)
    if state.cube is None and RULES.is_over(after):
        return RULES.result(after)[mover]
    theirs = gnubg_nn.probabilities(gnu.board_of(after), plies)  # the opponent on roll
    mine = np.array([1.0 - theirs[0], theirs[3], theirs[4], theirs[1], theirs[2]])  # win, wg, wbg, lg, lbg
    if state.cube is not None:
        weights = value_weights(state.cube, mover)
        return float(weights[:5] @ mine + weights[5])
    return float(outputs_equity(mine))


FILTER = (8, 0.16)
"""GNU Backgammon's move filter for its 2-ply analysis: at most 8 plays, those within 0.16
of the best at 0 ply, go on to the deeper look."""


def gnu_chequer_values(state, plies: int, keep=()) -> dict:
    """GNU's value of the legal plays at ``state`` for the mover (see :func:`_mover_value`):
    every play at 1 ply or less; from 2 plies, as GNU Backgammon's analysis does, only the
    plays through its move filter (:data:`FILTER`) and those in ``keep`` (the play made,
    our best), each at ``plies``."""
    rules = SEARCH_RULES if state.cube is not None else RULES
    after = {move: rules.apply(state, move) for move in RULES.legal_moves(state)}
    if plies < 2:
        return {move: _mover_value(state, position, plies) for move, position in after.items()}
    shallow = sorted(((_mover_value(state, position, 0), i, move) for i, (move, position) in enumerate(after.items())),
                     reverse=True)
    most, within = FILTER
    chosen = {move for value, _, move in shallow[:most] if value >= shallow[0][0] - within / _units(state)}
    return {move: _mover_value(state, after[move], plies) for move in chosen | set(keep)}


def gnu_chequer_loss(state, action, plies: int, values: dict | None = None) -> float:
    """GNU's equity lost by ``action`` at ``state`` (see the module doc), in EMG / per cube."""
    values = gnu_chequer_values(state, plies) if values is None else values
    return (max(values.values()) - values[action]) * _units(state)


def _units(state) -> float:
    """What turns a difference of :func:`_mover_value` values into EMG (a match) or
    equity per unit of cube (money)."""
    if state.cube is not None and state.cube.is_match:
        return emg_scale(state)
    return 1.0 / (state.cube.value if state.cube is not None else 1)


def gnu_cube(state, plies: int) -> tuple[float, float, float]:
    """gnubg-nn's cube analyzer's (ND, DT, DP) in EMG for the doubler (on turn) at ``state``,
    centred cube at 1."""
    context = context_of(state)
    return tuple(match_cube.emg(m, context) for m in gnu.analyzer_cube(state, plies))


GNU_CHANCES = gnu.GnuChances()


def gnu_model_cube_loss(state, action, plies: int) -> float | None:
    """GNU's equity lost by a cube ``action`` with GNU's 0-ply chances under our cube model
    (:func:`~game.backgammon.cube.ai.cube_decision` looking ``plies`` rolls ahead, every
    leaf valued by GNU's network): the evaluators differ, the cube maths not."""
    d = cube_decision(state, plies, GNU_CHANCES)
    if decision(state) == "cube":
        return d.error("double" if action == DOUBLE else "no double") if action in (ROLL, DOUBLE) else None
    answer = {TAKE: "take", PASS: "pass"}.get(action)
    return d.error(answer) if answer is not None else None


def gnu_cube_loss(state, action, plies: int) -> float | None:
    """GNU's equity lost by a cube ``action`` (see the module doc); ``None`` when GNU's cube
    analyzer cannot judge the position (an owned or raised cube, a money game)."""
    cube = state.cube
    if not cube.is_match or cube.owner is not None or cube.value != 1 or cube.crawford:
        return None
    nd, dt, dp = gnu_cube(state, plies)
    double = min(dt, dp)
    if decision(state) == "cube":
        return max(0.0, double - nd) if action == ROLL else max(0.0, nd - double) if action == DOUBLE else None
    return max(0.0, dt - dp) if action == TAKE else max(0.0, dp - dt) if action == PASS else None


# -- the decisions ---------------------------------------------------------------------------------
def decision_states(record):
    """The states and actions of the decisions :func:`review` reviews, in its order."""
    state, found = RULES.initial_state(dict(record.options)), []
    for text in record.actions:
        action = RULES.parse(state, text)
        if RULES.to_move(state) != CHANCE and len(RULES.legal_moves(state)) > 1:
            found.append((state, action))
        state = RULES.apply(state, action)
    return found


def truncated(record, games: set[int]):
    """``record`` cut after the last of ``games`` (game numbers), and the games kept."""
    from game.backgammon.cube.rules import game_number

    state, keep = RULES.initial_state(dict(record.options)), []
    last = max(games)
    for text in record.actions:
        if game_number(state) > last:
            break
        keep.append(text)
        state = RULES.apply(state, RULES.parse(state, text))
    return replace(record, actions=keep, result=None)


def compare(paths, level: str, games: int | None, seed: int, gnu_plies: int, with_cube: bool,
            gnu_as_ours: int | None = None, cube_reference: str = "model", settle: bool = False,
            timing: dict | None = None):
    """Rows ``(file, game, player, kind, ours, gnu, position_id, dice, played, our best, phase,
    GNU's loss of our best)`` of equity lost per decision (phase: ``contact`` or ``race``,
    :func:`phase_of`; the last ``None`` for cube decisions).  ``settle``: our review settles
    its close calls by rollout; ``timing`` gets the seconds our reviews took (``"review"``)
    and how many decisions they settled (``"settled"``)."""
    timing = {} if timing is None else timing
    timing.update(review=0.0, settled=0)
    records = [(path, imported_record(path).named()) for path in paths]
    counts = {}
    for path, record in records:
        from game.backgammon.cube.rules import game_number

        state = RULES.initial_state(dict(record.options))
        for text in record.actions:
            state = RULES.apply(state, RULES.parse(state, text))
        counts[path] = game_number(state)
    pool = [(path, n) for path, _ in records for n in range(1, counts[path] + 1)]
    chosen = pool if games is None or games >= len(pool) else random.Random(seed).sample(pool, games)
    rows = []
    for path, record in records:
        wanted = {n for p, n in chosen if p == path}
        if not wanted:
            continue
        record = truncated(record, wanted)
        started = time.perf_counter()
        report = review(BG, record, {"level": level, **({"settle": True} if settle else {})})
        timing["review"] += time.perf_counter() - started
        timing["settled"] += sum(1 for d in report.decisions if d.settled is not None)
        decisions = [(number, d.as_json()) for number, ds in report.games for d in ds]
        states = decision_states(record)
        assert len(states) == len(decisions), (path, len(states), len(decisions))
        for (number, d), (state, action) in zip(decisions, states):
            if number not in wanted:
                continue
            best_lost = None  # GNU's equity lost by our best play
            if d["kind"] == "chequer":
                keep = {action} | ({RULES.parse(state, d["best"])} if d["best"] is not None else set())
                values = gnu_chequer_values(state, gnu_plies, keep)
                gnu = gnu_chequer_loss(state, action, gnu_plies, values)
                if d["best"] is not None:
                    best_lost = round(gnu_chequer_loss(state, RULES.parse(state, d["best"]), gnu_plies, values), 6)
                if gnu_as_ours is not None:  # the ceiling: GNU at another depth in our place
                    d = {**d, "equity_lost": round(gnu_chequer_loss(state, action, gnu_as_ours), 6)}
            elif with_cube and gnu_as_ours is None:
                cube_loss = gnu_model_cube_loss if cube_reference == "model" else gnu_cube_loss
                gnu = cube_loss(state, action, BG_LEVELS[level].cube_plies)
            else:
                gnu = None
            if gnu is not None:
                rows.append((path.stem, number, d["player"], d["kind"], d["equity_lost"], round(gnu, 6),
                             d["position_id"], d["dice"], d["played"], d["best"], phase_of(state), best_lost))
    return rows


def phase_of(state) -> str:
    """``contact`` or ``race``: whether the sides of ``state`` still have to pass each other."""
    from game.backgammon.analysis.warnings import has_contact

    return "contact" if has_contact(state.on_roll, state.opponent) else "race"


# -- statistics ------------------------------------------------------------------------------------
def ranks(values) -> np.ndarray:
    """Ranks from 1, ties sharing their average rank."""
    values = np.asarray(values, dtype=float)
    order = np.argsort(values, kind="mergesort")
    sorted_values = values[order]
    result = np.empty(len(values))
    start = 0
    while start < len(values):
        end = start
        while end + 1 < len(values) and sorted_values[end + 1] == sorted_values[start]:
            end += 1
        result[order[start:end + 1]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(a, b) -> float:
    """Spearman's rank correlation with ties (Pearson's of the average ranks); nan below 3."""
    if len(a) < 3:
        return float("nan")
    ra, rb = ranks(a), ranks(b)
    if ra.std() == 0 or rb.std() == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])


def summary(rows, thresholds=THRESHOLDS) -> dict:
    """The agreement figures of ``rows`` (see the module doc)."""
    ours = [r[4] for r in rows]
    gnu = [r[5] for r in rows]
    very_bad = [(o, g) for o, g in zip(ours, gnu) if g >= thresholds[2]]
    flagged = sum(1 for o, _ in very_bad if o >= thresholds[1])
    low, high = wilson(flagged, len(very_bad))
    either = [(o, g) for o, g in zip(ours, gnu) if o > 0 or g > 0]
    return {"decisions": len(rows), "gnu_very_bad": len(very_bad), "flagged": flagged,
            "share": flagged / len(very_bad) if very_bad else float("nan"), "interval": (low, high),
            "spearman": spearman(ours, gnu),
            "same_best": (sum(1 for r in rows if r[11] is not None and r[11] <= 1e-9)
                          / max(1, sum(1 for r in rows if r[11] is not None))),
            "either_lost": len(either),
            "spearman_either": spearman([o for o, _ in either], [g for _, g in either])}


def print_table(rows, level: str, gnu_plies: int) -> None:
    print(f"our level {level} against GNU (gnubg_nn) at {gnu_plies} ply for plays; "
          f"thresholds {THRESHOLDS[0]}/{THRESHOLDS[1]}/{THRESHOLDS[2]}")
    print(f"{'decisions':<10} {'n':>5} {'GNU v.bad':>9} {'we >= bad':>9} {'share':>6} {'95% interval':>14} "
          f"{'spearman':>8} {'n lost>0':>8} {'spearman(lost>0)':>16}")
    for name, part in (("chequer", [r for r in rows if r[3] == "chequer"]),
                       ("  contact", [r for r in rows if r[3] == "chequer" and r[10] == "contact"]),
                       ("  race", [r for r in rows if r[3] == "chequer" and r[10] == "race"]),
                       ("cube", [r for r in rows if r[3] == "cube"]), ("all", rows)):
        if not part and name.startswith("  "):  # no contact or no race plays
            continue
        s = summary(part)
        print(f"{name:<10} {s['decisions']:>5} {s['gnu_very_bad']:>9} {s['flagged']:>9} {s['share']:>6.1%} "
              f"{s['interval'][0]:>6.1%}-{s['interval'][1]:<6.1%} {s['spearman']:>8.3f} {s['either_lost']:>8} "
              f"{s['spearman_either']:>16.3f}" + (f"  same best as GNU {s['same_best']:.1%}" if name != "cube" else ""))
    print("error rate (milli-EMG per decision), ours / GNU's:")
    players = sorted({(r[0], r[2]) for r in rows})
    for match, player in players:
        mine = [r for r in rows if (r[0], r[2]) == (match, player)]
        print(f"  {match:<8} {player:<16} {len(mine):>4} decisions  "
              f"{1000 * np.mean([r[4] for r in mine]):6.1f} / {1000 * np.mean([r[5] for r in mine]):6.1f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default=BG.move_analysis().options["level"], choices=list(LEVEL_PLIES),
                        help="our analysis level (default: the review's, %(default)s)")
    parser.add_argument("--gnu-plies", type=int, help="GNU's depth for plays (default: the level's)")
    parser.add_argument("--games", type=int, help="review this many games drawn from all matches (default all)")
    parser.add_argument("--seed", type=int, default=19, help="the draw of --games")
    parser.add_argument("--files", nargs="*", help="match names in tests/data/matches (default all)")
    parser.add_argument("--no-cube", action="store_true", help="chequer plays only")
    parser.add_argument("--worst", type=int, default=0, help="list the N decisions we and GNU disagree on most")
    parser.add_argument("--gnu-as-ours", type=int, metavar="PLIES",
                        help="put GNU at PLIES in our place (chequer plays only): how far two depths of one "
                             "program agree, the ceiling to read our figures against")
    parser.add_argument("--cube-reference", choices=("model", "analyzer"), default="model",
                        help="GNU's cube losses: its network's chances under our cube model (model, every "
                             "cube) or gnubg-nn's own cube analyzer (analyzer, a centred cube only)")
    parser.add_argument("--settle", action="store_true",
                        help="measure twice, our review without and with its close calls settled by rollout "
                             "(tabula review --settle): the agreement and our review's time of each")
    parser.add_argument("--save-rows", metavar="FILE", help="also write the rows (one per decision) as JSON")
    parser.add_argument("--rows", metavar="FILE", nargs="+",
                        help="read the rows --save-rows runs wrote (several: their union) instead of measuring")
    args = parser.parse_args(argv)
    names = args.files or sorted(p.stem for p in MATCHES.glob("*.mat"))
    paths = [MATCHES / f"{name}.mat" for name in names]
    gnu_plies = LEVEL_PLIES[args.level] if args.gnu_plies is None else args.gnu_plies
    start = time.perf_counter()
    if args.rows:
        rows = [tuple(row) for path in args.rows for row in json.loads(Path(path).read_text())]
        names = sorted({row[0] for row in rows})
    elif args.settle:
        for settle in (False, True):
            timing: dict = {}
            started = time.perf_counter()
            rows = compare(paths, args.level, args.games, args.seed, gnu_plies, not args.no_cube, None,
                           args.cube_reference, settle, timing)
            print(f"{'settled' if settle else 'not settled'}: {len(rows)} decisions from {', '.join(names)}; "
                  f"our review {timing['review']:.0f} s, {timing['settled']} decisions settled "
                  f"({time.perf_counter() - started:.0f} s with GNU's side)")
            print_table(rows, args.level, gnu_plies)
        return 0
    else:
        rows = compare(paths, args.level, args.games, args.seed, gnu_plies, not args.no_cube, args.gnu_as_ours,
                       args.cube_reference)
    if args.save_rows:
        Path(args.save_rows).write_text(json.dumps(rows))
    if args.gnu_as_ours is not None:
        print(f"(reference run: 'ours' is GNU at {args.gnu_as_ours} ply)")
    print(f"{len(rows)} decisions from {', '.join(names)} ({time.perf_counter() - start:.0f} s)")
    print_table(rows, args.level, gnu_plies)
    if args.worst:
        print("largest disagreements (file game player kind ours gnu position dice played our-best):")
        for row in sorted(rows, key=lambda r: -abs(r[4] - r[5]))[: args.worst]:
            print("  ", *row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
