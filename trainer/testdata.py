"""Tiny synthetic layouts and CITDATA1 files, written here with `struct`, for the trainer's tests."""

import json
import random
import struct
from pathlib import Path

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



# White king on 1, a White piece of kind 1 on 4, the Black king on 0; Black to move.
POSITION = [(0, 0, 1), (1, 0, 0), (4, 1, 0)]
