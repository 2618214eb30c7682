//! The FEN rights field (third field) of every game, read and written from the rights each
//! game's module names ([`citadel_rules::Rights`]): castling letters, the rendezvous `Z`/`z`,
//! Tamerlane's `K`/`k`, `P1`/`P2`, Mini Citadel's first-move letters. Nothing here repeats a
//! rights bit.

use citadel_rules::{
    Byzantine, Chess, Courier, Game, MiniCitadel, Persian, RightsError, Setup, Shatranj, Tamerlane,
};

/// How a game's FEN is read beyond the common fields.
pub trait FenRights: Game {
    /// Whether FEN readers also accept the Persian Chess app's board dialect, which writes
    /// every empty (or non-existent) cell as its own `1` (`f111111111f`). The dialect is
    /// recognised rank by rank from the rank's length, never guessed: see [`crate::fen`].
    const APP_FEN_DIALECT: bool = false;

    /// Reads the rights field into `setup`; the error names what is wrong.
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), RightsError> {
        Self::config().rights.read(text, setup)
    }

    /// Writes the rights field (`-` when empty).
    fn write_rights(setup: &Setup) -> String {
        Self::config().rights.write(setup)
    }
}

/// Chess's rights field is `KQkq` in that order (or `-`): other orders are refused.
impl FenRights for Chess {
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), RightsError> {
        Self::config().rights.read_in_order(text, setup)
    }
}

impl<const S: u8> FenRights for Persian<S> {
    const APP_FEN_DIALECT: bool = true;
}

impl FenRights for MiniCitadel {}
impl FenRights for Tamerlane {}
impl FenRights for Shatranj {}
impl FenRights for Byzantine {}
impl FenRights for Courier {}
