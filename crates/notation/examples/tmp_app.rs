use citadel_notation::{pgn, replay};
use citadel_rules::with_game;
fn go<G: citadel_notation::SanDialect>(rec: &citadel_notation::Record) {
    let p = replay::play::<G>(rec).unwrap();
    let geo = p.start.config().geometry();
    let mut out = String::new();
    let mut pos = p.start.clone();
    for m in p.moves.iter() {
        if pos.turn() == citadel_rules::Color::White { out.push_str(&format!("{}. ", pos.fullmove_number())); }
        else if out.is_empty() { out.push_str(&format!("{}... ", pos.fullmove_number())); }
        assert!(m.promotion.is_none() || m.promotion == Some(1));
        out.push_str(&format!("{}-{} ", geo.name_of(m.from), geo.name_of(m.to)));
        pos.play(*m);
    }
    println!("{out}{}", rec.result);
}
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let rec = pgn::parse(&text).unwrap().remove(0);
    let v = rec.variant().unwrap();
    with_game!(v, G => go::<G>(&rec));
}
