"""Citadel's NNUE trainer: learns a game's evaluation from self-play data and writes a net file.

Usage:

    python trainer/train.py --layout LAYOUT.json --out NET.nnue [options] DATA.cdata...

The data files (format CITDATA1) come from `citadel selfplay --data`, the layout (the
features the net reads) from `citadel nnue layout`; both formats and the net file's format
(CITNNUE1) are described in docs/nnue.md.

The net: each perspective (the side to move's, then the other side's) sums the first
layer's columns of its active features into a `hidden`-wide accumulator, clipped to [0, 1];
one linear output over both accumulators gives the evaluation, times `SCALE` centipawns.
The exported integers reproduce the float net as the engine computes it (see
`int_forward`), and the net file carries a few positions with their integer evaluations
so the engine can check it computes the same numbers.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import struct
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import nn

DATA_MAGIC = b"CITDATA1"
NET_MAGIC = b"CITNNUE1"
FORMAT = 1
MAX_HEADER = 1 << 20

QA = 255  # the accumulator's integer for 1.0
QB = 1024  # the output weights' integer for 1.0 (64 rounded them ~20 cp off on average)
SCALE = 400  # centipawns per unit of the float output
SCORE_CLAMP = 3000  # scores are clamped to this many centipawns before the target
FT_LIMIT = 32767 / QA  # float bound of first-layer weights and biases (fits i16)
OUT_LIMIT = 8.0  # float bound of the output weights (8 * QB fits i16; the output sum fits i32)
N_CHECKS = 8  # held-out positions written into the net with their integer evaluation
LR_FLOOR = 0.1  # the cosine schedule ends at this fraction of --lr


class TrainError(Exception):
    """A problem with the input or the options: reported as one line, exit status 1."""


# --------------------------------------------------------------------------- layout


LAYOUT_KEYS = ("format", "variant", "cells", "kinds", "hidden", "buckets", "royal",
               "bucket_of", "view", "sides", "features")


def check_layout(layout: dict, where: str = "layout") -> dict:
    """Checks a layout object's keys and sizes; returns it unchanged."""
    missing = [k for k in LAYOUT_KEYS if k not in layout]
    if missing:
        raise TrainError(f"{where}: missing {', '.join(missing)}")
    if layout["format"] != FORMAT:
        raise TrainError(f"{where}: format {layout['format']} (this trainer knows {FORMAT})")
    cells, kinds = layout["cells"], layout["kinds"]
    buckets, sides, royal = layout["buckets"], layout["sides"], layout["royal"]
    if not (1 <= cells <= 256 and 1 <= kinds <= 128 and layout["hidden"] >= 1):
        raise TrainError(f"{where}: cells {cells}, kinds {kinds}, hidden {layout['hidden']} "
                         "(need 1-256 cells, 1-128 kinds, hidden >= 1)")
    if sides not in (1, 2) or buckets < 1:
        raise TrainError(f"{where}: sides {sides}, buckets {buckets} (sides is 1 or 2, buckets >= 1)")
    if royal is not None and not 0 <= royal < kinds:
        raise TrainError(f"{where}: royal {royal} is not a kind below {kinds}")
    view = layout["view"]
    if len(view) != 2 or any(sorted(v) != list(range(cells)) for v in view):
        raise TrainError(f"{where}: view must be two permutations of the {cells} cells")
    bucket_of = layout["bucket_of"]
    if len(bucket_of) != cells or any(not 0 <= b < buckets for b in bucket_of):
        raise TrainError(f"{where}: bucket_of must hold {cells} buckets below {buckets}")
    want = buckets * sides * 2 * kinds * cells
    if layout["features"] != want:
        raise TrainError(f"{where}: features {layout['features']}, but buckets * sides * 2 * "
                         f"kinds * cells = {want}")
    return layout


def load_layout(path: str | Path) -> dict:
    """Reads and checks a layout JSON file."""
    try:
        with open(path, encoding="utf-8") as f:
            layout = json.load(f)
    except json.JSONDecodeError as e:
        raise TrainError(f"{path}: not JSON ({e})") from None
    if not isinstance(layout, dict):
        raise TrainError(f"{path}: not a JSON object")
    return check_layout(layout, str(path))


# --------------------------------------------------------------------------- data


@dataclass
class Data:
    """Positions in columns. Pieces are stored flat: position i's pieces are
    `cells[starts[i]:starts[i + 1]]` (and the same slice of `kinds`, `colours`), in record order."""

    stm: np.ndarray  # u8, side to move (0 White, 1 Black)
    score: np.ndarray  # i16, centipawns, side to move's view
    result: np.ndarray  # i8, 1 / 0 / -1, side to move's view
    ply: np.ndarray  # u16
    starts: np.ndarray  # i64, len N + 1
    cells: np.ndarray  # u8
    kinds: np.ndarray  # u8
    colours: np.ndarray  # u8 (0 White, 1 Black)
    files: list = field(default_factory=list)  # [{file, bytes, sha256}]

    def __len__(self) -> int:
        return len(self.stm)

    def counts(self) -> np.ndarray:
        """Pieces per position."""
        return np.diff(self.starts)

    def pieces(self, i: int) -> list:
        """Position i's pieces as [cell, kind, colour] lists."""
        a, b = self.starts[i], self.starts[i + 1]
        return [[int(c), int(k), int(o)] for c, k, o in
                zip(self.cells[a:b], self.kinds[a:b], self.colours[a:b])]


def _record_problem(buf: bytes, off: int, cells: int, kinds: int) -> str | None:
    """The reason record at `off` breaks the format (the file is long enough), or None."""
    if buf[off] > 1:
        return f"flags {buf[off]:#04x} (only bit 0 is used)"
    result = struct.unpack_from("<b", buf, off + 4)[0]
    if result not in (-1, 0, 1):
        return f"result {result} (not 1, 0 or -1)"
    last = -1
    for j in range(buf[off + 1]):
        cell, kind = buf[off + 7 + 2 * j], buf[off + 8 + 2 * j] & 0x7F
        if cell >= cells or kind >= kinds:
            return (f"a piece of kind {kind} on cell {cell} "
                    f"(the game has {cells} cells and {kinds} kinds)")
        if cell <= last:
            return f"cell {cell} out of order or twice"
        last = cell
    return None


def read_data(path: str | Path) -> tuple[dict, Data]:
    """Reads one CITDATA1 file: its header and its positions. Raises TrainError naming the
    file (and the record, numbered from 1, with its byte offset) when the file is damaged."""
    path = Path(path)
    buf = path.read_bytes()
    name = str(path)
    if len(buf) < 12 or buf[:8] != DATA_MAGIC:
        raise TrainError(f"{name}: not a Citadel training data file "
                         "(it does not start with `CITDATA1`)")
    hlen = struct.unpack_from("<I", buf, 8)[0]
    if hlen > MAX_HEADER or 12 + hlen > len(buf):
        raise TrainError(f"{name}: the header ({hlen} bytes) is too long or cut short")
    try:
        header = json.loads(buf[12:12 + hlen].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise TrainError(f"{name}: the header is not JSON ({e})") from None
    if not isinstance(header, dict):
        raise TrainError(f"{name}: the header is not a JSON object")
    for key in ("format", "variant", "cells", "kinds"):
        if key not in header:
            raise TrainError(f"{name}: the header has no `{key}`")
    if header["format"] != FORMAT:
        raise TrainError(f"{name}: format {header['format']} (this trainer knows {FORMAT})")
    ncells, nkinds = int(header["cells"]), int(header["kinds"])

    # Record boundaries: a plain loop over the count bytes.
    start, end = 12 + hlen, len(buf)
    offsets = []
    append = offsets.append
    p = start
    while p < end:
        append(p)
        if p + 7 > end:
            break
        p += 7 + 2 * buf[p + 1]
    if p != end:  # the last record runs past the end of the file
        raise TrainError(f"{name}: record {len(offsets)} at byte {offsets[-1]}: "
                         "the file ends inside it")

    a = np.frombuffer(buf, dtype=np.uint8)
    offs = np.asarray(offsets, dtype=np.int64)
    nrec = len(offs)
    flags = a[offs]
    counts = a[offs + 1].astype(np.int64)
    score = (a[offs + 2].astype(np.uint16) | (a[offs + 3].astype(np.uint16) << 8)).view(np.int16)
    result = a[offs + 4].view(np.int8)
    ply = a[offs + 5].astype(np.uint16) | (a[offs + 6].astype(np.uint16) << 8)
    starts = np.zeros(nrec + 1, dtype=np.int64)
    np.cumsum(counts, out=starts[1:])
    rec = np.repeat(np.arange(nrec, dtype=np.int64), counts)
    slot = np.arange(len(rec), dtype=np.int64) - starts[rec]
    at = offs[rec] + 7 + 2 * slot
    cells = a[at]
    kb = a[at + 1]
    kinds = kb & 0x7F
    colours = kb >> 7

    # Vectorised checks find the first bad record; the scalar check words the message.
    bad = (flags > 1) | (result < -1) | (result > 1)
    bad_piece = (cells >= ncells) | (kinds >= nkinds)
    bad_piece[1:] |= (slot[1:] > 0) & (cells[1:] <= cells[:-1])
    if bad_piece.any():
        bad[rec[bad_piece]] = True
    if bad.any():
        i = int(np.argmax(bad))
        reason = _record_problem(buf, int(offs[i]), ncells, nkinds)
        raise TrainError(f"{name}: record {i + 1} at byte {int(offs[i])}: {reason}")

    info = {"file": path.name, "bytes": len(buf), "sha256": hashlib.sha256(buf).hexdigest()}
    data = Data(stm=flags & 1, score=score, result=result, ply=ply, starts=starts,
                cells=cells, kinds=kinds, colours=colours, files=[info])
    return header, data


def concat(parts: list[Data]) -> Data:
    """Joins data in the given order."""
    starts = [np.zeros(1, dtype=np.int64)]
    base = 0
    for d in parts:
        starts.append(d.starts[1:] + base)
        base += int(d.starts[-1])
    cat = lambda name: np.concatenate([getattr(d, name) for d in parts])
    return Data(stm=cat("stm"), score=cat("score"), result=cat("result"), ply=cat("ply"),
                starts=np.concatenate(starts), cells=cat("cells"), kinds=cat("kinds"),
                colours=cat("colours"), files=[f for d in parts for f in d.files])


def read_files(paths: list, layout: dict) -> Data:
    """Reads data files in order, refusing any whose game differs from the layout's."""
    parts = []
    for path in paths:
        header, data = read_data(path)
        for key in ("variant", "cells", "kinds", "letters"):
            if key in header and key in layout and header[key] != layout[key]:
                raise TrainError(f"{path}: {key} {header[key]!r}, but the layout's is "
                                 f"{layout[key]!r}")
        parts.append(data)
    if not parts:
        raise TrainError("no data files given")
    return concat(parts)


def data_sha256(files: list) -> str:
    """The data's fingerprint: sha256 of the files' sorted sha256 hex strings joined by newlines."""
    return hashlib.sha256("\n".join(sorted(f["sha256"] for f in files)).encode()).hexdigest()


# --------------------------------------------------------------------------- features


def feature_index(layout: dict, c: int, royal_cell: int | None, cell: int, kind: int,
                  colour: int) -> int:
    """The feature of perspective c for one piece, given c's royal cell (None: no bucket)."""
    kb = 0
    if layout["royal"] is not None and royal_cell is not None:
        kb = layout["bucket_of"][layout["view"][c][royal_cell]]
    sides = layout["sides"]
    b = kb * sides + (c if sides == 2 else 0)
    rel = 1 if colour != c else 0
    return ((b * 2 + rel) * layout["kinds"] + kind) * layout["cells"] + layout["view"][c][cell]


def position_features(layout: dict, side: int, pieces: list) -> tuple[list, list]:
    """The active features of a position (pieces as (cell, kind, colour)), one piece at a
    time: the side to move's list, then the other side's."""
    royal = layout["royal"]
    out = []
    for c in (side, 1 - side):
        royal_cell = next((cell for cell, kind, colour in pieces
                           if royal is not None and kind == royal and colour == c), None)
        out.append([feature_index(layout, c, royal_cell, cell, kind, colour)
                    for cell, kind, colour in pieces])
    return out[0], out[1]


def index_dtype(layout: dict):
    """The smallest unsigned integer type that holds every feature and the padding index."""
    return np.uint16 if layout["features"] < 65535 else np.uint32


def feature_arrays(layout: dict, data: Data) -> tuple[np.ndarray, np.ndarray]:
    """All positions' features at once: two arrays (side to move's, other side's) of shape
    (N, most pieces), padded with the index `features` (a zero row that is not exported)."""
    n = len(data)
    counts = data.counts()
    width = max(1, int(counts.max()) if n else 1)
    pad = layout["features"]
    i32 = np.int32  # every index fits: features < 2**31
    rec = np.repeat(np.arange(n, dtype=i32), counts)
    slot = (np.arange(len(rec), dtype=np.int64) - data.starts[rec]).astype(i32)
    cells = data.cells.astype(i32)
    kinds = data.kinds.astype(i32)
    colours = data.colours.astype(i32)
    view = np.asarray(layout["view"], dtype=i32)
    bucket_of = np.asarray(layout["bucket_of"], dtype=i32)
    sides, royal = layout["sides"], layout["royal"]

    # Each colour's king bucket per position: its first royal's viewed cell.
    kb = np.zeros((2, n), dtype=i32)
    if royal is not None:
        for c in (0, 1):
            hit = np.nonzero((kinds == royal) & (colours == c))[0]
            recs = rec[hit]  # ascending, as the pieces are in record order
            first = np.ones(len(hit), dtype=bool)
            first[1:] = recs[1:] != recs[:-1]
            kb[c, recs[first]] = bucket_of[view[c, cells[hit[first]]]]
    base = kb * sides + (np.arange(2, dtype=i32)[:, None] if sides == 2 else 0)

    out = []
    stm = data.stm.astype(i32)
    for persp in (stm, 1 - stm):
        c = persp[rec]
        rel = (colours != c).astype(i32)
        idx = ((base[c, rec] * 2 + rel) * layout["kinds"] + kinds) * layout["cells"] + view[c, cells]
        arr = np.full((n, width), pad, dtype=index_dtype(layout))
        arr[rec, slot] = idx
        out.append(arr)
    return out[0], out[1]


# --------------------------------------------------------------------------- model


class Net(nn.Module):
    """The float net: a shared first layer summed per perspective, clipped ReLU, one output."""

    def __init__(self, features: int, hidden: int):
        super().__init__()
        self.features, self.hidden = features, hidden
        self.ft = nn.EmbeddingBag(features + 1, hidden, mode="sum", padding_idx=features)
        self.ft_bias = nn.Parameter(torch.full((hidden,), 0.5))
        self.out = nn.Linear(2 * hidden, 1)
        with torch.no_grad():
            self.ft.weight.normal_(0.0, 0.05)
            self.ft.weight[features].zero_()
            self.out.weight.uniform_(-0.05, 0.05)
            self.out.bias.zero_()

    def forward(self, stm_idx: torch.Tensor, other_idx: torch.Tensor) -> torch.Tensor:
        """The raw output (times SCALE for centipawns) for batches of padded feature indices."""
        h_stm = torch.clamp(self.ft(stm_idx) + self.ft_bias, 0.0, 1.0)
        h_other = torch.clamp(self.ft(other_idx) + self.ft_bias, 0.0, 1.0)
        return self.out(torch.cat([h_stm, h_other], dim=1)).squeeze(1)

    def clamp_weights(self) -> None:
        """Keeps the weights inside the ranges their integers can hold."""
        with torch.no_grad():
            self.ft.weight.clamp_(-FT_LIMIT, FT_LIMIT)
            self.ft.weight[self.features].zero_()
            self.ft_bias.clamp_(-FT_LIMIT, FT_LIMIT)
            self.out.weight.clamp_(-OUT_LIMIT, OUT_LIMIT)


def targets(score: np.ndarray, result: np.ndarray, lam: float, wdl_scale: float) -> np.ndarray:
    """Training targets in [0, 1]: lam * sigmoid(score / K) + (1 - lam) * (result + 1) / 2."""
    s = np.clip(score.astype(np.float64), -SCORE_CLAMP, SCORE_CLAMP)
    wdl = (result.astype(np.float64) + 1.0) / 2.0
    return (lam / (1.0 + np.exp(-s / wdl_scale)) + (1.0 - lam) * wdl).astype(np.float32)


def _batch(arr: np.ndarray, rows, device) -> torch.Tensor:
    """Rows of an index array as an int64 tensor on the device."""
    return torch.from_numpy(arr[rows].astype(np.int64)).to(device)


def evaluate(net: Net, stm_idx, other_idx, target: np.ndarray, wdl_scale: float,
             device, batch: int = 16384) -> float:
    """Mean squared error of the net's sigmoid(cp / K) against the targets."""
    if len(target) == 0:
        return float("nan")
    total = 0.0
    net.eval()
    with torch.no_grad():
        for a in range(0, len(target), batch):
            rows = slice(a, a + batch)
            cp = net(_batch(stm_idx, rows, device), _batch(other_idx, rows, device)) * SCALE
            t = torch.from_numpy(target[rows]).to(device)
            total += float(((torch.sigmoid(cp / wdl_scale) - t) ** 2).sum())
    return total / len(target)


def float_cp(net: Net, stm_idx, other_idx, device, batch: int = 16384) -> np.ndarray:
    """The float net's evaluations in centipawns (not rounded)."""
    out = []
    net.eval()
    with torch.no_grad():
        for a in range(0, len(stm_idx), batch):
            rows = slice(a, a + batch)
            cp = net(_batch(stm_idx, rows, device), _batch(other_idx, rows, device)) * SCALE
            out.append(cp.double().cpu().numpy())
    return np.concatenate(out) if out else np.zeros(0)


def train_net(net: Net, stm_idx, other_idx, target: np.ndarray, n_train: int, *, epochs: int,
              batch: int, lr: float, wdl_scale: float, seed: int, device, log=print) -> list:
    """Trains on the first n_train positions (shuffled each epoch), reports the rest's loss
    after each epoch; returns [(train loss, held-out loss, seconds)] per epoch."""
    gen = torch.Generator().manual_seed(seed)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    steps = epochs * max(1, math.ceil(n_train / batch))
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: LR_FLOOR + (1 - LR_FLOOR) * 0.5 * (1 + math.cos(math.pi * min(s, steps) / steps)))
    held = slice(n_train, len(target))
    history = []
    for epoch in range(1, epochs + 1):
        t0 = time.perf_counter()
        net.train()
        perm = torch.randperm(n_train, generator=gen).numpy()
        total = 0.0
        for a in range(0, n_train, batch):
            rows = np.sort(perm[a:a + batch])  # sorted rows gather faster; the batch is the same set
            cp = net(_batch(stm_idx, rows, device), _batch(other_idx, rows, device)) * SCALE
            t = torch.from_numpy(target[rows]).to(device)
            loss = ((torch.sigmoid(cp / wdl_scale) - t) ** 2).mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            net.clamp_weights()
            total += loss.item() * len(rows)
        train_loss = total / n_train
        held_loss = evaluate(net, stm_idx[held], other_idx[held], target[held], wdl_scale, device)
        secs = time.perf_counter() - t0
        history.append((train_loss, held_loss, secs))
        held_text = "n/a" if math.isnan(held_loss) else f"{held_loss:.5f}"
        log(f"epoch {epoch}/{epochs}: train loss {train_loss:.5f}, held-out loss {held_text}, "
            f"{secs:.1f} s")
    return history


# --------------------------------------------------------------------------- integers


def quantise(net: Net) -> dict:
    """The net's integers: ft_weight (features x hidden, i16), ft_bias (i16),
    out_weight (2 x hidden, i16; side to move's half first), out_bias (i32)."""
    with torch.no_grad():
        w = net.ft.weight[: net.features].double().cpu().numpy()
        b = net.ft_bias.double().cpu().numpy()
        ow = net.out.weight[0].double().cpu().numpy()
        ob = float(net.out.bias[0])

    def to_int(x, lo, hi, dtype):
        r = np.round(x)
        if r.size and (r.min() < lo or r.max() > hi):
            raise TrainError(f"a weight is out of the {np.dtype(dtype).name} range")
        return r.astype(dtype)

    return {
        "ft_weight": to_int(w * QA, -32768, 32767, np.int16),
        "ft_bias": to_int(b * QA, -32768, 32767, np.int16),
        "out_weight": to_int(ow * QB, -32768, 32767, np.int16),
        "out_bias": np.int32(to_int(np.array(ob * QA * QB), -2**31, 2**31 - 1, np.int32)),
    }


def int_forward(q: dict, stm_idx: np.ndarray, other_idx: np.ndarray) -> np.ndarray:
    """The engine's integer evaluation (centipawns, side to move's view) of positions given
    as padded feature arrays (N x width; indices >= features are padding)."""
    ft = q["ft_weight"].astype(np.int64)
    features, hidden = ft.shape
    ft = np.vstack([ft, np.zeros((1, hidden), dtype=np.int64)])  # the padding row
    ow = q["out_weight"].astype(np.int64)
    stm_idx = np.minimum(np.asarray(stm_idx, dtype=np.int64), features)
    other_idx = np.minimum(np.asarray(other_idx, dtype=np.int64), features)
    evals = np.zeros(len(stm_idx), dtype=np.int64)
    for a in range(0, len(stm_idx), 2048):
        s = np.full(len(stm_idx[a:a + 2048]), int(q["out_bias"]), dtype=np.int64)
        for idx, half in ((stm_idx, ow[:hidden]), (other_idx, ow[hidden:])):
            acc = q["ft_bias"].astype(np.int64) + ft[idx[a:a + 2048]].sum(axis=1)
            if acc.size and (acc.min() < -32768 or acc.max() > 32767):
                raise TrainError("an accumulator leaves the i16 range")
            s += np.clip(acc, 0, QA) @ half
        if s.size and (s.min() < -2**31 or s.max() > 2**31 - 1):
            raise TrainError("the output sum leaves the i32 range")
        num = s * SCALE
        den = QA * QB
        evals[a:a + 2048] = np.sign(num) * (np.abs(num) // den)  # truncates toward zero
    return evals


def int_eval_position(q: dict, layout: dict, side: int, pieces: list) -> int:
    """The integer evaluation of one position given by its pieces [(cell, kind, colour)]."""
    stm, other = position_features(layout, side, pieces)
    width = max(1, len(pieces))
    pad = layout["features"]
    a = np.array([stm + [pad] * (width - len(stm))])
    b = np.array([other + [pad] * (width - len(other))])
    return int(int_forward(q, a, b)[0])


# --------------------------------------------------------------------------- net file


def net_bytes(header: dict, q: dict) -> bytes:
    """The net file: magic, header length, JSON header, then the integer payload."""
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    return b"".join([
        NET_MAGIC, struct.pack("<I", len(text)), text,
        q["ft_weight"].astype("<i2").tobytes(),
        q["ft_bias"].astype("<i2").tobytes(),
        q["out_weight"].astype("<i2").tobytes(),
        struct.pack("<i", int(q["out_bias"])),
    ])


def read_net(path: str | Path) -> tuple[dict, dict]:
    """Reads a CITNNUE1 file back: its header and its integers (refusing any wrong length)."""
    buf = Path(path).read_bytes()
    if buf[:8] != NET_MAGIC or len(buf) < 12:
        raise TrainError(f"{path}: not a Citadel net file (it does not start with `CITNNUE1`)")
    hlen = struct.unpack_from("<I", buf, 8)[0]
    header = json.loads(buf[12:12 + hlen].decode("utf-8"))
    layout = header["layout"]
    f, h = layout["features"], layout["hidden"]
    p = 12 + hlen
    want = p + 2 * f * h + 2 * h + 2 * 2 * h + 4
    if len(buf) != want:
        raise TrainError(f"{path}: {len(buf)} bytes, expected {want}")

    def take(count, dtype):
        nonlocal p
        arr = np.frombuffer(buf, dtype=dtype, count=count, offset=p)
        p += count * np.dtype(dtype).itemsize
        return arr

    q = {"ft_weight": take(f * h, "<i2").reshape(f, h).astype(np.int16),
         "ft_bias": take(h, "<i2").astype(np.int16),
         "out_weight": take(2 * h, "<i2").astype(np.int16),
         "out_bias": np.int32(take(1, "<i4")[0])}
    return header, q


# --------------------------------------------------------------------------- main


def parse_args(argv=None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(description="Train a Citadel NNUE net from CITDATA1 files.")
    p.add_argument("data", nargs="+", help="training data files (CITDATA1), in order")
    p.add_argument("--layout", required=True, help="the layout JSON (citadel nnue layout)")
    p.add_argument("--out", required=True, help="the net file to write (CITNNUE1)")
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--lr", type=float, default=1e-3, help="Adam's rate, cosine-decayed to a tenth")
    p.add_argument("--lambda", dest="lam", type=float, default=0.9,
                   help="weight of the score in the target (the rest is the result)")
    p.add_argument("--wdl-scale", type=float, default=400.0, help="K in sigmoid(cp / K)")
    p.add_argument("--held-out", type=float, default=0.05,
                   help="fraction of the records, the last ones, kept out of training")
    p.add_argument("--hidden", type=int, default=None, help="must equal the layout's (default: it)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    p.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    p.add_argument("--report", default=None, help="write a JSON summary here")
    return p.parse_args(argv)


def check_options(args: argparse.Namespace, layout: dict) -> None:
    """Refuses options out of range."""
    if args.hidden is not None and args.hidden != layout["hidden"]:
        raise TrainError(f"--hidden {args.hidden}, but the layout's hidden is {layout['hidden']}")
    if args.epochs < 1 or args.batch < 1 or args.threads < 1:
        raise TrainError("--epochs, --batch and --threads must be at least 1")
    if not 0.0 <= args.held_out < 1.0:
        raise TrainError("--held-out must be in [0, 1)")
    if not 0.0 <= args.lam <= 1.0:
        raise TrainError("--lambda must be in [0, 1]")
    if args.lr <= 0 or args.wdl_scale <= 0:
        raise TrainError("--lr and --wdl-scale must be positive")


def pick_device(choice: str) -> torch.device:
    """auto: CUDA when torch sees it, else the CPU."""
    if choice == "cuda" and not torch.cuda.is_available():
        raise TrainError("--device cuda, but torch sees no CUDA device")
    if choice == "auto":
        choice = "cuda" if torch.cuda.is_available() else "cpu"
    return torch.device(choice)


def check_rows(n_held: int, n: int) -> list:
    """The positions written as checks: N_CHECKS spread over the held-out ones (or the last
    positions when nothing is held out)."""
    lo = n - n_held if n_held >= N_CHECKS else max(0, n - N_CHECKS)
    return sorted({int(round(x)) for x in np.linspace(lo, n - 1, min(N_CHECKS, n - lo))})


def run(args: argparse.Namespace, log=print) -> tuple[dict, Net]:
    """Reads, trains, exports; returns the report (the training dict, net path and sha256)
    and the float net."""
    layout = load_layout(args.layout)
    check_options(args, layout)
    torch.set_num_threads(args.threads)
    device = pick_device(args.device)

    t0 = time.perf_counter()
    data = read_files(args.data, layout)
    read_secs = time.perf_counter() - t0
    n = len(data)
    n_held = int(n * args.held_out)
    n_train = n - n_held
    total_bytes = sum(f["bytes"] for f in data.files)
    log(f"read {n} positions from {len(data.files)} file(s), {total_bytes} bytes, "
        f"in {read_secs:.1f} s: {n_train} to train on, {n_held} held out")
    if n_train < 1:
        raise TrainError("no positions to train on")

    t1 = time.perf_counter()
    stm_idx, other_idx = feature_arrays(layout, data)
    target = targets(data.score, data.result, args.lam, args.wdl_scale)
    log(f"features ready in {time.perf_counter() - t1:.1f} s "
        f"(at most {stm_idx.shape[1]} pieces a position)")

    torch.manual_seed(args.seed)
    net = Net(layout["features"], layout["hidden"]).to(device)
    settings = {"epochs": args.epochs, "batch": args.batch, "lr": args.lr,
                "lr_schedule": f"cosine to {LR_FLOOR} x lr", "lambda": args.lam,
                "wdl_scale": args.wdl_scale, "held_out": args.held_out, "seed": args.seed,
                "hidden": layout["hidden"]}
    t2 = time.perf_counter()
    history = train_net(net, stm_idx, other_idx, target, n_train, epochs=args.epochs,
                        batch=args.batch, lr=args.lr, wdl_scale=args.wdl_scale,
                        seed=args.seed, device=device, log=log)
    train_secs = time.perf_counter() - t2

    q = quantise(net)
    rows = check_rows(n_held, n)
    checks = []
    for i in rows:
        pieces = data.pieces(i)
        side = int(data.stm[i])
        # The checks come from the pieces, one at a time, as the engine sees them; they must
        # agree with the vectorised features the net was trained on.
        stm_f, other_f = position_features(layout, side, pieces)
        k = len(pieces)
        if stm_f != stm_idx[i, :k].tolist() or other_f != other_idx[i, :k].tolist():
            raise TrainError(f"internal: the features of position {i} disagree")
        checks.append({"side": side, "pieces": pieces,
                       "eval": int_eval_position(q, layout, side, pieces)})

    # The quantised net against the float one on the held-out positions (or the checks').
    qrows = slice(n_train, n) if n_held else np.array(rows)
    q_cp = int_forward(q, stm_idx[qrows], other_idx[qrows])
    f_cp = float_cp(net, stm_idx[qrows], other_idx[qrows], device)
    diff = np.abs(q_cp - f_cp)
    quant = {"positions": int(len(diff)), "mean_abs_cp": round(float(diff.mean()), 3),
             "max_abs_cp": round(float(diff.max()), 3)}
    log(f"quantised against float on {quant['positions']} positions: "
        f"mean |difference| {quant['mean_abs_cp']} cp, max {quant['max_abs_cp']} cp")

    last_train, last_held, _ = history[-1]
    training = {
        "data": data.files,
        "data_sha256": data_sha256(data.files),
        "settings": settings,
        "settings_sha256": hashlib.sha256(
            json.dumps(settings, sort_keys=True, separators=(",", ":")).encode()).hexdigest(),
        "positions": {"train": n_train, "held_out": n_held},
        "loss": {"train": round(last_train, 6),
                 "held_out": None if math.isnan(last_held) else round(last_held, 6)},
        "epochs": args.epochs,
        "seconds": round(train_secs, 1),
        "torch": torch.__version__,
        "device": str(device),
    }
    header = {"format": FORMAT, "layout": layout, "qa": QA, "qb": QB, "scale": SCALE,
              "training": training, "checks": checks}
    blob = net_bytes(header, q)
    out = Path(args.out)
    if out.parent and not out.parent.exists():
        out.parent.mkdir(parents=True)
    out.write_bytes(blob)
    sha = hashlib.sha256(blob).hexdigest()
    log(f"net: {out}, {len(blob)} bytes, sha256 {sha}")

    report = dict(training)
    report.update({"net": str(out), "net_bytes": len(blob), "net_sha256": sha,
                   "read_seconds": round(read_secs, 2), "quantisation": quant,
                   "history": [{"epoch": e + 1, "train": round(tr, 6),
                                "held_out": None if math.isnan(ho) else round(ho, 6),
                                "seconds": round(s, 1)}
                               for e, (tr, ho, s) in enumerate(history)]})
    if args.report:
        Path(args.report).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return report, net


def main(argv=None) -> int:
    """The command: 0 on success, 1 with a one-line message on stderr otherwise."""
    args = parse_args(argv)
    try:
        run(args, log=lambda s: print(s, flush=True))
    except (TrainError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
