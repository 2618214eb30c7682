"""Tests of the trainer's formats and integer arithmetic (`citnnue.py`): NumPy only, so they
run where PyTorch is not installed.

Run with `python -m pytest trainer -q`; no Rust build is needed.
"""

import hashlib
import struct
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import citnnue  # noqa: E402
from testdata import POSITION, data_file, random_positions, record, tiny_layout  # noqa: E402


# --------------------------------------------------------------------------- features




def test_features_by_hand_one_side():
    lay = tiny_layout(sides=1)
    stm, other = citnnue.position_features(lay, 1, POSITION)
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
    stm, other = citnnue.position_features(lay, 1, POSITION)
    # Black: bucket 1, sides 2 -> b = 1*2 + 1 = 3.
    assert stm == [((3 * 2 + 0) * 2 + 0) * 6 + 5, ((3 * 2 + 1) * 2 + 0) * 6 + 4,
                   ((3 * 2 + 1) * 2 + 1) * 6 + 1] == [77, 88, 91]
    # White: bucket 0 -> b = 0.
    assert other == [12, 1, 10]


def test_features_without_a_royal_use_bucket_zero():
    lay = tiny_layout(sides=1)
    # Black has no king (its piece is kind 1): Black's bucket is 0.
    stm, _ = citnnue.position_features(lay, 1, [(0, 1, 1), (1, 0, 0), (4, 1, 0)])
    assert stm == [(0 * 2 + 1) * 6 + 5, (1 * 2 + 0) * 6 + 4, (1 * 2 + 1) * 6 + 1] == [11, 16, 19]
    lay_none = dict(tiny_layout(sides=1), royal=None)
    stm, _ = citnnue.position_features(lay_none, 1, POSITION)
    assert stm == [5, 16, 19]


def test_vectorised_features_match_piece_by_piece(tmp_path):
    for sides in (1, 2):
        lay = tiny_layout(sides=sides, cells=10, kinds=3)
        positions = random_positions(200, 10, seed=sides)
        # Two Black kings: the first (cell 0, seen as 9) is in bucket 1, the other (7 -> 2) in 0.
        positions.append((1, 0, 0, 0, [(0, 0, 1), (3, 0, 0), (7, 0, 1)]))
        path = tmp_path / f"d{sides}.cdata"
        data_file(path, [record(*p) for p in positions], lay)
        data = citnnue.read_files([path], lay)
        stm_idx, other_idx = citnnue.feature_arrays(lay, data)
        assert stm_idx.shape == (len(positions), 9)
        for i, (side, _, _, _, pieces) in enumerate(positions):
            stm, other = citnnue.position_features(lay, side, pieces)
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
    header, data = citnnue.read_data(path)
    assert header["variant"] == "tiny" and header["generator"]["games"] == 1
    assert data.stm.tolist() == [0, 1, 0]
    assert data.score.tolist() == [35, -31997, 0]
    assert data.result.tolist() == [1, -1, 0]
    assert data.ply.tolist() == [9, 300, 65535]
    assert data.counts().tolist() == [2, 1, 0]
    assert data.pieces(0) == [[1, 0, 0], [5, 0, 1]]
    assert data.pieces(1) == [[2, 1, 1]]
    assert data.files[0]["bytes"] == path.stat().st_size
    both = citnnue.read_files([path, path], lay)
    assert len(both) == 6 and both.pieces(4) == [[2, 1, 1]]


def test_reader_refuses_a_truncated_record(tmp_path):
    lay = tiny_layout()
    recs = [record(0, 1, 0, 0, [(1, 0, 0)]), record(1, 2, 0, 1, [(1, 0, 0), (3, 1, 1)])]
    path = tmp_path / "cut.cdata"
    first = data_file(path, recs, lay)
    path.write_bytes(path.read_bytes()[:-1])
    with pytest.raises(citnnue.TrainError) as e:
        citnnue.read_data(path)
    assert str(e.value) == f"{path}: record 2 at byte {first + 9}: the file ends inside it"
    path.write_bytes(path.read_bytes()[:first + 9 + 3])  # cut inside the fixed part
    with pytest.raises(citnnue.TrainError, match=f"record 2 at byte {first + 9}: the file ends"):
        citnnue.read_data(path)


def test_reader_refuses_bad_magic_and_header(tmp_path):
    lay = tiny_layout()
    path = tmp_path / "bad.cdata"
    data_file(path, [record(0, 1, 0, 0, [])], lay, magic=b"CITDATA2")
    with pytest.raises(citnnue.TrainError, match="does not start with `CITDATA1`"):
        citnnue.read_data(path)
    path.write_bytes(b"CITDATA1" + struct.pack("<I", 5) + b"{oops")
    with pytest.raises(citnnue.TrainError, match="header is not JSON"):
        citnnue.read_data(path)


def test_reader_refuses_a_cell_or_kind_beyond_the_header(tmp_path):
    lay = tiny_layout()
    path = tmp_path / "cell.cdata"
    recs = [record(0, 1, 0, 0, [(1, 0, 0)]), record(0, 1, 0, 0, [(1, 0, 0), (6, 1, 1)])]
    first = data_file(path, recs, lay)
    with pytest.raises(citnnue.TrainError) as e:
        citnnue.read_data(path)
    assert str(e.value) == (f"{path}: record 2 at byte {first + 9}: a piece of kind 1 on cell 6 "
                            "(the game has 6 cells and 2 kinds)")
    recs = [record(0, 1, 0, 0, [(1, 2, 0)])]
    first = data_file(path, recs, lay)
    with pytest.raises(citnnue.TrainError, match=f"record 1 at byte {first}: a piece of kind 2"):
        citnnue.read_data(path)
    recs = [record(0, 1, 0, 0, []), record(0, 1, 5, 0, [])]
    first = data_file(path, recs, lay)
    with pytest.raises(citnnue.TrainError, match=f"record 2 at byte {first + 7}: result 5"):
        citnnue.read_data(path)


def test_data_of_another_game_is_refused(tmp_path):
    lay = tiny_layout()
    path = tmp_path / "other.cdata"
    data_file(path, [record(0, 1, 0, 0, [])], dict(lay, variant="chess"))
    with pytest.raises(citnnue.TrainError, match="variant 'chess', but the layout's is 'tiny'"):
        citnnue.read_files([path], lay)
    data_file(path, [record(0, 1, 0, 0, [])], dict(lay, cells=7))
    with pytest.raises(citnnue.TrainError, match="cells 7, but the layout's is 6"):
        citnnue.read_files([path], lay)


def test_targets():
    t = citnnue.targets(np.array([0, 400, -5000, 32000]), np.array([0, 1, -1, 1]), 0.5, 400.0)
    sig = lambda x: 1 / (1 + np.exp(-x))
    want = [0.5 * 0.5 + 0.5 * 0.5, 0.5 * sig(1) + 0.5, 0.5 * sig(-7.5), 0.5 * sig(7.5) + 0.5]
    assert np.allclose(t, want, atol=1e-6)



# --------------------------------------------------------------------------- integers


def padded(lay, positions, width=9):
    """The positions' feature arrays, one piece at a time, padded to `width`."""
    pad = lay["features"]
    rows = [citnnue.position_features(lay, p[0], p[4]) for p in positions]
    return (np.array([s + [pad] * (width - len(s)) for s, _ in rows]),
            np.array([o + [pad] * (width - len(o)) for _, o in rows]))


def test_integer_forward_by_hand():
    lay = tiny_layout(cells=12, kinds=3, hidden=16)
    stm, other = padded(lay, random_positions(1, 12, seed=9))
    q0 = citnnue.to_integers(np.zeros((lay["features"], 16)), np.full(16, 100 / 255),
                             np.full(32, -1 / 1024), 7 / (255 * 1024))
    assert (citnnue.QA, citnnue.QB) == (255, 1024)
    assert q0["ft_bias"].tolist() == [100] * 16 and int(q0["out_bias"]) == 7
    # s = 7 - 32 * 100 = -3193; -3193 * 400 / 261120 = -4.89 -> -4 (not -5)
    assert citnnue.int_forward(q0, stm, other).tolist() == [-4]
    q0["ft_bias"] = np.full(16, 300, dtype=np.int16)  # clipped to QA = 255
    q0["out_weight"] = np.full(32, 1, dtype=np.int16)
    # s = 7 + 32 * 255 = 8167; 8167 * 400 / 261120 = 12.51 -> 12
    assert citnnue.int_forward(q0, stm, other).tolist() == [12]


def test_integer_forward_sums_the_active_columns():
    lay = tiny_layout(cells=12, kinds=3, hidden=16)
    rng = np.random.default_rng(5)
    q = citnnue.to_integers(rng.uniform(-0.3, 0.3, (lay["features"], 16)), rng.uniform(0, 0.5, 16),
                            rng.uniform(-2, 2, 32), 0.05)
    positions = random_positions(50, 12, seed=4)
    stm, other = padded(lay, positions)
    got = citnnue.int_forward(q, stm, other)
    for i, p in enumerate(positions):
        s = int(q["out_bias"])
        for feats, half in zip(citnnue.position_features(lay, p[0], p[4]), (slice(0, 16), slice(16, 32))):
            acc = q["ft_bias"].astype(int) + sum(q["ft_weight"][f].astype(int) for f in feats)
            s += int((np.clip(acc, 0, 255) * q["out_weight"][half].astype(int)).sum())
        want = abs(s * 400) // (255 * 1024) * (1 if s >= 0 else -1)
        assert got[i] == want
        assert citnnue.int_eval_position(q, lay, p[0], p[4]) == want


def test_integers_refuse_a_weight_out_of_range():
    with pytest.raises(citnnue.TrainError, match="int16 range"):
        citnnue.to_integers(np.full((4, 2), 200.0), np.zeros(2), np.zeros(4), 0.0)


# --------------------------------------------------------------------------- net file


def test_net_file_round_trip(tmp_path):
    lay = tiny_layout(cells=12, kinds=3, hidden=16)
    rng = np.random.default_rng(7)
    q = citnnue.to_integers(rng.uniform(-1, 1, (lay["features"], 16)), rng.uniform(-1, 1, 16),
                            rng.uniform(-4, 4, 32), -0.25)
    header = {"format": 1, "layout": lay, "qa": 255, "qb": 1024, "scale": 400,
              "training": {}, "checks": []}
    blob = citnnue.net_bytes(header, q)
    path = tmp_path / "n.nnue"
    path.write_bytes(blob)
    back_header, back = citnnue.read_net(path)
    assert back_header == header
    for key in ("ft_weight", "ft_bias", "out_weight"):
        assert back[key].dtype == np.int16 and (back[key] == q[key]).all()
    assert int(back["out_bias"]) == int(q["out_bias"])
    assert hashlib.sha256(citnnue.net_bytes(back_header, back)).digest() == hashlib.sha256(blob).digest()
    path.write_bytes(blob[:-1])
    with pytest.raises(citnnue.TrainError, match="expected"):
        citnnue.read_net(path)
    path.write_bytes(b"CITDATA1" + blob[8:])
    with pytest.raises(citnnue.TrainError, match="not a Citadel net file"):
        citnnue.read_net(path)
