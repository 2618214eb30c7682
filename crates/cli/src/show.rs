//! `citadel show`: the board, FEN, side to move, check and outcome of a position.

use crate::position_args::PositionArgs;
use crate::Failure;
use citadel_notation::{diagram, fen};
use citadel_rules::{with_position, Claims};

/// Arguments of `citadel show`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    picture: crate::diagram::ShowPicture,
}

pub fn run(a: &Args) -> Result<(), Failure> {
    let pos = a.position.variant_position()?;
    if a.picture.wanted() {
        return with_position!(&pos, p => crate::diagram::show(p, &a.picture));
    }
    out!("{}", with_position!(&pos, p => diagram::render(p)));
    outln!();
    outln!("FEN:     {}", fen::write_variant(&pos));
    let side = match pos.turn() {
        citadel_rules::Color::White => "White",
        citadel_rules::Color::Black => "Black",
    };
    let check = if pos.in_check() { " (in check)" } else { "" };
    outln!("To move: {side}{check}");
    outln!("Moves:   {}", pos.legal_moves().len());
    match pos.outcome(Claims::Draws) {
        Some(o) => outln!("Outcome: {o} ({})", o.result()),
        None => outln!("Outcome: game in progress"),
    }
    Ok(())
}
