"""``tabula rollout GAME --position P [--dice 31] [--moves "24/18 13/11" ... | --top N] [--trials 1296]
[--truncate PLIES] [--level L] [--seed S] [--workers K] [--cluster ray [--address ADDR]]
[--stop-ci E] [--xgid] [--json]``: roll a position out (the game's :class:`~game.core.capabilities.Rollouts`).

With a roll (``--dice``, or the position's own) the candidate plays are rolled out: those
``--moves`` names, or the ``--top N`` best at the selection level (5 by default, as the window);
without, the position before the roll (backgammon: with a cube decision, no double against
double/take, and the proper action).  Trials are played in blocks, here, over ``--workers``
local processes or on a Ray cluster (``--cluster ray``); the same ``--seed`` gives the same
figures bit for bit either way.  A rollout stops after ``--trials``, or earlier when every
95% interval is within ``--stop-ci``, or (unless ``--no-early-stop``) when the best leads
every other by three standard errors.  Progress goes to stderr, after each block and, with
one worker, every few seconds within one.  Ctrl-C or SIGTERM stops it: it prints the trials
that ended (a block cut short gives its ended trials, the shorter games:
:mod:`game.backgammon.rollout.lockstep`), or says there are none, and exits with code 130
(SIGINT) or 143 (SIGTERM); worker processes are ended.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from ..core.argtypes import bounded_int, canonical_name, checked_number, seed_int, user_input
from ..core.capabilities import Rollouts
from ..core.cluster import CLUSTERS, ClusterError, connect
from ..core.distribute import pool_size
from ..core.jobs.stopping import exit_code
from ..games import all_games, get_game
from .common import (
    UsageError,
    add_chance_arguments,
    add_met_argument,
    add_position_forms,
    form_json,
    position_help,
    position_writer,
    read_position,
    use_met,
)

TOP = 5
"""The plays rolled out by default: the five best, as the window's rollout of its hint table."""
MAX_TRIALS = 1_000_000
MAX_WORKERS = 256
MAX_TRUNCATE = 10_000


def rollout_games() -> list[str]:
    return [info.name for info in all_games() if info.has(Rollouts)]


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("rollout", help="roll a position out: Monte Carlo games from each candidate play")
    parser.add_argument("game", choices=rollout_games(), help="the game: " + ", ".join(rollout_games()))
    parser.add_argument("--position", required=True, help=position_help())
    add_chance_arguments(parser)
    parser.add_argument("--moves", nargs="+", action="extend", metavar="MOVE",
                        help="the plays to roll out, in notation, after one --moves or each after its own "
                             "(default: the game's choice of the best)")
    parser.add_argument("--top", type=bounded_int(1, 100), metavar="N",
                        help="roll out the N best plays at the selection level (default 5, as the window); "
                             "not with --moves")
    parser.add_argument("--trials", type=bounded_int(1, MAX_TRIALS), default=1296,
                        help="trials per candidate (default 1296: every pair of first two rolls once)")
    parser.add_argument("--truncate", type=bounded_int(0, MAX_TRUNCATE), metavar="PLIES",
                        help="stop each trial after PLIES plies and take the evaluator's value (default: play out)")
    parser.add_argument("--level", type=canonical_name,
                        help="the level whose depth plays the trials and makes their cube decisions, "
                             "without its noise (backgammon: intermediate, 0 ply, by default)")
    parser.add_argument("--select-level", type=canonical_name,
                        help="the analysis level that chooses the candidates (default: the game's analysis level)")
    parser.add_argument("--evaluator", type=canonical_name, help="the evaluator (default: the strongest installed)")
    parser.add_argument("--seed", type=seed_int, default=0, help="the dice's seed (default 0)")
    parser.add_argument("--workers", type=bounded_int(1, MAX_WORKERS),
                        help="local worker processes (default: one per CPU; more than the CPUs only when "
                             "asked; never more than the blocks of 36 trials to play; the figures are the same "
                             "with any number; not used with --cluster ray)")
    parser.add_argument("--cluster", choices=CLUSTERS, default="local",
                        help="where blocks of trials run: this machine (default) or a Ray cluster")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --cluster ray: the cluster to join (HOST:6379, or auto); default a local Ray instance")
    parser.add_argument("--stop-ci", type=checked_number(float, lambda v: 0 < v < math.inf, "a positive number"),
                        metavar="E", help="stop when every candidate's 95%% half-width is at most E")
    parser.add_argument("--no-early-stop", action="store_true",
                        help="play every trial even when the best candidate is clearly ahead (three standard errors)")
    parser.add_argument("--no-variance-reduction", action="store_true",
                        help="do not subtract each roll's luck (the figures then vary far more)")
    parser.add_argument("--no-bearoff", action="store_true",
                        help="play bearoffs out instead of taking the bearoff database's figures")
    parser.add_argument("--prune", type=bounded_int(1, 100), metavar="K",
                        help="0-ply trial play values only the best K plays of each roll by the game's pruning "
                             "network with the full evaluator (default: the game's choice; backgammon's is in "
                             "the JSON's \"prune\")")
    parser.add_argument("--no-prune", action="store_true",
                        help="value every play of every roll with the full evaluator (slower)")
    add_met_argument(parser)
    add_position_forms(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run, checks_input=True)


def _options(info, args) -> dict:
    options = {"trials": args.trials, "seed": args.seed, "truncate": args.truncate,
               "variance_reduction": not args.no_variance_reduction, "bearoff": not args.no_bearoff,
               "stop_ci": args.stop_ci, "early_stop": not args.no_early_stop}
    if args.moves and args.top is not None:
        raise UsageError("--top and --moves cannot be used together: choose one")
    if not args.moves:
        options["top"] = args.top if args.top is not None else TOP
    if args.no_prune and args.prune is not None:
        raise UsageError("--prune and --no-prune contradict each other")
    if args.no_prune or args.prune is not None:
        options["prune"] = None if args.no_prune else args.prune
    levels = [level.name for level in info.levels]
    for flag, name in (("level", "level"), ("select_level", "select_level")):
        value = getattr(args, flag)
        if value is not None:
            if value not in levels:
                raise UsageError(f"unknown level {value!r}; {info.title}'s levels: {', '.join(levels)}")
            options[name] = value
    if args.evaluator is not None:
        evaluators = info.move_analysis().evaluators
        if args.evaluator not in evaluators:
            raise UsageError(f"unknown evaluator {args.evaluator!r}; known evaluators: {', '.join(evaluators)}")
        options["evaluator"] = args.evaluator
    return options


def _check_cluster(args) -> None:
    if args.address and args.cluster != "ray":
        raise UsageError("--address is for --cluster ray")
    if args.cluster == "ray":
        try:
            connect(args.address)
        except ClusterError as error:
            raise UsageError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    info = get_game(args.game)
    rollouts = info.ability(Rollouts)
    use_met(info, args)
    state = read_position(info, args, "roll out", decision=False)
    options = _options(info, args)
    _check_cluster(args)  # before choosing the candidates, which takes seconds
    with user_input():
        plan = rollouts.plan(state, args.moves, **options)
    tty = sys.stderr.isatty()

    def progress(figures) -> None:
        line = rollouts.progress_line(figures)
        print(f"\r{line:<78}" if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    workers = pool_size(args.workers, rollouts.blocks(plan))
    figures = rollouts.run(plan, workers, args.cluster, args.address, progress)
    if tty:
        print(file=sys.stderr)
    interrupted = figures.stopped == "interrupted"
    shown = bool(figures.estimates) and (not interrupted or figures.trials_done > 0)
    if interrupted:
        print(f"rollout interrupted: the figures below are the {figures.trials_done} trials that ended "
              "(those of a block cut short are its shorter games)" if shown else
              "rollout interrupted before every candidate had a trial: no figures", file=sys.stderr)
    if shown:
        form, write = position_writer(info, args)
        if args.json:
            print(json.dumps({**rollouts.to_json(figures), **form_json(info, form, state)}))
        else:
            if form is not None:
                print(f"{form.upper()}: {write(state)}")
            print("\n".join(rollouts.lines(figures)))
    return exit_code() if interrupted else 0
