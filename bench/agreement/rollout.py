"""Our rollouts against Open Sage's on ten chequer decisions from the public matches.

Two steps:

``reference`` (slow, run once; its results are in the repository, ``bench/cache/opensage_rollouts.json``):
walks :func:`bench.lib.rollout_positions.decision_order` (one decision per game, drawn by seed, rules
only) and ranks each decision's plays with Open Sage's 2-ply checker play (XG numbering: one
roll of look-ahead; the plays its filter left at 1 ply come after those it valued at 2 ply).
Its gap between first and second sorts the decision: *close* (at most :data:`MARGIN`) or
*clear* (over it, up to :data:`OBVIOUS`; beyond that the decision is not a real choice and
is skipped).  The first five of each kind are kept, so the best-play check has decisions to
bite on.  For each it rolls out the top :data:`CANDIDATES` plays with Open Sage's rollout
(its 1-ply checker play, variance reduction, cubeless, the same dice for every play:
:mod:`bench.lib.rollout_common`).  The file is written after every play, so a killed job resumes where
it stopped when run again with the same options; a rollout already in the file with the same
position, play, trials, seed and Open Sage version is reused when the options change.

The default (``compare``): our command rolls out the same plays of the same positions (0 ply,
variance reduction, pruning to 8 plays a roll, every trial played (``--no-early-stop``) as
many as the reference unless ``--trials``) and the bench reports,
per position, Open Sage's best, its gap to the second and both sets of equities; then

- **best play**: our best is Open Sage's wherever Open Sage's gap is over :data:`MARGIN`;
- **equities**: how many of our cubeless equities are within :data:`MARGIN` of Open Sage's,
  and the mean and largest difference.

    python -m bench.agreement.rollout reference [--trials 1296] [--seed 36] [--threads 2]
    python -m bench.agreement.rollout [compare] [--trials N] [--positions 10] [--workers 2]

Figures: ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from bench.lib.paths import CACHE as CACHE_FOLDER
from bench.lib.rollout_common import (
    CommandMissing,
    after_id,
    decision,
    our_rollout,
    sage_analyzer,
    sage_rollout,
    sage_top,
    sage_version,
)
from bench.lib.rollout_positions import decision_order

CACHE = CACHE_FOLDER / "opensage_rollouts.json"
POSITIONS = 10
CANDIDATES = 3
MARGIN = 0.05
OBVIOUS = 0.30
"""Open Sage's 2-ply second best further than this behind its best: no real alternative."""
KINDS = {"close": POSITIONS // 2, "clear": POSITIONS - POSITIONS // 2}


def save(data: dict, path: Path) -> None:
    """Write ``data`` atomically (a killed job never leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    os.replace(tmp, path)


def kind(top: list[dict]) -> str | None:
    """``close``, ``clear`` or ``None`` (no real alternative) by Open Sage's 2-ply gap."""
    gap = top[0]["equity"] - top[1]["equity"]
    return "close" if gap <= MARGIN else "clear" if gap <= OBVIOUS else None


def reusable(data: dict) -> dict:
    """The rollouts in ``data`` by (position, dice, play, trials, seed, Open Sage version)."""
    config, version = data.get("config", {}), data.get("open_sage", {}).get("version")
    return {(row["position"], row["dice"], r["move"], config.get("trials"), config.get("seed"), version): r
            for row in data.get("positions", []) for r in row["rollouts"]}


def reference(args) -> int:
    """Build or resume Open Sage's reference rollouts (see the module doc)."""
    config = {"seed": args.seed, "trials": args.trials, "candidates": CANDIDATES, "margin": MARGIN,
              "obvious": OBVIOUS, "kinds": KINDS}
    data = json.loads(args.out.read_text()) if args.out.exists() else {}
    previous = reusable(data)
    if data.get("config") != config:
        data = {"about": __doc__.split("\n\n")[0], "produced_by": "python -m bench.agreement.rollout reference "
                f"--trials {args.trials} --seed {args.seed} --threads {args.threads}",
                "open_sage": {"package": "bgsage", "version": sage_version(), "licence": "MPL-2.0",
                              "rollout": "BgBotAnalyzer(eval_level='rollout', decision_ply=1, "
                                         "cubeful_trial_moves=False): 1-ply (XG) checker play, variance reduction, "
                                         "cubeless; set_seed(seed) before each play",
                              "candidates": "its 2-ply (XG) checker play's top plays (those it valued at 2 ply first)"},
                "positions_from": "tests/data/matches/*.mat (public matches; tests/data/matches/README.md)",
                "config": config, "complete": False, "positions": [], "skipped": []}
    version = data["open_sage"]["version"]
    seen = {row["source"] for row in data["positions"]} | {row["source"] for row in data["skipped"]}
    analyzer = sage_analyzer(args.trials, args.threads, args.seed)

    def full(name: str) -> bool:
        return sum(row["kind"] == name for row in data["positions"]) >= KINDS[name]

    for found in decision_order(args.seed):
        state = decision(found.position, found.dice)
        row = next((r for r in data["positions"] if r["source"] == found.source), None)
        if row is None:
            if found.source in seen or all(full(name) for name in KINDS):
                continue
            top = sage_top(state, CANDIDATES)
            sort = kind(top)
            if sort is None or full(sort):
                data["skipped"].append({"source": found.source, "why": f"2-ply gap {top[0]['equity'] - top[1]['equity']:.3f}"
                                        + ("" if sort is None else f": {KINDS[sort]} {sort} decisions found already")})
                save(data, args.out)
                continue
            row = {"source": found.source, "position": found.position, "dice": found.dice, "played": found.played,
                   "kind": sort, "candidates": top, "rollouts": []}
            data["positions"].append(row)
        for candidate in row["candidates"][len(row["rollouts"]):]:
            key = (row["position"], row["dice"], candidate["move"], args.trials, args.seed, version)
            result = previous.get(key)
            if result is None:
                result = sage_rollout(analyzer, state, candidate["move"], args.seed)
                result["trials"] = args.trials
            row["rollouts"].append({k: (round(v, 5) if isinstance(v, float) else v) for k, v in result.items()})
            save(data, args.out)
            print(f"{row['source']} ({row['kind']}): {candidate['move']:<22} {result['equity']:+.4f} ± "
                  f"{result['equity_se']:.4f} ({result['seconds']:.0f} s{', reused' if key in previous else ''})",
                  flush=True)
    data["complete"] = all(full(name) for name in KINDS) and all(
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
        print(f"no reference rollouts in {args.out}: run `python -m bench.agreement.rollout reference` first")
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
            result, took = our_rollout(row["position"], row["dice"], moves, trials, args.seed, args.workers,
                                       extra=("--no-early-stop",))
        except CommandMissing as error:
            print(error)
            return 2
        seconds += took
        state = decision(row["position"], row["dice"])
        by_after = {after_id(state, c["move"]): c["equity"] for c in result["candidates"]}
        ours = {m: by_after[after_id(state, m)] for m in moves}
        rows.append({**row, "ours": ours})
        print(f"\n{row['source']} ({row.get('kind', '')}): {row['position']} {row['dice']}  ({took:.0f} s)")
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
    parser.add_argument("--positions", type=int, default=POSITIONS, help="compare the first N stored positions")
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
