"""Does a separate crashed network pay?  Held-out fit of crashed positions, three ways.

GNU Backgammon values *crashed* positions (a side with at most six checkers in play beyond
the heaps on its lowest points; ``gnubg_nn.classify``) with a network of their own.  Our
one contact network loses most in them (``bench/strength/error_rate.py``'s crashed column), so this
bench asks whether a network of their own would value them better.  It takes a supervised
label set (``tabula train backgammon --teacher ... --labels FILE``), holds out the crashed
rows of the shipped network's own held-out share (the fit's 2% drawn from ``--seed``,
which no candidate trains on), and reports each candidate's cubeless-equity RMS against the
teacher on them:

- ``shipped``: the installed ``net-full``, trained on every class;
- ``crashed-only H``: a network of hidden sizes ``H`` (relu) trained from random weights on
  the crashed training rows alone, ``--epochs`` epochs;
- ``fine-tuned``: the shipped network trained on, at a tenth of the usual learning rate,
  with the crashed training rows alone, ``--tune-epochs`` epochs.

    python -m bench.agreement.crashed_network --labels FILE [--hidden 256-128 512-256] [--epochs 40]
                                    [--tune-epochs 10] [--seed 1] [--out DIR]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import gnubg_nn  # GPL: benches and tests only
import numpy as np

from bench.lib import gnu
from game.backgammon.nets.encoding import ENCODERS, consistent, encoding_of, equity
from game.backgammon.nets.evaluator import load_network
from game.backgammon.nets.supervised.fitting import FIT_DEFAULTS, FitConfig, fit
from game.backgammon.nets.supervised.labelling import LabelSet
from game.backgammon.nets.training import new_network


def crashed_rows(positions: np.ndarray) -> np.ndarray:
    """``(N,)`` bool: GNU Backgammon classes the position as crashed."""
    return np.array([gnubg_nn.classify(gnu.board(me, opp)) == gnubg_nn.c_crashed for me, opp in positions])


def held_out_rows(n: int, seed: int) -> np.ndarray:
    """The fit's own validation share (``fitting.fit`` draws it the same way)."""
    order = np.random.default_rng(seed).permutation(n)
    held = np.zeros(n, dtype=bool)
    held[order[:int(round(n * FIT_DEFAULTS.validation))]] = True
    return held


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", required=True, type=Path)
    parser.add_argument("--hidden", nargs="+", default=["256-128", "512-256"])
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--tune-epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1, help="the seed the shipped network's fit used")
    parser.add_argument("--out", type=Path, help="where the candidates are written (default: a temporary folder)")
    args = parser.parse_args(argv)

    labels = LabelSet.load(args.labels)
    labelled = labels.labelled
    crashed = crashed_rows(labels.positions) & labelled
    held = held_out_rows(len(labels.positions), args.seed)
    test, train = crashed & held, crashed & ~held
    shipped = load_network("net-full")
    encoding = encoding_of(shipped)
    x, y = ENCODERS[encoding](labels.positions[test]), equity(labels.labels[test].astype(np.float64))

    def rms(net) -> float:
        return float(np.sqrt(np.mean((equity(consistent(net.forward(x)).astype(np.float64)) - y) ** 2)))

    print(f"{args.labels}: {len(labels.positions):,} positions, {int(crashed.sum()):,} crashed "
          f"({int(train.sum()):,} to train on, {int(test.sum()):,} held out)")
    print(f"{'shipped net-full':<28} held-out equity RMS {rms(shipped):.4f}")
    out = args.out or Path(tempfile.mkdtemp(prefix="crashed-"))
    out.mkdir(parents=True, exist_ok=True)
    candidates = [(f"crashed-only {h}", new_network(encoding, seed=args.seed, activation="relu",
                                                    hidden=tuple(int(s) for s in h.split("-"))),
                   FitConfig(epochs=args.epochs, seed=args.seed, validation=0.0))
                  for h in args.hidden]
    candidates.append(("fine-tuned net-full", shipped,
                       FitConfig(epochs=args.tune_epochs, seed=args.seed, validation=0.0,
                                 lr=FIT_DEFAULTS.lr / 10, lr_end=FIT_DEFAULTS.lr / 500)))
    for name, net, config in candidates:
        start = time.monotonic()
        net = fit(net, encoding, labels.positions[train], labels.labels[train], config,
                  out / (name.replace(" ", "-") + ".npz"))
        print(f"{name:<28} held-out equity RMS {rms(net):.4f}  ({config.epochs} epochs, "
              f"{time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
