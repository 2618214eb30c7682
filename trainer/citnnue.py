"""Citadel's NNUE formats and integer arithmetic, with NumPy alone (no PyTorch).

The trainer (`train.py`) learns in floats with PyTorch; everything the engine must agree with
lives here, so it is tested without PyTorch: the layout (the features a net reads, from
`citadel nnue layout`), the training data (CITDATA1, from `citadel selfplay --data`), the
features of a position, the integer evaluation the engine computes, and the net file
(CITNNUE1). The formats are described in docs/nnue.md.
"""

from __future__ import annotations

import hashlib
import json
import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

DATA_MAGIC = b"CITDATA1"
NET_MAGIC = b"CITNNUE1"
FORMAT = 1
MAX_HEADER = 1 << 20

QA = 255  # the accumulator's integer for 1.0
QB = 1024  # the output weights' integer for 1.0 (64 rounded them ~20 cp off on average)
SCALE = 400  # centipawns per unit of the float output
SCORE_CLAMP = 3000  # scores are clamped to this many centipawns before the target
N_CHECKS = 8  # held-out positions written into the net with their integer evaluation


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


def targets(score: np.ndarray, result: np.ndarray, lam: float, wdl_scale: float) -> np.ndarray:
    """Training targets in [0, 1]: lam * sigmoid(score / K) + (1 - lam) * (result + 1) / 2."""
    s = np.clip(score.astype(np.float64), -SCORE_CLAMP, SCORE_CLAMP)
    wdl = (result.astype(np.float64) + 1.0) / 2.0
    return (lam / (1.0 + np.exp(-s / wdl_scale)) + (1.0 - lam) * wdl).astype(np.float32)


# --------------------------------------------------------------------------- integers


def to_integers(ft_weight, ft_bias, out_weight, out_bias: float) -> dict:
    """A float net's integers: ft_weight (features x hidden, i16, at QA), ft_bias (i16, at
    QA), out_weight (2 x hidden, i16, at QB; the side to move's half first), out_bias (i32,
    at QA * QB). Raises TrainError when a value does not fit its type."""

    def to_int(x, lo, hi, dtype):
        r = np.round(np.asarray(x, dtype=np.float64))
        if r.size and (r.min() < lo or r.max() > hi):
            raise TrainError(f"a weight is out of the {np.dtype(dtype).name} range")
        return r.astype(dtype)

    return {
        "ft_weight": to_int(np.asarray(ft_weight) * QA, -32768, 32767, np.int16),
        "ft_bias": to_int(np.asarray(ft_bias) * QA, -32768, 32767, np.int16),
        "out_weight": to_int(np.asarray(out_weight) * QB, -32768, 32767, np.int16),
        "out_bias": np.int32(to_int(np.array(out_bias * QA * QB), -2**31, 2**31 - 1, np.int32)),
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
