"""Seeded collections of game files, for tests and measurements: random games of every
game (the notation crate's random player), some of them made invalid on purpose.

    python -m citadel.collection DIR --megabytes 200 --files 8 --seed 1

writes ``DIR/games-01.pgn`` ... with the same bytes for the same arguments.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import List

import citadel

#: The kinds of damage done to an invalid game, in turn.
DAMAGE = ("illegal move", "wrong result", "no result")


def _damage(pgn: str, kind: str, rng: random.Random) -> str:
    head, _, movetext = pgn.partition("\n\n")
    tokens = movetext.split()
    if len(tokens) < 3:
        kind = "no result"
    if kind == "illegal move":
        moves = [i for i, t in enumerate(tokens[:-1]) if not t[0].isdigit()]
        if moves:
            tokens[rng.choice(moves)] = "Nz99"
    elif kind == "wrong result":
        # the movetext contradicts the Result tag
        tokens[-1] = "0-1" if tokens[-1] != "0-1" else "1-0"
    else:
        tokens = tokens[:-1]
    return head + "\n\n" + " ".join(tokens) + "\n"


def generate(
    directory: str,
    megabytes: float,
    files: int = 8,
    seed: int = 1,
    invalid_every: int = 97,
    distinct: int = 3000,
    max_plies: int = 300,
) -> List[str]:
    """Writes ``files`` PGN files of about ``megabytes`` MB in all into ``directory``: random
    games of every game in turn (``distinct`` different ones, repeated with their own
    ``Event`` tag), every ``invalid_every``-th game damaged (an illegal move, a result that
    contradicts the ``Result`` tag, or a missing result, in turn; none if 0). Returns the
    paths."""
    rng = random.Random(seed)
    # the built-in games only: the files must read in any program, without a variants file
    ids = [v for v, _ in citadel.variants(loaded=False)]
    jobs = [(ids[i % len(ids)], seed * 1_000_003 + i) for i in range(distinct)]
    with ThreadPoolExecutor() as pool:
        games = list(pool.map(lambda j: citadel.random_game(j[0], j[1], max_plies), jobs))
    os.makedirs(directory, exist_ok=True)
    per_file = int(megabytes * (1 << 20) / files)
    paths = []
    n = 0
    for f in range(files):
        path = os.path.join(directory, f"games-{f + 1:02}.pgn")
        size = 0
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            while size < per_file:
                pgn = f'[Event "game {n + 1}"]\n' + games[n % len(games)]
                if invalid_every and n % invalid_every == invalid_every - 1:
                    kind = DAMAGE[(n // invalid_every) % len(DAMAGE)]
                    pgn = _damage(pgn, kind, rng)
                text = pgn + "\n"
                out.write(text)
                size += len(text.encode("utf-8"))
                n += 1
        paths.append(path)
    return paths


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m citadel.collection")
    p.add_argument("directory")
    p.add_argument("--megabytes", type=float, default=200)
    p.add_argument("--files", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--invalid-every", type=int, default=97)
    p.add_argument("--distinct", type=int, default=3000)
    a = p.parse_args(argv)
    for path in generate(
        a.directory, a.megabytes, a.files, a.seed, a.invalid_every, a.distinct
    ):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
