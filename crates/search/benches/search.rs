//! Search speed (nodes per second) from a middlegame position of each game (criterion).
#![allow(missing_docs)] // criterion_group! generates undocumented items

use citadel_notation::{fen, FenRights};
use citadel_rules::{CelticCitadel, Chess, EgyptianEye, OrientalOmega, PersianPrincess};
use citadel_search::{Limits, Searcher};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Middlegame positions: a few developing moves from each start.
const CHESS: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
const PERSIAN: [&str; 4] = [
    "f9f/1r1bqk1snr1/1pp1pp1ppp1/3n1bp4/4p6/11/4P1P4/3P1N5/1PP2P1PPP1/1RNBQKBS2R1/F9F w KQkq - 0 6",
    "f9f/1r1bqksb1r1/1pp1p1pppp1/3n2n4/4pp5/11/4PP5/2N3N4/1PPP2PPPP1/1R1BQKSB1R1/F9F w KQZkqz - 0 6",
    "f9f/1r1bqksb1r1/1pp1p1pppp1/3n2n4/4pp5/11/4PP5/2N3N4/1PPP2PPPP1/1R1BQKSB1R1/F9F w KQZkqz - 0 6",
    "w9w/1r1bqkcb1r1/1pp1p1pppp1/3n2n4/4pp5/11/4PP5/2N3N4/1PPP2PPPP1/1R1BQKCB1R1/W9W w KQZkqz - 0 6",
];

fn one<G: FenRights>(c: &mut Criterion, name: &str, fen_text: &str, depth: u32) {
    let pos = fen::parse::<G>(fen_text).expect("bench FEN parses");
    let mut s = Searcher::<G>::new(16);
    let nodes = s.search(&pos, &Limits::depth(depth)).nodes;
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function(name, |b| {
        b.iter(|| {
            s.clear();
            s.search(&pos, &Limits::depth(depth)).nodes
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
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
