#!/bin/sh
# A UCI "engine" that completes the handshake and never answers `go`.
while read -r line; do
  case "$line" in
    uci) echo "id name Silent"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
