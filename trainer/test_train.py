"""Tests of the NNUE trainer's PyTorch side (`citnnue.py`) on tiny synthetic data files; they are
skipped where PyTorch is not installed (the formats' tests, `test_citnnue.py`, still run).

Run with `python -m pytest trainer -q`; no Rust build is needed.
"""

import hashlib
import json
import struct
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, str(Path(__file__).resolve().parent))
import citnnue  # noqa: E402
import train  # noqa: E402
from testdata import data_file, random_positions, record, tiny_layout  # noqa: E402


def args_for(tmp_path, layout_path, files, **extra):
    """The command line of a short run."""
    argv = ["--layout", str(layout_path), "--out", str(tmp_path / "net.nnue"),
            "--report", str(tmp_path / "report.json"), "--threads", "1", "--device", "cpu"]
    for key, value in extra.items():
        argv += [f"--{key.replace('_', '-')}", str(value)]
    return argv + [str(f) for f in files]


def test_data_of_another_game_is_refused(tmp_path, capsys):
    lay = tiny_layout()
    path = tmp_path / "other.cdata"
    data_file(path, [record(0, 1, 0, 0, [])], dict(lay, cells=7))
    lay_path = tmp_path / "layout.json"
    lay_path.write_text(json.dumps(lay))
    assert train.main(args_for(tmp_path, lay_path, [path])) == 1
    assert "cells 7, but the layout's is 6" in capsys.readouterr().err
    assert not (tmp_path / "net.nnue").exists()


# --------------------------------------------------------------------------- export


def test_export_reads_back_and_checks_agree(tmp_path, capsys):
    lay = tiny_layout(cells=12, kinds=3, hidden=16)
    lay_path = tmp_path / "layout.json"
    lay_path.write_text(json.dumps(lay))
    path = tmp_path / "d.cdata"
    data_file(path, [record(*p) for p in random_positions(600, 12, seed=5)], lay)
    argv = args_for(tmp_path, lay_path, [path], epochs=2, batch=64, held_out=0.1, lr=0.01)
    report, net = train.run(train.parse_args(argv))
    assert train.main(argv) == 0  # the command writes the same net again
    out = capsys.readouterr().out
    assert "epoch 2/2: train loss" in out and "held-out loss" in out
    assert f"net: {tmp_path / 'net.nnue'}, " in out and report["net_sha256"] in out

    net_path = tmp_path / "net.nnue"
    header, q = citnnue.read_net(net_path)
    assert (header["format"], header["qa"], header["qb"], header["scale"]) == (1, 255, citnnue.QB, 400)
    assert header["layout"] == lay
    t = header["training"]
    assert t["positions"] == {"train": 540, "held_out": 60}
    assert t["settings"]["epochs"] == 2 and t["settings"]["hidden"] == 16
    assert t["data"][0]["file"] == "d.cdata"
    assert t["data_sha256"] == citnnue.data_sha256(t["data"])
    hlen = struct.unpack_from("<I", net_path.read_bytes(), 8)[0]
    assert net_path.stat().st_size == 12 + hlen + 2 * lay["features"] * 16 + 2 * 16 + 4 * 16 + 4
    assert q["ft_weight"].shape == (lay["features"], 16)
    longer = tmp_path / "longer.nnue"
    longer.write_bytes(net_path.read_bytes() + b"\0")
    with pytest.raises(citnnue.TrainError, match="expected"):
        citnnue.read_net(longer)

    checks = header["checks"]
    assert len(checks) == 8
    data = citnnue.read_files([path], lay)
    held = [data.pieces(i) for i in range(540, 600)]
    pad = lay["features"]
    for c in checks:
        assert c["pieces"] in held
        assert citnnue.int_eval_position(q, lay, c["side"], c["pieces"]) == c["eval"]
        stm, other = citnnue.position_features(lay, c["side"], c["pieces"])
        stm, other = np.array([stm + [pad] * 9])[:, :9], np.array([other + [pad] * 9])[:, :9]
        f = train.float_cp(net, stm, other, torch.device("cpu"))[0]
        assert abs(c["eval"] - f) <= error_bound(net, q, stm, other)[0]
    assert len({c["eval"] for c in checks}) > 1  # a trained net tells positions apart

    report = json.loads((tmp_path / "report.json").read_text())
    assert report["net_sha256"] == hashlib.sha256(net_path.read_bytes()).hexdigest()
    assert report["quantisation"]["mean_abs_cp"] <= 10


def error_bound(net, q, stm, other):
    """Per position, the most the integer eval can differ from the float one: each weight is
    off by at most half a step, and the result is truncated (one centipawn)."""
    features = net.features
    counts = (np.asarray(stm) < features).sum(axis=1)
    acc_err = (counts + 1) * 0.5 / citnnue.QA  # per accumulator entry, in float units
    with torch.no_grad():
        w = net.out.weight[0].abs().double().numpy()
        ft = torch.cat([net.ft.weight, torch.zeros(1, net.hidden)]).double().numpy()
        bias = net.ft_bias.double().numpy()
    bound = np.zeros(len(stm))
    for i in range(len(stm)):
        h = [np.clip(bias + ft[idx].sum(axis=0), 0, 1) for idx in (stm[i], other[i])]
        h = np.concatenate(h) + acc_err[i]
        bound[i] = ((h * 0.5 / citnnue.QB).sum() + (w * acc_err[i]).sum()
                    + 0.5 / (citnnue.QA * citnnue.QB)) * citnnue.SCALE + 1.01
    return bound


def test_integer_forward_follows_the_float_net():
    lay = tiny_layout(cells=12, kinds=3, hidden=16)
    torch.manual_seed(3)
    net = train.Net(lay["features"], 16)
    with torch.no_grad():  # weights big enough that the clipping matters
        net.ft.weight[:-1].uniform_(-0.6, 0.6)
        net.out.weight.uniform_(-1.5, 1.5)
        net.out.bias.fill_(0.1)
    positions = random_positions(300, 12, seed=9)
    pad = lay["features"]
    rows = [citnnue.position_features(lay, p[0], p[4]) for p in positions]
    stm = np.array([s + [pad] * (9 - len(s)) for s, _ in rows])
    other = np.array([o + [pad] * (9 - len(o)) for _, o in rows])
    q = train.quantise(net)
    ints = citnnue.int_forward(q, stm, other)
    cpu = torch.device("cpu")
    floats = train.float_cp(net, stm, other, cpu)
    assert np.abs(floats).max() > 1000  # the evaluations are not all near zero
    bound = error_bound(net, q, stm, other)
    assert (np.abs(ints - floats) <= bound).all()
    assert np.median(np.abs(ints - floats)) <= 12
    # The float net with the integers' weights gives the integer evals up to the truncation.
    deq = train.Net(lay["features"], 16)
    with torch.no_grad():
        deq.ft.weight[:-1] = torch.from_numpy(q["ft_weight"] / citnnue.QA).float()
        deq.ft_bias[:] = torch.from_numpy(q["ft_bias"] / citnnue.QA).float()
        deq.out.weight[0] = torch.from_numpy(q["out_weight"] / citnnue.QB).float()
        deq.out.bias[0] = float(q["out_bias"]) / (citnnue.QA * citnnue.QB)
    exact = train.float_cp(deq, stm, other, cpu)
    assert (np.abs(ints - exact) < 1.01).all()
    assert (np.abs(ints) <= np.abs(exact) + 1e-3).all()  # truncated toward zero
    # One position at a time gives the same as the batch.
    for i in range(5):
        assert citnnue.int_eval_position(q, lay, positions[i][0], positions[i][4]) == ints[i]


# --------------------------------------------------------------------------- training


def test_training_lowers_the_held_out_loss():
    lay = tiny_layout(cells=12, kinds=3, hidden=16)
    positions = random_positions(3000, 12, seed=11)
    recs = b"".join(record(*p) for p in positions)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "m.cdata"
        data_file(path, [recs], lay)
        data = citnnue.read_files([path], lay)
    stm, other = citnnue.feature_arrays(lay, data)
    target = citnnue.targets(data.score, data.result, 0.5, 400.0)
    n_train = 2700
    torch.manual_seed(1)
    net = train.Net(lay["features"], 16)
    held = slice(n_train, None)
    cpu = torch.device("cpu")
    before = train.evaluate(net, stm[held], other[held], target[held], 400.0, cpu)
    history = train.train_net(net, stm, other, target, n_train, epochs=6, batch=128, lr=0.01,
                              wdl_scale=400.0, seed=1, device=cpu, log=lambda s: None)
    after = history[-1][1]
    assert len(history) == 6
    assert after == pytest.approx(train.evaluate(net, stm[held], other[held], target[held],
                                                 400.0, cpu))
    assert after < 0.3 * before, (before, after)


def test_hidden_must_match_the_layout(tmp_path, capsys):
    lay = tiny_layout()
    lay_path = tmp_path / "layout.json"
    lay_path.write_text(json.dumps(lay))
    path = tmp_path / "d.cdata"
    data_file(path, [record(0, 1, 0, 0, [])], lay)
    assert train.main(args_for(tmp_path, lay_path, [path], hidden=32)) == 1
    assert "--hidden 32, but the layout's hidden is 8" in capsys.readouterr().err
