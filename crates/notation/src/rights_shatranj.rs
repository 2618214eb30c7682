//! The FEN rights field of the Shatranj-layer games (Shatranj, Byzantine chess): they have
//! no castling or other rights, so the field is always `-`.

use crate::FenRights;
use citadel_rules::{Byzantine, Setup, Shatranj};

/// Reads a rights field that must be `-`.
fn parse_none(text: &str, setup: &mut Setup) -> Result<(), String> {
    if text == "-" {
        setup.rights = 0;
        Ok(())
    } else {
        Err("this game has no rights: expected `-`".into())
    }
}

impl FenRights for Shatranj {
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String> {
        parse_none(text, setup)
    }
    fn write_rights(_setup: &Setup) -> String {
        "-".into()
    }
}

impl FenRights for Byzantine {
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String> {
        parse_none(text, setup)
    }
    fn write_rights(_setup: &Setup) -> String {
        "-".into()
    }
}
