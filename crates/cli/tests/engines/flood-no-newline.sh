#!/bin/sh
# A UCI "engine" that completes the handshake, then answers `go` with bytes that never end
# and hold no newline.
while read -r line; do
  case "$line" in
    uci) echo "id name NoNewline"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) cat /dev/zero ;;
    quit) exit 0 ;;
  esac
done
