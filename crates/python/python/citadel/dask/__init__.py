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

``match(client, variant, engine, opponent, games)`` plays a match in parts of ``chunk``
games, one task each, as ``citadel match --first-game FIRST --games N`` plays them; with
``sprt="ELO0,ELO1"`` it reads the games in order and ends after the first pair of games at
which the test has its verdict, as ``citadel match --sprt`` does::

    python -m citadel.dask match --scheduler tcp://HOST:8786 --variant shatranj \
        --engine movetime:20 --engine-net nets/shatranj.nnue --opponent movetime:20 \
        --games 4000 --sprt 0,10 --out sprt.pgn

Without ``--scheduler`` a local cluster is started (``--workers N``). Files named to the
workers (game files, nets) must be at the same path on every machine.
"""

from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

from citadel import Board, _native
from citadel._validate import PathLike, Report, merge, plan

__all__ = ["MatchResult", "match", "perft", "training_data", "validate"]

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


@dataclass
class MatchResult:
    """A match played on a cluster: each game's PGN record in the order of the games, the
    first player's wins, draws and losses, and with a test its ``verdict`` (``"H0"``,
    ``"H1"``, or ``None`` when the games ran out first) and ``report`` (the test's line)."""

    games: List[str] = field(default_factory=list)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    verdict: Optional[str] = None
    report: Optional[str] = None

    def score(self) -> str:
        """The score as ``citadel match`` prints it: ``12 games +5 =4 -3 score 58.3% Elo
        +58 ± 180``."""
        return _native.match_status(self.wins, self.draws, self.losses)[0]


def _match_task(variant: str, first: int, games: int, settings: Dict) -> List[Tuple[str, int]]:
    return _native.match_games(variant, first_game=first, games=games, **settings)


def match(
    client,
    variant: str,
    engine: str,
    opponent: str,
    games: int,
    sprt: Optional[str] = None,
    chunk: int = 10,
    seed: int = 1,
    movetime: int = 100,
    tc: Optional[str] = None,
    opening_plies: int = 4,
    max_plies: int = 600,
    engine_net: Optional[PathLike] = None,
    opponent_net: Optional[PathLike] = None,
    ahead: Optional[int] = None,
) -> MatchResult:
    """Games 0 to ``games - 1`` of a match of ``variant`` between ``engine`` and ``opponent``
    (``citadel match``'s forms: ``nodes:N``, ``depth:N``, ``movetime:MS``, ``uci:PATH``...)
    on the workers of the Dask ``client``, in parts of ``chunk`` games (rounded up to whole
    pairs), each played as ``citadel match --first-game FIRST --games N`` plays it with the
    same settings. At most ``ahead`` parts (default: two per worker) are queued at a time.

    With ``sprt`` (``"ELO0,ELO1"`` or ``"ELO0,ELO1,ALPHA,BETA"``) the games are counted in
    order and the match ends after the first pair at which the test has its verdict, as
    ``citadel match --sprt`` ends; the parts still queued are cancelled. Between players
    whose moves do not depend on time (``depth:N``, ``nodes:N``) the result is the local
    run's, game for game."""
    if games < 1 or chunk < 1:
        raise ValueError("games and chunk must be at least 1")
    if sprt is not None:
        _native.match_status(0, 0, 0, sprt)  # a bad test is refused before any game
    chunk += chunk % 2
    settings = dict(
        engine=engine, opponent=opponent, seed=seed, movetime=movetime, tc=tc,
        opening_plies=opening_plies, max_plies=max_plies,
        engine_net=None if engine_net is None else os.path.abspath(engine_net),
        opponent_net=None if opponent_net is None else os.path.abspath(opponent_net),
    )
    if ahead is None:
        ahead = 2 * max(1, len(client.scheduler_info().get("workers", {})))
    parts = [(first, min(chunk, games - first)) for first in range(0, games, chunk)]
    queued: deque = deque()
    result = MatchResult()
    try:
        while parts or queued:
            while parts and len(queued) < ahead:
                first, n = parts.pop(0)
                queued.append(client.submit(_match_task, variant, first, n, settings, pure=False))
            for pgn, points in queued.popleft().result():
                result.games.append(pgn)
                if points > 0:
                    result.wins += 1
                elif points < 0:
                    result.losses += 1
                else:
                    result.draws += 1
                if sprt is not None and len(result.games) % 2 == 0:
                    _, verdict, report = _native.match_status(
                        result.wins, result.draws, result.losses, sprt
                    )
                    result.verdict, result.report = verdict, report
                    if verdict is not None:
                        return result
    finally:
        if queued:
            client.cancel(list(queued))
    if sprt is not None:
        result.report = _native.match_status(result.wins, result.draws, result.losses, sprt)[2]
    return result
