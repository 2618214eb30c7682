"""Citadel on a Dask cluster: game files validated across workers, deep perft split by
first moves, and training data for a learnt evaluation made in parts.

``validate(paths, client)`` cuts every file at game boundaries into parts (archives are one
part each), validates the parts on the workers (each part is read by the worker from the
file, so the files must be at the same path on every machine: a shared or copied
directory) and merges the results in input order: the same verdicts, counts and locations
as ``citadel validate``.

From the shell::

    python -m citadel.dask validate --scheduler tcp://HOST:8786 games/*.pgn
    python -m citadel.dask perft --scheduler tcp://HOST:8786 --variant tamerlane --depth 5
    python -m citadel.dask data --scheduler tcp://HOST:8786 --variant shatranj --games 4000 --out DIR

``training_data(client, variant, games, out)`` plays a self-play data run in parts of
``chunk`` games, one task each, and writes each part as ``citadel selfplay --data`` writes
it (``games-FIRST-N.cdata``, the same bytes as ``--first-game FIRST --games N`` on one
machine): a part already in ``out`` is kept.

Without ``--scheduler`` a local cluster is started (``--workers N``).
"""

from __future__ import annotations

import os
from typing import Dict, List, Optional, Sequence, Tuple, Union

from citadel import Board, _native
from citadel._validate import PathLike, Report, merge, plan

__all__ = ["perft", "training_data", "validate"]

#: Default size of a part of a file validated as one task.
PART_BYTES = 16 << 20


def _validate_part(job: Tuple[str, Tuple[int, Optional[int], int]]) -> tuple:
    path, part = job
    return _native.validate_part(path, part)


def validate(
    paths: Union[PathLike, Sequence[PathLike]],
    client,
    part_bytes: int = PART_BYTES,
) -> Report:
    """Validates game files on the workers of the Dask ``client``: the report of
    :func:`citadel.validate` (counts, and every invalid game with its file, game number
    and location, in input order)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    parts = plan(paths, part_bytes)
    jobs = [(os.path.abspath(name), part) for name, part in parts]
    futures = client.map(_validate_part, jobs, pure=False)
    results = client.gather(futures)
    return merge(paths, parts, results)


def _perft_task(variant: str, fen: str, moves: List[str], depth: int) -> int:
    board = Board(variant, fen)
    for m in moves:
        board.push_uci(m)
    return board.perft(depth)


def perft(
    board: Board, depth: int, client, split: int = 1
) -> Tuple[int, Dict[str, int]]:
    """Perft of ``board`` to ``depth`` on the workers of the Dask ``client``: one task per
    line of ``split`` first plies (1: per first move, as divide). Returns the total and the
    count below each first move (coordinates)."""
    if depth < 1:
        raise ValueError("perft on a cluster needs a depth of at least 1")
    split = max(1, min(split, depth))
    variant, fen = board.variant, board.fen()
    lines: List[List[str]] = []

    def expand(b: Board, prefix: List[str], k: int) -> None:
        if k == 0:
            lines.append(prefix)
            return
        for m in b.legal_moves:
            b.push(m)
            expand(b, prefix + [m.uci()], k - 1)
            b.pop()

    expand(Board(variant, fen), [], split)
    futures = client.map(
        _perft_task,
        [variant] * len(lines),
        [fen] * len(lines),
        lines,
        [depth - split] * len(lines),
        pure=False,
    )
    per_move: Dict[str, int] = {m.uci(): 0 for m in board.legal_moves}
    for line, n in zip(lines, client.gather(futures)):
        per_move[line[0]] += n
    return sum(per_move.values()), per_move


def _data_task(variant: str, first: int, games: int, settings: Dict[str, int]) -> bytes:
    return _native.training_data(variant, first, games, **settings)


def training_data(
    client,
    variant: str,
    games: int,
    out: PathLike,
    chunk: int = 500,
    first_game: int = 0,
    nodes: int = 5000,
    opening_plies: int = 4,
    max_plies: int = 600,
    seed: int = 1,
) -> List[str]:
    """Games ``first_game`` to ``first_game + games - 1`` of a self-play data run of
    ``variant`` on the workers of the Dask ``client``, in parts of ``chunk`` games (one task
    each), written to ``out/games-FIRST-N.cdata`` as ``citadel selfplay --data FILE
    --first-game FIRST --games N`` writes them with the same settings: the same bytes. Parts
    already there are kept. Returns the parts' paths in the order of their games."""
    if games < 1 or chunk < 1:
        raise ValueError("games and chunk must be at least 1")
    os.makedirs(out, exist_ok=True)
    settings = dict(nodes=nodes, opening_plies=opening_plies, max_plies=max_plies, seed=seed)
    parts = []
    first = first_game
    while first < first_game + games:
        n = min(chunk, first_game + games - first)
        parts.append((first, n, os.path.join(out, f"games-{first:06d}-{n}.cdata")))
        first += n
    todo = [(f, n, path) for f, n, path in parts if not os.path.isfile(path)]
    futures = client.map(
        _data_task,
        [variant] * len(todo),
        [f for f, _, _ in todo],
        [n for _, n, _ in todo],
        [settings] * len(todo),
        pure=False,
    )
    for (_, _, path), future in zip(todo, futures):
        data = future.result()
        with open(path + ".part", "wb") as f:
            f.write(data)
        os.replace(path + ".part", path)
    return [path for _, _, path in parts]
