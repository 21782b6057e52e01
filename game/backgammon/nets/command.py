"""``tabula train backgammon --arch {phase48,full,full2} --games N --out FILE [--resume] [--seed S] [--cluster ray]``

(``--arch race`` trains the race network instead: :mod:`.race_command`; ``--teacher T``
trains by supervised learning on a teacher's labels: :mod:`.supervised.command`.)

The game's training command, declared as ``info.ability(Training)`` (:data:`TRAINING`); the
command line adds its arguments under ``tabula train backgammon`` and calls :func:`run`.

Trains a backgammon network by TD(λ) self-play (:mod:`game.backgammon.nets.training`):
``--in-flight`` games at once so every move of every game is valued in one numpy batch.
``--games`` is the total to reach, counting games a resumed file already holds; training
stops at the end of the step in which that game finishes, so a few more may be learnt from.
Every ``--checkpoint-every`` games, and at the end of the first step ``--checkpoint-minutes``
(default 5) after the last checkpoint, the network goes to ``FILE`` and the rest of the
training state (optimiser, random generators, games in flight) to ``FILE.state.npz``, so a
killed run loses a few minutes at most; ``--resume`` continues from them exactly, wherever
they fell (Ctrl-C saves first).  Every ``--check-every`` games the greedy
network plays ``--check-deals`` duplicate deals against ``--opponent`` (``random``, ``hard``
or ``greedy:<evaluator>``) and a line with its points per game is printed; the best network
by that check is kept in ``<FILE stem>.best.npz``.  A progress bar goes to stderr when it is
a terminal.  Option defaults come from :class:`~game.backgammon.nets.training.TrainConfig`.
To ship a network, copy it to ``assets/weights/net-full.npz`` or ``net-phase48.npz``.

``--cluster ray`` (with ``--address``, ``--actors``, ``--publish-every``) moves the self-play
to Ray actors while this process learns (:mod:`~game.backgammon.nets.cluster_training`);
Ray missing or unreachable is a usage error saying how to install or reach it.

Sizes are bounded so a run cannot ask for more memory than a desktop has
(:mod:`~game.backgammon.nets.limits` says why): ``--hidden`` at most 4 layers of at most
1,024 units, ``--in-flight`` at most 4,096, ``--check-deals`` at most 100,000, game counts
at most 10^9; a value beyond is a usage error naming the limit.  ``--resume`` reads
``FILE``, ``FILE.state.npz`` and ``<FILE stem>.best.npz`` as untrusted: a damaged,
truncated, foreign or oversized file, or one that is not a regular file, is a usage error
naming it, and nothing is written.  Before any work every file the run writes is checked
with the guarded writer's rules (:func:`check_files`): a name too long for the file system,
a folder, device, FIFO or socket, or an input file there is a usage error.  Existing files
are a run's checkpoint: kept (a fresh run refuses, a dangling link included) unless
``--resume`` continues them; there is no ``--force``, since a checkpoint is replaced only by
its own continuation (move it away to start afresh).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ...core.argtypes import UsageError, bounded_int, checked_number
from ...core.cluster import CLUSTERS, ClusterError
from ...core.outputs import check_output
from .limits import (
    MAX_ACTORS,
    MAX_CHECK_DEALS,
    MAX_GAMES,
    MAX_HIDDEN,
    MAX_HIDDEN_LAYERS,
    MAX_IN_FLIGHT,
    MAX_MINUTES,
    MAX_SEED,
)
from .network import ACTIVATIONS
from .supervised.fitting import FIT_DEFAULTS as FIT
from .supervised.teacher import TEACHERS

ARCHS = ("phase48", "full", "full2", "race")
SAMPLING_EXPLORE = 0.1
"""With ``--teacher``: the chance of a random play in every position-sampling game."""

_fraction = checked_number(float, lambda value: 0.0 <= value <= 1.0, "a number between 0 and 1")
_rate = checked_number(float, lambda value: 0.0 < value < 1.0, "a learning rate between 0 and 1 (exclusive)")
_minutes = checked_number(float, lambda value: 0.0 <= value <= MAX_MINUTES, f"minutes from 0 to {MAX_MINUTES}")
_games = bounded_int(1, MAX_GAMES)
_count = bounded_int(0, MAX_GAMES)


def _deepen(text: str) -> tuple[str, str]:
    from .supervised.deepening import parse_deepen

    try:
        return parse_deepen(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class _HiddenLayers(argparse.Action):
    """``--hidden`` sizes: at most :data:`~.limits.MAX_HIDDEN_LAYERS` of them."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        if len(values) > MAX_HIDDEN_LAYERS:
            raise argparse.ArgumentError(self, f"expected at most {MAX_HIDDEN_LAYERS} hidden layers, got {len(values)}")
        setattr(namespace, self.dest, values)


HELP = "train a backgammon network by TD(λ) self-play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .training import TrainConfig  # imported when the command is built, not with the game

    d = TrainConfig()
    parser.add_argument("--arch", choices=ARCHS, required=True,
                        help="network: phase48 (seed 002's 48 inputs), full, full2 (full + hit chance, escapes, "
                             "pips to home), or race (net-full retrained for contact-free positions from the "
                             "bearoff database; takes --games, --out, --seed, --lr, --lr-end, --rounds, --passes)")
    parser.add_argument("--games", type=_games, required=True, metavar="N",
                        help="self-play games in total, counting those a resumed file holds; training stops at "
                             "the end of the step in which the Nth game finishes, and the games finishing in "
                             "that same step are learnt from too, so the count can exceed N by a few.  The "
                             f"learning rate falls over N games (at most {MAX_GAMES:,})")
    parser.add_argument("--out", required=True, metavar="FILE",
                        help="the network file (.npz) to write, with FILE.state.npz and <FILE stem>.best.npz "
                             "beside it; its folder is created if missing")
    parser.add_argument("--resume", action="store_true",
                        help="continue the training saved in --out; with the same --games and settings the "
                             "result is the straight run's, bit for bit; a different --games changes the "
                             "learning-rate schedule from that point (a note says so)")
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED, "a seed"), default=d.seed,
                        help=f"random seed, a whole number below 2^64 (default {d.seed})")
    parser.add_argument("--hidden", type=bounded_int(1, MAX_HIDDEN, "a hidden layer size"), nargs="+",
                        action=_HiddenLayers, metavar="SIZE",
                        help=f"hidden layer sizes (default: the arch's), at most {MAX_HIDDEN_LAYERS} layers of at "
                             f"most {MAX_HIDDEN:,} units: memory grows with width times --in-flight")
    parser.add_argument("--activation", choices=ACTIVATIONS,
                        help="with --teacher: the hidden layers' activation (default: the arch's, sigmoid)")
    parser.add_argument("--lr", type=_rate, help=f"Adam learning rate at the start (default {d.lr:g}; with "
                                                 f"--teacher {FIT.lr:g})")
    parser.add_argument("--lr-end", type=_rate,
                        help=f"learning rate at the last game or minibatch (default {d.lr_end:g}; with --teacher "
                             f"{FIT.lr_end:g})")
    parser.add_argument("--lambda", dest="lam", type=_fraction, default=d.lam, help=f"TD λ (default {d.lam:g})")
    parser.add_argument("--explore", type=_fraction,
                        help=f"chance of a random play at the start, falling to 0 (default {d.explore:g}); with "
                             f"--teacher, the chance in every sampling game (default {SAMPLING_EXPLORE:g})")
    parser.add_argument("--explore-games", type=_count, default=d.explore_games,
                        help=f"games until exploration stops (default {d.explore_games})")
    parser.add_argument("--in-flight", type=bounded_int(1, MAX_IN_FLIGHT), default=d.in_flight,
                        help=f"games played at once, at most {MAX_IN_FLIGHT:,}: their candidate plays are valued "
                             f"in one batch, and speed stops growing long before (default {d.in_flight})")
    parser.add_argument("--checkpoint-every", type=_games, default=d.checkpoint_every,
                        help=f"games between checkpoints (default {d.checkpoint_every})")
    parser.add_argument("--checkpoint-minutes", type=_minutes, default=d.checkpoint_minutes, metavar="M",
                        help="also checkpoint at the end of the first step M minutes after the last checkpoint "
                             f"(0: by games only; default {d.checkpoint_minutes:g})")
    parser.add_argument("--check-every", type=_count, default=d.check_every,
                        help=f"games between strength checks (0: none; default {d.check_every})")
    parser.add_argument("--check-deals", type=bounded_int(1, MAX_CHECK_DEALS), default=d.check_deals,
                        help=f"duplicate deals per check, at most {MAX_CHECK_DEALS:,} (default {d.check_deals})")
    parser.add_argument("--opponent", default=d.opponent, help=f"strength-check opponent (default {d.opponent})")
    parser.add_argument("--rounds", type=bounded_int(1, 1000, "a number of rounds"), metavar="R",
                        help="with --arch race: rounds of 1-ply targets (default 12)")
    parser.add_argument("--passes", type=bounded_int(1, 1000, "a number of passes"), metavar="P",
                        help="with --arch race: passes over the positions per round (default 6)")
    parser.add_argument("--teacher", choices=TEACHERS,
                        help="train by supervised learning on this teacher's labels instead of TD(λ) (Open Sage "
                             "at 1, 2 or 3 plies, XG numbering; needs the train extra: pip install "
                             "'tabula[train]'): --games self-play games and the --matches files give the "
                             "positions, the teacher labels them, and --epochs of Adam fit the network")
    parser.add_argument("--labels", metavar="FILE",
                        help="with --teacher: the label set to build, or to reuse when it exists (default "
                             "<FILE stem>.labels.npz beside --out)")
    parser.add_argument("--matches", nargs="+", metavar="MATCH",
                        help="with --teacher: .mat/.sgf files whose chequer decisions seed more self-play "
                             "(the decisions themselves are held out)")
    parser.add_argument("--disagreements", type=bounded_int(0, 1_000_000, "a number of decisions"), default=0,
                        metavar="D",
                        help="with --teacher: also label the positions around the rolls, among D drawn from "
                             "the self-play positions, where 0 ply and Expert's 2 ply choose differently "
                             "(default 0)")
    parser.add_argument("--deepen", type=_deepen, action="append", metavar="PHASE=TEACHER",
                        help="with --teacher: label that phase's positions (contact or crashed) again with a "
                             "deeper teacher, kept in <labels stem>.PHASE-TEACHER.npz beside the label set, "
                             "and fit on those values for them (e.g. crashed=sage-3ply); may be repeated")
    parser.add_argument("--epochs", type=bounded_int(1, 10_000, "a number of epochs"), default=FIT.epochs,
                        help=f"with --teacher: passes over the labelled positions (default {FIT.epochs})")
    parser.add_argument("--batch", type=bounded_int(1, 65_536, "a minibatch size"), default=FIT.batch,
                        help=f"with --teacher: positions per minibatch (default {FIT.batch})")
    parser.add_argument("--cluster", choices=CLUSTERS, default="local",
                        help="where self-play (with --teacher: labelling) runs: this process (local, the "
                             "default) or Ray (ray; needs the cluster extra: pip install 'tabula[cluster]')")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --cluster ray: the Ray cluster to join (HOST:6379 or auto); "
                             "default: a local Ray instance")
    parser.add_argument("--actors", type=bounded_int(1, MAX_ACTORS), default=1, metavar="K",
                        help="with --cluster ray: self-play actors, one CPU each (default 1)")
    parser.add_argument("--publish-every", type=_games, default=1, metavar="G",
                        help="with --cluster ray: games each actor finishes on its copy of the weights before "
                             "the learner learns from them and publishes new weights (default 1: with one "
                             "actor, the local run's result exactly)")


def check_files(args: argparse.Namespace, out: Path) -> None:
    """Every file the run will write passes the guarded writer's rules (:mod:`game.core.outputs`)
    before any work: no name too long for the file system (``FILE.state.npz`` is 10 bytes
    longer than ``FILE``), no folder, device, FIFO or socket, never an input (a ``--matches``
    file; the label set, read when it exists, is never the network or its state).  Whether
    existing files may be replaced is the training's own rule, not ``--force``: they are a
    run's checkpoint, continued with ``--resume`` and otherwise kept (a fresh run refuses)."""
    from .supervised.command import labels_path
    from .supervised.deepening import deeper_path
    from .supervised.fitting import fit_state_path
    from .training import best_path, state_path

    matches = [Path(match) for match in args.matches or ()]
    if args.teacher:
        labels = labels_path(out, args.labels)
        deeper = [deeper_path(labels, phase, teacher) for phase, teacher in args.deepen or ()]
        inputs = [*matches, labels, *deeper]
        written = [(out, inputs), (fit_state_path(out), inputs), (labels, [*matches, *deeper]),
                   *((path, [*matches, labels]) for path in deeper)]
    elif args.arch == "race":
        written = [(out, matches)]
    else:
        written = [(path, matches) for path in (out, state_path(out), best_path(out))]
    for path, protected in written:
        try:
            check_output(path, force=True, protected=protected, folder_made=True)
        except UsageError as error:
            if args.resume and os.path.lexists(path):  # a checkpoint's file that no run could have written
                raise UsageError(f"{error}; move it away to resume") from None
            raise


def run(args: argparse.Namespace) -> int:
    from .choosers import make_chooser
    from .training import TrainConfig, Training, best_path, name_files, outputs_in_the_way, state_path

    out = Path(args.out)
    if out.suffix != ".npz":
        raise ValueError(f"--out must name a .npz file, got {args.out!r}")
    check_files(args, out)
    if args.teacher:
        from .supervised.command import run_supervised

        if args.explore is None:
            args.explore = SAMPLING_EXPLORE
        return run_supervised(args)
    supervised = [name for name, given in (("--labels", args.labels), ("--matches", args.matches),
                                           ("--disagreements", args.disagreements),
                                           ("--deepen", args.deepen),
                                           ("--activation", args.activation),
                                           ("--epochs", args.epochs != FIT.epochs),
                                           ("--batch", args.batch != FIT.batch)) if given]
    if supervised:
        raise ValueError(f"{', '.join(supervised)} go{'es' if len(supervised) == 1 else ''} with --teacher")
    d = TrainConfig()
    args.lr = d.lr if args.lr is None else args.lr
    args.lr_end = d.lr_end if args.lr_end is None else args.lr_end
    args.explore = d.explore if args.explore is None else args.explore
    if args.arch == "race":
        from .race_command import run_race

        return run_race(args)
    if args.rounds is not None or args.passes is not None:
        raise ValueError("--rounds and --passes go with --arch race")
    if args.resume and not out.exists():
        raise ValueError(f"--resume: there is no network at {out} to continue")
    in_the_way = outputs_in_the_way(out)
    if not args.resume and in_the_way:
        verb = "exists" if len(in_the_way) == 1 else "exist"
        raise ValueError(f"{name_files(in_the_way)} {verb}: add --resume to continue that training, "
                         "or choose another --out")
    if args.lr_end > args.lr:
        raise ValueError(f"--lr-end ({args.lr_end}) must not exceed --lr ({args.lr})")
    make_chooser(args.opponent)  # an unknown opponent fails now, not after the first check
    config = TrainConfig(
        arch=args.arch, games=args.games, seed=args.seed, hidden=tuple(args.hidden) if args.hidden else None,
        lr=args.lr, lr_end=args.lr_end, lam=args.lam, explore=args.explore, explore_games=args.explore_games,
        in_flight=args.in_flight, checkpoint_every=args.checkpoint_every,
        checkpoint_minutes=args.checkpoint_minutes, check_every=args.check_every,
        check_deals=args.check_deals, opponent=args.opponent,
    )
    bar = None

    def progress(done: int, finished: int) -> None:
        if bar is not None:
            bar.advance(finished)

    def report(line: str) -> None:
        if bar is not None and bar.drawn != float("-inf"):
            sys.stderr.write("\n")
        print(line, flush=True)

    on_ray = args.cluster == "ray"
    if not on_ray and (args.address or args.actors != 1 or args.publish_every != 1):
        raise ValueError("--address, --actors and --publish-every go with --cluster ray")
    if on_ray:
        from ...core.cluster import check_reachable, require_ray
        from .cluster_training import RayTraining

        try:
            require_ray()
            if args.address and args.address != "auto":
                check_reachable(args.address)  # before anything is said or written
        except ClusterError as error:
            raise ValueError(str(error)) from None
        training = RayTraining(config, out, resume=args.resume, report=report, actors=args.actors,
                               publish_every=args.publish_every, address=args.address)
    else:
        training = Training(config, out, resume=args.resume, report=report)  # every check before any writing
    where = f" on Ray ({args.actors} actor{'s' if args.actors > 1 else ''})" if on_ray else ""
    print(f"training {args.arch} for {args.games} games into {out}{where}" + (" (resumed)" if args.resume else ""),
          flush=True)
    for note in training.notes:
        print(note, flush=True)
    if sys.stderr.isatty():
        from ...core.tournament.progress import ProgressBar

        bar = ProgressBar(args.games, sys.stderr, start=training.done, interval=0.5)
    try:
        net = training.run(progress)
    except ClusterError as error:  # the cluster cannot be reached
        raise ValueError(str(error)) from None
    except OSError as error:  # a checkpoint that cannot be written (disk full...): the last one is kept
        raise ValueError(f"cannot write {error.filename or out}: {error.strerror or error}") from None
    finally:
        if bar is not None:
            bar.close()
    saved = f"saved {out}: {net.meta.get('games')} games; training state in {state_path(out)}"
    if best_path(out).exists():
        saved += f"; best check kept in {best_path(out)}"
    print(saved)
    return 0


class BackgammonTraining:
    """What ``info.ability(Training)`` declares: the help line, the arguments and the command."""

    help = HELP

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        add_arguments(parser)

    def run(self, args: argparse.Namespace) -> int:
        return run(args)


TRAINING = BackgammonTraining()
