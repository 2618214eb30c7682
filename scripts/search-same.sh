#!/usr/bin/env bash
# Whether two citadel binaries search alike: `citadel bestmove --depth D` (one thread, so
# deterministic) must print the same best move, score, depth, seldepth, node count and
# principal variation (only the time may differ) on the search bench's middlegame positions
# (crates/search/benches/search.rs, at depths of about 0.3-2 s) and on every game's start
# position (depth 8). Exits 1 on any difference, printing it.
# Usage: scripts/search-same.sh OLD NEW
set -uo pipefail
old=$1; new=$2
positions=(
  "chess|12|r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8"
  "celtic-citadel|9|11/1rfb1kb1fr1/1ppp1ppppp1/3nq1s4/4pn5/11/4P1B4/3NQ1SN3/1PPP1PPPPP1/1RF2KB1FR1/11 w KQkq - 4 9"
  "persian-princess|9|10f/1r3k1bnr1/1ppp1ppppp1/1f1nq6/4psb4/11/3SP6/3NQ2N3/1PPP1PPPPP1/1RFB1K1BFR1/11 w KQZkqz - 5 9"
  "egyptian-eye|11|11/1rfbqk1bfr1/1ppp1ppp1p1/3n3n3/4p2sp2/11/11/3N1S1NPB1/1PPPPPPPFP1/1RFBQK3R1/11 w KQZkqz e8 0 9"
  "oriental-omega|8|w9w/1r3k1b1r1/1ppp1ppppp1/3n1bcn3/5q5/4p6/4P1B4/3NQ1CN3/1PPP1PPPPP1/1R3K1B1R1/W9W w KQZkqz - 4 9"
  "mini-citadel|11|g8g/1r2qkb1r1/1ppp1pppp1/3np5/10/3P6/1PN1n1QB2/2P1PPPPP1/1R3K2R1/G8G w ABFIJabefgij - 0 9"
  "tamerlane|10|e3wkw1c1e/1r1tgv1fgt1r/r'n't'1v'k'f'1c'1p'/1c1g'3e'nw'1/7C3/3n7/2NE'T3N2/P'W'C'1F'K'V'G'T'N'R'/R2GF1VGT1R1/E1C1WKW3E w Kk - 3 9"
  "byzantine|11|KP>4p<qkp>4P<1/QP>N2np<bbp>3NP<1/1P>3p<1r1p>2nP<R1/1P>B2p<2r2p>1BP<R w - - 0 9"
  "shatranj|12|r2kq2r/p1pp1ppp/1pnpbn2/8/8/2NBBN2/PPPP1PPP/R2KQ2R w - - 2 9"
)
strip() { sed -E 's/ in [0-9]+ ms, [0-9]+ nodes\/s//'; }
fail=0
for entry in "${positions[@]}"; do
  IFS='|' read -r game depth fen <<<"$entry"
  for args in "--fen|$fen|--depth|$depth" "--depth|8"; do
    IFS='|' read -r -a a <<<"$args"
    o=$("$old" bestmove --variant "$game" "${a[@]}" | strip)
    n=$("$new" bestmove --variant "$game" "${a[@]}" | strip)
    what=$([ "${a[0]}" = --fen ] && echo "bench d$depth" || echo "start d8")
    if [ "$o" == "$n" ]; then
      echo "same $game $what: $(echo "$o" | grep -E '^(bestmove|nodes)' | tr -s ' ' | tr '\n' ' ')"
    else
      echo "DIFFERENT $game $what"; diff <(echo "$o") <(echo "$n"); fail=1
    fi
  done
done
exit $fail
