//! Renders the pictures of `docs/img/`: every game's start position and legend, and a
//! midgame (ply 30 of the first game of `fixtures/games/<id>/random-mates.pgn`) with its
//! last move and check shown. Run from the workspace root:
//! `cargo run -p citadel-diagram --example pictures -- docs/img [MIDGAME_DIR]`.
use citadel_diagram::{legend, png, svg, Options};
use citadel_notation::{pgn, replay};
use citadel_rules::{with_game, Game, Variant};

fn write(path: &str, svg: &str) {
    std::fs::write(path, png(svg, 1.0).expect("renders")).expect("write");
    println!("{path}");
}

fn midgame<G: Game>(v: Variant, dir: &str, ply: usize) {
    let file = format!("fixtures/games/{}/random-mates.pgn", v.id());
    let Ok(text) = std::fs::read_to_string(&file) else {
        return;
    };
    let records = pgn::parse(&text).expect("fixture parses");
    let played = replay::play::<G>(&records[0]).expect("fixture replays");
    let mut pos = played.start.clone();
    for m in played.moves.iter().take(ply) {
        pos.play_unchecked(*m);
    }
    write(
        &format!("{dir}/{}-midgame.png", v.id()),
        &svg(&pos, &Options::from_position(&pos)),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).cloned().unwrap_or_else(|| "docs/img".into());
    let mid = args.get(2).cloned();
    std::fs::create_dir_all(&dir).expect("output directory");
    for v in Variant::ALL {
        with_game!(v, G => {
            let pos = citadel_notation::fen::start::<G>();
            write(&format!("{dir}/{}.png", v.id()), &svg(&pos, &Options::default()));
            write(&format!("{dir}/{}-legend.png", v.id()), &legend::svg::<G>());
            if let Some(m) = &mid {
                std::fs::create_dir_all(m).expect("midgame directory");
                midgame::<G>(v, m, 30);
            }
        });
    }
}
