"""``tabula train backgammon --arch full2 --teacher sage-2ply --games N --out FILE [...]``.

Supervised training (:mod:`game.backgammon.nets.supervised`), in three stages, each of
which a rerun resumes:

1. **Positions** (:mod:`.dataset`): ``N`` self-play games of the shipped ``net-full`` with
   ``--explore`` random plays, plus self-play continued from every chequer decision of the
   ``--matches`` files (the decisions themselves held out), into the label set ``--labels``
   (default ``<FILE stem>.labels.npz``).  An existing label set is reused as it is.  With
   ``--disagreements D``, D of the self-play positions get a roll each, and where 0 ply
   and Expert's 2 ply choose differently the tree around both plays is added (once: a set
   that has them keeps them).
2. **Labels** (:mod:`.labelling`): the teacher values every unlabelled position, a chunk at
   a time, the file saved after each; on Open Sage's threads here, or as Ray tasks with
   ``--cluster ray`` (``--address`` to join a cluster).
   With ``--deepen PHASE=TEACHER`` (:mod:`.deepening`) that phase's positions are labelled
   again by a deeper teacher, in a label set of their own beside the main one, and the
   fit takes those values for them.
3. **Fit** (:mod:`.fitting`): ``--epochs`` passes of minibatch Adam on the cross-entropy of
   the five outputs, the network and its state saved after each epoch; ``--resume``
   continues a fit exactly.

The network keeps the ``--arch`` encoding (``full`` or ``full2``) and ``--hidden`` sizes,
trained from random weights drawn from ``--seed``.  Its meta records the teacher, its
version, the label set's sampling and the fit's settings and losses.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from .fitting import FIT_DEFAULTS as FIT
from .fitting import FitConfig, fit, fit_state_path

__all__ = ["run_supervised", "labels_path"]

SUPERVISED_ARCHS = ("full", "full2")


def labels_path(out: Path, given: str | None) -> Path:
    return Path(given) if given else out.with_name(out.stem + ".labels.npz")


def run_supervised(args: argparse.Namespace) -> int:
    """The command (module doc)."""
    from ..encoding import encoding_of
    from ..evaluator import load_network
    from ..training import new_network
    from .dataset import SOURCES, build_label_set, disagreement_positions, extend_label_set
    from .labelling import LabelSet, label_missing
    from .teacher import TEACHERS, TeacherMissing, teacher_version

    if args.arch not in SUPERVISED_ARCHS:
        raise ValueError(f"--teacher trains a five-output network: --arch {' or '.join(SUPERVISED_ARCHS)}, "
                         f"not {args.arch}")
    if args.teacher not in TEACHERS:
        raise ValueError(f"unknown --teacher {args.teacher!r}; known: {', '.join(TEACHERS)}")
    out = Path(args.out)
    state = fit_state_path(out)
    if args.resume and not (out.exists() and state.exists()):
        raise ValueError(f"--resume: there is no fit at {out} (with {state.name}) to continue")
    if not args.resume and (os.path.lexists(out) or os.path.lexists(state)):  # dangling links too
        raise ValueError(f"{out if os.path.lexists(out) else state} exists: add --resume to continue that fit, "
                         "or choose another --out")
    lr = args.lr if args.lr is not None else FIT.lr
    lr_end = args.lr_end if args.lr_end is not None else FIT.lr_end
    if lr_end > lr:
        raise ValueError(f"--lr-end ({lr_end}) must not exceed --lr ({lr})")
    config = FitConfig(epochs=args.epochs, batch=args.batch, lr=lr, lr_end=lr_end, seed=args.seed)
    path = labels_path(out, args.labels)
    start = time.monotonic()

    def say(line: str) -> None:
        print(f"{line} ({time.monotonic() - start:.0f} s)", flush=True)

    try:
        version = teacher_version()
    except TeacherMissing as error:
        raise ValueError(str(error)) from None
    if path.exists():
        labels = LabelSet.load(path)
        if labels.header.get("teacher") != args.teacher:
            raise ValueError(f"{path} holds {labels.header.get('teacher')!r} labels, not {args.teacher!r}: "
                             "give another --labels")
        say(f"label set {path}: {len(labels.positions):,} positions, {int(labels.labelled.sum()):,} labelled")
    else:
        shipped = load_network("net-full")
        say(f"sampling positions: {args.games:,} self-play games of net-full"
            + (f" and continuations of {len(args.matches)} match files' decisions" if args.matches else ""))
        labels = build_label_set(shipped, encoding_of(shipped), args.games, args.matches or (),
                                 explore=args.explore, seed=args.seed,
                                 header={"teacher": args.teacher, "teacher_version": version})
        labels.save(path)
        say(f"{len(labels.positions):,} positions in {path}")
    sampling = labels.header.get("sampling", {})
    if args.disagreements and "disagreements" not in sampling:
        say(f"looking for disagreements of 0 ply and 2 ply in {args.disagreements:,} self-play decisions")
        selfplay = labels.positions[labels.source == SOURCES.index("selfplay")]
        found, disagreed = disagreement_positions(
            selfplay, args.disagreements, seed=args.seed,
            progress=lambda done, count: say(f"{done:,} decisions searched, {count:,} disagree"))
        added = extend_label_set(labels, found, "disagreements", {"decisions": args.disagreements,
                                                                  "disagreed": disagreed, "seed": args.seed})
        labels.save(path)
        say(f"{added:,} positions around {disagreed:,} disagreements added to {path}")
    if not labels.labelled.all():
        cluster = _ray_pool(args) if args.cluster == "ray" else None
        say(f"labelling {int((~labels.labelled).sum()):,} positions with {args.teacher} (Open Sage {version})")
        label_missing(labels, path, args.teacher, cluster=cluster,
                      progress=lambda done, total, seconds: say(f"labelled {done:,}/{total:,}"))
    values, deepened = labels.labels, {}
    for phase, teacher in args.deepen or ():
        values, deepened[phase] = _deepen(labels, path, values, phase, teacher, say)
    net = new_network(args.arch, seed=args.seed, hidden=tuple(args.hidden) if args.hidden else None,
                      activation=args.activation)
    net.meta.update({"training": "supervised", "teacher": args.teacher, "teacher_version": version,
                     "label_set": path.name, "sampling": labels.header.get("sampling", {}),
                     "positions": len(labels.positions), "games": 0})
    if deepened:
        net.meta["deepened"] = deepened
    say(f"fitting a {'-'.join(map(str, net.sizes))} network for {config.epochs} epochs"
        + (" (resumed)" if args.resume else ""))

    def report(figures: dict) -> None:
        say(f"epoch {figures['epoch']}/{config.epochs}: loss {figures['train_loss']:.5f}, held-out loss "
            f"{figures.get('validation_loss', float('nan')):.5f}, held-out equity RMS "
            f"{figures.get('validation_equity_rms', float('nan')):.4f}")

    try:
        net = fit(net, encoding_of(net), labels.positions, values, config, out, resume=args.resume,
                  report=report)
    except OSError as error:
        raise ValueError(f"cannot write {error.filename or out}: {error.strerror or error}") from None
    print(f"saved {out}: fitted on {len(labels.positions):,} positions labelled by {args.teacher}; "
          f"training state in {state}")
    return 0


def _deepen(labels, path: Path, values, phase: str, teacher: str, say) -> tuple:
    """``values`` with ``phase``'s rows labelled by ``teacher`` (built and labelled first
    where needed), and what the network's meta records of it."""
    from .deepening import deepen, deepened, deeper_path
    from .labelling import LabelSet

    say(f"deepening the {phase} positions' labels with {teacher} ({deeper_path(path, phase, teacher)})")
    deeper = deepen(labels, path, phase, teacher,
                    progress=lambda done, total, seconds: say(f"{phase} by {teacher}: labelled {done:,}/{total:,}"))
    merged, count = deepened(LabelSet(labels.positions, labels.source, labels.header, values), deeper)
    say(f"{count:,} {phase} positions valued by {teacher}")
    return merged, {"teacher": teacher, "positions": count}


class _RayPool:
    """``map(function, items)`` as Ray tasks, results in order."""

    def __init__(self, ray) -> None:
        self.ray = ray

    def map(self, function, items):
        task = self.ray.remote(function)
        refs = [task.remote(item) for item in items]
        for ref in refs:
            yield self.ray.get(ref)


def _ray_pool(args) -> _RayPool:
    from ....core.cluster import ClusterError, connect

    try:
        return _RayPool(connect(args.address))
    except ClusterError as error:
        raise ValueError(str(error)) from None
