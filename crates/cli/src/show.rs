//! `citadel show`: the board, FEN, side to move, check and outcome of a position.

use crate::Failure;
use citadel_notation::{diagram, fen, FenRights};
use citadel_rules::{with_game, Variant};

/// Arguments of `citadel show`.
#[derive(clap::Args)]
pub struct Args {
    /// Game id (see `citadel variants`).
    #[arg(long)]
    variant: String,
    /// Position (default: the start position).
    #[arg(long)]
    fen: Option<String>,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    let variant: Variant = a.variant.parse().map_err(Failure)?;
    with_game!(variant, G => show::<G>(a))
}

fn show<G: FenRights>(a: &Args) -> Result<(), Failure> {
    let pos = match &a.fen {
        Some(f) => fen::parse::<G>(f)?,
        None => fen::start::<G>(),
    };
    print!("{}", diagram::render(&pos));
    println!();
    println!("FEN:     {}", fen::write(&pos));
    let side = match pos.turn() {
        citadel_rules::Color::White => "White",
        citadel_rules::Color::Black => "Black",
    };
    let check = if pos.in_check() { " (in check)" } else { "" };
    println!("To move: {side}{check}");
    println!("Moves:   {}", pos.legal_moves().len());
    match pos.outcome_with_draws() {
        Some(o) => println!("Outcome: {o} ({})", o.result()),
        None => println!("Outcome: game in progress"),
    }
    Ok(())
}
