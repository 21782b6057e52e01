"""A whole game reviewed: every decision of a player analysed, marked and totalled.

:func:`review` replays a :class:`~game.core.match.GameRecord` and, for every player decision
with more than one legal choice (chance nodes and forced moves are skipped), asks the game's
``analyze`` for its records and compares the action played with the best one.  It knows no
game: the game declares its part as a :class:`~game.core.capabilities.Review` (decision
kinds, marks, luck, and per position its kind, IDs, game number, units, whether it is rated
and the match chance), else it is reviewed as plain moves (:class:`PlainReview`).  The report
is a :class:`~.review_report.Report` of frozen :class:`~.review_report.Decision` records.

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
  unit of cube in money, EMG in matches; Mandragora's is the analyzer's score, Chesstack's
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
- Totals per player: ``<kind>`` equity lost per decision kind, ``total``, ``decisions`` (all
  reviewed), ``rated`` (those counted), ``average`` (total / rated), ``error_rate`` = 1000 ×
  average (milli-points per rated decision, GNU's "error rate"), ``luck`` (sum
  of the decisions' measured luck and of the rolls before forced turns, which are no
  decisions but whose luck counts, a dance above all; ``None`` for a game without a luck
  hook) and ``luck_adjusted`` = the player's result − luck (``None`` for an unfinished
  game; in the result's units: points in a money game, but ±1 for a match won or lost
  against luck in EMG, so only a rough figure there).

:func:`cached_review` keeps the report in ``<save>.review`` (written atomically, keyed by
a hash of the record, the analysis options, the thresholds, the program's version and its
networks' weights) and trusts it only after checking its whole shape and the checksum of its
content stored with it; anything else is reviewed afresh and rewritten.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import __version__
from .capabilities import Review
from .gameinfo import REVIEW_STRICTNESS
from .match import GameRecord
from .protocol import CHANCE
from .resources import weights_fingerprint
from .review_report import MARKS, Alternative, Decision, Report
from .saves import NAME_MAX, write_atomic
from .untrusted import UntrustedFileError, load_json

THRESHOLDS = (0.04, 0.08, 0.16)
"""Equity lost from which a decision is doubtful, bad, very bad."""
ALTERNATIVES = 5
"""How many of the best actions a decision keeps (and the one played, wherever it ranks)."""

class PlainReview:
    """The review of a game that declares none (:class:`~.capabilities.Review`): every
    decision a "move", in the game's own position text, one game, no luck."""

    decision_kinds = ("move",)
    thresholds = None
    measures_luck = False

    def __init__(self, info) -> None:
        self._format = info.notation.format_position

    def at(self, state: Any, played: Any = None) -> _PlainPosition:
        return _PlainPosition(self._format(state))

    def game_number(self, state: Any) -> int:
        return 1

    def game_heading(self, state: Any) -> str:
        return "Game 1"

    def luck(self, before: Any, after: Any, **options: Any) -> None:
        return None

    def picture(self) -> None:
        return None


class _PlainPosition:
    kind, match_id, game, units = "move", None, 1, 1.0

    def __init__(self, position_id: str) -> None:
        self.position_id = position_id

    def rated(self, records: list, played: Any) -> bool:
        return True

    def match(self, best: Any) -> None:
        return None

    def equity(self, value: float) -> float:
        return value

    def cube(self, records: list) -> None:
        return None


def review_of(info) -> Review:
    """The game's :class:`~.capabilities.Review`, or :class:`PlainReview` when it declares none."""
    return info.review() if info.review is not None else PlainReview(info)


def review_marks(info, strictness: str = "standard") -> tuple[float, float, float]:
    """The amounts lost from which a reviewed decision is doubtful, bad, very bad: the game's
    review's own ``thresholds``, else half, once and twice its tutor's margin, scaled by the
    ``strictness`` (:data:`REVIEW_STRICTNESS`: strict halves them, lenient doubles them)."""
    margin = info.move_analysis().tutor_margin.amount
    base = review_of(info).thresholds or (margin / 2, margin, 2 * margin)
    scale = REVIEW_STRICTNESS[strictness]
    return tuple(round(value * scale, 6) for value in base)


class ReviewCancelled(Exception):
    """Raised by :func:`review` when ``cancelled()`` turns true; ``done`` decisions were reviewed."""

    def __init__(self, done: int, total: int):
        super().__init__(f"review cancelled after {done} of {total} decisions")
        self.done, self.total = done, total


def mark(lost: float, thresholds=THRESHOLDS) -> str | None:
    """The mark of a decision that lost ``lost`` (see the module doc)."""
    found = None
    for name, threshold in zip(MARKS, thresholds):
        if lost >= threshold:
            found = name
    return found


def player_labels(info, record: GameRecord) -> list[str]:
    """The players' names as the report keys them; equal names get the seat's title added."""
    names = list(record.players) or list(info.player_titles)
    names += list(info.player_titles[len(names):])
    if len(set(names)) < len(names):
        names = [f"{name} ({title})" for name, title in zip(names, info.player_titles)]
    return names


def review(info, record: GameRecord, options: dict[str, Any] | None = None,
           thresholds=None, progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> Report:
    """The review report of ``record`` (see the module doc; ``tabula review --json`` prints
    its :meth:`~.review_report.Report.as_json`).

    ``options`` go to the game's ``Analysis.analyze`` (e.g. ``{"level": "intermediate"}``); ``progress(done,
    total)`` is called after each decision; :class:`ReviewCancelled` when ``cancelled()``."""
    if info.move_analysis().analyze is None:
        raise ValueError(f"{info.title} has no move analysis to review with")
    options = dict(options or {})
    thresholds = review_marks(info) if thresholds is None else tuple(thresholds)
    game_review = review_of(info)
    rules = info.rules()
    state = rules.initial_state(dict(record.options))
    steps = []  # (ply, state, action, chance text before it, state before that chance)
    forced = []  # (state before the chance, state after it) of forced turns, for luck
    chance_text, chance_state = None, None
    for ply, text in enumerate(record.actions):
        action = rules.parse(state, text)
        if rules.to_move(state) == CHANCE:
            chance_text, chance_state = text, state
        else:
            if len(rules.legal_moves(state)) > 1 or action in rules.offers(state):
                steps.append((ply, state, action, chance_text, chance_state))
            elif chance_state is not None and game_review.measures_luck:
                forced.append((chance_state, state))
            chance_text, chance_state = None, None
        state = rules.apply(state, action)
    labels = player_labels(info, record)
    games: dict[int, list[Decision]] = {}
    for done, (ply, before, action, dice_text, rolled_from) in enumerate(steps):
        if cancelled is not None and cancelled():
            raise ReviewCancelled(done, len(steps))
        at = game_review.at(before, action)
        games.setdefault(at.game, []).append(
            _decision(info, game_review, at, rules, ply, before, action, dice_text, rolled_from, labels, options,
                      thresholds))
        if progress is not None:
            progress(done + 1, len(steps))
    forced_luck = {}
    for rolled_from, after in forced:
        value = game_review.luck(rolled_from, after, **options)
        if value is not None:
            label = labels[rules.to_move(after)]
            forced_luck[label] = forced_luck.get(label, 0.0) + float(value)
    final = state
    result = tuple(rules.result(final)) if rules.is_over(final) else record.result
    every = [d for ds in games.values() for d in ds]
    return Report(tuple(labels), tuple((number, tuple(ds)) for number, ds in sorted(games.items())),
                  totals(game_review, labels, every, result, forced_luck))


def _decision(info, game_review, at, rules, ply, before, action, dice_text, rolled_from, labels, options,
              thresholds) -> Decision:
    analysis = info.move_analysis()
    records = analysis.analyze(before, **options, **({"include": action} if analysis.includes else {}))
    played = next((r for r in records if r.move == action), None)
    best = records[0] if records else None
    lost = 0.0 if played is None or played is best else max(0.0, float(analysis.tutor_margin.behind(played)))
    if lost:
        lost *= at.units
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
        dice=None if dice_text is None else (info.chance.in_move_list(dice_text) if info.chance else dice_text),
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
    )


def alternatives(analysis, at, records: list, played) -> tuple[Alternative, ...]:
    """The decision's :data:`ALTERNATIVES` best records and ``played`` (if it ranks lower) as
    :class:`~.review_report.Alternative` s in the review's units (see the module doc)."""
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


def totals(game_review, labels: list[str], decisions: list[Decision], result,
           forced_luck: dict | None = None) -> dict:
    """Per player totals of ``decisions`` (see the module doc); ``forced_luck`` adds the luck
    of each player's forced turns' rolls, which are no decisions."""
    report = {}
    for seat, label in enumerate(labels):
        mine = [d for d in decisions if d.player == label]
        lost = {kind: round(sum(d.equity_lost for d in mine if d.kind == kind), 6)
                for kind in game_review.decision_kinds}
        total = round(sum(d.equity_lost for d in mine), 6)
        luck = (round(sum(d.luck for d in mine if d.luck is not None)
                      + (forced_luck or {}).get(label, 0.0), 6) if game_review.measures_luck else None)
        rated = sum(1 for d in mine if d.rated)
        average = total / rated if rated else 0.0
        points = result[seat] if result is not None and seat < len(result) else None
        report[label] = {**lost, "total": total, "decisions": len(mine), "rated": rated, "average": round(average, 6),
                         "error_rate": round(1000 * average, 3), "luck": luck,
                         "luck_adjusted": None if points is None or luck is None else round(points - luck, 6)}
    return report


# -- the cache: ``<save>.review`` next to the save ---------------------------------------
CACHE_FORMAT = "tabula-review"
CACHE_MAX_BYTES = 16_000_000
CACHE_VERSION = 8
"""Bumped whenever the report's content changes (2: ``win_chance`` and ``score``; 3: luck in
matches and of the opening roll, errors in EMG, ``rated``; 4: ``match_win_chance``; 5: the
move played searched as deep as the best; 6: ``ply``; 7: ``alternatives`` and ``cube``; 8: offers
reviewed, backgammon's resignations a kind of their own), so older caches are reviewed afresh
(and a cache without a field fails :meth:`~.review_report.Report.from_json`'s check whatever
its key)."""


def cache_path(save: Path | str) -> Path:
    """``<save>.review``: JSON, but not named ``.json``, so the window's Load dialog (which
    lists ``*.json``) never offers it as a saved game.  When that name would be too long
    for the file system (a save named with 249 or more bytes), the cache is
    ``<the name's first 200 characters>-<hash of the name>.review`` in the same folder."""
    path = Path(save)
    name = f"{path.name}.review"
    if len(name.encode("utf-8", "surrogateescape")) > NAME_MAX:
        digest = hashlib.sha256(path.name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        stem = path.name
        while len(stem.encode("utf-8", "surrogateescape")) > 200:
            stem = stem[:-1]
        name = f"{stem}-{digest}.review"
    return path.with_name(name)


def cache_key(record: GameRecord, options: dict[str, Any], thresholds) -> str:
    """What a cached review depends on: the game, its options and actions, the analysis
    options and the thresholds, the program's version and its networks' weights
    (:func:`~.resources.weights_fingerprint`: a better network never shows an old review),
    hashed."""
    text = json.dumps([CACHE_VERSION, __version__, weights_fingerprint(), record.game, record.options,
                       record.actions, record.players, options, [float(t) for t in thresholds]],
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def report_checksum(report: Any) -> str:
    """The hash of a report's canonical JSON: stored with it, so an edited or damaged cache
    (a flipped digit, a changed mark) is caught and reviewed afresh."""
    return hashlib.sha256(json.dumps(report, sort_keys=True).encode()).hexdigest()


def read_cache(save: Path | str, key: str) -> Report | None:
    """The cached report for ``key``, or ``None`` when there is none, it is for another key,
    or it is damaged in any way (the file is untrusted: its shape is checked)."""
    try:
        path = cache_path(save)
        if not path.is_file():
            return None
        data = load_json(path, CACHE_MAX_BYTES, "review cache")
    except (UntrustedFileError, OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT or data.get("key") != key:
        return None
    report = data.get("report")
    if data.get("checksum") != report_checksum(report):
        return None
    try:
        return Report.from_json(report)
    except ValueError:
        return None


def write_cache(save: Path | str, key: str, report: Report) -> None:
    """Store ``report`` next to the save, atomically; a folder that cannot be written is
    silently skipped (the cache only saves time)."""
    report = report.as_json()
    try:
        write_atomic(cache_path(save), json.dumps({"format": CACHE_FORMAT, "key": key, "report": report,
                                                   "checksum": report_checksum(report)}) + "\n")
    except (OSError, ValueError):
        pass


def cached_review(info, record: GameRecord, save: Path | str, options: dict[str, Any] | None = None,
                  thresholds=None, **hooks) -> tuple[Report, bool]:
    """``(report, from_cache)``: the cached review of the save at ``save`` if it is valid for
    this record, options and thresholds, else a fresh :func:`review`, then cached."""
    options = dict(options or {})
    thresholds = review_marks(info) if thresholds is None else tuple(thresholds)
    key = cache_key(record, options, thresholds)
    report = read_cache(save, key)
    if report is not None:
        return report, True
    report = review(info, record, options, thresholds, **hooks)
    write_cache(save, key, report)
    return report, False
