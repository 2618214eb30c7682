use citadel_notation::fen;
use citadel_rules::*;

fn run<G: citadel_notation::FenRights>(f: &str, d: u32) -> u64 {
    let mut p = fen::parse::<G>(f).unwrap();
    citadel_search::perft(&mut p, d)
}

#[test]
fn quick() {
    let s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for d in 1..=4 { println!("chess {d} {}", run::<Chess>(s, d)); }
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for d in 1..=3 { println!("kiwi {d} {}", run::<Chess>(kiwi, d)); }
    for (i, f) in citadel_rules::persian::STARTS.iter().enumerate() {
        for d in 1..=3 {
            let n = match i { 0 => run::<CelticCitadel>(f, d), 1 => run::<PersianPrincess>(f, d), 2 => run::<EgyptianEye>(f, d), _ => run::<OrientalOmega>(f, d) };
            println!("persian{i} {d} {n}");
        }
    }
}
