//! The `--variant ID [--fen FEN]` pair shared by the commands that take one position.
use crate::Failure;
use citadel_notation::fen;
use citadel_rules::{Game, Position, Variant, VariantPosition};

/// A game and a position of it (the start position when no FEN is given).
#[derive(clap::Args)]
pub struct PositionArgs {
    /// Game id (see `citadel variants`).
    #[arg(long)]
    pub variant: String,
    /// Position (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    /// The variant, or an error listing the known ids.
    pub fn variant(&self) -> Result<Variant, Failure> {
        self.variant.parse().map_err(Failure::from)
    }

    /// The position, parsed for game `G`.
    pub fn position<G: Game>(&self) -> Result<Position<G>, Failure> {
        Ok(match &self.fen {
            Some(f) => fen::parse::<G>(f)?,
            None => fen::start::<G>(),
        })
    }

    /// The position, for the game named by `--variant` (chosen at run time).
    pub fn variant_position(&self) -> Result<VariantPosition, Failure> {
        let v = self.variant()?;
        Ok(match &self.fen {
            Some(f) => fen::read_variant(v, f)?,
            None => VariantPosition::start(v),
        })
    }
}
