//! Prints seeded random games of a variant as canonical PGN records, keeping those that end
//! by a rule (not unfinished): the helper that made the random fixture games.
//!
//! `cargo run --release -p citadel-notation --example random_games -- VARIANT FIRST_SEED COUNT
//! [MAX_PLIES] [TERMINATION...]` — with terminations (`checkmate`, `stalemate`, ...), only
//! games ending so are printed. Seeds are tried from FIRST_SEED upwards until COUNT games
//! are printed; each record gets an `Annotator` tag naming its seed. With the environment
//! variable `OPENING` set to a PGN file, its (last) game's moves open every game (VARIANT is
//! then taken from its `Variant` tag). With `RESIGN_BEFORE=N`, each decisive game is cut `N`
//! plies before its end and the loser resigns (declared result kept, a comment says so).

use citadel_notation::{random, replay, writer};
use citadel_rules::Variant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: random_games VARIANT FIRST_SEED COUNT [MAX_PLIES] [TERMINATION...]";
    let (Some(v), Some(seed), Some(count)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let variant: Variant = v.parse().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let mut seed: u64 = seed.parse().expect("seed");
    let count: usize = count.parse().expect("count");
    let max: usize = args.get(3).and_then(|m| m.parse().ok()).unwrap_or(300);
    let wanted: Vec<&str> = args.iter().skip(4).map(String::as_str).collect();
    let opening = std::env::var("OPENING").ok().map(|f| {
        let text = std::fs::read_to_string(f).expect("opening file");
        let games = citadel_notation::pgn::parse(&text).expect("opening PGN");
        games.last().cloned().expect("one game")
    });
    let resign_before: Option<usize> = std::env::var("RESIGN_BEFORE")
        .ok()
        .and_then(|n| n.parse().ok());
    let mut printed = 0;
    while printed < count {
        let mut rec = match &opening {
            Some(o) => random::extend(o, seed, max, random::Policy::Greedy).expect("opening"),
            None => random::game(variant, seed, max, random::Policy::Greedy),
        };
        let r = replay::validate(&rec).expect("random games are legal");
        if r.outcome.is_some() && (wanted.is_empty() || wanted.contains(&r.termination())) {
            rec.set_tag("Event", "Random play");
            rec.set_tag("Site", "citadel random_games example");
            rec.set_tag("Annotator", &format!("seed {seed}, greedy policy"));
            rec.set_tag("Termination", r.termination());
            let mut rec = replay::normalize(&rec).expect("legal");
            if let Some(n) = resign_before {
                let keep = rec.main.moves.len().saturating_sub(n);
                rec.main.moves.truncate(keep);
                let loser = match rec.result {
                    citadel_notation::GameResult::WhiteWins => "Black",
                    _ => "White",
                };
                if let Some(last) = rec.main.moves.last_mut() {
                    last.comments.push(format!("{loser} resigns."));
                }
                rec.tags.retain(|(n, _)| n != "Termination");
                rec.set_tag("Termination", "resignation");
            }
            println!("{}", writer::write(&rec));
            eprintln!("seed {seed}: {} plies, {}", r.plies, r.termination());
            printed += 1;
        }
        seed += 1;
    }
}
