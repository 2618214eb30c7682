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
`citnnue.int_forward`), and the net file carries a few positions with their integer evaluations
so the engine can check it computes the same numbers.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from citnnue import (FORMAT, N_CHECKS, QA, QB, SCALE, TrainError, data_sha256, feature_arrays,
                     int_eval_position, int_forward, load_layout, net_bytes, position_features,
                     read_files, targets, to_integers)

FT_LIMIT = 32767 / QA  # float bound of first-layer weights and biases (fits i16)
OUT_LIMIT = 8.0  # float bound of the output weights (8 * QB fits i16; the output sum fits i32)
LR_FLOOR = 0.1  # the cosine schedule ends at this fraction of --lr


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
    """The net's integers (see `citnnue.to_integers`)."""
    with torch.no_grad():
        return to_integers(net.ft.weight[: net.features].double().cpu().numpy(),
                           net.ft_bias.double().cpu().numpy(),
                           net.out.weight[0].double().cpu().numpy(),
                           float(net.out.bias[0]))


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
