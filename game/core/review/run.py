"""A whole game reviewed: every decision of a player analysed, marked and totalled.

:func:`review` replays a :class:`~game.core.match.GameRecord` and, for every player decision
with more than one legal choice (chance nodes and forced moves are skipped), asks the game's
``analyze`` for its records and compares the action played with the best one.  It knows no
game: the game declares its part as a :class:`~game.core.capabilities.Review` (decision
kinds, marks, luck, and per position its kind, IDs, game number, units, whether it is rated
and the match chance), else it is reviewed as plain moves (:class:`~.plain.PlainReview`).  The report
is a :class:`~.report.Report` of frozen :class:`~.report.Decision` records.

Choices where the issue is silent:

- An offer (``Rules.offers``: backgammon's resignation) is a decision too, reviewed against
  not offering by the game's analysis (told the offer as the move to include), with the chance
  outcome before it; the opponent's answer is an ordinary decision.
- ``equity_lost`` is how far the played action's record trails the best, in the units the
  game's tutor judges by (``Analysis.tutor_margin``), times the position's ``units``:
  backgammon's ``-diff`` in equity, normalised as GNU Backgammon does (EMG in matches, per
  unit of cube in money games; the move played searched as deep as the best when the game's
  analysis can be told to, ``Analysis.includes``, as GNU Backgammon analyses the
  move made);
  Mandragora's display-score points.  Never below 0; 0 for the best (and 0 if the analysis
  has no record of the action played, which the games' analyses never leave out).
- ``mark``: ``None`` below the first threshold, then "doubtful", "bad", "very bad" at or
  above each threshold: the game's review's ``thresholds`` (backgammon 0.04 / 0.08 / 0.16),
  else half, once and twice its tutor's margin.
- ``dice`` is the chance outcome drawn just before the decision (the game's
  ``Chance.in_move_list`` form, "31"), ``None`` when the decision follows another decision.
- ``luck`` of a decision is the game's ``luck`` of that chance outcome for the player who
  then decides (``None`` when the game has no luck hook or it does not apply).
- ``win_chance`` (for the window's graph): the chance (0..1) that the *first* player of the
  report's ``players`` wins **the game** (not the match: the chequer analysis gives game
  chances only, and one curve should mean one thing) in the position of the decision, before
  it is made, as the analysis sees it: the best record's ``details["win"]`` (the mover's
  chance after the best action), turned to the first player's view; ``None`` when the game's
  analysis gives no win chance (Mandragora, Chesstack).
- ``match_win_chance``: in a match, the first player's chance to win the match in the same
  way (the position's ``match``: backgammon's from the best record's cubeless chances at
  the score, the cube centred, for chequer and cube decisions alike); ``None`` outside
  matches.
- ``ply``: the index in the record's ``actions`` of the action decided (chance outcomes
  counted), so a decision is found on the game by its place, never by its notation.
- ``score``: the best record's display score (−100..100), from the first player's view, for
  every game (so the same graph serves all three); in a match, the display score of the
  match chance's ``2·MWC − 1`` (``match``), since backgammon's cube records are in
  EMG and its plays in match equity, and one curve should mean one thing.
- ``rated``: whether the decision counts in the error rate: the position's ``rated``
  says (backgammon, as GNU Backgammon counts: every chequer play with a choice, and a cube
  decision only when it was acted on — a double, a take, a pass — or close: no double within
  0.16 of doubling); every decision without the hook.
- ``alternatives``: the best :data:`ALTERNATIVES` records of the analysis, best first, and
  the action played after them when it ranks lower, each ``{"move", "equity", "diff",
  "rank", "played", "plies", ...chances}``: its notation as the analysis names it (the first is
  ``best``; backgammon's "No double" where ``played`` says "Roll"), its value and its
  difference to the best in the units of ``equity_lost`` (the action played, the one whose
  ``played`` is true, has ``diff == -equity_lost``; backgammon's ``equity`` is GNU's: per
  unit of cube in money, EMG in matches; Mandragora's is the analyzer's total, Chesstack's
  centipawns), its rank among all the legal actions (the analysis' order: a play its
  filters left at a shallower depth, ``plies``, ranks below the deeper ones, as in GNU
  Backgammon's hint list, even with a higher equity), and the analysis' extra columns
  (``Analysis.columns``: backgammon's ``win``, ``win_gammon``, ``win_backgammon``,
  ``lose_gammon``, ``lose_backgammon``, the mover's chances after it; none for the other
  games).  Only decisions with a choice are reviewed, so there are at least two.
- ``cube``: at a cube decision (backgammon's double and take decisions) ``{"nd", "dt",
  "dp", "proper", "nd_mwc", "dt_mwc", "dp_mwc"}``: the equities of no double, double/take
  and double/pass for the player deciding (at a take decision the taker: GNU's figures
  negated), in the units of ``equity_lost``; the proper action in GNU Backgammon's words
  ("No double, take", "Double, pass", "Too good to redouble, pass"…); in a match the three as
  the decider's match winning chances (0..1), else ``null``.  ``null`` at every other
  decision (the position's ``cube`` says).
- ``settled``: with the review option :data:`SETTLE`, the game's review may settle a close
  call (backgammon: the two best plays, or cube actions, within 0.02) by a rollout: its
  records are then the rollout's, so ``best``, ``equity_lost``, ``mark``, ``alternatives``
  and ``cube`` are too, and ``settled`` says how (:class:`~.report.Settled`: ``{"trials",
  "truncate", "equities": [{"move", "equity", "interval"}], "search_lost"}``, the last the
  search's own loss); ``null`` for a decision the search alone marked.  The totals count
  them (``settled``).
- Totals per player (:func:`~.totals.totals`, whose doc lists every key), for the whole
  record (``totals``) and for each game (a game's ``totals`` in the JSON): amounts lost by
  kind, marks by kind, the game's kinds of error (backgammon's cube errors), the error rate
  and its rating word, luck and the luck-adjusted result.

:func:`cached_review` keeps the report in ``<save>.review`` (written atomically, keyed by
a hash of the record, the analysis options, the thresholds, the program's version and its
networks' weights) and trusts it only after checking its whole shape and the checksum of its
content stored with it; anything else is reviewed afresh and rewritten.  A review stopped
half way keeps what it finished there as a *partial* entry (``"complete": false``, under
the same checksum): :func:`read_cache` never returns it as a report, and the next review
of the same record, options and thresholds resumes from it (:func:`read_cache_entry`).  The
partial entry is also written as the review goes, at most every :data:`KEEP_SECONDS`, so a
review killed outright (SIGKILL) loses only its last few seconds' decisions.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..match import GameRecord
from ..move_list import MoveList
from ..protocol import CHANCE
from .cache import (  # noqa: F401  (the cache's names, as they were imported from here)
    CACHE_FORMAT,
    CACHE_MAX_BYTES,
    CACHE_VERSION,
    cache_key,
    cache_path,
    entry_checksum,
    read_cache,
    read_cache_entry,
    report_checksum,
    review_context,
    write_cache,
)
from .plain import review_marks, review_of
from .report import MARKS, Alternative, Decision, Report
from .totals import totals

THRESHOLDS = (0.04, 0.08, 0.16)
"""Equity lost from which a decision is doubtful, bad, very bad."""
ALTERNATIVES = 5
"""How many of the best actions a decision keeps (and the one played, wherever it ranks)."""
SETTLE = "settle"
"""The review option that settles close calls by rollout (:func:`settle_settings`): passed to
the game's review (:meth:`~game.core.capabilities.Review.settle`), never to its analysis, and
part of the cache's key like every option, so a settled review is cached apart."""


class ReviewCancelled(Exception):
    """Raised by :func:`review` when ``cancelled()`` turns true: ``done`` of ``total`` decisions
    were reviewed, and ``report`` holds them (a partial report, ``None`` if not known)."""

    def __init__(self, done: int, total: int, report: Report | None = None):
        super().__init__(f"review cancelled after {done} of {total} decisions")
        self.done, self.total, self.report = done, total, report


def mark(lost: float, thresholds=THRESHOLDS) -> str | None:
    """The mark of a decision that lost ``lost`` (see the module doc)."""
    found = None
    for name, threshold in zip(MARKS, thresholds):
        if lost >= threshold:
            found = name
    return found


def player_labels(info, record: GameRecord) -> list[str]:
    """The players' names as the report keys them; equal names get the seat's title added."""
    names = list(record.players) or list(info.players.titles)
    names += list(info.players.titles[len(names):])
    if len(set(names)) < len(names):
        names = [f"{name} ({title})" for name, title in zip(names, info.players.titles)]
    return names


def review(info, record: GameRecord, options: dict[str, Any] | None = None,
           thresholds=None, progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None, decided: Callable[[Decision], None] | None = None,
           resume: Report | None = None, plan: ReviewPlan | None = None) -> Report:
    """The review report of ``record`` (see the module doc; ``tabula review --json`` prints
    its :meth:`~.report.Report.as_json`).

    ``options`` go to the game's ``Analysis.analyze`` (e.g. ``{"level": "intermediate"}``);
    ``progress(done, total)`` is called after each decision and ``decided(decision)`` with
    each decision it analyses, as soon as it is analysed; ``resume``: a partial report of the
    same record, options and thresholds (:class:`ReviewCancelled`'s ``report``), whose
    decisions are taken as they are (found by their ply) and only the rest analysed, so the
    report is the one an uninterrupted review gives.  :class:`ReviewCancelled`, carrying the
    decisions finished so far as a partial report, when ``cancelled()`` turns true (checked
    before each decision to analyse) or on Ctrl-C (``KeyboardInterrupt``) during one.
    ``plan``: the record's :class:`ReviewPlan` when the caller has made it already."""
    if info.move_analysis().analyze is None:
        raise ValueError(f"{info.title} has no move analysis to review with")
    options = dict(options or {})
    settle = settle_settings(options.get(SETTLE))
    searched = {key: value for key, value in options.items() if key != SETTLE}
    thresholds = review_marks(info) if thresholds is None else tuple(thresholds)
    plan = ReviewPlan(info, record) if plan is None else plan
    known = {d.ply: d for d in resume.decisions} if resume is not None else {}
    finished: list[Decision] = []
    total = len(plan.steps)
    for ply, before, action, dice_text, rolled_from in plan.steps:
        found = known.get(ply)
        if found is None or found.player != plan.labels[plan.rules.to_move(before)]:
            if cancelled is not None and cancelled():
                raise ReviewCancelled(len(finished), total, plan.report(finished))
            try:
                found = _decision(info, plan.review, plan.review.at(before, action), plan.rules, ply, before, action,
                                  dice_text, rolled_from, plan.labels, searched, thresholds, settle)
            except KeyboardInterrupt:  # Ctrl-C: a cancel that keeps what is finished
                raise ReviewCancelled(len(finished), total, plan.report(finished)) from None
            if decided is not None:
                decided(found)
        finished.append(found)
        if progress is not None:
            progress(len(finished), total)
    return plan.report(finished, complete=True, options=searched)


def settle_settings(value: Any) -> dict[str, Any] | None:
    """The review option :data:`SETTLE` as the game's settings: ``None`` (or false) for no
    settling, ``True`` for the game's defaults, a dict for settings of its own (tests use
    fewer trials)."""
    if not value:
        return None
    if value is True:
        return {}
    if isinstance(value, dict):
        return dict(value)
    raise ValueError(f"the review's {SETTLE!r} option is true or a dict of settings, not {value!r}")


class ReviewPlan:
    """The record replayed once (:class:`~game.core.move_list.MoveList`): the decisions to review
    (``steps``: ply, state, action, the chance outcome before it as the move list writes it and
    the state it was drawn from), the forced turns whose rolls
    have luck, where each game starts and ends, and the players' labels; :meth:`report`
    turns reviewed decisions into a :class:`~.report.Report` with its totals."""

    def __init__(self, info, record: GameRecord) -> None:
        self.info, self.record = info, record
        self.review = review_of(info)
        rules = self.rules = info.rules()
        moves = MoveList.of_record(info, record.options, record.actions)
        self.steps: list[tuple[int, Any, Any, str | None, Any]] = []
        self.forced: list[tuple[Any, Any]] = []  # (state before the chance, state after it) of forced turns
        self.bounds: dict[int, list] = {}  # game number -> [its first state, its last]
        self.plies: dict[int, Any] = {}  # ply of each step -> its state
        for turn in moves.turns:
            self._bound(turn.game, turn.state)
            if turn.mover == CHANCE:
                continue
            if len(rules.legal_moves(turn.state)) > 1 or turn.action in rules.offers(turn.state):
                self.steps.append((turn.ply, turn.state, turn.action, turn.roll, turn.roll_state))
                self.plies[turn.ply] = turn.state
            elif turn.roll_state is not None and self.review.measures_luck:
                self.forced.append((turn.roll_state, turn.state))
        self.final = moves.states[-1]
        self._bound(self.review.game_number(self.final), self.final)
        self.labels = player_labels(info, record)

    def _bound(self, game: int, state) -> None:
        bounds = self.bounds.setdefault(game, [state, state])
        bounds[1] = state

    def game_of(self, ply: int) -> int:
        return self.review.game_number(self.plies[ply])

    def report(self, decisions: list[Decision], complete: bool = False, options: dict | None = None) -> Report:
        """The report of ``decisions`` (reviewed decisions of this record).  A partial one
        (``complete`` false) leaves out what needs the whole record reviewed: the luck of the
        forced turns' rolls (no analysis is run for it) and the results."""
        review, labels, rules = self.review, self.labels, self.rules
        games: dict[int, list[Decision]] = {}
        for d in decisions:
            games.setdefault(self.game_of(d.ply), []).append(d)
        if not complete:
            return partial_report(review, labels, games)
        forced: dict[int, dict[str, float]] = {}  # game -> label -> luck
        forced_result: dict[int, dict[str, float]] = {}  # the same in the result's units
        for rolled_from, after in self.forced:
            value = review.luck(rolled_from, after, **(options or {}))
            if value is not None:
                game, label = review.game_number(after), labels[rules.to_move(after)]
                mine, theirs = forced.setdefault(game, {}), forced_result.setdefault(game, {})
                mine[label] = mine.get(label, 0.0) + float(value)
                theirs[label] = theirs.get(label, 0.0) + float(value) * review.result_scale(after)
        results = {game: review.result(*self.bounds[game]) for game in games}
        game_totals = tuple(totals(review, labels, games[game], None, forced.get(game), results[game],
                                   self._result_luck(games[game], forced_result.get(game, {})))
                            for game in sorted(games))
        every = [d for game in sorted(games) for d in games[game]]
        result = tuple(rules.result(self.final)) if rules.is_over(self.final) else self.record.result
        won = [r for r in (results[game] for game in games) if r is not None]
        gained = None
        if games and len(won) == len(games):  # every game is over
            gained = tuple(sum(r[seat] for r in won) for seat in range(len(labels)))
        all_forced = {label: sum(f.get(label, 0.0) for f in forced.values()) for label in labels}
        all_result = {label: sum(f.get(label, 0.0) for f in forced_result.values()) for label in labels}
        return Report(tuple(labels), tuple((game, tuple(games[game])) for game in sorted(games)),
                      totals(review, labels, every, result, all_forced, gained, self._result_luck(every, all_result)),
                      game_totals)

    def _result_luck(self, decisions: list[Decision], forced: dict[str, float]) -> dict[str, float]:
        """Per player, the decisions' luck in the result's units, plus ``forced`` (already so)."""
        out = dict(forced)
        for d in decisions:
            if d.luck is not None:
                out[d.player] = out.get(d.player, 0.0) + d.luck * self.review.result_scale(self.plies[d.ply])
        return out


def partial_report(game_review, labels, games: dict[int, list[Decision]]) -> Report:
    """A report of the decisions finished so far, by game number, with totals over them alone:
    no luck of forced turns (none was measured) and no results (see :meth:`ReviewPlan.report`)."""
    numbers = sorted(number for number, decisions in games.items() if decisions)
    every = [d for number in numbers for d in games[number]]
    return Report(tuple(labels), tuple((number, tuple(games[number])) for number in numbers),
                  totals(game_review, labels, every),
                  tuple(totals(game_review, labels, games[number]) for number in numbers))


def _decision(info, game_review, at, rules, ply, before, action, dice_text, rolled_from, labels, options,
              thresholds, settle: dict[str, Any] | None = None) -> Decision:
    analysis = info.move_analysis()
    records = analysis.analyze(before, **options, **({"include": action} if analysis.includes else {}),
                               **({"brief": True} if analysis.brief else {}))
    played = next((r for r in records if r.move == action), None)
    lost = _lost(analysis, at, records, played)
    settled = None
    hook = getattr(game_review, "settle", None)  # a review written before settling has none
    if settle is not None and hook is not None and records and played is not None:
        found = hook(at, before, action, records, **settle)
        if found is not None:
            records, settled = found
            settled = replace(settled, search_lost=round(lost, 6))
            played = next((r for r in records if r.move == action), None)
            lost = _lost(analysis, at, records, played)
    best = records[0] if records else None
    mover = rules.to_move(before)
    luck = None
    if game_review.measures_luck and rolled_from is not None:
        luck = game_review.luck(rolled_from, before, **options)
    match = at.match(best) if best is not None else None
    score = None if best is None else best.score if match is None else match[1]
    return Decision(
        player=labels[mover],
        kind=at.kind,
        position_id=at.position_id,
        match_id=at.match_id,
        dice=dice_text,
        played=rules.notation(before, action),
        best=best.notation if best is not None else None,
        equity_lost=round(lost, 6),
        mark=mark(lost, thresholds),
        luck=None if luck is None else round(float(luck), 6),
        win_chance=_first_player_win_chance(best, mover),
        score=None if score is None else round(score if mover == 0 else -score, 3),
        rated=True if played is None else bool(at.rated(records, played)),
        match_win_chance=None if match is None else round(match[0] if mover == 0 else 1.0 - match[0], 6),
        ply=ply,
        alternatives=alternatives(analysis, at, records, played),
        cube=at.cube(records) if records else None,
        settled=settled,
    )


def _lost(analysis, at, records: list, played) -> float:
    """How far ``played`` trails the best of ``records`` in the review's units (see the module doc)."""
    if played is None or played is records[0]:
        return 0.0
    return max(0.0, float(analysis.tutor_margin.behind(played))) * at.units


def alternatives(analysis, at, records: list, played) -> tuple[Alternative, ...]:
    """The decision's :data:`ALTERNATIVES` best records and ``played`` (if it ranks lower) as
    :class:`~.report.Alternative` s in the review's units (see the module doc)."""
    margin = analysis.tutor_margin
    keys = [key for key, _ in analysis.columns]
    chosen = list(enumerate(records[:ALTERNATIVES], 1))
    if played is not None and all(r is not played for _, r in chosen):
        chosen += [(i, r) for i, r in enumerate(records, 1) if r is played]
    found = []
    for rank, record in chosen:
        native = record.value if margin.measure == "value" else record.score
        diff = 0.0 if rank == 1 else -float(margin.behind(record)) * at.units
        chances = tuple((key, round(float(record.details[key]), 6)) for key in keys
                        if isinstance(record.details.get(key), (int, float)))
        found.append(Alternative(record.notation, round(float(at.equity(float(native))), 6) + 0.0,
                                 round(diff, 6) + 0.0, rank, record is played, int(record.plies), chances))
    return tuple(found)


def _first_player_win_chance(best, mover: int) -> float | None:
    """The best record's win chance (the mover's) as the first player's; see the module doc."""
    win = None if best is None else best.details.get("win")
    if win is None:
        return None
    return round(float(win) if mover == 0 else 1.0 - float(win), 6)


def cached_review(info, record: GameRecord, save: Path | str, options: dict[str, Any] | None = None,
                  thresholds=None, **hooks) -> tuple[Report, bool]:
    """``(report, from_cache)``: the cached review of the save at ``save`` if it is valid and
    complete for this record, options and thresholds, else a :func:`review` (resumed from a
    partial entry: only the decisions it lacks are analysed), then cached.  A review
    cancelled (:class:`ReviewCancelled`, also Ctrl-C) stores what it finished as a partial
    entry before the exception goes on."""
    options = dict(options or {})
    thresholds = review_marks(info) if thresholds is None else tuple(thresholds)
    key = cache_key(record, options, thresholds, review_context(info))
    entry = read_cache_entry(save, key)
    if entry is not None and entry[1]:
        return entry[0], True
    resume = entry[0] if entry else None
    plan = ReviewPlan(info, record)
    keep = _Keeper(plan, resume, lambda partial: write_cache(save, key, partial, complete=False))
    told = hooks.pop("decided", None)

    def decided(decision: Decision) -> None:
        keep(decision)
        if told is not None:
            told(decision)

    try:
        report = review(info, record, options, thresholds, resume=resume, plan=plan, decided=decided, **hooks)
    except ReviewCancelled as error:
        if error.report is not None and error.report.decisions:
            write_cache(save, key, error.report, complete=False)
        raise
    write_cache(save, key, report)
    return report, False


KEEP_SECONDS = 3.0
"""How often, at most, a review writes the decisions it finished to its cache as it goes:
a review killed outright (SIGKILL, a power cut) loses at most those of the last few seconds."""


class _Keeper:
    """Hears each decision analysed and, when :data:`KEEP_SECONDS` have passed since the last
    write, writes every decision finished so far (the resumed ones too) as a partial entry
    (``write(report)``: atomic and checksummed like every entry)."""

    def __init__(self, plan: ReviewPlan, resume: Report | None, write: Callable[[Report], None]) -> None:
        self.plan, self.write = plan, write
        self.done = {d.ply: d for d in resume.decisions if d.ply in plan.plies} if resume is not None else {}
        self.written = time.monotonic()

    def __call__(self, decision: Decision) -> None:
        self.done[decision.ply] = decision
        if time.monotonic() - self.written >= KEEP_SECONDS:
            self.write(self.plan.report([self.done[ply] for ply in sorted(self.done)]))
            self.written = time.monotonic()

