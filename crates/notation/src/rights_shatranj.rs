//! The FEN rights field of Shatranj: no castling or other rights, so the field is always
//! `-` (Byzantine chess reads it the same way).

use crate::FenRights;
use citadel_rules::{Setup, Shatranj};

/// Reads a rights field that must be `-`.
pub(crate) fn parse_none(text: &str, setup: &mut Setup) -> Result<(), String> {
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
