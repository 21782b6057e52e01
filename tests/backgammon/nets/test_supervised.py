"""Supervised training on a teacher's labels: the positions, the teacher, the label sets, the
fit and ``tabula train backgammon --teacher``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.backgammon.board import START_SIDE, make_side
from game.backgammon.nets.encoding import encoding_of, equity
from game.backgammon.nets.evaluator import load_network
from game.backgammon.nets.network import Network
from game.backgammon.nets.supervised import labelling
from game.backgammon.nets.supervised.dataset import build_label_set, match_decisions
from game.backgammon.nets.supervised.fitting import FitConfig, fit, fit_state_path
from game.backgammon.nets.supervised.labelling import LabelSet, label_missing
from game.backgammon.nets.supervised.sampling import contact_rows, sample_positions
from game.backgammon.nets.supervised.teacher import label, sage_board
from game.backgammon.nets.training import new_network
from ...cli.util import run

MATCH = Path(__file__).resolve().parents[2] / "data" / "matches" / "3pt-a.mat"


@pytest.fixture(scope="module")
def net():
    return load_network("net-full")


def _rows(batch) -> set[bytes]:
    return {row.tobytes() for row in np.asarray(batch, dtype=np.int8)}


def test_sampled_positions_are_distinct_contact_positions_and_seeded(net):
    a = sample_positions(net, encoding_of(net), 4, seed=5, in_flight=4)
    b = sample_positions(net, encoding_of(net), 4, seed=5, in_flight=4)
    c = sample_positions(net, encoding_of(net), 4, seed=6, in_flight=4)
    assert len(a) > 100 and np.array_equal(a, b) and not np.array_equal(a[:len(c)], c[:len(a)])
    assert contact_rows(a).all() and len(_rows(a)) == len(a)
    assert (a.sum(axis=2) == 15).all() and (a >= 0).all()
    assert not (a[:, 0, 1:25] * a[:, 1, 24:0:-1]).any()  # no point held by both sides


def test_the_candidates_of_each_roll_are_kept_with_the_opponent_on_roll(net):
    """From the opening, the positions after the best plays of the first roll are in the
    set: the side on roll is the one that did not move (all 15 at the start)."""
    found = _rows(sample_positions(net, encoding_of(net), 1, seed=1, in_flight=1, explore=0.0, candidates=3))
    assert np.array([[START_SIDE, START_SIDE]], dtype=np.int8).tobytes() in found
    openers = [row for row in found if np.frombuffer(row, np.int8).reshape(2, 26)[0].tobytes()
               == np.array(START_SIDE, np.int8).tobytes()]
    assert len(openers) >= 3  # the first roll's three best plays (the opponent still at the start)


@pytest.mark.slow
def test_match_decisions_are_held_out_of_the_label_set(net):
    decisions = match_decisions([MATCH])
    assert len(decisions) > 100
    labels = build_label_set(net, encoding_of(net), 2, [MATCH], seed=3)
    assert not (_rows(labels.positions) & _rows(decisions))
    sources = labels.header["sampling"]["sources"]
    counts = {name: int((labels.source == k).sum()) for k, name in enumerate(sources)}
    assert counts["selfplay"] > 0 and counts["matches"] > counts["selfplay"]  # 2 games against ~200
    assert labels.header["sampling"]["held_out"] == len(decisions)


def test_the_teacher_labels_the_side_on_roll_before_it_throws():
    """Open Sage's board: the opening as its own ``STARTING_BOARD``; its labels: the side
    on roll's chances, which a swap of the sides mirrors."""
    bgsage = pytest.importorskip("bgsage")
    assert sage_board(START_SIDE, START_SIDE) == list(bgsage.STARTING_BOARD)
    me = make_side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1)
    opp = make_side({6: 4, 5: 2, 4: 2, 8: 2, 13: 5})
    out = label(np.array([[START_SIDE, START_SIDE], [me, opp], [opp, me]], dtype=np.int8), "sage-1ply", threads=1)
    assert out.shape == (3, 5) and ((out >= 0) & (out <= 1)).all()
    assert 0.5 < out[0, 0] < 0.56  # the side on roll's edge at the opening
    assert out[1, 0] < 0.3 < 0.7 < out[2, 0]  # on the bar against a 4-point board, and the other way
    assert equity(out[1:2])[0] < 0 < equity(out[2:3])[0]
    with pytest.raises(ValueError, match="unknown teacher"):
        label(np.zeros((0, 2, 26), np.int8), "gnubg")


def test_labelling_goes_on_from_the_last_chunk_saved(tmp_path, monkeypatch):
    """Only unlabelled rows are sent to the teacher, a chunk at a time, the file saved after each."""
    positions = np.array([[START_SIDE, START_SIDE]] * 5, dtype=np.int8)
    positions[:, 0, 6] -= np.arange(5, dtype=np.int8)  # five distinct positions
    positions[:, 0, 0] += np.arange(5, dtype=np.int8)
    sets = LabelSet(positions, np.zeros(5, np.uint8), {"teacher": "fake"})
    sets.labels[1] = 0.25
    asked = []

    def fake(batch, teacher, threads=0):
        asked.append(len(batch))
        return np.full((len(batch), 5), 0.125)

    monkeypatch.setattr(labelling, "label", fake)
    path = tmp_path / "l.npz"
    label_missing(sets, path, "fake", chunk=3)
    assert asked == [3, 1]
    again = LabelSet.load(path)
    assert again.labelled.all() and again.labels[1, 0] == 0.25 and again.labels[0, 0] == 0.125
    assert np.array_equal(again.positions, positions) and again.header == {"teacher": "fake"}


@pytest.mark.parametrize("damage", [b"not a zip", b"PK\x03\x04broken"])
def test_a_damaged_label_set_is_refused_by_name(tmp_path, damage):
    path = tmp_path / "bad.npz"
    path.write_bytes(damage)
    with pytest.raises(ValueError, match="is not a Tabula label set"):
        LabelSet.load(path)


def _fit_data(net, count=600):
    positions = sample_positions(net, encoding_of(net), 6, seed=2, in_flight=6)[:count]
    from game.backgammon.nets.evaluator import side_on_roll_outputs

    return positions, side_on_roll_outputs(net, encoding_of(net), positions).astype(np.float32)


@pytest.mark.slow
def test_a_fit_learns_its_labels_and_resumes_exactly(tmp_path, net):
    """Fitted on labels from the shipped network, a small network's held-out loss falls; one
    epoch, then a resumed second, gives the straight two-epoch run's weights bit for bit."""
    positions, labels = _fit_data(net)
    config = FitConfig(epochs=2, batch=32, lr=3e-3, lr_end=1e-3, validation=0.1, seed=4)
    seen = []
    straight = fit(new_network("full2", seed=1, hidden=(16,)), "full2", positions, labels, config,
                   tmp_path / "a.npz", report=seen.append)
    assert seen[1]["validation_loss"] < seen[0]["validation_loss"]
    assert seen[1]["validation_equity_rms"] < np.std(equity(labels))

    def killed(figures):  # the run dies after its first epoch's checkpoint
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fit(new_network("full2", seed=1, hidden=(16,)), "full2", positions, labels, config, tmp_path / "b.npz",
            report=killed)
    assert Network.load(tmp_path / "b.npz").meta["fit"]["epochs_done"] == 1
    resumed = fit(new_network("full2", seed=1, hidden=(16,)), "full2", positions, labels, config,
                  tmp_path / "b.npz", resume=True)
    for w, v in zip(straight.params, resumed.params):
        assert np.array_equal(w, v)
    assert Network.load(tmp_path / "b.npz").meta["fit"]["epochs_done"] == 2
    with pytest.raises(ValueError, match="other settings"):
        fit(new_network("full2", seed=1, hidden=(16,)), "full2", positions, labels,
            FitConfig(**{**config.__dict__, "batch": 64}), tmp_path / "b.npz", resume=True)


@pytest.mark.slow
def test_the_command_samples_labels_and_fits_then_resumes(capsys, tmp_path):
    pytest.importorskip("bgsage")
    out = tmp_path / "n.npz"
    args = ["train", "backgammon", "--arch", "full2", "--teacher", "sage-1ply", "--games", "3", "--out", str(out),
            "--activation", "relu", "--hidden", "8", "--epochs", "1", "--seed", "2"]
    code, text, err = run(capsys, *args)
    assert code == 0, err
    assert "labelled" in text and "epoch 1/1" in text and out.exists() and fit_state_path(out).exists()
    labels = LabelSet.load(tmp_path / "n.labels.npz")
    assert labels.labelled.all() and labels.header["teacher"] == "sage-1ply"
    meta = Network.load(out).meta
    assert meta["teacher"] == "sage-1ply" and meta["training"] == "supervised" and meta["teacher_version"]
    assert Network.load(out).activation == "relu" and Network.load(out).sizes[1:-1] == (8,)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    code, _, err = run(capsys, *args)  # again without --resume: refused, nothing touched
    assert code == 2 and "exists: add --resume" in err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    code, text, err = run(capsys, *args[:-4], "--epochs", "2", "--seed", "2", "--resume")
    assert code == 0, err
    assert "epoch 2/2" in text and "epoch 1/2" not in text


@pytest.mark.parametrize("extra, message", [
    (["--epochs", "3"], "--epochs go"),
    (["--matches", "x.mat"], "--matches go"),
    (["--activation", "relu"], "--activation go"),
    (["--deepen", "crashed=sage-3ply"], "--deepen go"),
    (["--teacher", "sage-2ply", "--arch", "phase48"], "five-output network"),
])
def test_supervised_options_out_of_place_are_usage_errors(capsys, tmp_path, extra, message):
    args = ["train", "backgammon", "--arch", "full2", "--games", "3", "--out", str(tmp_path / "n.npz")]
    code, _, err = run(capsys, *args, *extra)
    assert code == 2 and message in err and not list(tmp_path.iterdir())


@pytest.mark.slow
def test_disagreements_add_the_tree_around_both_plays(net):
    """Where 0 ply and Expert part, both plays' positions and the replies to each of the 21
    rolls are added: new, unlabelled, contact positions under their own source."""
    from game.backgammon.nets.supervised.dataset import disagreement_positions, extend_label_set

    positions = sample_positions(net, encoding_of(net), 2, seed=8, in_flight=2)
    found, disagreed = disagreement_positions(positions, 4, seed=2)
    assert 0 < disagreed <= 4  # seed 2 meets two with the shipped net-full
    assert disagreed * 2 <= len(found) <= disagreed * 44 and contact_rows(found).all()
    labels = LabelSet(positions, np.zeros(len(positions), np.uint8), {"sampling": {}})
    added = extend_label_set(labels, np.concatenate([found, positions[:5]]), "disagreements", {"decisions": 4})
    assert added == len(_rows(found) - _rows(positions))
    assert (labels.source == 2).sum() == added and (~labels.labelled).all()
    assert labels.header["sampling"]["disagreements"] == {"decisions": 4, "added": added}


def _deepening_set() -> LabelSet:
    """Four positions: the start (contact) and three crashed ones (the side on roll with five
    checkers left, two or three points apart), all labelled 0.5 by the main teacher."""
    crashed = [[make_side({20: 5 - k, 19 - k: k}), START_SIDE] for k in range(3)]
    positions = np.array([[START_SIDE, START_SIDE], *crashed], dtype=np.int8)
    return LabelSet(positions, np.zeros(4, np.uint8), {"teacher": "sage-2ply"}, np.full((4, 5), 0.5, np.float32))


def test_deepening_relabels_one_phase_beside_the_set_and_goes_on_where_it_stopped(tmp_path, monkeypatch):
    from game.backgammon.nets.supervised.deepening import deepen, deepened, deeper_path, phase_rows

    labels = _deepening_set()
    assert phase_rows(labels.positions, "crashed").tolist() == [False, True, True, True]
    main = tmp_path / "n.labels.npz"
    labels.save(main)
    asked = []

    def fake(batch, teacher, threads=0):
        asked.append((len(batch), teacher))
        if len(asked) == 2:
            raise KeyboardInterrupt  # killed after the first chunk
        return np.full((len(batch), 5), 0.25)

    monkeypatch.setattr(labelling, "label", fake)
    with pytest.raises(KeyboardInterrupt):
        deepen(labels, main, "crashed", "sage-3ply", chunk=2)
    path = deeper_path(main, "crashed", "sage-3ply")
    assert path.name == "n.labels.crashed-sage-3ply.npz" and LabelSet.load(path).labelled.sum() == 2
    deeper = deepen(labels, main, "crashed", "sage-3ply", chunk=2)
    assert asked == [(2, "sage-3ply"), (1, "sage-3ply"), (1, "sage-3ply")]  # only the last one again
    values, count = deepened(labels, deeper)
    assert count == 3 and values[0, 0] == 0.5 and (values[1:] == 0.25).all()
    assert (LabelSet.load(main).labels == 0.5).all()  # the main set is never rewritten
    path.rename(deeper_path(main, "contact", "sage-3ply"))  # a file under another phase's name
    with pytest.raises(ValueError, match="holds 'crashed' labels by 'sage-3ply'"):
        deepen(labels, main, "contact", "sage-3ply")
    other = LabelSet(labels.positions[:1], labels.source[:1], {})
    with pytest.raises(ValueError, match="belong to another label set"):
        deepened(other, deeper)


def test_the_command_fits_on_the_deeper_labels_and_says_so(capsys, tmp_path, monkeypatch):
    labels = _deepening_set()
    labels.save(tmp_path / "n.labels.npz")
    monkeypatch.setattr(labelling, "label", lambda batch, teacher, threads=0: np.full((len(batch), 5), 0.25))
    monkeypatch.setattr("game.backgammon.nets.supervised.teacher.teacher_version", lambda: "test")
    out = tmp_path / "n.npz"
    code, text, err = run(capsys, "train", "backgammon", "--arch", "full2", "--teacher", "sage-2ply", "--games", "1",
                          "--out", str(out), "--hidden", "4", "--epochs", "1", "--deepen", "crashed=sage-3ply")
    assert code == 0, err
    assert "3 crashed positions valued by sage-3ply" in text
    assert Network.load(out).meta["deepened"] == {"crashed": {"teacher": "sage-3ply", "positions": 3}}


@pytest.mark.parametrize("value", ["crashed", "race=sage-3ply", "crashed=gnu-2ply"])
def test_a_bad_deepen_is_a_usage_error(capsys, tmp_path, value):
    code, _, err = run(capsys, "train", "backgammon", "--arch", "full2", "--teacher", "sage-2ply", "--games", "1",
                       "--out", str(tmp_path / "n.npz"), "--deepen", value)
    assert code == 2 and "PHASE=TEACHER" in err and not list(tmp_path.iterdir())
