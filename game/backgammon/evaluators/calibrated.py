"""The fitted score → win-probability curves the program applies, shipped with Tabula.

``tabula calibrate backgammon`` writes one ``<evaluator>.json`` per evaluator; the ones in
``assets/backgammon/calibration/`` (made by the command in that folder's README) are read at
start-up by :func:`attach_shipped_curves`, and each sets its evaluator's
:attr:`~.base.Evaluator.curve`, so that evaluator's equity — hence its display score, its
search values and its cube chances — is ``2·p − 1`` with ``p`` the calibrated win chance.

Only the curve named by the file's ``"use"`` is applied, and it must be an odd logistic
(``p = σ(b·x)``, ``b > 0``): strictly increasing, so a curve never reorders two positions,
and antisymmetric, so a mirror position stays worth 0.  Evaluators with trained
probabilities (the networks) are left as they are: their win chance is their own output.
A damaged file leaves its evaluator on its raw formula and says so (a ``RuntimeWarning``).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

from ...core.calibration import LogisticCurve, curve_from_json
from ...core.resources import assets_dir
from .base import Evaluator

__all__ = ["CALIBRATION_FOLDER", "load_curve", "attach_shipped_curves"]

CALIBRATION_FOLDER = ("backgammon", "calibration")
"""Where, under the assets folder, the shipped curves live."""


def load_curve(path: Path | str, name: str) -> LogisticCurve:
    """The curve to apply from a ``tabula calibrate`` file for evaluator ``name``;
    ``ValueError`` naming the file and what is wrong."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: not a readable calibration file ({error})") from None
    if not isinstance(data, dict) or data.get("evaluator") != name:
        raise ValueError(f"{path}: not a calibration of evaluator {name!r}")
    use, curves = data.get("use"), data.get("curves")
    if not isinstance(curves, dict) or use not in curves:
        raise ValueError(f"{path}: names no curve to use")
    try:
        curve = curve_from_json(curves[use])
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    if not (isinstance(curve, LogisticCurve) and curve.odd):
        raise ValueError(f"{path}: the curve applied must be an odd logistic (a = 0), got {use!r}")
    return curve


def attach_shipped_curves(evaluators: list[Evaluator], folder: Path | None = None) -> list[str]:
    """Set the shipped curve of every evaluator in ``evaluators`` that has one (module doc);
    the names given a curve."""
    folder = assets_dir().joinpath(*CALIBRATION_FOLDER) if folder is None else Path(folder)
    done = []
    for evaluator in evaluators:
        path = folder / f"{evaluator.name}.json"
        if getattr(evaluator, "probabilities", None) is not None or not path.is_file():
            continue
        try:
            evaluator.curve = load_curve(path, evaluator.name)
        except ValueError as error:
            warnings.warn(f"{error}; {evaluator.name} keeps its uncalibrated formula", RuntimeWarning, stacklevel=2)
            continue
        done.append(evaluator.name)
    return done
