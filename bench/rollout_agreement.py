"""Our rollouts against Open Sage's on ten chequer decisions from the public matches.

Two steps:

``reference`` (slow, run once; its results are in the repository, ``bench/cache/opensage_rollouts.json``):
walks :func:`rollout_positions.decision_order` (one decision per game, drawn by seed, rules
only) and keeps the first ten where Open Sage's 2-ply ranking (XG numbering: one roll of
look-ahead) rolls out at least :data:`CANDIDATES` plays and has its second best within
:data:`ALTERNATIVE` of its best (a real alternative).  For each it rolls out those top plays
with Open Sage's rollout (its 1-ply checker play, variance reduction, cubeless, the same dice
for every play: :mod:`rollout_common`).  The file is written after every play, so a killed
job resumes where it stopped when run again with the same options.

The default (``compare``): our command rolls out the same plays of the same positions (0 ply,
variance reduction, as many trials as the reference unless ``--trials``) and the bench reports,
per position, Open Sage's best, its gap to the second and both sets of equities; then

- **best play**: our best is Open Sage's wherever Open Sage's gap is over :data:`MARGIN`;
- **equities**: how many of our cubeless equities are within :data:`MARGIN` of Open Sage's,
  and the mean and largest difference.

    python bench/rollout_agreement.py reference [--trials 1296] [--seed 36] [--threads 2]
    python bench/rollout_agreement.py [compare] [--trials N] [--positions 10] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from rollout_common import (RULES, CommandMissing, decision, our_rollout, sage_analyzer, sage_post_board,
                            sage_pre_board, sage_rollout, sage_version)
from rollout_positions import decision_order

CACHE = Path(__file__).resolve().parent / "cache" / "opensage_rollouts.json"
POSITIONS = 10
CANDIDATES = 3
ALTERNATIVE = 0.10
"""Open Sage's 2-ply second best within this of its best: a decision with a real alternative."""
MARGIN = 0.05


def save(data: dict, path: Path) -> None:
    """Write ``data`` atomically (a killed job never leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    os.replace(tmp, path)


def sage_top(state, count: int) -> list[dict]:
    """Open Sage's best ``count`` plays at 2 ply (cubeless), as our notation and its equity."""
    import bgsage

    analyzer = bgsage.BgBotAnalyzer(eval_level="2ply", cubeful=False, parallel_threads=2)
    result = analyzer.checker_play(sage_pre_board(state), *state.dice)
    names = {}
    for play in RULES.legal_moves(state):
        text = RULES.notation(state, play)
        names.setdefault(tuple(sage_post_board(state, text)), text)
    ranked = [m for m in result.moves if m.eval_level == "2-ply"]
    return [{"move": names[tuple(m.board)], "equity_2ply": round(m.cubeless_equity, 4)} for m in ranked[:count]]


def reference(args) -> int:
    """Build or resume Open Sage's reference rollouts (see the module doc)."""
    config = {"seed": args.seed, "trials": args.trials, "candidates": CANDIDATES, "alternative": ALTERNATIVE,
              "positions": args.positions, "threads": args.threads}
    data = json.loads(args.out.read_text()) if args.out.exists() else {}
    if data.get("config") != config:
        data = {"about": __doc__.split("\n\n")[0], "produced_by": "python bench/rollout_agreement.py reference "
                f"--trials {args.trials} --seed {args.seed} --threads {args.threads}",
                "open_sage": {"package": "bgsage", "version": sage_version(), "licence": "MPL-2.0",
                              "rollout": "BgBotAnalyzer(eval_level='rollout', decision_ply=1, "
                                         "cubeful_trial_moves=False): 1-ply (XG) checker play, variance reduction, "
                                         "cubeless; set_seed(seed) before each play",
                              "candidates": "its 2-ply (XG) checker play's top plays"},
                "positions_from": "tests/data/matches/*.mat (public matches; tests/data/matches/README.md)",
                "config": config, "complete": False, "positions": [], "skipped": []}
    done = {row["source"] for row in data["positions"]} | {row["source"] for row in data["skipped"]}
    analyzer = sage_analyzer(args.trials, args.threads, args.seed)
    for found in decision_order(args.seed):
        kept = [row for row in data["positions"]]
        if len(kept) >= args.positions and all(len(r["rollouts"]) == len(r["candidates"]) for r in kept):
            break
        state = decision(found.position, found.dice)
        row = next((r for r in data["positions"] if r["source"] == found.source), None)
        if row is None:
            if found.source in done or len(kept) >= args.positions:
                continue
            top = sage_top(state, CANDIDATES)
            if len(top) < CANDIDATES or top[0]["equity_2ply"] - top[1]["equity_2ply"] > ALTERNATIVE:
                data["skipped"].append({"source": found.source, "why": f"{len(top)} plays at 2 ply" if len(top) < CANDIDATES
                                        else f"2-ply gap {top[0]['equity_2ply'] - top[1]['equity_2ply']:.3f}"})
                save(data, args.out)
                continue
            row = {"source": found.source, "position": found.position, "dice": found.dice, "played": found.played,
                   "candidates": top, "rollouts": []}
            data["positions"].append(row)
        for candidate in row["candidates"][len(row["rollouts"]):]:
            result = sage_rollout(analyzer, state, candidate["move"], args.seed)
            result["trials"] = args.trials
            row["rollouts"].append({k: (round(v, 5) if isinstance(v, float) else v) for k, v in result.items()})
            save(data, args.out)
            print(f"{row['source']}: {candidate['move']:<22} {result['equity']:+.4f} ± {result['equity_se']:.4f} "
                  f"({result['seconds']:.0f} s)", flush=True)
    data["complete"] = len(data["positions"]) >= args.positions and all(
        len(r["rollouts"]) == len(r["candidates"]) for r in data["positions"])
    save(data, args.out)
    print(f"{'complete' if data['complete'] else 'incomplete'}: {len(data['positions'])} positions in {args.out}")
    return 0


def agreement(rows: list[dict]) -> dict:
    """The bench's figures from per-position rows of ``(open sage rollouts, our equities by move)``:
    best-play agreement where Open Sage's gap is over :data:`MARGIN`, equities within it."""
    clear = agree = within = total = 0
    diffs = []
    for row in rows:
        theirs = sorted(row["rollouts"], key=lambda r: -r["equity"])
        ours = row["ours"]
        gap = theirs[0]["equity"] - theirs[1]["equity"] if len(theirs) > 1 else 0.0
        if gap > MARGIN:
            clear += 1
            agree += max(ours, key=ours.get) == theirs[0]["move"]
        for r in theirs:
            diff = abs(ours[r["move"]] - r["equity"])
            diffs.append(diff)
            within += diff <= MARGIN
            total += 1
    return {"clear": clear, "same_best": agree, "equities": total, "within": within,
            "mean_diff": sum(diffs) / len(diffs) if diffs else 0.0, "max_diff": max(diffs, default=0.0)}


def compare(args) -> int:
    """Our rollouts of the reference's plays, side by side with Open Sage's."""
    if not args.out.exists():
        print(f"no reference rollouts in {args.out}: run `python bench/rollout_agreement.py reference` first")
        return 1
    data = json.loads(args.out.read_text())
    positions = [r for r in data["positions"] if len(r["rollouts"]) == len(r["candidates"])][: args.positions]
    note = "" if data.get("complete") else " (the reference job is not complete)"
    trials = args.trials or data["config"]["trials"]
    print(f"{len(positions)} positions, Open Sage {data['open_sage']['version']} rollouts of "
          f"{data['config']['trials']} trials{note}; ours: {trials} trials, 0 ply, variance reduction")
    rows, seconds = [], 0.0
    for row in positions:
        moves = [r["move"] for r in row["rollouts"]]
        try:
            result, took = our_rollout(row["position"], row["dice"], moves, trials, args.seed, args.workers)
        except CommandMissing as error:
            print(error)
            return 2
        seconds += took
        state = decision(row["position"], row["dice"])
        from rollout_common import after_id

        by_after = {after_id(state, c["move"]): c["equity"] for c in result["candidates"]}
        ours = {m: by_after[after_id(state, m)] for m in moves}
        rows.append({**row, "ours": ours})
        print(f"\n{row['source']}: {row['position']} {row['dice']}  ({took:.0f} s)")
        print(f"  {'play':<24}{'Open Sage':>11}{'± se':>8}{'ours':>10}{'diff':>8}")
        for r in sorted(row["rollouts"], key=lambda r: -r["equity"]):
            print(f"  {r['move']:<24}{r['equity']:+11.4f}{r['equity_se']:8.4f}{ours[r['move']]:+10.4f}"
                  f"{ours[r['move']] - r['equity']:+8.4f}")
    figures = agreement(rows)
    print(f"\nsame best play where Open Sage's gap is over {MARGIN}: {figures['same_best']} of {figures['clear']}")
    print(f"equities within {MARGIN}: {figures['within']} of {figures['equities']} "
          f"(mean difference {figures['mean_diff']:.4f}, largest {figures['max_diff']:.4f})")
    print(f"our rollouts took {seconds:.0f} s in all")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", nargs="?", choices=("compare", "reference"), default="compare")
    parser.add_argument("--trials", type=int, default=None,
                        help="trials per play (reference: default 1296; compare: default the reference's)")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--positions", type=int, default=POSITIONS)
    parser.add_argument("--threads", type=int, default=2, help="Open Sage's threads (reference)")
    parser.add_argument("--workers", type=int, default=2, help="our command's worker processes (compare)")
    parser.add_argument("--out", type=Path, default=CACHE, help="the reference rollouts' file")
    args = parser.parse_args(argv)
    if args.step == "reference":
        args.trials = args.trials or 1296
        start = time.perf_counter()
        code = reference(args)
        print(f"{time.perf_counter() - start:.0f} s")
        return code
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
