"""Validation gives the verdicts of `citadel validate`: on threads here, and on a Dask
LocalCluster of two workers, for a generated multi-file collection with invalid games,
archives and the invalid fixtures."""

import os

import pytest

import citadel
import citadel.collection
import citadel.pgn
from conftest import FIXTURES, run_cli


def cli_report(cli, paths):
    p = run_cli(cli, "validate", *paths, check=False)
    problems = [l for l in p.stderr.splitlines() if not l.startswith("error: ")]
    return problems, p.stdout.strip(), p.returncode


def report_lines(report):
    return [str(p) for p in report.problems], report.summary()


@pytest.fixture(scope="module")
def collection(tmp_path_factory, cli):
    d = tmp_path_factory.mktemp("collection")
    paths = citadel.collection.generate(
        str(d), megabytes=1.5, files=3, seed=7, invalid_every=11, distinct=120
    )
    valid = citadel.collection.generate(
        str(d / "valid"), megabytes=0.2, files=1, seed=8, invalid_every=0, distinct=40
    )
    archive = d / "games.cz"
    run_cli(cli, "pack", valid[0], "-o", archive)
    invalid = sorted(str(p) for p in (FIXTURES / "games" / "invalid").glob("*.pgn"))
    return paths + [str(archive)] + invalid


def test_collection_is_reproducible(tmp_path):
    a = citadel.collection.generate(str(tmp_path / "a"), 0.2, 2, seed=3, distinct=20)
    b = citadel.collection.generate(str(tmp_path / "b"), 0.2, 2, seed=3, distinct=20)
    for x, y in zip(a, b):
        assert open(x, "rb").read() == open(y, "rb").read()


@pytest.mark.parametrize("part_bytes", [1 << 12, 1 << 16, 1 << 30])
def test_validate_agrees_with_cli(cli, collection, part_bytes):
    problems, summary, code = cli_report(cli, collection)
    report = citadel.validate(collection, part_bytes=part_bytes, threads=2)
    assert report_lines(report) == (problems, summary)
    assert code == 1 and not report.ok
    assert report.invalid > 10 and report.games > 500
    assert any("before the next tag pairs" in p for p in problems)
    assert any("contradicts" in p or "Result tag says" in p for p in problems)
    assert any("is not a cell" in p for p in problems)


def test_valid_files_are_ok(cli):
    paths = sorted(str(p) for p in (FIXTURES / "games" / "chess").glob("*.pgn"))
    report = citadel.validate(paths)
    problems, summary, code = cli_report(cli, paths)
    assert report.ok and code == 0 and report.summary() == summary and not problems
    assert report.plies > 0


def test_dask_local_cluster_agrees_with_cli(cli, collection):
    distributed = pytest.importorskip("dask.distributed")
    import citadel.dask

    problems, summary, _ = cli_report(cli, collection)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        report = citadel.dask.validate(collection, client, part_bytes=1 << 15)
        assert report_lines(report) == (problems, summary)
        board = citadel.Board("tamerlane")
        total, per_move = citadel.dask.perft(board, 3, client, split=2)
        assert total == board.perft(3)
        assert per_move == board.divide(3)


def test_dask_command_line(cli, collection, capfd):
    pytest.importorskip("dask.distributed")
    from citadel.dask.__main__ import main

    problems, summary, _ = cli_report(cli, collection)
    assert main(["validate", "--workers", "2", "--part-mb", "0.05", *collection]) == 1
    out, err = capfd.readouterr()
    assert out.strip() == summary
    assert [l for l in err.splitlines() if l in problems] == problems


def test_a_part_ending_in_a_game_without_result(cli, tmp_path):
    path = tmp_path / "cut.pgn"
    path.write_text(
        '[Variant "chess"]\n\n1. e4 e5\n\n[Variant "chess"]\n\n1. d4 *\n'
        '[Variant "shatranj"]\n\n1. e3 {open\n'
    )
    problems, summary, _ = cli_report(cli, [path])
    for part_bytes in (1, 10, 1 << 20):
        report = citadel.validate([path], part_bytes=part_bytes)
        assert report_lines(report) == (problems, summary)
    assert "before the next tag pairs" in problems[0]


def _records(data: bytes) -> bytes:
    """A training data file's records (its bytes after the magic and the header)."""
    assert data[:8] == b"CITDATA1"
    return data[12 + int.from_bytes(data[8:12], "little"):]


def test_dask_training_data_equals_the_local_run_game_for_game(cli, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    import citadel.dask

    settings = ["--nodes", "300", "--opening-plies", "6", "--seed", "3", "--threads", "1"]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        paths = citadel.dask.training_data(
            client, "shatranj", 4, tmp_path / "dask", chunk=2,
            nodes=300, opening_plies=6, seed=3,
        )
    assert [os.path.basename(p) for p in paths] == [
        "games-000000-2.cdata", "games-000002-2.cdata"
    ]
    # each part is the file `citadel selfplay --data` writes for those games
    for first, path in zip([0, 2], paths):
        local = tmp_path / f"local-{first}.cdata"
        run_cli(cli, "selfplay", "--variant", "shatranj", "--data", local,
                "--games", 2, "--first-game", first, *settings)
        assert open(path, "rb").read() == local.read_bytes()
    # and the parts' records are the whole run's, game for game
    whole = tmp_path / "whole.cdata"
    run_cli(cli, "selfplay", "--variant", "shatranj", "--data", whole, "--games", 4, *settings)
    parts = b"".join(_records(open(p, "rb").read()) for p in paths)
    assert len(parts) > 0 and parts == _records(whole.read_bytes())


def test_dask_training_data_command_line(tmp_path, capfd):
    pytest.importorskip("dask.distributed")
    from citadel.dask.__main__ import main

    out = tmp_path / "parts"
    args = ["data", "--workers", "1", "--variant", "shatranj", "--games", "1",
            "--out", str(out), "--nodes", "200"]
    assert main(args) == 0
    printed, err = capfd.readouterr()
    assert printed.strip() == str(out / "games-000000-1.cdata")
    assert "1 parts in" in err
    assert (out / "games-000000-1.cdata").read_bytes()[:8] == b"CITDATA1"
