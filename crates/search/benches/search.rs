//! Search speed (nodes per second) from a middlegame position of each game (criterion).
#![allow(missing_docs)] // criterion_group! generates undocumented items
use citadel_notation::fen;
use citadel_rules::{
    Byzantine, CelticCitadel, Chess, EgyptianEye, Game, MiniCitadel, OrientalOmega,
    PersianPrincess, Shatranj, Tamerlane,
};
use citadel_search::{Limits, Searcher};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Middlegame positions: chess from a Queen's Gambit line; the other games after 16 plies
/// of engine self-play from their start positions.
const CHESS: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
const PERSIAN: [&str; 4] = [
    "11/1rfb1kb1fr1/1ppp1ppppp1/3nq1s4/4pn5/11/4P1B4/3NQ1SN3/1PPP1PPPPP1/1RF2KB1FR1/11 w KQkq - 4 9",
    "10f/1r3k1bnr1/1ppp1ppppp1/1f1nq6/4psb4/11/3SP6/3NQ2N3/1PPP1PPPPP1/1RFB1K1BFR1/11 w KQZkqz - 5 9",
    "11/1rfbqk1bfr1/1ppp1ppp1p1/3n3n3/4p2sp2/11/11/3N1S1NPB1/1PPPPPPPFP1/1RFBQK3R1/11 w KQZkqz e8 0 9",
    "w9w/1r3k1b1r1/1ppp1ppppp1/3n1bcn3/5q5/4p6/4P1B4/3NQ1CN3/1PPP1PPPPP1/1R3K1B1R1/W9W w KQZkqz - 4 9",
];

const MINI_CITADEL: &str =
    "g8g/1r2qkb1r1/1ppp1pppp1/3np5/10/3P6/1PN1n1QB2/2P1PPPPP1/1R3K2R1/G8G w ABFIJabefgij - 0 9";
const TAMERLANE: &str = "e3wkw1c1e/1r1tgv1fgt1r/r'n't'1v'k'f'1c'1p'/1c1g'3e'nw'1/7C3/3n7/2NE'T3N2/P'W'C'1F'K'V'G'T'N'R'/R2GF1VGT1R1/E1C1WKW3E w Kk - 3 9";
const BYZANTINE: &str =
    "KP>4p<qkp>4P<1/QP>N2np<bbp>3NP<1/1P>3p<1r1p>2nP<R1/1P>B2p<2r2p>1BP<R w - - 0 9";
const SHATRANJ: &str = "r2kq2r/p1pp1ppp/1pnpbn2/8/8/2NBBN2/PPPP1PPP/R2KQ2R w - - 2 9";

fn one<G: Game>(c: &mut Criterion, name: &str, fen_text: &str, depth: u32) {
    let pos = fen::parse::<G>(fen_text).expect("bench FEN parses");
    let mut s = Searcher::<G>::new(16);
    let nodes = s.search(&pos, &Limits::depth(depth)).nodes;
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function(name, |b| {
        // only the search is timed: emptying the tables first is not search work
        b.iter_custom(|iters| {
            let mut total = std::time::Duration::ZERO;
            for _ in 0..iters {
                s.clear();
                let start = std::time::Instant::now();
                std::hint::black_box(s.search(&pos, &Limits::depth(depth)).nodes);
                total += start.elapsed();
            }
            total
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    one::<Chess>(c, "chess", CHESS, 7);
    one::<CelticCitadel>(c, "celtic-citadel", PERSIAN[0], 6);
    one::<PersianPrincess>(c, "persian-princess", PERSIAN[1], 6);
    one::<EgyptianEye>(c, "egyptian-eye", PERSIAN[2], 6);
    one::<OrientalOmega>(c, "oriental-omega", PERSIAN[3], 6);
    one::<MiniCitadel>(c, "mini-citadel", MINI_CITADEL, 6);
    one::<Tamerlane>(c, "tamerlane", TAMERLANE, 5);
    one::<Byzantine>(c, "byzantine", BYZANTINE, 6);
    one::<Shatranj>(c, "shatranj", SHATRANJ, 7);
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
