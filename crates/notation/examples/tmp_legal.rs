use citadel_notation::{pgn, replay, san};
use citadel_rules::with_game;
fn show<G: citadel_notation::SanDialect>(rec: &citadel_notation::Record) {
    let p = replay::play::<G>(rec).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = p.end.clone();
    let moves = pos.legal_moves();
    let v: Vec<String> = moves.iter().map(|m| san::write_mut(&mut pos, m)).collect();
    println!("{}\n{:?}\n{}", citadel_notation::fen::write(&pos), p.outcome, v.join(" "));
    print!("{}", citadel_notation::diagram::render(&pos));
}
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let recs = pgn::parse(&text).unwrap();
    let rec = recs.last().unwrap();
    let v = rec.variant().unwrap();
    with_game!(v, G => show::<G>(rec));
}
