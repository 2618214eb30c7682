#!/bin/sh
# A UCI "engine" that completes the handshake, then answers `go` with lines that never end.
while read -r line; do
  case "$line" in
    uci) echo "id name LineFlood"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) yes "info string flood flood flood flood flood flood flood flood" ;;
    quit) exit 0 ;;
  esac
done
