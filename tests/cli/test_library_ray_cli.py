"""``tabula library analyze --cluster ray``: one Ray task a match, the same reviews stored as
a local run stores."""

from __future__ import annotations

import pytest

from game.cli import main
from game.core.library import open_library
from tests.core.library.test_safety import renamed


def _decisions(path) -> list[tuple]:
    with open_library(path) as library:
        return library.connection.execute(
            "SELECT m.hash, d.ply, d.player, d.equity_lost, d.played, d.best FROM decisions d"
            " JOIN matches m ON m.id = d.match ORDER BY m.hash, d.ply").fetchall()


@pytest.mark.slow
def test_a_ray_analysis_stores_the_local_reviews(ray_cluster, tmp_path):
    renamed(tmp_path / "m", 1)
    for name, cluster in (("local", ["--workers", "1"]), ("ray", ["--cluster", "ray"])):
        path = str(tmp_path / f"{name}.sqlite3")
        assert main(["library", "add", str(tmp_path / "m"), "--library", path]) == 0
        assert main(["library", "analyze", "--level", "intermediate", *cluster, "--library", path]) == 0
    on_ray, local = _decisions(tmp_path / "ray.sqlite3"), _decisions(tmp_path / "local.sqlite3")
    # Ray's workers run one thread each: sums in another order may differ in the last digit
    assert [(h, ply, who, played, best) for h, ply, who, _, played, best in on_ray] == \
        [(h, ply, who, played, best) for h, ply, who, _, played, best in local] != []
    assert [row[3] for row in on_ray] == pytest.approx([row[3] for row in local], abs=1e-5)


def test_without_ray_installed_analyze_says_how_to_install_it(tmp_path, capsys, without_ray):
    with pytest.raises(SystemExit) as stopped:
        main(["library", "analyze", "--cluster", "ray", "--library", str(tmp_path / "l.sqlite3")])
    assert stopped.value.code == 2 and "pip install" in capsys.readouterr().err
