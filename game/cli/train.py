"""``tabula train backgammon --arch {phase48,full} --games N --out FILE [--resume] [--seed S]``

Trains a backgammon network by TD(λ) self-play (:mod:`game.backgammon.nets.training`):
``--in-flight`` games at once so every move of every game is valued in one numpy batch.
``--games`` is the total to reach, counting games a resumed file already holds.  Every
``--checkpoint-every`` games the network goes to ``FILE`` and the optimiser state to
``FILE.state.npz``; ``--resume`` continues from them (Ctrl-C saves first).  Every
``--check-every`` games the greedy network plays ``--check-deals`` duplicate deals against
``--opponent`` (``random``, ``hard`` or ``greedy:<evaluator>``) and a line with its points
per game is printed; the best network by that check is kept in ``<FILE stem>.best.npz``.
A progress bar goes to stderr when it is a terminal.  To ship a network, copy it to
``assets/weights/net-full.npz`` or ``net-phase48.npz``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import add_game_argument, checked_number, count_int, positive_int, seed_int

ARCHS = ("phase48", "full")


_fraction = checked_number(float, lambda value: 0.0 <= value <= 1.0, "a number between 0 and 1")
_rate = checked_number(float, lambda value: 0.0 < value < 1.0, "a learning rate between 0 and 1 (exclusive)")


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("train", help="train a backgammon network by TD(λ) self-play")
    add_game_argument(parser, only=("backgammon",))
    parser.add_argument("--arch", choices=ARCHS, required=True, help="network: phase48 (seed 002's 48 inputs) or full")
    parser.add_argument("--games", type=positive_int, required=True, help="self-play games in total")
    parser.add_argument("--out", required=True, help="the network file (.npz) to write")
    parser.add_argument("--resume", action="store_true", help="continue the training saved in --out")
    parser.add_argument("--seed", type=seed_int, default=0, help="random seed (default 0)")
    parser.add_argument("--hidden", type=positive_int, nargs="+", help="hidden layer sizes (default: the arch's)")
    parser.add_argument("--lr", type=_rate, default=3e-3, help="Adam learning rate at the start (default 3e-3)")
    parser.add_argument("--lr-end", type=_rate, default=3e-4, help="learning rate at the last game (default 3e-4)")
    parser.add_argument("--lambda", dest="lam", type=_fraction, default=0.7, help="TD λ (default 0.7)")
    parser.add_argument("--explore", type=_fraction, default=0.5,
                        help="chance of a random play at the start, falling to 0 (default 0.5)")
    parser.add_argument("--explore-games", type=count_int, default=2000, help="games until exploration stops (default 2000)")
    parser.add_argument("--in-flight", type=positive_int, default=64, help="games played at once (default 64)")
    parser.add_argument("--checkpoint-every", type=positive_int, default=1000, help="games between checkpoints")
    parser.add_argument("--check-every", type=count_int, default=5000, help="games between strength checks (0: none)")
    parser.add_argument("--check-deals", type=positive_int, default=250, help="duplicate deals per check")
    parser.add_argument("--opponent", default="greedy:bras", help="strength-check opponent (default greedy:bras)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..backgammon.nets.choosers import make_chooser
    from ..backgammon.nets.training import TrainConfig, train

    out = Path(args.out)
    if out.suffix != ".npz":
        raise ValueError(f"--out must name a .npz file, got {args.out!r}")
    if args.resume and not out.exists():
        raise ValueError(f"--resume: there is no network at {out} to continue")
    if not args.resume and out.exists():
        raise ValueError(f"{out} exists: add --resume to continue it, or choose another --out")
    if args.lr_end > args.lr:
        raise ValueError(f"--lr-end ({args.lr_end}) must not exceed --lr ({args.lr})")
    make_chooser(args.opponent)  # an unknown opponent fails now, not after the first check
    config = TrainConfig(
        arch=args.arch, games=args.games, seed=args.seed, hidden=tuple(args.hidden) if args.hidden else None,
        lr=args.lr, lr_end=args.lr_end, lam=args.lam, explore=args.explore, explore_games=args.explore_games,
        in_flight=args.in_flight, checkpoint_every=args.checkpoint_every, check_every=args.check_every,
        check_deals=args.check_deals, opponent=args.opponent,
    )
    bar = None
    show_bar = sys.stderr.isatty()

    def progress(done: int, finished: int) -> None:
        nonlocal bar
        if not show_bar:
            return
        if bar is None:
            from ..core.tournament.progress import ProgressBar

            bar = ProgressBar(args.games, sys.stderr, start=done - finished, interval=0.5)
        bar.advance(finished)

    def report(line: str) -> None:
        if bar is not None:
            sys.stderr.write("\n")
        print(line, flush=True)

    print(f"training {args.arch} for {args.games} games into {out}" + (" (resumed)" if args.resume else ""), flush=True)
    try:
        net = train(config, out, resume=args.resume, report=report, progress=progress)
    finally:
        if bar is not None:
            bar.close()
    print(f"saved {out}: {net.meta.get('games')} games; best check kept in {out.with_name(out.stem + '.best.npz')}")
    return 0
