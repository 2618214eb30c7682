#!/usr/bin/env python3
"""Start an XBoard game of an engine-defined variant from a chosen position.

XBoard takes the start position of a variant it does not know from the first engine's
`setup` line, and loads a position file (`-lpf`) before that line arrives, on its default
8x8 board. Run this as XBoard's *first* program instead of `citadel xboard`: it starts
`citadel xboard`, rewrites the FEN of the engine's `setup` line to FEN, and after each
`variant` command gives the engine the same position with `setboard`; XBoard then sets up
the second program itself. Everything else is relayed unchanged. The side to move of FEN is
not passed on by XBoard: the second program moves first (use `-firstPlaysBlack true`).

usage: xboard-position.py FEN   (CITADEL names the citadel binary; default `citadel`)
"""
import os
import subprocess
import sys
import threading


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    fen = sys.argv[1]
    engine = subprocess.Popen(
        [os.environ.get("CITADEL", "citadel"), "xboard"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )

    def relay_out() -> None:
        for line in engine.stdout:
            if line.startswith("setup "):
                words = line.split(" ", 2)
                line = f"{words[0]} {words[1]} {fen}\n"
            sys.stdout.write(line)
            sys.stdout.flush()

    out = threading.Thread(target=relay_out, daemon=True)
    out.start()
    for line in sys.stdin:
        engine.stdin.write(line)
        if line.startswith("variant "):
            engine.stdin.write(f"setboard {fen}\n")
        engine.stdin.flush()
        if line.strip() == "quit":
            break
    engine.stdin.close()
    engine.wait()
    out.join(1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
