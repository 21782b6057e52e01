"""``tabula calibrate``'s computation and files, for any game that declares ``calibration``.

For each evaluator: the games are split (seeded, by game, :func:`.calibration.split_by_group`)
into fitting games and held-out games; the isotonic, logistic and odd logistic curves are
fitted on the fitting games' samples and every mapping — the one the program used before
(``raw``), and the three fits — is judged on the held-out games only, by Brier score,
log-loss and a reliability table.  The curve the program applies is the **odd logistic**
(``p = σ(b·x)``, ``x`` the raw equity): it is strictly increasing (so it never reorders two
plays), smooth (so the cube's thresholds move smoothly) and keeps the equity antisymmetric as
the searches and explanations require; the free logistic and isotonic fits show what that
costs.

Files written to the output folder, each atomically and only once everything is computed
(so an interrupted run leaves no half-written file):

- ``<evaluator>.json``: the fitted curves (``curves``: ``isotonic`` knots, ``logistic`` and
  ``odd-logistic`` parameters), ``use`` (the curve the program applies), the held-out
  metrics, sample and game counts, seed and how the samples were made;
- ``samples.csv``: game, turn, outcome and each evaluator's score and raw probability;
- ``report.json`` and ``report.txt``: the metrics side by side, and the reliability tables.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .calibration import (
    IsotonicCurve,
    LogisticCurve,
    brier,
    fit_isotonic,
    fit_logistic,
    log_loss,
    reliability,
    split_by_group,
)
from .outputs import write_output

MAPPINGS = ("raw", "isotonic", "logistic", "odd-logistic")
"""The mappings judged, in the report's column order."""
USED = "odd-logistic"
"""The fit the program applies (module doc)."""


def calibrate(samples, evaluators: Sequence[str], score_of, *, seed: int, holdout: float,
              settings: dict[str, Any]) -> dict[str, Any]:
    """The report: for each evaluator its curves and held-out metrics (module doc).

    ``score_of(name, boards)`` gives ``(raw scores, raw probabilities)``; ``settings`` (games,
    player, noise …) is copied into every curve file so it says how it was made.
    """
    held = split_by_group(samples.game, holdout, seed)
    fit, test = ~held, held
    y = samples.outcome
    report: dict[str, Any] = {
        "samples": len(samples), "games": int(len(np.unique(samples.game))),
        "held_out_games": int(len(np.unique(samples.game[held]))), "held_out_samples": int(held.sum()),
        "seed": seed, "holdout": holdout, **settings, "evaluators": {}, "columns": {},
    }
    for name in evaluators:
        x, raw_p = score_of(name, samples.boards)
        curves: dict[str, IsotonicCurve | LogisticCurve] = {
            "isotonic": fit_isotonic(x[fit], y[fit]), "logistic": fit_logistic(x[fit], y[fit]),
            "odd-logistic": fit_logistic(x[fit], y[fit], intercept=False)}
        predicted = {"raw": raw_p, **{kind: curve(x) for kind, curve in curves.items()}}
        metrics = {kind: {"brier": brier(p[test], y[test]), "log_loss": log_loss(p[test], y[test])}
                   for kind, p in predicted.items()}
        report["evaluators"][name] = {
            "evaluator": name, "curves": {kind: curve.to_json() for kind, curve in curves.items()},
            "use": USED, "held_out": metrics,
            "reliability": {kind: reliability(p[test], y[test]) for kind, p in predicted.items()},
        }
        report["columns"][name] = (x, raw_p)
    return report


def curve_file(report: dict[str, Any], name: str) -> dict[str, Any]:
    """The ``<evaluator>.json`` content: the curves plus how they were made."""
    entry = report["evaluators"][name]
    made = {k: v for k, v in report.items() if k not in ("evaluators", "columns")}
    return {"evaluator": name, **made, "curves": entry["curves"], "use": entry["use"],
            "held_out": entry["held_out"]}


def text_report(report: dict[str, Any]) -> str:
    """The metrics side by side, one row per evaluator, then each reliability table."""
    lines = [f"calibration: {report['samples']} positions from {report['games']} games "
             f"(seed {report['seed']}; judged on {report['held_out_samples']} positions of "
             f"{report['held_out_games']} held-out games)",
             f"score: {report.get('score', 'score')}; the program applies the {USED} curve", ""]
    header = f"{'evaluator':<16}" + "".join(f"{m + ' brier':>20}{'log-loss':>10}" for m in MAPPINGS)
    lines += [header, "-" * len(header)]
    for name, entry in report["evaluators"].items():
        cells = "".join(f"{entry['held_out'][m]['brier']:>20.4f}{entry['held_out'][m]['log_loss']:>10.4f}"
                        for m in MAPPINGS)
        lines.append(f"{name:<16}{cells}")
    for name, entry in report["evaluators"].items():
        c = entry["curves"]
        lines += ["", f"{name}: logistic a={c['logistic']['a']:+.4f} b={c['logistic']['b']:.4f}; "
                  f"odd logistic b={c['odd-logistic']['b']:.4f}; isotonic {len(c['isotonic']['knots_x'])} knots"]
        for kind in MAPPINGS:
            rows = ", ".join(f"{r['predicted']:.2f}->{r['observed']:.2f} ({r['count']})"
                             for r in entry["reliability"][kind])
            lines.append(f"  {kind:<13} predicted->observed (count): {rows}")
    return "\n".join(lines) + "\n"


def samples_csv(samples, report: dict[str, Any]) -> str:
    """Every sample: game, turn, outcome, and per evaluator its score and raw probability."""
    names = list(report["columns"])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "turn", "outcome"] + [f"{n}:{c}" for n in names for c in ("score", "raw_p")])
    columns = [report["columns"][n][k] for n in names for k in (0, 1)]
    for i in range(len(samples)):
        writer.writerow([int(samples.game[i]), int(samples.turn[i]), int(samples.outcome[i])]
                        + [f"{col[i]:.6g}" for col in columns])
    return out.getvalue()


REPORT_JSON, REPORT_TEXT, SAMPLES_CSV = "report.json", "report.txt", "samples.csv"
REPORT_FILES = (REPORT_JSON, REPORT_TEXT, SAMPLES_CSV)
"""The files :func:`write_outputs` writes besides each evaluator's ``<name>.json``."""


def write_outputs(out: Path, samples, report: dict[str, Any]) -> list[Path]:
    """Write every file (module doc) into ``out``; the paths written."""
    texts = {f"{name}.json": json.dumps(curve_file(report, name), indent=1) + "\n" for name in report["evaluators"]}
    public = {k: v for k, v in report.items() if k != "columns"}
    texts[REPORT_JSON] = json.dumps(public, indent=1) + "\n"
    texts[REPORT_TEXT] = text_report(report)
    texts[SAMPLES_CSV] = samples_csv(samples, report)
    written = []
    for file_name, text in texts.items():
        write_output(out / file_name, text)
        written.append(out / file_name)
    return written
