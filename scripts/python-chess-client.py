#!/usr/bin/env python3
"""Citadel's engine under a real client, python-chess (`pip install chess`).

    scripts/python-chess-client.py CITADEL clock 60 [GAMES]   # sudden death BASE+0, s
    scripts/python-chess-client.py CITADEL analysis           # MultiPV, XBoard analysis, nps

`clock`: whole games of `CITADEL uci` against itself, the client keeping both clocks as a
GUI does (the wall time from sending `go` to reading `bestmove`, so every move's protocol
overhead is charged); prints each game's length, result and the least time either side had
left. A flag fall is reported and ends the game.

`analysis`: `analyse(..., multipv=3)` over UCI, then XBoard's analysis mode (`analyze`,
`exit`) and a node limit over XBoard (python-chess sends `nps`).
"""
import sys
import time

import chess
import chess.engine


def clock_games(citadel, base, games):
    flagged = 0
    for g in range(games):
        board = chess.Board()
        engines = [
            chess.engine.SimpleEngine.popen_uci([citadel, "uci"]),
            chess.engine.SimpleEngine.popen_uci([citadel, "uci"]),
        ]
        left = [float(base), float(base)]
        least = [float(base), float(base)]
        flag = None
        try:
            while not board.is_game_over(claim_draw=True) and board.fullmove_number <= 250:
                side = 0 if board.turn == chess.WHITE else 1
                limit = chess.engine.Limit(white_clock=left[0], black_clock=left[1],
                                           white_inc=0, black_inc=0)
                t0 = time.monotonic()
                result = engines[side].play(board, limit)
                left[side] -= time.monotonic() - t0
                least[side] = min(least[side], left[side])
                if left[side] <= 0:
                    flag = "white" if side == 0 else "black"
                    break
                board.push(result.move)
        finally:
            for e in engines:
                e.quit()
        flagged += flag is not None
        outcome = board.outcome(claim_draw=True)
        how = f"{flag} lost on time" if flag else (
            f"{outcome.result()} {outcome.termination.name.lower()}" if outcome else "unfinished")
        print(f"{base}+0 game {g + 1}: {board.ply()} plies, {how}; least time left: "
              f"white {least[0]:.3f} s, black {least[1]:.3f} s", flush=True)
    print(f"{base}+0: {games} games, {flagged} lost on time")


def analysis(citadel):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    uci = chess.engine.SimpleEngine.popen_uci([citadel, "uci"])
    print("UCI id:", uci.id.get("name"))
    lines = uci.analyse(board, chess.engine.Limit(depth=6), multipv=3)
    for k, info in enumerate(lines, 1):
        pv = board.variation_san(info["pv"][:4])
        print(f"UCI multipv {k}: depth {info['depth']} score {info['score'].white()} pv {pv}")
    mate = uci.play(chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), chess.engine.Limit(mate=1))
    print("UCI Limit(mate=1):", mate.move)
    uci.quit()
    xb = chess.engine.SimpleEngine.popen_xboard([citadel, "xboard"])
    print("XBoard id:", xb.id.get("name"))
    info = xb.analyse(board, chess.engine.Limit(depth=6))
    print(f"XBoard analyse: depth {info.get('depth')} score {info.get('score')} "
          f"pv {board.variation_san(info.get('pv', [])[:4])}")
    with xb.analysis(board) as a:
        t0 = time.monotonic()
        for i in a:
            if i.get("depth", 0) >= 5 or time.monotonic() - t0 > 10:
                break
    print("XBoard analysis mode: stopped at depth", a.info.get("depth"))
    played = xb.play(board, chess.engine.Limit(nodes=5000))
    print("XBoard Limit(nodes=5000):", played.move)
    xb.quit()


def main():
    citadel = sys.argv[1]
    if sys.argv[2] == "clock":
        clock_games(citadel, int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    else:
        analysis(citadel)


if __name__ == "__main__":
    main()
