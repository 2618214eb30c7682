#!/bin/sh
# A UCI "engine" that refuses every position with an `info string` error.
while read -r line; do
  case "$line" in
    uci) echo "id name Refuser"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position*) echo "info string error: invalid FEN" ;;
    quit) exit 0 ;;
  esac
done
