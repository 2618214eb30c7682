#!/bin/sh
# A UCI "engine" for the arbiter's tests: it always answers with an illegal move.
while read -r line; do
  case "$line" in
    uci) echo "id name IllegalBot"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove e2e5" ;;
    quit) exit 0 ;;
  esac
done
