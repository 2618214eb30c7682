"""``python -m citadel.dask``: validation, perft, training data and matches on a Dask cluster.

    python -m citadel.dask validate [--scheduler ADDRESS | --workers N] FILES...
    python -m citadel.dask perft [--scheduler ADDRESS | --workers N] --variant ID
                                 [--fen FEN] --depth D [--split K]
    python -m citadel.dask data [--scheduler ADDRESS | --workers N] --variant ID
                                --games N --out DIR [--chunk C] [--first-game K]
                                [--nodes N] [--opening-plies P] [--max-plies M] [--seed S]
    python -m citadel.dask match [--scheduler ADDRESS | --workers N] --variant ID
                                 --engine E --opponent O --games N [--sprt ELO0,ELO1]
                                 [--engine-net FILE] [--opponent-net FILE] [--tc BASE+INC]
                                 [--movetime MS] [--chunk C] [--opening-plies P]
                                 [--max-plies M] [--seed S] [--out FILE]

``validate`` prints every invalid game on standard error and the summary on standard
output, as ``citadel validate`` does, and exits with 1 if a game is invalid. ``match``
prints the score as ``citadel match`` does (``shatranj: E vs O: 12 games +5 =4 -3 score
58.3% ...``) and the test's line, and writes the records to ``--out``.
"""

from __future__ import annotations

import argparse
import sys
import time

import citadel
import citadel.dask


def _client(args):
    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        return Client(args.scheduler), None
    cluster = LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True
    )
    return Client(cluster), cluster


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m citadel.dask")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("validate", "perft", "data", "match"):
        p = sub.add_parser(name)
        p.add_argument("--scheduler", help="address of the Dask scheduler (tcp://HOST:8786)")
        p.add_argument(
            "--workers", type=int, default=2,
            help="workers of a local cluster, when no scheduler is given",
        )
    v = sub.choices["validate"]
    v.add_argument("files", nargs="+", help="PGN files or archives")
    v.add_argument(
        "--part-mb", type=float, default=citadel.dask.PART_BYTES / (1 << 20),
        help="size of the parts files are cut into (MB)",
    )
    v.add_argument("--timing", action="store_true", help="print the time taken on stderr")
    p = sub.choices["perft"]
    p.add_argument("--variant", required=True)
    p.add_argument("--fen")
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--split", type=int, default=1, help="plies split into tasks")
    d = sub.choices["data"]
    d.add_argument("--variant", required=True)
    d.add_argument("--games", type=int, required=True)
    d.add_argument("--out", required=True, help="directory of the parts")
    d.add_argument("--chunk", type=int, default=500, help="games a task")
    d.add_argument("--first-game", type=int, default=0)
    d.add_argument("--nodes", type=int, default=5000)
    d.add_argument("--opening-plies", type=int, default=4)
    d.add_argument("--max-plies", type=int, default=600)
    d.add_argument("--seed", type=int, default=1)
    m = sub.choices["match"]
    m.add_argument("--variant", required=True)
    m.add_argument("--engine", required=True, help="the first player (citadel match's forms)")
    m.add_argument("--opponent", required=True, help="the second player")
    m.add_argument("--games", type=int, required=True, help="games (at most, with --sprt)")
    m.add_argument("--sprt", help="ELO0,ELO1[,ALPHA,BETA]: stop at the test's verdict")
    m.add_argument("--engine-net", help="the first player's net (a .nnue file)")
    m.add_argument("--opponent-net", help="the second player's net")
    m.add_argument("--tc", help="a clock for both players, BASE+INC in seconds")
    m.add_argument("--movetime", type=int, default=100,
                   help="milliseconds a move of other engines without a clock")
    m.add_argument("--chunk", type=int, default=10, help="games a task")
    m.add_argument("--opening-plies", type=int, default=4)
    m.add_argument("--max-plies", type=int, default=600)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--out", help="write the PGN records here")
    args = parser.parse_args(argv)

    client, cluster = _client(args)
    try:
        t0 = time.perf_counter()
        if args.command == "validate":
            report = citadel.dask.validate(
                args.files, client, part_bytes=int(args.part_mb * (1 << 20))
            )
            for problem in report.problems:
                print(problem, file=sys.stderr)
            print(report.summary())
            if args.timing:
                secs = time.perf_counter() - t0
                print(f"{report.plies} plies in {secs:.2f} s", file=sys.stderr)
            return 0 if report.ok else 1
        if args.command == "data":
            paths = citadel.dask.training_data(
                client, args.variant, args.games, args.out, chunk=args.chunk,
                first_game=args.first_game, nodes=args.nodes,
                opening_plies=args.opening_plies, max_plies=args.max_plies, seed=args.seed,
            )
            for path in paths:
                print(path)
            secs = time.perf_counter() - t0
            print(f"{len(paths)} parts in {secs:.1f} s", file=sys.stderr)
            return 0
        if args.command == "match":
            try:
                result = citadel.dask.match(
                    client, args.variant, args.engine, args.opponent, args.games,
                    sprt=args.sprt, chunk=args.chunk, seed=args.seed, movetime=args.movetime,
                    tc=args.tc, opening_plies=args.opening_plies, max_plies=args.max_plies,
                    engine_net=args.engine_net, opponent_net=args.opponent_net,
                )
            except ValueError as e:  # a bad player, net, clock or test
                print(f"error: {e}", file=sys.stderr)
                return 2
            if args.out:
                with open(args.out, "w", encoding="utf-8") as f:
                    f.writelines(g + "\n" for g in result.games)
            secs = time.perf_counter() - t0
            print(f"{args.variant}: {args.engine} vs {args.opponent}: {result.score()} "
                  f"({secs:.0f} s)")
            if result.report:
                print(result.report)
            return 0
        board = citadel.Board(args.variant, args.fen)
        total, per_move = citadel.dask.perft(board, args.depth, client, split=args.split)
        for move, n in per_move.items():
            print(f"{move}: {n}")
        print(f"total: {total}")
        return 0
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main())
