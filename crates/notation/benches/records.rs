//! Writing and reading records: writing 1,000 games in SAN (each move with
//! `san::write`, which must not copy the game's history: linear in the game's length), and
//! reading one game whose movetext is a single line of 100,000 plies against the same plies
//! over many lines (locations tracked incrementally: the same speed); and the serial part of
//! reading a file of 1,000 games, cutting it into chunks (`pgn::Chunks`), against cutting and
//! parsing it (`pgn::Games`): the share of reading that stays on one thread.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use citadel_notation::{pgn, random, replay, san, writer, Record};
use citadel_rules::{Chess, Variant};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Games written.
const GAMES: u64 = 1000;
/// Plies of the long game read.
const LONG_PLIES: usize = 100_000;

fn write_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("records");
    g.sample_size(10);
    let records: Vec<Record> = (0..GAMES)
        .map(|i| random::game(Variant::Chess, 0x5EED + i, 200, random::Policy::Uniform))
        .collect();
    let played: Vec<replay::Played<Chess>> = records
        .iter()
        .map(|r| replay::play(r).expect("replays"))
        .collect();
    let plies: usize = played.iter().map(|p| p.moves.len()).sum();
    g.throughput(Throughput::Elements(plies as u64));
    g.bench_function(format!("chess/write-{GAMES}-games"), |b| {
        b.iter(|| {
            let mut bytes = 0;
            for (p, r) in played.iter().zip(&records) {
                let mut pos = p.start.clone();
                let mut rec = r.clone();
                for (node, m) in rec.main.moves.iter_mut().zip(&p.moves) {
                    node.san = san::write(&pos, m).unwrap();
                    pos.play_unchecked(*m);
                }
                bytes += writer::write(&rec).len();
            }
            bytes
        })
    });
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let moves: Vec<&str> = shuffle.iter().copied().cycle().take(LONG_PLIES).collect();
    let one_line = format!("{} *\n", moves.join(" "));
    let many_lines = format!("{} *\n", moves.join("\n"));
    g.throughput(Throughput::Elements(LONG_PLIES as u64));
    for (name, text) in [("one-line", &one_line), ("many-lines", &many_lines)] {
        g.bench_function(format!("read-{LONG_PLIES}-plies-{name}"), |b| {
            b.iter(|| {
                let games = pgn::read_games(text);
                let g = games[0].as_ref().expect("reads");
                assert_eq!(g.record.main.moves.len(), LONG_PLIES);
                g.locations.as_ref().map_or(0, |l| l.moves.len())
            })
        });
    }
    let file: String = records.iter().map(|r| writer::write(r) + "\n").collect();
    g.throughput(Throughput::Bytes(file.len() as u64));
    g.bench_function(format!("chess/cut-{GAMES}-games"), |b| {
        b.iter(|| pgn::Chunks::new(file.as_bytes()).count())
    });
    g.bench_function(format!("chess/cut-and-parse-{GAMES}-games"), |b| {
        b.iter(|| pgn::Games::new(file.as_bytes()).count())
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = write_games
}
criterion_main!(benches);
