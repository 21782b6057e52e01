"""The trained networks as registered evaluators: ``net-full`` and ``net-phase48``.

Both value a position for **the side on roll, before it throws** (what TD self-play and the
supervised teacher's labels train),
as cubeless equity in points.  ``net-full`` has five outputs (:data:`.encoding.OUTPUTS`);
``net-phase48`` one (the win chance), so its equity ignores gammons.  Finished positions in
a batch (either side with all 15 checkers off) get their exact value, not the network's.

The weights ship as ``assets/weights/<name>.npz`` (see ``assets/weights/README.md`` for how
each was trained).  :func:`register_networks` registers the ones it finds; a missing or
damaged file leaves that network unregistered (``tabula`` still runs, on BRAS) and
:func:`load_network` says which file is wrong.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...core.resources import asset_path
from ..board import CHECKERS, OFF
from ..evaluators.arrays import as_batch, flip
from ..evaluators.base import Evaluator, evaluator_names, register
from ..evaluators.bearoff import database, in_bearoff, is_race, race_outcomes
from .attribution import explain_plays, factor_names, opening_value
from .encoding import (
    ENCODERS,
    OUTPUTS,
    consistent,
    encoding_of,
    equity,
    flip_outputs,
    input_size,
    terminal_outputs,
    win_kind_after,
)
from .network import Network

__all__ = ["NetEvaluator", "load_network", "load_race_network", "register_networks", "NETWORK_FILES", "RACE_FILES"]

NETWORK_FILES = {"net-full": "net-full.npz", "net-phase48": "net-phase48.npz"}
# The race network each evaluator uses in contact-free positions (optional; it reads the
# encoding its own meta names).
RACE_FILES = {"net-full": "net-race.npz"}


def side_on_roll_outputs(net: Network, encoding: str, batch: np.ndarray, race: Network | None = None) -> np.ndarray:
    """``(N, K)`` float64 outcome probabilities for the side on roll: exact when the game is
    over, from the one-sided bearoff database when both sides are bearing off
    (:mod:`..evaluators.bearoff`; the network where the database is not installed), from ``race`` (a
    network reading its own ``meta.encoding``, :mod:`.race`) in the other contact-free positions when
    given, else the network's."""
    batch = as_batch(batch)
    out = np.empty((len(batch), net.n_outputs))
    won, lost = batch[:, 0, OFF] == CHECKERS, batch[:, 1, OFF] == CHECKERS
    home, racing = contact_free_rows(batch, race is not None)
    live = ~(won | lost | home | racing)
    if live.all():
        return consistent(net.forward(ENCODERS[encoding](batch)))
    if home.any():
        out[home] = race_outcomes(batch[home])[:, :net.n_outputs]
    if racing.any():
        out[racing] = consistent(race.forward(ENCODERS[encoding_of(race)](batch[racing])))
    if live.any():
        out[live] = consistent(net.forward(ENCODERS[encoding](batch[live])))
    if won.any():
        out[won] = terminal_outputs(win_kind_after(batch[won, 0], batch[won, 1]), net.n_outputs)
    if lost.any():
        out[lost] = flip_outputs(terminal_outputs(win_kind_after(batch[lost, 1], batch[lost, 0]), net.n_outputs))
    return out


def contact_free_rows(batch: np.ndarray, with_race: bool) -> tuple[np.ndarray, np.ndarray]:
    """``(home, racing)`` masks of the rows :func:`side_on_roll_outputs` values from the
    bearoff database (both sides home, the database installed) and from the race network
    (the other contact-free rows, when there is one)."""
    both_home = in_bearoff(batch)
    home = both_home if _bearoff_installed() else np.zeros(len(batch), dtype=bool)
    racing = is_race(batch, both_home) if with_race else np.zeros(len(batch), dtype=bool)
    return home, racing


@lru_cache(maxsize=1)
def _bearoff_installed() -> bool:
    """Whether the bearoff database loads (a missing or damaged file: the network values
    bearoffs); asked once, not again for every batch."""
    try:
        database()
    except (FileNotFoundError, ValueError):
        return False
    return True


class NetEvaluator(Evaluator):
    """A network as an evaluator: ``evaluate`` = ``equity`` = cubeless points for the side on roll.

    ``explain`` splits the equity into ``win`` (2·win − 1) and, with five outputs,
    ``gammons`` (wg − lg) and ``backgammons`` (wbg − lbg); :meth:`probabilities` gives the
    raw outputs named by :attr:`output_names`.  ``play_factors`` explains a play's value by
    groups of inputs (:mod:`.attribution`).
    """

    higher_is_better = True

    def __init__(self, name: str, network: Network, race: Network | None = None) -> None:
        self.name, self.network, self.race = name, network, race
        self._opening_value: tuple | None = None  # (the curve it was valued through, the value)
        self.encoding = encoding_of(network)
        if self.encoding not in ENCODERS:
            raise ValueError(f"{name}: unknown input encoding {self.encoding!r}")
        if network.sizes[0] != input_size(self.encoding) or network.n_outputs not in (1, 5):
            raise ValueError(f"{name}: a network of shape {network.sizes} cannot read the {self.encoding} "
                             "encoding or give backgammon's outcomes")
        five = network.n_outputs == 5
        self.output_names = OUTPUTS if five else OUTPUTS[:1]
        self.factors = ("win", "gammons", "backgammons") if five else ("win",)
        shape = '→'.join(map(str, network.sizes))
        if network.meta.get("training") == "supervised":
            count = network.meta.get("positions")
            count = f"{count:,}" if isinstance(count, int) else "?"
            self.description = (f"network trained on {network.meta.get('teacher', '?')} labels of {count} "
                                f"positions ({self.encoding} inputs, {shape})")
        else:
            self.description = (f"TD(λ) self-play network ({self.encoding} inputs, {shape}, "
                                f"{network.meta.get('games', '?')} games)")

    def probabilities(self, batch: np.ndarray) -> np.ndarray:
        """``(N, K)``: the network's outcome probabilities for the side on roll."""
        return side_on_roll_outputs(self.network, self.encoding, batch, self.race)

    def evaluate(self, batch: np.ndarray) -> np.ndarray:
        return equity(self.probabilities(batch))

    def after_play(self, batch: np.ndarray) -> np.ndarray:
        """The mover's equity after its play, as the networks were trained to value it: the
        search's 0-ply value (:meth:`play_values`), the opponent to roll next."""
        return self.play_values(batch)

    def play_factors(self, batch: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
        """Integrated gradients from the opening position, summed over groups of inputs
        named from the mover's view, plus the opening's value (:func:`.attribution.explain_plays`).

        The shares come from the network that values the position: the race network (when
        it reads the same inputs) where it does (:func:`contact_free_rows`), and in the
        bearoffs the database values (which has no inputs to share its exact value out by);
        elsewhere the main network.  The factors add up to the evaluator's value either way."""
        batch = as_batch(batch)
        by_race = np.zeros(len(batch), dtype=bool)
        if self.race is not None and encoding_of(self.race) == self.encoding:
            home, racing = contact_free_rows(flip(batch), True)  # valued with the opponent on roll
            by_race = home | racing
        names = factor_names(self.encoding)
        parts = np.zeros((len(batch), len(names)))
        for network, rows in ((self.network, ~by_race), (self.race, by_race)):
            if rows.any():
                parts[rows] = explain_plays(network, self.encoding, batch[rows], self.equity, base=self._opening())[1]
        return names, parts

    def _opening(self) -> float:
        """The explanations' baseline value (:func:`.attribution.opening_value`), kept while the
        curve stays: it is the same for every play explained."""
        if self._opening_value is None or self._opening_value[0] is not self.curve:
            self._opening_value = (self.curve, opening_value(self.equity))
        return self._opening_value[1]

    def _contributions(self, batch: np.ndarray) -> np.ndarray:
        o = self.probabilities(batch)
        parts = [2.0 * o[:, 0] - 1.0]
        if o.shape[1] == 5:
            parts += [o[:, 1] - o[:, 3], o[:, 2] - o[:, 4]]
        return np.stack(parts, axis=1)


def load_network(name: str) -> Network:
    """The shipped weights of network evaluator ``name``; ``FileNotFoundError`` or
    ``ValueError`` naming the file when it is missing or not a network."""
    if name not in NETWORK_FILES:
        raise ValueError(f"unknown network {name!r}; known: {', '.join(NETWORK_FILES)}")
    return Network.load(asset_path("weights", NETWORK_FILES[name]))


def load_race_network(name: str) -> Network | None:
    """The race network of evaluator ``name``, or ``None`` when it has none, or its file is
    missing or damaged (the main network then values races too)."""
    if name not in RACE_FILES:
        return None
    try:
        return Network.load(asset_path("weights", RACE_FILES[name]))
    except (FileNotFoundError, ValueError):
        return None


def register_networks() -> list[str]:
    """Register every shipped network not yet registered; the names registered."""
    done = []
    for name in NETWORK_FILES:
        if name in evaluator_names():
            continue
        try:
            register(NetEvaluator(name, load_network(name), load_race_network(name)))
        except (FileNotFoundError, ValueError):
            continue  # not shipped or damaged: the program runs without it
        done.append(name)
    return done
