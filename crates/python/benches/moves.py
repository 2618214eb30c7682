"""Move generation from Python, side by side: citadel against python-chess (chess) and
pyffish (shatranj), and citadel alone for the other games. Runs alternate between the
libraries; the medians are printed.

    pip install chess pyffish
    python crates/python/benches/moves.py [--runs 5] [--depth 3]

Two figures per library and game: ``loop`` is moves per second of ``for m in
board.legal_moves: board.push(m); board.pop()`` over the positions of a fixed random walk,
and ``perft`` is leaf nodes per second of a perft written in Python over the library's
API (``legal_moves``, ``push``, ``pop``); citadel's ``Board.perft`` (in Rust, one depth
deeper) is given for scale. Each case runs ``--reps`` times per run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import citadel


def walk(variant: str, plies: int = 40, seed: int = 1) -> list:
    """FENs along a seeded random walk from the start (stopping early at a game's end)."""
    rng = random.Random(seed)
    board = citadel.Board(variant)
    fens = [board.fen()]
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        board.push(rng.choice(moves))
        fens.append(board.fen())
    return fens


def citadel_loop(variant, fens):
    n = 0
    for fen in fens:
        board = citadel.Board(variant, fen)
        for m in board.legal_moves:
            board.push(m)
            board.pop()
            n += 1
    return n


def citadel_perft(board, depth):
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += citadel_perft(board, depth - 1)
        board.pop()
    return n


def chess_loop(fens):
    import chess

    n = 0
    for fen in fens:
        board = chess.Board(fen)
        for m in board.legal_moves:
            board.push(m)
            board.pop()
            n += 1
    return n


def chess_perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += chess_perft(board, depth - 1)
        board.pop()
    return n


def ffish_loop(variant, fens):
    """pyffish has no board object: the loop is its move list of each position and the
    position after each move (``get_fen``), its equivalent of push."""
    import pyffish as sf

    n = 0
    for fen in fens:
        for m in sf.legal_moves(variant, fen, []):
            sf.get_fen(variant, fen, [m])
            n += 1
    return n


def ffish_perft(variant, fen, depth):
    import pyffish as sf

    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(ffish_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def timed(f, reps):
    t = time.perf_counter()
    n = sum(f() for _ in range(reps))
    return n, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument(
        "--reps", type=int, default=10,
        help="repetitions of each case per run (pyffish's: 1, its calls being slow)",
    )
    a = ap.parse_args()
    rows = []
    for variant, _ in citadel.variants():
        fens = walk(variant)
        board = citadel.Board(variant)
        cases = {
            ("citadel", "loop"): lambda: citadel_loop(variant, fens),
            ("citadel", "perft"): lambda: citadel_perft(citadel.Board(variant), a.depth),
            ("citadel", "native perft"): lambda: board.perft(a.depth + 1),
        }
        if variant == "chess":
            import chess

            cases[("python-chess", "loop")] = lambda: chess_loop(fens)
            cases[("python-chess", "perft")] = lambda: chess_perft(chess.Board(), a.depth)
        if variant == "shatranj":
            import pyffish as sf

            start = sf.start_fen("shatranj")
            cases[("pyffish", "loop")] = lambda: ffish_loop("shatranj", fens)
            cases[("pyffish", "perft")] = lambda: ffish_perft("shatranj", start, a.depth)
        times = {k: [] for k in cases}
        counts = {}
        for _ in range(a.runs):  # alternating: every library once per round
            for k, f in cases.items():
                n, s = timed(f, 1 if k[0] == "pyffish" else a.reps)
                counts[k] = n
                times[k].append(s)
        for (lib, what), ts in times.items():
            med = statistics.median(ts)
            rows.append((variant, lib, what, counts[(lib, what)], med, counts[(lib, what)] / med))
    print(f"{'game':18} {'library':13} {'what':13} {'count':>10} {'median s':>9} {'per s':>12}")
    for variant, lib, what, n, med, rate in rows:
        print(f"{variant:18} {lib:13} {what:13} {n:10} {med:9.3f} {rate:12,.0f}")


if __name__ == "__main__":
    main()
