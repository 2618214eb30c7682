#!/usr/bin/env bash
# Side-by-side perft speed of two citadel binaries on every game's start position: the two
# run alternately ROUNDS times each (`citadel perft --variant ID --depth N`, one thread);
# prints the median user CPU time of each, its M nodes/s, and the ratio old/new.
# Usage: scripts/perft-ab.sh [ROUNDS] OLD_BINARY NEW_BINARY
set -euo pipefail
rounds=${1:-5}; old=$2; new=$3
games=(chess:6 shatranj:6 byzantine:6 persian-princess:5 celtic-citadel:5 egyptian-eye:5
  oriental-omega:5 mini-citadel:5 tamerlane:5)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() { # one perft run: user CPU seconds in $secs, node count in $nodes
  /usr/bin/time -f '%U' -o "$tmp/time" "$1" perft --variant "$2" --depth "$3" --json >"$tmp/out"
  secs=$(tail -1 "$tmp/time")
  nodes=$(sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' "$tmp/out")
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf "%-18s %5s %12s %16s %16s %7s\n" game depth nodes "old s (Mnps)" "new s (Mnps)" ratio
for spec in "${games[@]}"; do
  game=${spec%:*}; depth=${spec#*:}
  o=""; n=""
  for ((r = 0; r < rounds; r++)); do
    run "$old" "$game" "$depth"; o="$o $secs"; on=$nodes
    run "$new" "$game" "$depth"; n="$n $secs"; nn=$nodes
  done
  if [ "$on" != "$nn" ]; then echo "$game: node counts differ: old $on, new $nn" >&2; exit 1; fi
  mo=$(median <<<"$o"); mn=$(median <<<"$n")
  awk -v g="$game" -v d="$depth" -v nodes="$nn" -v a="$mo" -v b="$mn" 'BEGIN {
    printf "%-18s %5d %12d %7.2f (%5.1f) %7.2f (%5.1f) %6.2fx\n", g, d, nodes, a, nodes / (a > 0 ? a : 1e-9) / 1e6,
      b, nodes / (b > 0 ? b : 1e-9) / 1e6, (b > 0 ? a / b : 0) }'
done
