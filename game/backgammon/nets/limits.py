"""Bounds on the sizes a training run may ask for, and on the files it reads back.

Memory in training grows with the network's width times the positions valued at once, so
every size a user (or a checkpoint file) gives is bounded:

- a hidden layer has at most :data:`MAX_HIDDEN` units and a network at most
  :data:`MAX_HIDDEN_LAYERS` hidden layers: 8 times the width of GNU Backgammon's nets, at
  most about 3.4 million weights (14 MB each for the weights, Adam's two moments and the
  best network kept);
- at most :data:`MAX_IN_FLIGHT` self-play games at once: the candidate plays of every game
  are valued in one batch, about 1.5 GB at that many games and the widest layers, while
  speed per game stops growing from about 64;
- a strength check has at most :data:`MAX_CHECK_DEALS` duplicate deals, played
  :data:`.arena.DEALS_AT_ONCE` at a time, so its memory does not grow with the count;
- game counts (``games``, ``explore_games``, the two intervals) are at most
  :data:`MAX_GAMES`, more than a year of self-play, so every count in a checkpoint is a
  small number; seeds are below 2**64.

A checkpoint is read no bigger than :data:`MAX_NETWORK_BYTES` (a network) or
:data:`MAX_STATE_BYTES` (a training state): the largest either can legitimately be, with room.
"""

from __future__ import annotations

__all__ = ["MAX_HIDDEN", "MAX_HIDDEN_LAYERS", "MAX_IN_FLIGHT", "MAX_CHECK_DEALS", "MAX_GAMES", "MAX_SEED",
           "MAX_MINUTES", "MAX_NETWORK_BYTES", "MAX_STATE_BYTES", "check_config"]

MAX_HIDDEN = 1024
MAX_HIDDEN_LAYERS = 4
MAX_IN_FLIGHT = 4096
MAX_CHECK_DEALS = 100_000
MAX_GAMES = 10**9
MAX_SEED = 2**64 - 1
MAX_ACTORS = 1024  # Ray self-play actors of one run (:mod:`.cluster_training`)
MAX_MINUTES = 24 * 60
MAX_NETWORK_BYTES = 32 << 20  # the largest network is 27 MB in float64
MAX_STATE_BYTES = 256 << 20  # its Adam moments, and 4096 games of up to 500 plies in flight


def check_config(config) -> None:
    """``ValueError`` naming the first setting of ``config`` (a ``TrainConfig``) outside
    these bounds; the command line checks them as it parses, this guards other callers."""
    hidden = config.hidden or ()
    if len(hidden) > MAX_HIDDEN_LAYERS:
        raise ValueError(f"hidden: at most {MAX_HIDDEN_LAYERS} hidden layers, got {len(hidden)}")
    whole = [("hidden layer size", size, 1, MAX_HIDDEN) for size in hidden] + [
        ("games", config.games, 1, MAX_GAMES), ("seed", config.seed, 0, MAX_SEED),
        ("explore_games", config.explore_games, 0, MAX_GAMES), ("in_flight", config.in_flight, 1, MAX_IN_FLIGHT),
        ("batch", config.batch, 1, 1 << 16), ("checkpoint_every", config.checkpoint_every, 1, MAX_GAMES),
        ("check_every", config.check_every, 0, MAX_GAMES), ("check_deals", config.check_deals, 1, MAX_CHECK_DEALS),
    ]
    for name, value, low, high in whole:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{name}: expected a whole number from {low:,} to {high:,}, got {value!r}")
    minutes = config.checkpoint_minutes
    if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not 0 <= minutes <= MAX_MINUTES:
        raise ValueError(f"checkpoint_minutes: expected a number from 0 to {MAX_MINUTES}, got {minutes!r}")
