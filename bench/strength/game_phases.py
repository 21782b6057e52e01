"""Where a game against GNU Backgammon is won and lost: the equity of each phase, per game.

``gnubg_games`` says how many points a game Tabula scores against GNU Backgammon; this says
where they come from.  The same duplicate cubeless money games are played (same deals, same
dice); at every decision *both* engines pick a play, and the mover plays its own.  Where the
two picks differ, a judge values both plays, and the difference is charged to the phase of
the position before the roll (GNU's classes: contact, crashed, race; bearoffs count as race):

- **Tabula's plays**: what Tabula's pick lost (or won) against the play GNU would have made;
- **GNU's plays**: what GNU's pick lost against the play Tabula would have made;
- **net**: GNU's losses minus Tabula's, Tabula's gain per game in that phase.

Summed over the phases, the net is the judge's estimate of Tabula's points per game; the
games' own result (far noisier: the dice) is printed beside it.  All figures are cubeless
points per game with 95% intervals over the deals.  The judge is Open Sage at ``--judge``
(default 3 ply, XG's numbering: about GNU's 2 ply), given each play's resulting position.

    python -m bench.strength.game_phases [--player greedy] [--gnu-plies 0] [--deals 300]
                                         [--judge 3ply] [--net FILE] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from bench.strength.error_rate import PHASES, phase, sage_values, tabula_chooser
from bench.strength.gnubg_games import gnu_chooser, play_game
from game.core.tournament.schedule import derive_seed
from game.core.tournament.stats import mean_interval

SIDES = ("tabula", "gnu")


def play_block(job) -> list[dict]:
    """Each deal ``start``..``stop``: its result for Tabula and, per phase, the equity each
    side's picks lost against the other's in the two games (summed, halved: per game)."""
    player, net_file, gnu_plies, judge, seed, start, stop = job
    ours, theirs = tabula_chooser(player, net_file, seed), gnu_chooser(gnu_plies)
    out = []
    for deal in range(start, stop):
        losses = {side: dict.fromkeys(PHASES, 0.0) for side in SIDES}
        counts = {side: dict.fromkeys(PHASES, 0) for side in SIDES}

        def watched(side: str):
            own, other = (ours, theirs) if side == "tabula" else (theirs, ours)

            def choose(me, opp, d1, d2, plays) -> int:
                mine = own(me, opp, d1, d2, plays)
                if len(plays) > 1:
                    where = phase(me, opp)
                    counts[side][where] += 1
                    alternative = other(me, opp, d1, d2, plays)
                    if alternative != mine:
                        played, instead = sage_values([plays[mine][1:], plays[alternative][1:]], judge)
                        losses[side][where] += instead - played
                return mine
            return choose

        dice = derive_seed("gnubg-games", seed, deal)
        result = (play_game((watched("tabula"), watched("gnu")), dice)
                  - play_game((watched("gnu"), watched("tabula")), dice)) / 2
        out.append({"result": result,
                    "losses": {side: {p: losses[side][p] / 2 for p in PHASES} for side in SIDES},
                    "decisions": {side: {p: counts[side][p] / 2 for p in PHASES} for side in SIDES}})
    return out


def _cell(values) -> str:
    interval = mean_interval(list(values))
    return f"{interval.mean:+.4f} [{interval.low:+.4f}, {interval.high:+.4f}]"


def table(deals: list[dict]) -> str:
    """Per phase: decisions a game, each side's loss a game and Tabula's net gain a game."""
    lines = [f"{'phase':<9}{'decisions/game':>16}{'Tabula loses':>30}{'GNU loses':>30}{'net for Tabula':>30}"]
    for where in (*PHASES, "all"):
        keys = PHASES if where == "all" else (where,)

        def per_deal(side, what, deals=deals, keys=keys):
            return [sum(d[what][side][k] for k in keys) for d in deals]

        decisions = np.mean(per_deal("tabula", "decisions")) + np.mean(per_deal("gnu", "decisions"))
        net = [g - t for g, t in zip(per_deal("gnu", "losses"), per_deal("tabula", "losses"))]
        lines.append(f"{where:<9}{decisions:>16.1f}{_cell(per_deal('tabula', 'losses')):>30}"
                     f"{_cell(per_deal('gnu', 'losses')):>30}{_cell(net):>30}")
    lines.append(f"{'games':<9}{'':>16}{'':>30}{'':>30}{_cell(d['result'] for d in deals):>30}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="greedy", help="greedy (0 ply) or a level name")
    parser.add_argument("--gnu-plies", type=int, default=0)
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals (two games each)")
    parser.add_argument("--judge", default="3ply", help="Open Sage's level: 1ply, 2ply or 3ply")
    parser.add_argument("--net", help="a network file in net-full's place")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.monotonic()
    block = max(1, min(10, args.deals // (4 * args.workers)))
    jobs = [(args.player, args.net, args.gnu_plies, args.judge, args.seed, lo, min(lo + block, args.deals))
            for lo in range(0, args.deals, block)]
    deals: list[dict] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for job, done in zip(jobs, pool.map(play_block, jobs)):
            deals.extend(done)
            print(f"deals {job[5]}-{job[6] - 1} done ({time.monotonic() - start:.0f} s)", file=sys.stderr)
    print(f"{args.player} ({args.net or 'net-full'}) v gnubg-nn {args.gnu_plies} ply, {2 * len(deals)} games "
          f"({len(deals)} duplicate deals, seed {args.seed}), judged by Open Sage {args.judge}; "
          f"cubeless points per game, 95% intervals ({time.monotonic() - start:.0f} s)")
    print(table(deals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
