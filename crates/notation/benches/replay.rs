//! Replay speed (plies per second): reading and validating a PGN file of 1,000 seeded
//! random games, and the same games from a binary archive.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use citadel_notation::{archive, pgn, random, replay, writer, Record};
use citadel_rules::Variant;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Games per file.
const GAMES: u64 = 1000;
/// Longest random game, in plies.
const MAX_PLIES: usize = 200;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("replay");
    g.sample_size(10);
    for v in [Variant::Chess, Variant::PersianPrincess] {
        let records: Vec<Record> = (0..GAMES)
            .map(|i| random::game(v, 0x5EED + i, MAX_PLIES, random::Policy::Uniform))
            .collect();
        let text = writer::write_all(&records);
        let bytes = archive::write(&records).expect("encodes");
        let plies: usize = records.iter().map(|r| r.main.moves.len()).sum();
        g.throughput(Throughput::Elements(plies as u64));
        g.bench_function(format!("{}/pgn-{GAMES}-games", v.id()), |b| {
            b.iter(|| {
                let mut n = 0;
                for game in pgn::read_games(&text) {
                    let game = game.expect("parses");
                    n += replay::validate(&game.record).expect("valid").plies;
                }
                assert_eq!(n, plies);
            })
        });
        g.bench_function(format!("{}/archive-{GAMES}-games", v.id()), |b| {
            b.iter(|| {
                let mut n = 0;
                for rec in archive::read(&bytes).expect("decodes") {
                    n += replay::validate(&rec).expect("valid").plies;
                }
                assert_eq!(n, plies);
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
