"""Matches on a Dask cluster (`citadel.dask.match`): the games of `citadel match`, game for
game, and the same stop for a sequential test."""

import pytest

from conftest import run_cli


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_a_match_on_dask_is_the_local_match_game_for_game(cli, client, tmp_path):
    import citadel.dask

    result = citadel.dask.match(
        client, "shatranj", "nodes:300", "depth:1", 6, chunk=2, seed=5, max_plies=80
    )
    local = tmp_path / "local.pgn"
    p = run_cli(cli, "match", "--variant", "shatranj", "--engine", "nodes:300",
                "--opponent", "depth:1", "--games", 6, "--seed", 5, "--max-plies", 80,
                "--out", local)
    assert len(result.games) == 6
    assert "".join(g + "\n" for g in result.games) == local.read_text()
    assert f": {result.score()}" in p.stdout
    assert (result.verdict, result.report) == (None, None)


def test_a_test_on_dask_stops_where_the_local_one_stops(cli, client, tmp_path):
    import citadel.dask

    result = citadel.dask.match(
        client, "chess", "depth:2", "random", 40, sprt="0,200", chunk=4, seed=2,
        max_plies=200,
    )
    local = tmp_path / "local.pgn"
    p = run_cli(cli, "match", "--variant", "chess", "--engine", "depth:2", "--opponent",
                "random", "--games", 40, "--sprt", "0,200", "--seed", 2, "--max-plies", 200,
                "--out", local)
    assert result.verdict == "H1" and "H1 accepted" in result.report
    assert 2 <= len(result.games) < 40 and len(result.games) % 2 == 0
    assert "".join(g + "\n" for g in result.games) == local.read_text()
    assert result.report in p.stdout


def test_the_match_command(tmp_path, capfd):
    pytest.importorskip("dask.distributed")
    from citadel.dask.__main__ import main

    out = tmp_path / "m.pgn"
    args = ["match", "--workers", "1", "--variant", "chess", "--engine", "depth:1",
            "--opponent", "random", "--games", "2", "--sprt", "0,10", "--out", str(out)]
    assert main(args) == 0
    printed, _ = capfd.readouterr()
    assert printed.startswith("chess: depth:1 vs random: 2 games +")
    assert "SPRT [0, 10]" in printed
    assert out.read_text().count('[Event "citadel match') == 2
    assert main(args[:-2] + ["--sprt", "10,0"]) == 2
    assert "bad SPRT `10,0`" in capfd.readouterr().err
