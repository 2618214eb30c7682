#!/usr/bin/env bash
# Nodes per second of Citadel beside Fairy-Stockfish (chess, shatranj) and Stockfish (chess),
# one thread and a 64 MB table each, searching the search bench's chess and shatranj
# positions for MS milliseconds; the programs run alternately ROUNDS times and the script
# prints each one's median. Engines that are not installed are left out.
# Usage: scripts/engine-nps.sh [ROUNDS] [MS] [CITADEL]
#   (defaults: 5 rounds, 3000 ms, target/release/citadel; engines from /usr/games)
set -euo pipefail
rounds=${1:-5}
ms=${2:-3000}
citadel=${3:-target/release/citadel}
fsf=/usr/games/fairy-stockfish
sf=/usr/games/stockfish
positions=(
  "chess|r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8"
  "shatranj|r2kq2r/p1pp1ppp/1pnpbn2/8/8/2NBBN2/PPPP1PPP/R2KQ2R w - - 2 9"
)

# the nodes/s of the last `info` line a UCI engine prints for `go movetime`
uci_nps() {
  local engine=$1 variant=$2 fen=$3
  {
    echo uci
    [[ $variant != chess ]] && echo "setoption name UCI_Variant value $variant"
    echo "setoption name Threads value 1"
    echo "setoption name Hash value 64"
    echo isready
    echo "position fen $fen"
    echo "go movetime $ms"
    sleep "$(awk "BEGIN { print $ms / 1000 + 0.7 }")"
    echo quit
  } | "$engine" 2>/dev/null | grep '^info depth.* nps ' | tail -1 | sed -n 's/.* nps \([0-9]*\).*/\1/p'
}

median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print (NR ? a[int((NR + 1) / 2)] : "-") }'; }

for entry in "${positions[@]}"; do
  IFS="|" read -r variant fen <<<"$entry"
  c=() f=() s=()
  for ((r = 0; r < rounds; r++)); do
    c+=("$("$citadel" bestmove --variant "$variant" --fen "$fen" --movetime "$ms" --hash 64 --json |
      sed -n 's/.*"nps":\([0-9]*\).*/\1/p')")
    [[ -x $fsf ]] && f+=("$(uci_nps "$fsf" "$variant" "$fen")")
    [[ -x $sf && $variant == chess ]] && s+=("$(uci_nps "$sf" "$variant" "$fen")")
  done
  printf '%-9s citadel %9s   fairy-stockfish %9s   stockfish %9s\n' "$variant" \
    "$(echo "${c[*]}" | median)" "$(echo "${f[*]:-}" | median)" "$(echo "${s[*]:-}" | median)"
done
