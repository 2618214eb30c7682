"""Tests of the NNUE trainer on tiny synthetic data files written here with `struct`.

Run with `python -m pytest trainer -q`; no Rust build is needed.
"""

import hashlib
import json
import random
import struct
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import train  # noqa: E402


# --------------------------------------------------------------------------- helpers


def tiny_layout(sides=1, royal=0, cells=6, kinds=2, hidden=8):
    """A small layout: `cells` in a row, Black sees them reversed, 2 buckets (low/high half)."""
    return {
        "format": 1, "variant": "tiny", "cells": cells, "kinds": kinds,
        "letters": ["k", "q", "p", "r", "n"][:kinds], "hidden": hidden,
        "buckets": 2, "royal": royal,
        "bucket_of": [0 if i < cells // 2 else 1 for i in range(cells)],
        "view": [list(range(cells)), list(range(cells - 1, -1, -1))],
        "sides": sides, "features": 2 * sides * 2 * kinds * cells,
    }


def record(side, score, result, ply, pieces):
    """One CITDATA1 record; pieces as (cell, kind, colour) in cell order."""
    out = struct.pack("<BBhbH", side, len(pieces), score, result, ply)
    for cell, kind, colour in pieces:
        out += struct.pack("<BB", cell, kind | (0x80 if colour else 0))
    return out


def data_file(path, records, layout, magic=b"CITDATA1", header=None):
    """Writes a data file for the layout's game; returns the offset of its first record."""
    head = header or {
        "format": 1, "variant": layout["variant"], "cells": layout["cells"],
        "kinds": layout["kinds"], "letters": layout["letters"],
        "generator": {"nodes": 1, "opening_plies": 0, "max_plies": 10, "seed": 1,
                      "first_game": 0, "games": 1, "hash_mb": 1},
    }
    text = json.dumps(head).encode()
    Path(path).write_bytes(magic + struct.pack("<I", len(text)) + text + b"".join(records))
    return 12 + len(text)


VALUES = {0: 0, 1: 300, 2: 100}  # a king, a heavy piece, a light piece


def random_positions(count, cells, seed):
    """Random positions of one king a side plus a few pieces, scored by material."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        chosen = rng.sample(range(cells), rng.randint(2, 9))
        pieces = [(chosen[0], 0, 0), (chosen[1], 0, 1)]
        pieces += [(c, rng.choice((1, 2)), rng.randint(0, 1)) for c in chosen[2:]]
        pieces.sort()
        side = rng.randint(0, 1)
        score = sum(VALUES[k] * (1 if col == side else -1) for _, k, col in pieces)
        result = 0 if abs(score) < 150 else (1 if score > 0 else -1)
        out.append((side, score, result, rng.randint(0, 200), pieces))
    return out


def args_for(tmp_path, layout_path, files, **extra):
    """The command line of a short run."""
    argv = ["--layout", str(layout_path), "--out", str(tmp_path / "net.nnue"),
            "--report", str(tmp_path / "report.json"), "--threads", "1", "--device", "cpu"]
    for key, value in extra.items():
        argv += [f"--{key.replace('_', '-')}", str(value)]
    return argv + [str(f) for f in files]


# --------------------------------------------------------------------------- features


# White king on 1, a White piece of kind 1 on 4, the Black king on 0; Black to move.
POSITION = [(0, 0, 1), (1, 0, 0), (4, 1, 0)]


def test_features_by_hand_one_side():
    lay = tiny_layout(sides=1)
    stm, other = train.position_features(lay, 1, POSITION)
    # Black: king on 0 seen as 5 -> bucket 1; pieces seen reversed.
    #   own king on 0:    ((1*2+0)*2+0)*6 + 5 = 29
    #   White king on 1:  ((1*2+1)*2+0)*6 + 4 = 40
    #   White kind 1 on 4: ((1*2+1)*2+1)*6 + 1 = 43
    assert stm == [29, 40, 43]
    # White: king on 1 -> bucket 0.
    #   Black king on 0:  ((0*2+1)*2+0)*6 + 0 = 12;  own king: 1;  own kind 1 on 4: 6 + 4 = 10
    assert other == [12, 1, 10]


def test_features_by_hand_two_sides():
    lay = tiny_layout(sides=2)
    assert lay["features"] == 96
    stm, other = train.position_features(lay, 1, POSITION)
    # Black: bucket 1, sides 2 -> b = 1*2 + 1 = 3.
    assert stm == [((3 * 2 + 0) * 2 + 0) * 6 + 5, ((3 * 2 + 1) * 2 + 0) * 6 + 4,
                   ((3 * 2 + 1) * 2 + 1) * 6 + 1] == [77, 88, 91]
    # White: bucket 0 -> b = 0.
    assert other == [12, 1, 10]


def test_features_without_a_royal_use_bucket_zero():
    lay = tiny_layout(sides=1)
    # Black has no king (its piece is kind 1): Black's bucket is 0.
    stm, _ = train.position_features(lay, 1, [(0, 1, 1), (1, 0, 0), (4, 1, 0)])
    assert stm == [(0 * 2 + 1) * 6 + 5, (1 * 2 + 0) * 6 + 4, (1 * 2 + 1) * 6 + 1] == [11, 16, 19]
    lay_none = dict(tiny_layout(sides=1), royal=None)
    stm, _ = train.position_features(lay_none, 1, POSITION)
    assert stm == [5, 16, 19]


def test_vectorised_features_match_piece_by_piece(tmp_path):
    for sides in (1, 2):
        lay = tiny_layout(sides=sides, cells=10, kinds=3)
        positions = random_positions(200, 10, seed=sides)
        # Two Black kings: the first (cell 0, seen as 9) is in bucket 1, the other (7 -> 2) in 0.
        positions.append((1, 0, 0, 0, [(0, 0, 1), (3, 0, 0), (7, 0, 1)]))
        path = tmp_path / f"d{sides}.cdata"
        data_file(path, [record(*p) for p in positions], lay)
        data = train.read_files([path], lay)
        stm_idx, other_idx = train.feature_arrays(lay, data)
        assert stm_idx.shape == (len(positions), 9)
        for i, (side, _, _, _, pieces) in enumerate(positions):
            stm, other = train.position_features(lay, side, pieces)
            pad = [lay["features"]] * (9 - len(pieces))
            assert stm_idx[i].tolist() == stm + pad
            assert other_idx[i].tolist() == other + pad
        # The first Black king picks Black's bucket: 1 (b = 1, or 1 * 2 + 1 with two sides).
        b = 1 if sides == 1 else 3
        assert stm_idx[-1, 0] == ((b * 2 + 0) * 3 + 0) * 10 + 9


# --------------------------------------------------------------------------- reader


def test_reader_reads_what_was_written(tmp_path):
    lay = tiny_layout()
    recs = [(0, 35, 1, 9, [(1, 0, 0), (5, 0, 1)]), (1, -32000 + 3, -1, 300, [(2, 1, 1)]),
            (0, 0, 0, 65535, [])]
    path = tmp_path / "a.cdata"
    data_file(path, [record(*r) for r in recs], lay)
    header, data = train.read_data(path)
    assert header["variant"] == "tiny" and header["generator"]["games"] == 1
    assert data.stm.tolist() == [0, 1, 0]
    assert data.score.tolist() == [35, -31997, 0]
    assert data.result.tolist() == [1, -1, 0]
    assert data.ply.tolist() == [9, 300, 65535]
    assert data.counts().tolist() == [2, 1, 0]
    assert data.pieces(0) == [[1, 0, 0], [5, 0, 1]]
    assert data.pieces(1) == [[2, 1, 1]]
    assert data.files[0]["bytes"] == path.stat().st_size
    both = train.read_files([path, path], lay)
    assert len(both) == 6 and both.pieces(4) == [[2, 1, 1]]


def test_reader_refuses_a_truncated_record(tmp_path):
    lay = tiny_layout()
    recs = [record(0, 1, 0, 0, [(1, 0, 0)]), record(1, 2, 0, 1, [(1, 0, 0), (3, 1, 1)])]
    path = tmp_path / "cut.cdata"
    first = data_file(path, recs, lay)
    path.write_bytes(path.read_bytes()[:-1])
    with pytest.raises(train.TrainError) as e:
        train.read_data(path)
    assert str(e.value) == f"{path}: record 2 at byte {first + 9}: the file ends inside it"
    path.write_bytes(path.read_bytes()[:first + 9 + 3])  # cut inside the fixed part
    with pytest.raises(train.TrainError, match=f"record 2 at byte {first + 9}: the file ends"):
        train.read_data(path)


def test_reader_refuses_bad_magic_and_header(tmp_path):
    lay = tiny_layout()
    path = tmp_path / "bad.cdata"
    data_file(path, [record(0, 1, 0, 0, [])], lay, magic=b"CITDATA2")
    with pytest.raises(train.TrainError, match="does not start with `CITDATA1`"):
        train.read_data(path)
    path.write_bytes(b"CITDATA1" + struct.pack("<I", 5) + b"{oops")
    with pytest.raises(train.TrainError, match="header is not JSON"):
        train.read_data(path)


def test_reader_refuses_a_cell_or_kind_beyond_the_header(tmp_path):
    lay = tiny_layout()
    path = tmp_path / "cell.cdata"
    recs = [record(0, 1, 0, 0, [(1, 0, 0)]), record(0, 1, 0, 0, [(1, 0, 0), (6, 1, 1)])]
    first = data_file(path, recs, lay)
    with pytest.raises(train.TrainError) as e:
        train.read_data(path)
    assert str(e.value) == (f"{path}: record 2 at byte {first + 9}: a piece of kind 1 on cell 6 "
                            "(the game has 6 cells and 2 kinds)")
    recs = [record(0, 1, 0, 0, [(1, 2, 0)])]
    first = data_file(path, recs, lay)
    with pytest.raises(train.TrainError, match=f"record 1 at byte {first}: a piece of kind 2"):
        train.read_data(path)
    recs = [record(0, 1, 0, 0, []), record(0, 1, 5, 0, [])]
    first = data_file(path, recs, lay)
    with pytest.raises(train.TrainError, match=f"record 2 at byte {first + 7}: result 5"):
        train.read_data(path)


def test_data_of_another_game_is_refused(tmp_path, capsys):
    lay = tiny_layout()
    path = tmp_path / "other.cdata"
    data_file(path, [record(0, 1, 0, 0, [])], dict(lay, variant="chess"))
    with pytest.raises(train.TrainError, match="variant 'chess', but the layout's is 'tiny'"):
        train.read_files([path], lay)
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
    header, q = train.read_net(net_path)
    assert (header["format"], header["qa"], header["qb"], header["scale"]) == (1, 255, train.QB, 400)
    assert header["layout"] == lay
    t = header["training"]
    assert t["positions"] == {"train": 540, "held_out": 60}
    assert t["settings"]["epochs"] == 2 and t["settings"]["hidden"] == 16
    assert t["data"][0]["file"] == "d.cdata"
    assert t["data_sha256"] == train.data_sha256(t["data"])
    hlen = struct.unpack_from("<I", net_path.read_bytes(), 8)[0]
    assert net_path.stat().st_size == 12 + hlen + 2 * lay["features"] * 16 + 2 * 16 + 4 * 16 + 4
    assert q["ft_weight"].shape == (lay["features"], 16)
    longer = tmp_path / "longer.nnue"
    longer.write_bytes(net_path.read_bytes() + b"\0")
    with pytest.raises(train.TrainError, match="expected"):
        train.read_net(longer)

    checks = header["checks"]
    assert len(checks) == 8
    data = train.read_files([path], lay)
    held = [data.pieces(i) for i in range(540, 600)]
    pad = lay["features"]
    for c in checks:
        assert c["pieces"] in held
        assert train.int_eval_position(q, lay, c["side"], c["pieces"]) == c["eval"]
        stm, other = train.position_features(lay, c["side"], c["pieces"])
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
    acc_err = (counts + 1) * 0.5 / train.QA  # per accumulator entry, in float units
    with torch.no_grad():
        w = net.out.weight[0].abs().double().numpy()
        ft = torch.cat([net.ft.weight, torch.zeros(1, net.hidden)]).double().numpy()
        bias = net.ft_bias.double().numpy()
    bound = np.zeros(len(stm))
    for i in range(len(stm)):
        h = [np.clip(bias + ft[idx].sum(axis=0), 0, 1) for idx in (stm[i], other[i])]
        h = np.concatenate(h) + acc_err[i]
        bound[i] = ((h * 0.5 / train.QB).sum() + (w * acc_err[i]).sum()
                    + 0.5 / (train.QA * train.QB)) * train.SCALE + 1.01
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
    rows = [train.position_features(lay, p[0], p[4]) for p in positions]
    stm = np.array([s + [pad] * (9 - len(s)) for s, _ in rows])
    other = np.array([o + [pad] * (9 - len(o)) for _, o in rows])
    q = train.quantise(net)
    ints = train.int_forward(q, stm, other)
    cpu = torch.device("cpu")
    floats = train.float_cp(net, stm, other, cpu)
    assert np.abs(floats).max() > 1000  # the evaluations are not all near zero
    bound = error_bound(net, q, stm, other)
    assert (np.abs(ints - floats) <= bound).all()
    assert np.median(np.abs(ints - floats)) <= 12
    # The float net with the integers' weights gives the integer evals up to the truncation.
    deq = train.Net(lay["features"], 16)
    with torch.no_grad():
        deq.ft.weight[:-1] = torch.from_numpy(q["ft_weight"] / train.QA).float()
        deq.ft_bias[:] = torch.from_numpy(q["ft_bias"] / train.QA).float()
        deq.out.weight[0] = torch.from_numpy(q["out_weight"] / train.QB).float()
        deq.out.bias[0] = float(q["out_bias"]) / (train.QA * train.QB)
    exact = train.float_cp(deq, stm, other, cpu)
    assert (np.abs(ints - exact) < 1.01).all()
    assert (np.abs(ints) <= np.abs(exact) + 1e-3).all()  # truncated toward zero
    # One position at a time gives the same as the batch.
    for i in range(5):
        assert train.int_eval_position(q, lay, positions[i][0], positions[i][4]) == ints[i]
    # A hand computation on one position with a known accumulator.
    q0 = {k: np.zeros_like(v) for k, v in q.items()}
    q0["ft_bias"] = np.full(16, 100, dtype=np.int16)
    q0["out_weight"] = np.full(32, -1, dtype=np.int16)
    q0["out_bias"] = np.int32(7)
    assert (train.QA, train.QB) == (255, 1024)
    # s = 7 - 32 * 100 = -3193; -3193 * 400 / 261120 = -4.89 -> -4 (not -5)
    assert train.int_forward(q0, stm[:1], other[:1]).tolist() == [-4]
    q0["ft_bias"] = np.full(16, 300, dtype=np.int16)  # clipped to QA = 255
    q0["out_weight"] = np.full(32, 1, dtype=np.int16)
    # s = 7 + 32 * 255 = 8167; 8167 * 400 / 261120 = 12.51 -> 12
    assert train.int_forward(q0, stm[:1], other[:1]).tolist() == [12]


def test_targets():
    t = train.targets(np.array([0, 400, -5000, 32000]), np.array([0, 1, -1, 1]), 0.5, 400.0)
    sig = lambda x: 1 / (1 + np.exp(-x))
    want = [0.5 * 0.5 + 0.5 * 0.5, 0.5 * sig(1) + 0.5, 0.5 * sig(-7.5), 0.5 * sig(7.5) + 0.5]
    assert np.allclose(t, want, atol=1e-6)


# --------------------------------------------------------------------------- training


def test_training_lowers_the_held_out_loss():
    lay = tiny_layout(cells=12, kinds=3, hidden=16)
    positions = random_positions(3000, 12, seed=11)
    recs = b"".join(record(*p) for p in positions)
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "m.cdata"
        data_file(path, [recs], lay)
        data = train.read_files([path], lay)
    stm, other = train.feature_arrays(lay, data)
    target = train.targets(data.score, data.result, 0.5, 400.0)
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
