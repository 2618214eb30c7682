#!/bin/sh
# A working UCI "engine" whose lines carry Latin-1 bytes (not UTF-8): its author, and an
# `info string` before each answer. It counts perft 1 and 2 of chess's start position, and
# plays one move from the start position for either side (e2e4, or b8c6 after any move).
move=e2e4
while read -r line; do
  case "$line" in
    uci) echo "id name Latin1"; printf 'id author Ren\351\n'; echo "uciok" ;;
    isready) echo "readyok" ;;
    "position startpos") move=e2e4 ;;
    position*) move=b8c6 ;;
    "go perft 1") printf 'info string r\351sum\351\n'; echo "Nodes searched: 20" ;;
    "go perft 2") printf 'info string r\351sum\351\n'; echo "Nodes searched: 400" ;;
    go*) printf 'info string r\351sum\351\n'; echo "bestmove $move" ;;
    quit) exit 0 ;;
  esac
done
