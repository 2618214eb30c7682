//! Renders every game's start position (and its legend) to PNG in a directory:
//! `cargo run -p citadel-diagram --example starts -- DIR`.
use citadel_diagram::{legend, png, svg, Options};
use citadel_rules::{with_game, Variant};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "docs/img".into());
    std::fs::create_dir_all(&dir).expect("output directory");
    for v in Variant::ALL {
        with_game!(v, G => {
            let pos = citadel_notation::fen::start::<G>();
            let s = svg(&pos, &Options::from_position(&pos));
            let bytes = png(&s, 1.0).expect("renders");
            std::fs::write(format!("{dir}/{}.png", v.id()), bytes).expect("write");
            let l = png(&legend::svg::<G>(), 1.0).expect("renders");
            std::fs::write(format!("{dir}/{}-legend.png", v.id()), l).expect("write");
        });
    }
}
