#!/usr/bin/env bash
# Nodes per second of `citadel bestmove --depth D` on the search bench's middlegame
# positions (crates/search/benches/search.rs), for one or more citadel binaries, run
# alternately ROUNDS times; prints the median nodes/s of each binary per game and the ratio
# of each binary to the first.
# Usage: scripts/search-nps.sh [ROUNDS] BINARY [BINARY...]
set -euo pipefail
rounds=${1:-3}; shift
bins=("$@")
positions=(
  "chess|7|r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8"
  "celtic-citadel|6|11/1rfb1kb1fr1/1ppp1ppppp1/3nq1s4/4pn5/11/4P1B4/3NQ1SN3/1PPP1PPPPP1/1RF2KB1FR1/11 w KQkq - 4 9"
  "persian-princess|6|10f/1r3k1bnr1/1ppp1ppppp1/1f1nq6/4psb4/11/3SP6/3NQ2N3/1PPP1PPPPP1/1RFB1K1BFR1/11 w KQZkqz - 5 9"
  "egyptian-eye|6|11/1rfbqk1bfr1/1ppp1ppp1p1/3n3n3/4p2sp2/11/11/3N1S1NPB1/1PPPPPPPFP1/1RFBQK3R1/11 w KQZkqz e8 0 9"
  "oriental-omega|6|w9w/1r3k1b1r1/1ppp1ppppp1/3n1bcn3/5q5/4p6/4P1B4/3NQ1CN3/1PPP1PPPPP1/1R3K1B1R1/W9W w KQZkqz - 4 9"
  "mini-citadel|6|g8g/1r2qkb1r1/1ppp1pppp1/3np5/10/3P6/1PN1n1QB2/2P1PPPPP1/1R3K2R1/G8G w ABFIJabefgij - 0 9"
  "tamerlane|5|e3wkw1c1e/1r1tgv1fgt1r/r'n't'1v'k'f'1c'1p'/1c1g'3e'nw'1/7C3/3n7/2NE'T3N2/P'W'C'1F'K'V'G'T'N'R'/R2GF1VGT1R1/E1C1WKW3E w Kk - 3 9"
  "byzantine|6|KP>4p<qkp>4P<1/QP>N2np<bbp>3NP<1/1P>3p<1r1p>2nP<R1/1P>B2p<2r2p>1BP<R w - - 0 9"
  "shatranj|7|r2kq2r/p1pp1ppp/1pnpbn2/8/8/2NBBN2/PPPP1PPP/R2KQ2R w - - 2 9"
)
depth_override=${DEPTH:-}
plus=${PLUS:-0}
printf "%-17s" game; for b in "${bins[@]}"; do printf " %22s" "$(basename "$(dirname "$b")")/nps(nodes)"; done; echo "  ratio"
for entry in "${positions[@]}"; do
  IFS='|' read -r game depth fen <<<"$entry"
  [ -n "$depth_override" ] && depth=$depth_override
  depth=$((depth + plus))
  declare -A res=()
  for ((r = 0; r < rounds; r++)); do
    for i in "${!bins[@]}"; do
      out=$("${bins[$i]}" bestmove --variant "$game" --fen "$fen" --depth "$depth" --json)
      nps=$(sed -n 's/.*"nps":\([0-9]*\).*/\1/p' <<<"$out")
      nodes=$(sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' <<<"$out")
      res[$i]="${res[$i]:-} $nps"
      nod[$i]=$nodes
    done
  done
  printf "%-17s" "$game"
  first=0
  for i in "${!bins[@]}"; do
    med=$(tr ' ' '\n' <<<"${res[$i]}" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    [ "$i" = 0 ] && first=$med
    printf " %14s(%7s)" "$med" "${nod[$i]}"
    ratios="${ratios:-}"
  done
  if [ "${#bins[@]}" -gt 1 ]; then
    printf "  %s" "$(awk -v a="$first" -v b="$med" 'BEGIN {printf "%.2fx", b / a}')"
  fi
  echo
  unset res
done
