//! The FEN rights field (third field) of every game, read and written from the rights each
//! game's module names ([`citadel_rules::Rights`]): castling letters, the rendezvous `Z`/`z`,
//! Tamerlane's `K`/`k`, `P1`/`P2`, Mini Citadel's first-move letters. Nothing here repeats a
//! rights bit, and nothing here names a game: what differs (chess's fixed `KQkq` order, the
//! Persian Chess app's board dialect) is the game's configuration.

use citadel_rules::{Game, RightsError, Setup};

/// How a game's FEN is read beyond the common fields, from its configuration; every game
/// has it.
pub trait FenRights: Game {
    /// Whether FEN readers also accept the Persian Chess app's board dialect, which writes
    /// every empty (or non-existent) cell as its own `1` (`f111111111f`). The dialect is
    /// recognised rank by rank from the rank's length, never guessed: see [`crate::fen`].
    /// From [`Config::unary_empty_fen`](citadel_rules::Config::unary_empty_fen).
    fn app_fen_dialect() -> bool {
        Self::config().unary_empty_fen
    }

    /// Reads the rights field into `setup`; the error names what is wrong.
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), RightsError> {
        Self::config().rights.read(text, setup)
    }

    /// Writes the rights field (`-` when empty).
    fn write_rights(setup: &Setup) -> String {
        Self::config().rights.write(setup)
    }
}

impl<G: Game> FenRights for G {}
